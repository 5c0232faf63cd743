import { queryOptions } from '@tanstack/react-query';
import { api } from './api';
import type { components } from './api-schema';

/** What the server's configuration gives the UI: the support address, the help link, the map's layers. */
export type Konfiguration = components['schemas']['Konfiguration'];

/** A background layer of the map window (MAP_LAYERS): WMS or WMTS. */
export type Kartenebene = components['schemas']['Kartenebene'];

export const konfigurationKeys = {
  all: ['konfiguration'] as const,
};

/**
 * GET /api/konfiguration (public; SUPPORT_MAIL, HELP_URL and MAP_LAYERS of the server). Loaded once per
 * session; a failure shows no error — the header then leaves the links out.
 */
export const konfigurationQuery = () =>
  queryOptions({
    queryKey: konfigurationKeys.all,
    queryFn: ({ signal }) => api.get<Konfiguration>('/konfiguration', { signal }),
    staleTime: Infinity,
    meta: { globalErrorHandling: false },
  });
