import { useQuery } from '@tanstack/react-query';
import { useState, type Ref } from 'react';
import { Button } from '@/components/Button';
import { Datumsfeld } from '@/components/Datumsfeld';
import { Auswahlfeld, Textfeld, useWerteliste, WertAuswahl } from '@/components/felder';
import { FormField, inputClass, PflichtfeldHinweis } from '@/components/FormField';
import { Tabellenrahmen } from '@/components/Tabellenrahmen';
import { Tabs } from '@/components/Tabs';
import { WASSERBUCH_LINK_TEXT, WasserbuchLink } from '@/components/WasserbuchLink';
import { formatDate, isoDateFromGerman } from '@/lib/format';
import {
  bescheidartenQuery,
  statusLabel,
  vorbescheideQuery,
  wasserbuchQuery,
  type BescheidMessstelle,
  type Bescheidsstatus,
} from '@/features/bescheid/api/bescheid';
import { anlagenDesBetriebsQuery } from '@/lib/akte/anlagen-des-betriebs';
import { AuflagenReiter } from './AuflagenReiter';
import { MESSSTELLEN_ZUORDNEN, MessstellenDialog } from './MessstellenDialog';
import { istPflichtfeld, kommentarNoetig, reiterVon, type BescheidFehler, type BescheidWerte, type Reiter } from './werte';

export const WASSERBUCH_LINK = WASSERBUCH_LINK_TEXT;

/** A stored day (yyyy-MM-dd) as TT.MM.JJJJ; a half-typed date as it is. */
const alsText = (v: string) => (/^\d{4}-\d{2}-\d{2}$/.test(v) ? formatDate(v) : v);

/** A date field that keeps yyyy-MM-dd in the form once the text is a whole date. */
function Tagfeld({ label, name, value, onChange, error, required, disabled }: { label: string; name: string; value: string; onChange: (v: string) => void; error?: string; required?: boolean; disabled?: boolean }) {
  return <Datumsfeld label={label} name={name} value={alsText(value)} onChange={(v) => onChange(isoDateFromGerman(v) ?? v)} error={error} required={required} disabled={disabled} />;
}

export interface BescheidFormularProps {
  werte: BescheidWerte;
  onChange: (w: BescheidWerte) => void;
  fehler: BescheidFehler;
  /** Read mode, a released Bescheid or no right to edit: every field disabled. */
  gesperrt: boolean;
  betriebId: string;
  /** The stored Bescheid's id ('' for a new one). */
  bescheidId: string;
  /** The quality is set by the create action and stays. */
  qualitaetFest: boolean;
  /** The statuses the caller may save into (rechte.statusWerte). */
  statusWerte: Bescheidsstatus[];
  /** The stored status (undefined for a new Bescheid). */
  aktuellerStatus?: Bescheidsstatus;
  /** What is known of the assigned points (the stored ones and those chosen in the dialog). */
  messstellen: BescheidMessstelle[];
  onMessstellen: (ids: number[], messstellen: BescheidMessstelle[]) => void;
  freigabeAm?: string;
  freigabeVon?: string;
  /** The last return's reason (antrag.kommentar). */
  antragKommentar?: string;
  reiter: Reiter;
  onReiterChange: (r: Reiter) => void;
  containerRef: Ref<HTMLDivElement>;
  vorDemEntfernen: (was: string) => Promise<boolean>;
}

/** The Bescheid screen's form: tabs 'Bescheid' and 'Auflagen' (spec 001 §2.1). */
export function BescheidFormular(p: BescheidFormularProps) {
  const { werte: w, onChange, fehler, gesperrt } = p;
  const set = <K extends keyof BescheidWerte>(k: K, v: BescheidWerte[K]) => onChange({ ...w, [k]: v });
  const anlagen = useQuery(anlagenDesBetriebsQuery(p.betriebId));
  const anlagenOptionen = (anlagen.data ?? []).map((a) => ({ value: String(a.id), label: a.bezeichnung ?? String(a.id) }));
  const fehlerIn = (r: Reiter) => Object.entries(fehler).some(([k, v]) => v && reiterVon(k) === r);
  return (
    <div ref={p.containerRef}>
      <Tabs
        label="Bescheid"
        value={p.reiter}
        onChange={(r) => p.onReiterChange(r as Reiter)}
        tabs={[
          { id: 'bescheid', label: 'Bescheid', hasError: fehlerIn('bescheid'), content: <BescheidReiter {...p} set={set} /> },
          {
            id: 'auflagen',
            label: 'Auflagen',
            hasError: fehlerIn('auflagen'),
            content: (
              <AuflagenReiter
                auflagen={w.auflagen}
                onChange={(a) => set('auflagen', a)}
                anlagen={anlagenOptionen}
                gesperrt={gesperrt}
                fehler={fehler}
                vorDemEntfernen={p.vorDemEntfernen}
              />
            ),
          },
        ]}
      />
    </div>
  );
}

function BescheidReiter(p: BescheidFormularProps & { set: <K extends keyof BescheidWerte>(k: K, v: BescheidWerte[K]) => void }) {
  const { werte: w, fehler, gesperrt, set } = p;
  const [dialog, setDialog] = useState(false);
  // the Bescheidart list filters by the quality's entry id (the form keeps the quality's text)
  const qualitaeten = useWerteliste('bescheidqualitaet');
  const qualitaetId = qualitaeten.find((q) => q.value === w.bescheidQualitaet)?.id;
  const bescheidarten = useQuery(bescheidartenQuery(qualitaetId === undefined ? '' : String(qualitaetId)));
  const vorbescheide = useQuery(vorbescheideQuery(p.betriebId, p.bescheidId, w.bescheidQualitaet));
  const wasserbuch = useQuery(wasserbuchQuery(w.bescheidId));
  const artOptionen = (bescheidarten.data ?? []).map((a) => ({ value: a.value, label: a.value }));
  if (w.bescheidart && !artOptionen.some((o) => o.value === w.bescheidart)) artOptionen.unshift({ value: w.bescheidart, label: w.bescheidart });
  const vorOptionen = (vorbescheide.data ?? []).map((v) => ({ value: String(v.id), label: v.bezeichnung }));
  if (w.vorbescheid && !vorOptionen.some((o) => o.value === w.vorbescheid)) vorOptionen.unshift({ value: w.vorbescheid, label: `Bescheid ${w.vorbescheid}` });
  const statusOptionen = (p.statusWerte.length > 0 ? p.statusWerte : p.aktuellerStatus ? [p.aktuellerStatus] : []).map((s) => ({ value: s, label: statusLabel(s) }));
  const zugeordnet = w.messstellen.map((id) => p.messstellen.find((m) => m.id === id)).filter((m): m is BescheidMessstelle => !!m);
  return (
    <div className="space-y-4">
      {!gesperrt && <PflichtfeldHinweis />}
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <WertAuswahl
          liste="bescheidqualitaet"
          label="Bescheidqualität"
          name="bescheidQualitaet"
          required={istPflichtfeld('bescheidQualitaet')}
          value={w.bescheidQualitaet}
          onChange={(v) => p.onChange({ ...w, bescheidQualitaet: v, bescheidart: '', vorbescheid: '' })}
          error={fehler.bescheidQualitaet}
          disabled={gesperrt || p.qualitaetFest}
        />
        <Auswahlfeld label="Bescheidart" name="bescheidart" required={istPflichtfeld('bescheidart')} value={w.bescheidart} onChange={(v) => set('bescheidart', v)} optionen={artOptionen} error={fehler.bescheidart} disabled={gesperrt} />
        <Auswahlfeld label="Vorbescheid" name="vorbescheid" value={w.vorbescheid} onChange={(v) => set('vorbescheid', v)} optionen={vorOptionen} error={fehler.vorbescheid} disabled={gesperrt} leer="Kein Vorbescheid" />
        <Auswahlfeld label="Status" name="bescheidsstatus" required={istPflichtfeld('bescheidsstatus')} value={w.bescheidsstatus} onChange={(v) => set('bescheidsstatus', v as Bescheidsstatus)} optionen={statusOptionen} error={fehler.bescheidsstatus} disabled={gesperrt} />
        {kommentarNoetig(p.aktuellerStatus, w) && !gesperrt && (
          <FormField label="Kommentar" required={istPflichtfeld('kommentar')} error={fehler.kommentar} hint="Sagen Sie dem Antragsteller, warum der Antrag zurückgegeben wird." className="sm:col-span-2">
            <textarea name="kommentar" className={inputClass} rows={3} value={w.kommentar} onChange={(e) => set('kommentar', e.target.value)} />
          </FormField>
        )}
        <Textfeld label="Aktenzeichen" name="aktenzeichen" required={istPflichtfeld('aktenzeichen')} value={w.aktenzeichen} onChange={(v) => set('aktenzeichen', v)} error={fehler.aktenzeichen} disabled={gesperrt} />
        <WertAuswahl liste="behoerde" label="Behörde" name="behoerde" required={istPflichtfeld('behoerde')} value={w.behoerde} onChange={(v) => set('behoerde', v)} error={fehler.behoerde} disabled={gesperrt} />
        <Tagfeld label="Bescheiddatum" name="bescheidsdatum" required={istPflichtfeld('bescheidsdatum')} value={w.bescheidsdatum} onChange={(v) => set('bescheidsdatum', v)} error={fehler.bescheidsdatum} disabled={gesperrt} />
        <Tagfeld label="Ablaufdatum" name="ablaufdatum" required={istPflichtfeld('ablaufdatum')} value={w.ablaufdatum} onChange={(v) => set('ablaufdatum', v)} error={fehler.ablaufdatum} disabled={gesperrt} />
        <FormField label="Bemerkung" error={fehler.bemerkung} className="sm:col-span-2">
          <textarea name="bemerkung" className={inputClass} rows={3} value={w.bemerkung} disabled={gesperrt} onChange={(e) => set('bemerkung', e.target.value)} />
        </FormField>
        <div className="flex flex-col gap-1">
          <Textfeld label="Wasserrecht-Nr." name="bescheidId" value={w.bescheidId} onChange={(v) => set('bescheidId', v)} error={fehler.bescheidId} disabled={gesperrt} />
          {/* the register knows the water right: its entry in the app's viewer (issue 33) */}
          {wasserbuch.data?.vorhanden && <WasserbuchLink wbbId={w.bescheidId.trim()} text={WASSERBUCH_LINK} />}
        </div>
      </div>
      {p.antragKommentar && (
        <div className="rounded border-l-4 border-amber-700 bg-amber-50 px-3 py-2 text-sm">
          <p className="font-semibold">Kommentar zur Rückgabe des Antrags</p>
          <p className="whitespace-pre-wrap">{p.antragKommentar}</p>
        </div>
      )}
      <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="font-semibold">Freigabe am</dt>
        <dd data-testid="freigabe-am">{formatDate(p.freigabeAm) || '–'}</dd>
        <dt className="font-semibold">Freigabe von</dt>
        <dd data-testid="freigabe-von">{p.freigabeVon || '–'}</dd>
      </dl>
      <section aria-labelledby="bescheid-messstellen" className="space-y-2" data-feld="messstellen" tabIndex={-1}>
        <h2 id="bescheid-messstellen" className="text-base font-semibold">
          Messstellen
        </h2>
        {fehler.messstellen && <p className="text-sm text-red-700">{fehler.messstellen}</p>}
        {zugeordnet.length === 0 ? (
          <p className="text-sm text-gray-700">Keine Messstellen zugeordnet</p>
        ) : (
          <Tabellenrahmen label="Zugeordnete Messstellen">
            <table className="w-full border-collapse text-sm" data-testid="bescheid-messstellen">
              <caption className="sr-only">Zugeordnete Messstellen</caption>
              <thead>
                <tr className="border-b border-gray-300 text-left">
                  <th scope="col" className="px-2 py-1 font-medium">Messstellen-Nr.</th>
                  <th scope="col" className="px-2 py-1 font-medium">Bezeichnung</th>
                  <th scope="col" className="px-2 py-1 font-medium">Anlage</th>
                </tr>
              </thead>
              <tbody>
                {zugeordnet.map((m) => (
                  <tr key={m.id} className="border-b border-gray-200">
                    <td className="px-2 py-1">{m.messstellenId}</td>
                    <td className="px-2 py-1">{m.bezeichnung}</td>
                    <td className="px-2 py-1">{m.anlage?.bezeichnung}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </Tabellenrahmen>
        )}
        {!gesperrt && (
          <Button variant="secondary" onClick={() => setDialog(true)} disabled={!w.bescheidQualitaet}>
            {MESSSTELLEN_ZUORDNEN}
          </Button>
        )}
      </section>
      {dialog && (
        <MessstellenDialog
          betriebId={p.betriebId}
          qualitaet={w.bescheidQualitaet}
          gewaehlt={w.messstellen}
          zugeordnet={zugeordnet}
          onUebernehmen={(ids, liste) => {
            p.onMessstellen(ids, liste);
            setDialog(false);
          }}
          onClose={() => setDialog(false)}
        />
      )}
    </div>
  );
}
