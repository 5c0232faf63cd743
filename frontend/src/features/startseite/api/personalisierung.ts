import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { components } from '@/lib/api-schema';
import { startseiteKeys } from './keys';

export type Personalisierung = components['schemas']['Personalisierung'];

/**
 * GET /api/personalisierung, for the worklists' default filter. Asked afresh whenever a list
 * starts and not kept after it (a save on the personalisation page changes the default, and a
 * list must not start with the old one first); a failure only means the plain default.
 */
export const startPersonalisierungQuery = () =>
  queryOptions({
    queryKey: startseiteKeys.personalisierung(),
    queryFn: ({ signal }) => api.get<Personalisierung>('/personalisierung', { signal }),
    staleTime: 0,
    gcTime: 0,
    retry: false,
    meta: { globalErrorHandling: false },
  });
