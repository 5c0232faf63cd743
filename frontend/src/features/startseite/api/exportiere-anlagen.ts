import type { Datei } from '@/lib/api';
import type { BefehlOptionen } from '@/lib/befehl';
import type { AnlagenSuche } from './anlagen';
import { useExportiereArbeitsliste } from './exportiere-arbeitsliste';

export const ANLAGEN_EXPORT_DATEINAME = 'anlagen.xlsx';

export type ExportiereAnlagenEingabe = { ids: number[]; suche: AnlagenSuche };

/** POST /api/anlage/export: the plants worklist's selection or query as xlsx (no cache changes). */
export function useExportiereAnlagen(optionen: BefehlOptionen<Datei, ExportiereAnlagenEingabe> = {}) {
  return useExportiereArbeitsliste<AnlagenSuche>('/anlage/export', optionen);
}
