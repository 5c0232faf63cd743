import { useCallback } from 'react';
import { useReiterFormular } from '@/components/akte/useReiterFormular';
import { ANLAGE_SCHLUESSEL } from './feldnamen';
import { pruefeAnlage, reiterVon, type AnlageWerte } from './werte';

/**
 * State of the plant form (components/akte/useReiterFormular): the checks follow the plant
 * type, some server keys name fields differently (ANLAGE_SCHLUESSEL).
 */
export function useAnlageFormular(typ: string, basis: AnlageWerte) {
  const pruefe = useCallback((w: AnlageWerte) => pruefeAnlage(typ, w), [typ]);
  return useReiterFormular(basis, { start: 'anlage', reiterVon, pruefe, feldSchluessel: ANLAGE_SCHLUESSEL });
}
