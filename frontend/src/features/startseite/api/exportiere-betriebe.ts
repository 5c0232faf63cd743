import { useMutation } from '@tanstack/react-query';
import { apiDatei, type Datei } from '@/lib/api';
import type { BefehlOptionen } from '@/lib/befehl';
import type { BetriebSuche } from './betriebe';

export function exportiereBetriebe({ ids, suche }: { ids: number[]; suche: BetriebSuche }): Promise<Datei> {
  const { page: _p, size: _s, minPosition: _m, ...filter } = suche;
  const sortierung = { sortProperty: suche.sortProperty, sortDirection: suche.sortDirection };
  if (ids.length > 0) return apiDatei('/betrieb/export', { method: 'POST', body: { ids }, query: sortierung });
  return apiDatei('/betrieb/export', { method: 'POST', query: { ...filter } });
}

export type ExportiereBetriebeEingabe = Parameters<typeof exportiereBetriebe>[0];

/** The worklist as xlsx (no cache changes). */
export function useExportiereBetriebe(optionen: BefehlOptionen<Awaited<ReturnType<typeof exportiereBetriebe>>, ExportiereBetriebeEingabe> = {}) {
  return useMutation({ ...optionen, mutationFn: exportiereBetriebe });
}
