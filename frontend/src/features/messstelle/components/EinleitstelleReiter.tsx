import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Kartenauswahl } from '@/components/karte/Kartenauswahl';
import { useDarf } from '@/lib/auth';
import { Gruppe, Textfeld, WertAuswahl } from '@/components/felder';
import { FormField, inputClass } from '@/components/FormField';
import { parseGermanNumber } from '@/lib/format';
import { einzugsgebietQuery, gebietText, wasserkoerperQuery } from '@/features/messstelle/api/geodaten';
import { lageAlsText, lageAusText, pruefeKoordinate, type EinleitstelleWerte, type MessstelleFehler } from './werte';

// Verbatim hints of the lookups (ours: spec 000 §7 only says 204 means none).
export const HINWEIS_KEIN_WASSERKOERPER = 'Die Einleitstelle liegt in keinem Oberflächenwasserkörper.';
export const HINWEIS_KEIN_EINZUGSGEBIET = 'Die Einleitstelle liegt in keinem Teileinzugsgebiet.';
export const HINWEIS_AUS_KOORDINATEN = 'Wird aus den Koordinaten der Einleitstelle ermittelt.';
export const HINWEIS_ERMITTLUNG = 'Wird ermittelt …';
export const HINWEIS_FEHLER = 'Die Ermittlung aus den Koordinaten ist fehlgeschlagen.';

/** Waiting time after the last keystroke in a coordinate before the lookup. */
const VERZOEGERUNG_MS = 400;

/** Valid coordinates of the Einleitstelle, or null. */
function koordinaten(e: EinleitstelleWerte): { hochwert: number; rechtswert: number } | null {
  if (pruefeKoordinate(e.hochwert) || pruefeKoordinate(e.rechtswert)) return null;
  const hochwert = parseGermanNumber(e.hochwert);
  const rechtswert = parseGermanNumber(e.rechtswert);
  return hochwert !== null && rechtswert !== null ? { hochwert, rechtswert } : null;
}

export interface EinleitstelleReiterProps {
  werte: EinleitstelleWerte;
  onChange: (f: (e: EinleitstelleWerte) => EinleitstelleWerte) => void;
  fehler: MessstelleFehler;
  gesperrt: boolean;
}

/**
 * The Einleitstelle: where the measured water enters the water body. Oberflächenwasserkörper and
 * Teileinzugsgebiet follow from its coordinates (GET /api/wasserkoerper, /api/einzugsgebiet; 204:
 * none) whenever the user changes them; the stored values stay as they are until then.
 */
export function EinleitstelleReiter({ werte: e, onChange, fehler: f, gesperrt }: EinleitstelleReiterProps) {
  const darfKarte = useDarf()('KARTENPOSITION_SETZEN');
  // the coordinates as loaded: a stored point keeps its water body until its position changes
  const geladen = useRef(`${e.hochwert}|${e.rechtswert}`);
  const [gesucht, setGesucht] = useState<{ hochwert: number; rechtswert: number } | null>(null);
  useEffect(() => {
    if (gesperrt || `${e.hochwert}|${e.rechtswert}` === geladen.current) return;
    const k = koordinaten(e);
    const t = setTimeout(() => setGesucht(k), VERZOEGERUNG_MS);
    return () => clearTimeout(t);
  }, [e, gesperrt]);
  const wk = useQuery({ ...wasserkoerperQuery(gesucht?.hochwert ?? 0, gesucht?.rechtswert ?? 0), enabled: !!gesucht });
  const eg = useQuery({ ...einzugsgebietQuery(gesucht?.hochwert ?? 0, gesucht?.rechtswert ?? 0), enabled: !!gesucht });
  // the answers go into the form (null: the point lies in none)
  useEffect(() => {
    if (!gesucht || wk.data === undefined) return;
    const text = gebietText(wk.data);
    onChange((x) => (x.oberflaechenwasserkoerper === text ? x : { ...x, oberflaechenwasserkoerper: text }));
  }, [gesucht, wk.data, onChange]);
  useEffect(() => {
    if (!gesucht || eg.data === undefined) return;
    const text = gebietText(eg.data);
    onChange((x) => (x.teileinzugsgebiet === text ? x : { ...x, teileinzugsgebiet: text }));
  }, [gesucht, eg.data, onChange]);

  const hinweis = (q: typeof wk, keiner: string) =>
    !gesucht ? HINWEIS_AUS_KOORDINATEN : q.isFetching ? HINWEIS_ERMITTLUNG : q.isError ? HINWEIS_FEHLER : q.data === null ? keiner : HINWEIS_AUS_KOORDINATEN;
  const setze = (k: keyof EinleitstelleWerte) => (v: string) => onChange((x) => ({ ...x, [k]: v }));

  return (
    <div className="space-y-4">
      <Gruppe titel="Lage der Einleitstelle">
        <Textfeld
          label="Rechtswert"
          name="einleitstelle.lage.rechtswert"
          value={e.rechtswert}
          onChange={setze('rechtswert')}
          error={f['einleitstelle.lage.rechtswert']}
          disabled={gesperrt}
          inputMode="decimal"
          className="sm:col-span-3"
        />
        <Textfeld
          label="Hochwert"
          name="einleitstelle.lage.hochwert"
          value={e.hochwert}
          onChange={setze('hochwert')}
          error={f['einleitstelle.lage.hochwert']}
          disabled={gesperrt}
          inputMode="decimal"
          className="sm:col-span-3"
        />
        <div className="sm:col-span-6">
          <Kartenauswahl lage={lageAusText(e)} onChange={(l) => onChange((x) => ({ ...x, ...lageAlsText(l) }))} disabled={gesperrt || !darfKarte} />
        </div>
        <div className="sm:col-span-6" aria-live="polite">
          <FormField label="Oberflächenwasserkörper" hint={hinweis(wk, HINWEIS_KEIN_WASSERKOERPER)} error={f['einleitstelle.oberflaechenwasserkoerper']}>
            <input name="einleitstelle.oberflaechenwasserkoerper" className={`${inputClass} read-only:bg-gray-100`} readOnly value={e.oberflaechenwasserkoerper} />
          </FormField>
        </div>
        <div className="sm:col-span-6" aria-live="polite">
          <FormField label="Teileinzugsgebiet" hint={hinweis(eg, HINWEIS_KEIN_EINZUGSGEBIET)} error={f['einleitstelle.teileinzugsgebiet']}>
            <input name="einleitstelle.teileinzugsgebiet" className={`${inputClass} read-only:bg-gray-100`} readOnly value={e.teileinzugsgebiet} />
          </FormField>
        </div>
      </Gruppe>
      <Gruppe titel="Gewässer">
        <WertAuswahl liste="pegel" label="Pegel" name="einleitstelle.pegel" value={e.pegel} onChange={setze('pegel')} error={f['einleitstelle.pegel']} disabled={gesperrt} className="sm:col-span-2" />
        <Textfeld
          label="Einleitung MNQ"
          hint="Mittlerer Niedrigwasserabfluss"
          name="einleitstelle.einleitungMnq"
          value={e.einleitungMnq}
          onChange={setze('einleitungMnq')}
          error={f['einleitstelle.einleitungMnq']}
          disabled={gesperrt}
          inputMode="decimal"
          className="sm:col-span-2"
        />
        <Textfeld
          label="Einleitung MQ"
          hint="Mittlerer Abfluss"
          name="einleitstelle.einleitungMq"
          value={e.einleitungMq}
          onChange={setze('einleitungMq')}
          error={f['einleitstelle.einleitungMq']}
          disabled={gesperrt}
          inputMode="decimal"
          className="sm:col-span-2"
        />
      </Gruppe>
    </div>
  );
}
