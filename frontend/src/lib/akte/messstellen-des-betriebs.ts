import { queryOptions } from '@tanstack/react-query';
import { api, type Schema } from '@/lib/api';
import { mitStandSchluessel } from '@/lib/stand';
import { akteKeys } from './keys';

/** A measuring point of the operation with its plant (GET /api/betrieb/{id}/messstelle). */
export type MessstellenZeile = Schema<'MessstellenZeile'>;

/**
 * GET /api/betrieb/{id}/messstelle: the measuring points of the operation's plants, each with its
 * plant — the file's tree and the overviews' filters. Below the measuring point area's root
 * (akteKeys.messstelle), so its commands refresh every reader.
 */
export const messstellenDesBetriebsQuery = (betriebId: string, stand?: string) =>
  queryOptions({
    queryKey: mitStandSchluessel(akteKeys.messstelle.desBetriebs(betriebId), stand),
    queryFn: ({ signal }) => api.get<MessstellenZeile[]>(`/betrieb/${encodeURIComponent(betriebId)}/messstelle`, { signal, query: { stand } }),
    // the tree goes on without them (the screen beside it reports its own failures)
    meta: { globalErrorHandling: false },
  });
