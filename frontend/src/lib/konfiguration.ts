import { queryOptions } from '@tanstack/react-query';
import { api } from './api';
import type { components } from './api-schema';

/** What the server's configuration gives the UI: the support address and the help link. */
export type Konfiguration = components['schemas']['Konfiguration'];

/**
 * GET /api/konfiguration (public; SUPPORT_MAIL and HELP_URL of the server). Loaded once per
 * session; a failure shows no error — the header then leaves the links out.
 */
export const konfigurationQuery = () =>
  queryOptions({
    queryKey: ['konfiguration'] as const,
    queryFn: ({ signal }) => api.get<Konfiguration>('/konfiguration', { signal }),
    staleTime: Infinity,
    meta: { globalErrorHandling: false },
  });
