import { queryOptions } from '@tanstack/react-query';
import { api, type Schema } from '@/lib/api';
import { mitStandSchluessel } from '@/lib/stand';

/** A measuring point of the operation for the file's tree (GET /api/betrieb/{id}/messstelle). */
export type MessstellenZeile = Schema<'MessstellenZeile'>;

/**
 * GET /api/betrieb/{id}/messstelle: the measuring points of the operation's plants, each with its
 * plant, for the file's tree. The key lies below the measuring point feature's root
 * (['messstelle']), so its commands refresh the tree without the features importing each other.
 */
export const messstellenDesBetriebsQuery = (betriebId: string, stand?: string) =>
  queryOptions({
    queryKey: mitStandSchluessel(['messstelle', 'betrieb', betriebId] as const, stand),
    queryFn: ({ signal }) => api.get<MessstellenZeile[]>(`/betrieb/${encodeURIComponent(betriebId)}/messstelle`, { signal, query: { stand } }),
    // the tree goes on without them (the screen beside it reports its own failures)
    meta: { globalErrorHandling: false },
  });
