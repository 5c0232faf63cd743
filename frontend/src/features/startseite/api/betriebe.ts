import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** A row of GET /api/betrieb/search (display texts; the statuses may come as {id, value}). */
export interface BetriebZeile {
  id: number;
  betriebsId: string;
  bezeichnung: string;
  betriebstyp?: string | { id: string; value: string };
  betriebsstatus?: string | { id: string; value: string };
  freigabestatus?: string;
  betreiber?: string | { id: number; bezeichnung: string };
  ort?: string;
}

export interface BetriebSeite {
  content: BetriebZeile[];
  page: number;
  size: number;
  totalElements: number;
}

export interface BetriebSuche {
  q?: string;
  page: number;
  size: number;
  sortProperty: string;
  sortDirection: 'asc' | 'desc';
  /** Global position of an own write the answer must include. */
  minPosition?: number;
}

export const startseiteKeys = {
  all: ['startseite'] as const,
  betriebe: (s: BetriebSuche) => [...startseiteKeys.all, 'betriebe', s] as const,
};

/** GET /api/betrieb/search: the operations the caller may see, one page. */
export const betriebeQuery = (suche: BetriebSuche) =>
  queryOptions({
    queryKey: startseiteKeys.betriebe(suche),
    queryFn: ({ signal }) => api.get<BetriebSeite>('/betrieb/search', { query: { ...suche }, signal }),
    placeholderData: keepPreviousData,
    // a list on the start page: its failure is shown in place (BetriebeListe), not as a
    // redirect to the not-found page
    meta: { globalErrorHandling: false },
  });
