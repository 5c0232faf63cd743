import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { mitStandSchluessel } from '@/lib/stand';

/** A Bescheid of the operation as the file's tree shows it (a row of GET /api/betrieb/{id}/bescheid/search). */
export interface BescheidImBaum {
  id: number;
  bescheidart: string;
  bescheidsdatum: string;
  bescheidsstatus: string;
  antrag: boolean;
}

/** What the tree needs of the open Bescheid: its measuring points. */
export interface OffenerBescheid {
  id: number;
  bescheidsstatus: string;
  messstellen?: { id: number; messstellenId: string; bezeichnung: string }[];
}

/**
 * GET /api/betrieb/{id}/bescheid/search?size=50: the operation's Bescheide for the tree. The
 * key is the Bescheid feature's (bescheidKeys.desBetriebs), so a Bescheid command refreshes
 * the tree without the features importing each other.
 */
export const bescheideDesBetriebsQuery = (betriebId: string, stand?: string) =>
  queryOptions({
    queryKey: mitStandSchluessel(['bescheid', 'betrieb', betriebId] as const, stand),
    queryFn: ({ signal }) =>
      api
        .get<{ content: BescheidImBaum[] }>(`/betrieb/${encodeURIComponent(betriebId)}/bescheid/search`, { signal, query: { size: 50, stand } })
        .then((s) => s.content ?? []),
    meta: { globalErrorHandling: false },
  });

/** GET /api/bescheid/{id}: the open Bescheid (the Bescheid feature's key bescheidKeys.detail). */
export const offenerBescheidQuery = (bescheidId: string, stand?: string) =>
  queryOptions({
    queryKey: mitStandSchluessel(['bescheid', bescheidId] as const, stand),
    queryFn: ({ signal }) => api.get<OffenerBescheid>(`/bescheid/${encodeURIComponent(bescheidId)}`, { signal, query: { stand } }),
    staleTime: 0,
  });
