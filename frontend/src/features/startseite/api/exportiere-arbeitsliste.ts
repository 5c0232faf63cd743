import { useMutation } from '@tanstack/react-query';
import { apiDatei, type Datei, type QueryValue } from '@/lib/api';
import type { BefehlOptionen } from '@/lib/befehl';
import type { Listenexport } from './arbeitsliste';

/** What every worklist's search has besides its filter: paging, sort order, read-your-writes. */
// eslint-disable-next-line no-restricted-syntax -- Frontend: the search's query parameters
interface Suche {
  q?: string;
  page: number;
  size: number;
  sortProperty: string;
  sortDirection: 'asc' | 'desc';
  minPosition?: number;
}

/**
 * POST /api/{betrieb|anlage|messstelle}/export: the selected rows (body {ids}) or, with none
 * selected, every row of the search's filter (its query string without page, size and
 * minPosition; no body). Both in the list's sort order.
 */
export function exportiereArbeitsliste<S extends Suche>(ziel: Listenexport, { ids, suche }: { ids: number[]; suche: S }): Promise<Datei> {
  const { page: _p, size: _s, minPosition: _m, q, ...filter } = suche;
  const sortierung = { sortProperty: suche.sortProperty, sortDirection: suche.sortDirection };
  if (ids.length > 0) return apiDatei(ziel.pfad, { method: 'POST', body: { ids }, query: sortierung });
  // a worklist's filter is text and lists of text (its interface has no index signature)
  const query = { ...filter, [ziel.textParameter ?? 'q']: q } as Record<string, QueryValue | QueryValue[]>;
  return apiDatei(ziel.pfad, { method: 'POST', query });
}

/** A worklist as xlsx (no cache changes). */
export function useExportiereArbeitsliste<S extends Suche>(ziel: Listenexport, optionen: BefehlOptionen<Datei, { ids: number[]; suche: S }> = {}) {
  return useMutation({ ...optionen, mutationFn: (eingabe: { ids: number[]; suche: S }) => exportiereArbeitsliste(ziel, eingabe) });
}
