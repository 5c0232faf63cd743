import type { UseQueryResult } from '@tanstack/react-query';
import { useCallback, type ReactNode } from 'react';
import { useConfirm } from '@/components/ConfirmDialog';
import { HistorischeVersion, type HistorischeVersionProps } from '@/components/Historisch';
import type { VersionsDaten } from '@/components/Versionsspalten';
import { Laden } from '@/components/Laden';
import { AufrufFehler } from './AufrufFehler';
import { useAktenAnsicht } from './useAktenFormular';

// The skeleton every file screen of a stored object shares (issue 44: Betrieb, Anlage,
// Messstelle, Bescheid, Jahresbericht): the object's query with its placeholder while it loads
// or failed, the reload and the way back to read mode after a save (useAktenAnsicht), and the
// form's key; the screen keeps only its fields. The save cycle itself (mode, audit dialog, 409)
// is useAktenFormular's.

/** What the form of a stored object gets from the skeleton. */
export interface Aktenansicht {
  /** Fetches the object again and starts the form anew ('Änderungen verwerfen'). */
  neuLaden: () => void;
  /** Back to read mode once the form is clean (after a save). */
  zurueckZuLesen: () => void;
}

/**
 * The stored object of a file screen: objekt once loaded; until then platzhalter (Laden, or the
 * area's AufrufFehler with 'Erneut laden' when fehlertext is given). The form goes below
 * `key={formularKey}`: a save (new version) or a reload starts it again with the stored data, a
 * refetch of unchanged data keeps what is being typed.
 */
export function useAktenObjekt<T extends { version?: number }>(abfrage: UseQueryResult<T>, fehlertext?: string) {
  const { neuLaden, neuGeladen, zurueckZuLesen } = useAktenAnsicht(abfrage.refetch);
  const platzhalter: ReactNode =
    abfrage.isError && fehlertext ? <AufrufFehler text={fehlertext} onNeu={() => void abfrage.refetch()} /> : abfrage.isPending ? <Laden /> : null;
  const ansicht: Aktenansicht = { neuLaden, zurueckZuLesen };
  return { objekt: abfrage.data, platzhalter, formularKey: `${abfrage.data?.version}-${neuGeladen}`, ansicht };
}

/**
 * 'Entfernen bestätigen' before a part goes from a file's form (spec 000 §8): the question for
 * what goes, and the dialog to render.
 */
export function useEntfernen(titel: string, frage: (was: string) => string): [(was: string) => Promise<boolean>, ReactNode] {
  const [confirm, dialog] = useConfirm();
  const fragen = useCallback(
    (was: string) => confirm({ title: titel, message: frage(was), confirmLabel: 'Entfernen', destructive: true }),
    [confirm, titel, frage],
  );
  return [fragen, dialog];
}

/**
 * A version of the Historie popup (?historie=index) of a file screen, read-only: Laden while the
 * history loads, the area's AufrufFehler when it failed (when fehlertext is given), else the
 * version with the way back to the current record.
 */
export function AktenversionAusHistorie<V extends VersionsDaten>({
  historie,
  index,
  fehlertext,
  ...rest
}: Omit<HistorischeVersionProps<V>, 'version'> & { historie: UseQueryResult<V[]>; index: number; fehlertext?: string }) {
  if (historie.isPending) return <Laden />;
  if (historie.isError && fehlertext) return <AufrufFehler text={fehlertext} onNeu={() => void historie.refetch()} />;
  return <HistorischeVersion {...rest} version={historie.data?.[index]} />;
}
