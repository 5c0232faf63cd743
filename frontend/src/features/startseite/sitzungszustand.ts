import { useEffect, useState, type Dispatch, type SetStateAction } from 'react';
import { useSession } from '@/lib/auth';

// The start page keeps the chosen tab, the filters and the selections in session storage
// (spec 002 §2, §9): they survive a reload and the way back from an operation file, and end
// with the browser tab. Each user has his own entries, so a second login in the same tab
// does not inherit the first one's filters.

const PRAEFIX = 'eabwasser.startseite.v1';

/** The storage key of one piece of state of one user. */
export function sitzungsschluessel(benutzer: string, name: string): string {
  return `${PRAEFIX}.${benutzer}.${name}`;
}

function lies(schluessel: string): unknown {
  try {
    const roh = window.sessionStorage.getItem(schluessel);
    return roh === null ? undefined : (JSON.parse(roh) as unknown);
  } catch {
    return undefined;
  }
}

function schreibe(schluessel: string, wert: unknown): void {
  try {
    window.sessionStorage.setItem(schluessel, JSON.stringify(wert));
  } catch {
    // storage full or blocked: the state only does not survive a reload
  }
}

/**
 * useState whose value lives in session storage under `name` (per user). A stored value that
 * `gueltig` refuses (an older shape, another default) is replaced by `start()`.
 */
export function useSitzungszustand<T>(
  name: string,
  start: () => T,
  gueltig: (wert: unknown) => wert is T,
): [T, Dispatch<SetStateAction<T>>] {
  const { claims } = useSession();
  const schluessel = sitzungsschluessel(claims?.sub ?? 'anonym', name);
  const [wert, setWert] = useState<T>(() => {
    const gespeichert = lies(schluessel);
    return gueltig(gespeichert) ? gespeichert : start();
  });
  useEffect(() => schreibe(schluessel, wert), [schluessel, wert]);
  return [wert, setWert];
}

export const istText = (x: unknown): x is string => typeof x === 'string';
export const istTextliste = (x: unknown): x is string[] => Array.isArray(x) && x.every(istText);
