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
        {mehrfach('taetigkeiten', 'Tätigkeiten')}
        {mehrfach('produktbezeichnungen', 'Produktbezeichnungen')}
        {mehrfach('produktionsverfahren', 'Produktionsverfahren')}
        {mehrfach('produktionsarten', 'Produktionsarten')}
        {text('produktionstage', 'Produktionstage pro Jahr', { inputMode: 'numeric' })}
        {text('bezugsjahrProduktion', 'Bezugsjahr Produktion', { inputMode: 'numeric', hint: 'JJJJ' })}
        {text('anzahlBeschaeftigte', 'Anzahl Beschäftigte', { inputMode: 'numeric' })}
        {text('tagesarbeitszeitVon', 'Tagesarbeitszeit von', { hint: 'HH:MM (24 Stunden)' })}
        {text('tagesarbeitszeitBis', 'Tagesarbeitszeit bis', { hint: 'HH:MM (24 Stunden)' })}
      </Gruppe>
      <Gruppe titel="Wasserversorgung">
        <div className="sm:col-span-3">
          <CheckboxField
            label="Öffentliche Wasserversorgung"
            name="oeffentlWasserversorgung"
            checked={werte.oeffentlWasserversorgung}
            onChange={(v) => setze('oeffentlWasserversorgung', v)}
          />
        </div>
        <div className="sm:col-span-3">
          <CheckboxField
            label="Betrieb in Schutzgebiet"
            name="betriebInSchutzgebiet"
            checked={werte.betriebInSchutzgebiet}
            onChange={(v) => setze('betriebInSchutzgebiet', v)}
          />
        </div>
        {text('wasserbezug', 'Wasserbezug [m³/a]', { inputMode: 'decimal' })}
        {text('bezugsjahrWv', 'Bezugsjahr Wasserversorgung', { inputMode: 'numeric', hint: 'JJJJ' })}
        {text('eigenversorgung', 'Eigenversorgung [m³/a]', { inputMode: 'decimal' })}
        {text('wvbNr', 'WVB-Nr.')}
      </Gruppe>
    </div>
  );
}
