import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { components } from '@/lib/api-schema';
import { systemverwaltungKeys } from './keys';

/** An operation of the catalogue: Betriebs-Nr., name and operator (spec 002's betriebkatalog). */
export type Katalogeintrag = components['schemas']['Katalogeintrag'];

/**
 * GET /api/betriebkatalog: the operations named by ids (to label a role's choice) and up to 20
 * matches of q, only those the caller may see.
 */
export const betriebkatalogQuery = (q: string, ids: readonly number[] = []) =>
  queryOptions({
    queryKey: systemverwaltungKeys.betriebkatalog(q, ids),
    queryFn: ({ signal }) =>
      api.get<Katalogeintrag[]>('/betriebkatalog', { signal, query: { q, ids: ids.length > 0 ? ids.join(',') : undefined } }),
    placeholderData: keepPreviousData,
  });

/** '2026-000042 – Brauerei am Deutschen Eck (Klärwerk Rheinaue GmbH)' */
export function katalogText(e: Katalogeintrag): string {
  return `${e.betriebsId} – ${e.bezeichnung}${e.betreiber ? ` (${e.betreiber})` : ''}`;
}
