import { BETRIEB_FELDNAMEN as F } from '@/features/betrieb/feldnamen';
import type { ReactNode } from 'react';
import { Kartenauswahl } from '@/components/karte/Kartenauswahl';
import { lageAusTexten } from '@/components/karte/protokoll';
import { useDarf } from '@/lib/auth';
import { formatNumber } from '@/lib/format';
import { CheckboxField, FormField, inputClass } from '@/components/FormField';
import type { BetreiberOrganisation } from '@/features/betrieb/api/auswahl';
import type { Adresse } from '@/features/betrieb/api/betrieb';
import { Auswahlfeld, Gruppe, Textfeld, useWerteliste, WertAuswahl } from '@/components/felder';
import { istPflichtfeld, mitBetreiberAdresse, SCHLUESSEL, type BetriebFehler, type BetriebWerte, type EinzelFeld } from './werte';

export const anschrift = (a?: Adresse | null) =>
  a ? [[a.strasse, a.hausnummer].filter(Boolean).join(' '), [a.plz, a.ort].filter(Boolean).join(' ')].filter(Boolean).join(', ') : '';

export interface BetriebReiterProps {
  werte: BetriebWerte;
  setze: <K extends keyof BetriebWerte>(feld: K, wert: BetriebWerte[K]) => void;
  fehler: BetriebFehler;
  /** Betriebs-Nr. and Betriebstyp of an existing operation (shown read-only). */
  kopf?: { betriebsId?: string; betriebstyp: string };
  /** 'auswahl': a select of betreiberOptionen; 'fest': the operator is shown as text. */
  betreiberArt: 'auswahl' | 'fest';
  betreiberOptionen: BetreiberOrganisation[];
  betreiberGesperrt?: boolean;
  /** E.g. the button 'Betreiber wechseln'. */
  betreiberAktion?: ReactNode;
  statusGesperrt?: boolean;
  behoerdeGesperrt?: boolean;
  /** Called instead of setting betriebsstatus directly (the shut-down warning). */
  onBetriebsstatus?: (neu: string) => void;
}

/** Tab 'Betrieb': master data, operator, address, location and classification. */
export function BetriebReiter({
  werte,
  setze,
  fehler,
  kopf,
  betreiberArt,
  betreiberOptionen,
  betreiberGesperrt,
  betreiberAktion,
  statusGesperrt,
  behoerdeGesperrt,
  onBetriebsstatus,
}: BetriebReiterProps) {
  const darf = useDarf();
  const status = useWerteliste('betriebsstatus');
  const regionalstellen = useWerteliste('regionalstelle');
  const err = (f: EinzelFeld) => fehler[SCHLUESSEL[f]];
  // with betreiberAdresse the address fields show (read-only) the operator's address
  const anzeige = mitBetreiberAdresse(werte);
  const text = (f: EinzelFeld & keyof BetriebWerte, label: string, extra: Partial<Parameters<typeof Textfeld>[0]> = {}) => (
    <Textfeld
      label={label}
      name={f}
      value={anzeige[f] as string}
      onChange={(v) => setze(f, v as never)}
      error={err(f)}
      className="sm:col-span-3"
      {...extra}
    />
  );

  const statusOptionen = status.map((e) => ({ value: e.schluessel ?? String(e.id), label: e.value }));
  const rsOptionen = regionalstellen.map((e) => ({ value: String(e.id), label: e.value }));
  const betreiberListe =
    werte.betreiber && !betreiberOptionen.some((b) => b.id === werte.betreiber?.id) ? [werte.betreiber, ...betreiberOptionen] : betreiberOptionen;
  const adresseGesperrt = werte.betreiberAdresse;

  return (
    <div className="space-y-6">
      <Gruppe titel="Allgemein">
        {kopf && (
          <>
            {kopf.betriebsId !== undefined && (
              <FormField label="Betriebs-Nr." className="sm:col-span-2">
                <input className={inputClass} value={kopf.betriebsId} readOnly disabled />
              </FormField>
            )}
            <FormField label="Betriebstyp" className={kopf.betriebsId !== undefined ? 'sm:col-span-4' : 'sm:col-span-6'}>
              <input className={inputClass} value={kopf.betriebstyp} readOnly disabled />
            </FormField>
          </>
        )}
        {text('bezeichnung', F.bezeichnung, { required: istPflichtfeld('bezeichnung'), className: 'sm:col-span-6' })}
        <Auswahlfeld
          label={F.betriebsstatus}
          name="betriebsstatus"
          value={werte.betriebsstatus}
          optionen={statusOptionen}
          onChange={(v) => (onBetriebsstatus ? onBetriebsstatus(v) : setze('betriebsstatus', v))}
          error={err('betriebsstatus')}
          required={istPflichtfeld('betriebsstatus')}
          disabled={statusGesperrt}
          className="sm:col-span-3"
        />
        <Auswahlfeld
          label={F.behoerde}
          name="behoerde"
          value={werte.behoerde}
          optionen={rsOptionen}
          onChange={(v) => setze('behoerde', v)}
          error={err('behoerde')}
          required={istPflichtfeld('behoerde')}
          disabled={behoerdeGesperrt}
          className="sm:col-span-3"
        />
        {text('muttergesellschaft', F.muttergesellschaft)}
        {text('url', F.url, { inputMode: 'url' })}
        {text('behoerdenkennung', F.behoerdenkennung, { className: 'sm:col-span-2' })}
      </Gruppe>

      <Gruppe titel="Betreiber">
        {betreiberArt === 'auswahl' ? (
          <Auswahlfeld
            label="Betreiber"
            name="betreiber"
            value={werte.betreiber ? String(werte.betreiber.id) : ''}
            optionen={betreiberListe.map((b) => ({ value: String(b.id), label: b.bezeichnung }))}
            onChange={(v) => setze('betreiber', betreiberListe.find((b) => String(b.id) === v) ?? null)}
            error={err('betreiber')}
            required={istPflichtfeld('betreiber')}
            disabled={betreiberGesperrt}
            className="sm:col-span-3"
          />
        ) : (
          <FormField label="Betreiber" error={err('betreiber')} required={istPflichtfeld('betreiber')} className="sm:col-span-3">
            <input name="betreiber" className={inputClass} value={werte.betreiber?.bezeichnung ?? ''} readOnly disabled />
          </FormField>
        )}
        <FormField label="Anschrift des Betreibers" className="sm:col-span-3">
          <input name="betreiberAnschrift" className={inputClass} value={anschrift(werte.betreiber?.adresse)} readOnly disabled />
        </FormField>
        {betreiberAktion && <div className="sm:col-span-6">{betreiberAktion}</div>}
        {fehler.preserveBetreiberAsAbwasserbeseitigungspflichtigen && (
          <p className="text-sm text-red-700 sm:col-span-6">{fehler.preserveBetreiberAsAbwasserbeseitigungspflichtigen}</p>
        )}
        <div className="sm:col-span-6">
          <CheckboxField
            label={F.betreiberAdresse}
            name="betreiberAdresse"
            checked={werte.betreiberAdresse}
            onChange={(v) => setze('betreiberAdresse', v)}
            error={err('betreiberAdresse')}
          />
        </div>
      </Gruppe>

      <Gruppe titel="Adresse des Betriebs">
        {text('strasse', F.strasse, { required: istPflichtfeld('strasse'), disabled: adresseGesperrt, className: 'sm:col-span-4' })}
        {text('hausnummer', F.hausnummer, { disabled: adresseGesperrt, className: 'sm:col-span-2' })}
        {text('plz', F.plz, { required: istPflichtfeld('plz'), disabled: adresseGesperrt, inputMode: 'numeric', className: 'sm:col-span-2' })}
        {text('ort', F.ort, { required: istPflichtfeld('ort'), disabled: adresseGesperrt, className: 'sm:col-span-4' })}
      </Gruppe>

      <Gruppe titel="Lage">
        {text('hochwert', F.hochwert, { required: istPflichtfeld('hochwert'), inputMode: 'decimal', hint: 'UTM32 Nord, höchstens zwei Nachkommastellen' })}
        {text('rechtswert', F.rechtswert, { required: istPflichtfeld('rechtswert'), inputMode: 'decimal', hint: 'UTM32 Ost, höchstens zwei Nachkommastellen' })}
        <div className="sm:col-span-6">
          <Kartenauswahl
            lage={lageAusTexten(werte.rechtswert, werte.hochwert)}
            onChange={(l) => {
              setze('rechtswert', formatNumber(l.rechtswert, { grouping: false }));
              setze('hochwert', formatNumber(l.hochwert, { grouping: false }));
            }}
            disabled={!darf('KARTENPOSITION_SETZEN')}
          />
        </div>
      </Gruppe>

      <Gruppe titel="Einstufung">
        <div className="sm:col-span-3">
          <CheckboxField label={F.iedRelevanz} name="iedRelevanz" checked={werte.iedRelevanz} onChange={(v) => setze('iedRelevanz', v)} />
        </div>
        <div className="sm:col-span-3">
          <CheckboxField label={F.prtrRelevanz} name="prtrRelevanz" checked={werte.prtrRelevanz} onChange={(v) => setze('prtrRelevanz', v)} />
        </div>
        {text('prtrNr', F.prtrNr)}
        <WertAuswahl
          liste="haupttaetigkeit"
          label={F.haupttaetigkeit}
          name="haupttaetigkeit"
          value={werte.haupttaetigkeit}
          onChange={(v) => setze('haupttaetigkeit', v)}
          error={err('haupttaetigkeit')}
          className="sm:col-span-3"
        />
        <WertAuswahl
          liste="nace-code"
          label={F.nacecode}
          name="nacecode"
          value={werte.nacecode}
          onChange={(v) => setze('nacecode', v)}
          error={err('nacecode')}
          className="sm:col-span-3"
        />
        {text('katasterNr', F.katasterNr)}
        {text('arbeitsstaettenNr', F.arbeitsstaettenNr)}
      </Gruppe>
    </div>
  );
}
