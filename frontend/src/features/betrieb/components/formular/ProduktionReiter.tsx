import { BETRIEB_FELDNAMEN as F } from '@/features/betrieb/feldnamen';
import { CheckboxField } from '@/components/FormField';
import { MehrfachAuswahl } from '@/components/MehrfachAuswahl';
import { Gruppe, mehrfachOptionen, Textfeld, useWerte } from '@/components/felder';
import { SCHLUESSEL, type BetriebFehler, type BetriebWerte, type EinzelFeld } from './werte';

export interface ProduktionReiterProps {
  werte: BetriebWerte;
  setze: <K extends keyof BetriebWerte>(feld: K, wert: BetriebWerte[K]) => void;
  fehler: BetriebFehler;
}

type Liste = 'taetigkeiten' | 'produktbezeichnungen' | 'produktionsverfahren' | 'produktionsarten';

/** Tab 'Produktion und Wasserversorgung' (industrial operations only). */
export function ProduktionReiter({ werte, setze, fehler }: ProduktionReiterProps) {
  const listen: Record<Liste, string[]> = {
    taetigkeiten: useWerte('taetigkeit'),
    produktbezeichnungen: useWerte('produktbezeichnung'),
    produktionsverfahren: useWerte('produktionsverfahren'),
    produktionsarten: useWerte('produktionsart'),
  };
  const err = (f: EinzelFeld) => fehler[SCHLUESSEL[f]];
  const text = (f: EinzelFeld & keyof BetriebWerte, label: string, extra: Partial<Parameters<typeof Textfeld>[0]> = {}) => (
    <Textfeld
      label={label}
      name={f}
      value={werte[f] as string}
      onChange={(v) => setze(f, v as never)}
      error={err(f)}
      className="sm:col-span-2"
      {...extra}
    />
  );
  const mehrfach = (f: Liste, legend: string) => (
    <div className="sm:col-span-3">
      <MehrfachAuswahl
        legend={legend}
        options={mehrfachOptionen(listen[f], werte[f])}
        value={werte[f]}
        onChange={(v) => setze(f, v)}
        error={err(f)}
      />
    </div>
  );

  return (
    <div className="space-y-6">
      <Gruppe titel="Produktion">
        {mehrfach('taetigkeiten', F.taetigkeiten)}
        {mehrfach('produktbezeichnungen', F.produktbezeichnungen)}
        {mehrfach('produktionsverfahren', F.produktionsverfahren)}
        {mehrfach('produktionsarten', F.produktionsarten)}
        {text('produktionstage', F.produktionstage, { inputMode: 'numeric' })}
        {text('bezugsjahrProduktion', F.bezugsjahrProduktion, { inputMode: 'numeric', hint: 'JJJJ' })}
        {text('anzahlBeschaeftigte', F.anzahlBeschaeftigte, { inputMode: 'numeric' })}
        {text('tagesarbeitszeitVon', F.tagesarbeitszeitVon, { hint: 'HH:MM (24 Stunden)' })}
        {text('tagesarbeitszeitBis', F.tagesarbeitszeitBis, { hint: 'HH:MM (24 Stunden)' })}
      </Gruppe>
      <Gruppe titel="Wasserversorgung">
        <div className="sm:col-span-3">
          <CheckboxField
            label={F.oeffentlWasserversorgung}
            name="oeffentlWasserversorgung"
            checked={werte.oeffentlWasserversorgung}
            onChange={(v) => setze('oeffentlWasserversorgung', v)}
          />
        </div>
        <div className="sm:col-span-3">
          <CheckboxField
            label={F.betriebInSchutzgebiet}
            name="betriebInSchutzgebiet"
            checked={werte.betriebInSchutzgebiet}
            onChange={(v) => setze('betriebInSchutzgebiet', v)}
          />
        </div>
        {text('wasserbezug', F.wasserbezug, { inputMode: 'decimal' })}
        {text('bezugsjahrWv', F.bezugsjahrWv, { inputMode: 'numeric', hint: 'JJJJ' })}
        {text('eigenversorgung', F.eigenversorgung, { inputMode: 'decimal' })}
        {text('wvbNr', F.wvbNr)}
      </Gruppe>
    </div>
  );
}
