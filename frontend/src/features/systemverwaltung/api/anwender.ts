import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { components, operations } from '@/lib/api-schema';
import { systemverwaltungKeys } from './keys';

export type AnwenderZeile = components['schemas']['AnwenderZeile'];
export type AnwenderEingabe = components['schemas']['AnwenderEingabe'];
export type AnwenderSeite = operations['getAnwender']['responses']['200']['content']['application/json'];
export type AnwenderQuery = NonNullable<operations['getAnwender']['parameters']['query']>;
export type AnwenderStatus = AnwenderZeile['status'];
export type Gespeichert = components['schemas']['Gespeichert'];
export type Meldung = components['schemas']['Meldung'];

/** GET /api/anwender: one page of the user list for the filter. */
export const anwenderListQuery = (query: AnwenderQuery) =>
  queryOptions({
    queryKey: systemverwaltungKeys.anwender.list(query),
    queryFn: ({ signal }) => api.get<AnwenderSeite>('/anwender', { query, signal }),
    placeholderData: keepPreviousData,
  });

/** GET /api/anwender/{id}: the user as the form edits it (always fresh, for its version). */
export const anwenderQuery = (id: number) =>
  queryOptions({
    queryKey: systemverwaltungKeys.anwender.detail(id),
    queryFn: ({ signal }) => api.get<AnwenderZeile>(`/anwender/${id}`, { signal }),
    staleTime: 0,
  });
