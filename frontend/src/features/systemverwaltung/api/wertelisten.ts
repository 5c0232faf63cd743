import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { components } from '@/lib/api-schema';
import { systemverwaltungKeys } from './keys';

export type WertelisteDefinition = components['schemas']['WertelisteDefinition'];
export type Extra = NonNullable<WertelisteDefinition['extras']>[number];
export type WertelisteEingabe = components['schemas']['WertelisteEingabe'];

/** GET /api/wertelisten: every list with label, path, extra columns and whether it is editable. */
export const wertelistenKatalogQuery = () =>
  queryOptions({
    queryKey: systemverwaltungKeys.wertelistenKatalog,
    queryFn: ({ signal }) => api.get<WertelisteDefinition[]>('/wertelisten', { signal }),
    staleTime: Infinity,
  });
