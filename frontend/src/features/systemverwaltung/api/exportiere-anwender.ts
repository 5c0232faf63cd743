import { useMutation } from '@tanstack/react-query';
import { apiDatei, type Datei } from '@/lib/api';
import type { BefehlOptionen } from '@/lib/befehl';
import type { AnwenderQuery } from './anwender';

/** POST /api/anwender/export: the selected ids, or (none selected) the whole filter → xlsx. */
export function exportiereAnwender({ ids, query }: { ids: number[]; query: AnwenderQuery }): Promise<Datei> {
  if (ids.length > 0) return apiDatei('/anwender/export', { method: 'POST', body: { ids } });
  const { page: _p, size: _s, ...filter } = query;
  return apiDatei('/anwender/export', { method: 'POST', query: filter });
}

export type ExportiereAnwenderEingabe = Parameters<typeof exportiereAnwender>[0];

/** The user list as xlsx (no cache changes). */
export function useExportiereAnwender(optionen: BefehlOptionen<Awaited<ReturnType<typeof exportiereAnwender>>, ExportiereAnwenderEingabe> = {}) {
  return useMutation({ ...optionen, mutationFn: exportiereAnwender });
}
