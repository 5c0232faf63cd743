import { useCallback } from 'react';
import { useReiterFormular } from '@/components/akte/useReiterFormular';
import type { Bescheidsstatus } from '@/features/bescheid/api/bescheid';
import { pruefeBescheid, reiterVon, type BescheidWerte } from './werte';

/** State of the Bescheid form (components/akte/useReiterFormular): the checks follow the status. */
export function useBescheidFormular(basis: BescheidWerte, aktuell?: Bescheidsstatus) {
  const pruefe = useCallback((w: BescheidWerte) => pruefeBescheid(w, aktuell), [aktuell]);
  return useReiterFormular(basis, { start: 'bescheid', reiterVon, pruefe });
}
