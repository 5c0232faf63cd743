import { useState } from 'react';
import { Datumsfeld } from '@/components/Datumsfeld';
import { formatDate, isoDateFromGerman, todayIso } from '@/lib/format';
import { useStand } from '@/lib/stand';

// Texts of the operation file "as of" a date (issue 33; ours, beyond the spec).
export const TEXT_STAND_ZUM = 'Stand zum';
export const TEXT_AKTUELLER_STAND = 'Aktueller Stand';
export const HINWEIS_STAND = 'TT.MM.JJJJ – zeigt die Betriebsakte, wie sie am Ende dieses Tages gespeichert war.';
export const FEHLER_STAND = 'Bitte geben Sie ein gültiges Datum an, das nicht in der Zukunft liegt.';
export const KEINE_ANSICHT_ZUM_STAND = 'Für diesen Bereich gibt es keine Ansicht zu einem früheren Stand.';
export const standBanner = (tag: string) => `Ansicht zum Stand ${formatDate(tag)} — nur lesen`;

/**
 * The screens of the file that show their object as of a date: the data of the operation, a
 * plant, a measuring point and a Bescheid (the server replays them) and the Verlauf (every event
 * anyway). Files, reminders, overviews, indirect dischargers, a Bescheid's measuring point and
 * the annual reports have no view of the past and say so instead (docs/decisions.md).
 */
export const hatStandAnsicht = (pathname: string) => /\/(betriebsdaten|anlagendaten|messstellendaten|bescheidsdaten|verlauf)$/.test(pathname);

/**
 * 'Stand zum' in the file's header: a whole day typed (TT.MM.JJJJ) or chosen in the calendar,
 * not after today, puts ?stand=yyyy-MM-dd on the URL (read mode); 'Aktueller Stand' (and an
 * emptied field) takes it away again.
 */
export function StandAuswahl() {
  const { stand, setStand } = useStand();
  const [text, setText] = useState(stand ? formatDate(stand) : '');
  const [fehler, setFehler] = useState<string>();
  // the URL wins (the browser's back button, 'Aktueller Stand', a link)
  const [zuletzt, setZuletzt] = useState(stand);
  if (zuletzt !== stand) {
    setZuletzt(stand);
    setText(stand ? formatDate(stand) : '');
    setFehler(undefined);
  }
  const heute = todayIso();
  const aendern = (v: string) => {
    setText(v);
    if (v.trim() === '') {
      setFehler(undefined);
      if (stand) setStand(undefined);
      return;
    }
    const iso = isoDateFromGerman(v);
    if (!iso || iso > heute) {
      // a date still being typed is no error yet
      setFehler(iso || v.trim().length >= 10 ? FEHLER_STAND : undefined);
      return;
    }
    setFehler(undefined);
    if (iso !== stand) setStand(iso);
  };
  return (
    <div className="mt-3 space-y-2 text-sm">
      <Datumsfeld label={TEXT_STAND_ZUM} value={text} onChange={aendern} bis={heute} error={fehler} hint={HINWEIS_STAND} name="stand" />
      {stand && (
        <button
          type="button"
          onClick={() => setStand(undefined)}
          className="rounded border border-blue-800 bg-white px-3 py-1 font-medium text-blue-900 hover:bg-blue-50"
        >
          {TEXT_AKTUELLER_STAND}
        </button>
      )}
    </div>
  );
}

/** The banner above every screen of the file as of a date. */
export function StandBanner({ stand }: { stand: string }) {
  return (
    <p role="status" className="mb-4 rounded border border-amber-400 bg-amber-50 px-3 py-2 font-semibold text-amber-900" data-testid="stand-banner">
      {standBanner(stand)}
    </p>
  );
}
