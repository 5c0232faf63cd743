import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { components } from '@/lib/api-schema';
import { mitStandSchluessel } from '@/lib/stand';
import { akteKeys } from './keys';

export type AnlagenZeile = components['schemas']['AnlagenZeile'];

/**
 * GET /api/anlage?betrieb={id}: the plants of the operation — the file's tree, the Bescheid's
 * Auflagen, the overviews' filters, the annual reports (with their longer zeitlimit). One key
 * (akteKeys.anlage.desBetriebs), so a plant command refreshes every reader.
 */
export const anlagenDesBetriebsQuery = (betriebId: string, { stand, zeitlimit }: { stand?: string; zeitlimit?: number } = {}) =>
  queryOptions({
    queryKey: mitStandSchluessel(akteKeys.anlage.desBetriebs(betriebId), stand),
    queryFn: ({ signal }) => api.get<AnlagenZeile[]>('/anlage', { signal, query: { betrieb: betriebId, stand }, zeitlimit }),
  });
