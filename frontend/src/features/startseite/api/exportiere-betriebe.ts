import type { Datei } from '@/lib/api';
import type { BefehlOptionen } from '@/lib/befehl';
import type { BetriebSuche } from './betriebe';
import { useExportiereArbeitsliste } from './exportiere-arbeitsliste';

export type ExportiereBetriebeEingabe = { ids: number[]; suche: BetriebSuche };

/** POST /api/betrieb/export: the operations worklist's selection or query as xlsx (no cache changes). */
export function useExportiereBetriebe(optionen: BefehlOptionen<Datei, ExportiereBetriebeEingabe> = {}) {
  return useExportiereArbeitsliste<BetriebSuche>('/betrieb/export', optionen);
}
