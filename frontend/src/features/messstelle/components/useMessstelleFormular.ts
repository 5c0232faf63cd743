import { useCallback } from 'react';
import { useReiterFormular } from '@/components/akte/useReiterFormular';
import type { Bereiche } from '@/features/messstelle/api/messstelle';
import { pruefeMessstelle, reiterVon, type MessstelleWerte } from './werte';

/**
 * State of the measuring point form (components/akte/useReiterFormular): the client checks run
 * on the tabs the point has.
 */
export function useMessstelleFormular(basis: MessstelleWerte, bereicheVon: (w: MessstelleWerte) => Bereiche) {
  const pruefe = useCallback((w: MessstelleWerte) => pruefeMessstelle(w, bereicheVon(w)), [bereicheVon]);
  return useReiterFormular(basis, { start: 'messstelle', reiterVon, pruefe });
}
