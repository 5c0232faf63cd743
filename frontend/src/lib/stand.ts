import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import { MODUS_PARAM, useModus, type Modus } from './modus';

/**
 * Query parameter stand=yyyy-MM-dd: every screen of the operation file shows the file as it was
 * at the end of that day, read-only (issue 33). The server replays it from the event store; the
 * client only passes it to each detail and tree query (a query key of its own per day).
 */
export const STAND_PARAM = 'stand';

const ISO_TAG = /^\d{4}-\d{2}-\d{2}$/;

/** The day of ?stand (yyyy-MM-dd), or undefined: today's file. */
export function standAus(params: URLSearchParams): string | undefined {
  const s = params.get(STAND_PARAM);
  return s && ISO_TAG.test(s) ? s : undefined;
}

export interface UseStand {
  /** The day the file is shown as of, undefined for today's. */
  stand: string | undefined;
  /** Shows the file as of day (yyyy-MM-dd, read mode), or today's with undefined. */
  setStand: (tag: string | undefined) => void;
}

/** The "as of" day of the current route and its setter (keeps the other parameters). */
export function useStand(): UseStand {
  const [params, setParams] = useSearchParams();
  const stand = standAus(params);
  const setStand = useCallback(
    (tag: string | undefined) =>
      setParams((prev) => {
        const next = new URLSearchParams(prev);
        if (tag) {
          next.set(STAND_PARAM, tag);
          next.set(MODUS_PARAM, 'l'); // as of a date nothing is edited
        } else {
          next.delete(STAND_PARAM);
        }
        return next;
      }),
    [setParams],
  );
  return { stand, setStand };
}

/** The query key of a detail or list with its day: today's key unchanged, a day adds ['zum', day]. */
export function mitStandSchluessel<K extends readonly unknown[]>(key: K, stand: string | undefined) {
  return stand ? ([...key, 'zum', stand] as const) : key;
}

/**
 * The query string of a link inside the operation file: its mode and, while the file is shown as
 * of a day, that day (then always read mode). Every link of the tree and of the file's screens
 * is built with it (useAktenLink); links that leave the file take neither.
 */
export function aktenSuche(modus: Modus, stand: string | undefined): string {
  return stand ? `?${MODUS_PARAM}=l&${STAND_PARAM}=${stand}` : `?${MODUS_PARAM}=${modus}`;
}

/**
 * Links inside the operation file: pfad with the mode (the current one unless given) and the
 * current day of ?stand, so a link followed as of a date stays on that day.
 */
export function useAktenLink(): (pfad: string, modus?: Modus) => string {
  const { modus: aktuell } = useModus();
  const [params] = useSearchParams();
  const stand = standAus(params);
  return useCallback((pfad: string, modus: Modus = aktuell) => `${pfad}${aktenSuche(modus, stand)}`, [aktuell, stand]);
}
