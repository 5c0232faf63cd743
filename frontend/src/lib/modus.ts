import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';

/** Query parameter modus: l = Lesemodus (read), s = Bearbeitungsmodus (edit). */
export type Modus = 'l' | 's';

export const MODUS_PARAM = 'modus';

export function isModus(v: string | null): v is Modus {
  return v === 'l' || v === 's';
}

/**
 * The search string with modus corrected to 'l' when it is missing or anything but l/s,
 * or null when it is fine already. Other parameters are kept.
 */
export function correctedModusSearch(search: string): string | null {
  const params = new URLSearchParams(search);
  // the file as of a date (?stand, lib/stand.ts) is read only
  const nurLesen = params.has('stand');
  if (isModus(params.get(MODUS_PARAM)) && !(nurLesen && params.get(MODUS_PARAM) !== 'l')) return null;
  params.set(MODUS_PARAM, 'l');
  return `?${params.toString()}`;
}

export interface UseModus {
  modus: Modus;
  lesen: boolean;
  setModus: (m: Modus) => void;
}

/**
 * The read/edit mode of the current route. Routes using it sit below <ModusGuard>
 * (components/Modus.tsx), which redirects invalid values to modus=l before anything renders;
 * anything unexpected still reads as 'l' here.
 */
export function useModus(): UseModus {
  const [params, setParams] = useSearchParams();
  const raw = params.get(MODUS_PARAM);
  // the file as of a date (?stand) is read only
  const modus: Modus = raw === 's' && !params.has('stand') ? 's' : 'l';
  const setModus = useCallback(
    (m: Modus) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          next.set(MODUS_PARAM, m);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  return { modus, lesen: modus === 'l', setModus };
}
