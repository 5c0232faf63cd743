import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { components } from '@/lib/api-schema';

export type AnlagenZeile = components['schemas']['AnlagenZeile'];

/**
 * GET /api/anlage?betrieb={id}: the plants of the operation for the file's tree. The key is the
 * plant feature's (anlageKeys.desBetriebs), so a plant command refreshes the tree without the
 * features importing each other.
 */
export const anlagenDesBetriebsQuery = (betriebId: string) =>
  queryOptions({
    queryKey: ['anlage', 'betrieb', betriebId] as const,
    queryFn: ({ signal }) => api.get<AnlagenZeile[]>(`/anlage?betrieb=${encodeURIComponent(betriebId)}`, { signal }),
  });
