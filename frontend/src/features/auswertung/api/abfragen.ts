import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { operations } from '@/lib/api-schema';
import { auswertungKeys } from './keys';

/** A stored query of spec 002 §3 (GET /api/abfragen/): id, kategorie, filter, abfrageBez. */
export type Abfrage = operations['getAbfragen']['responses']['200']['content']['application/json'][number];

/** GET /api/abfragen/: every stored query with its category and filter, in the order to offer. */
export const abfragenQuery = () =>
  queryOptions({
    queryKey: auswertungKeys.abfragen,
    queryFn: ({ signal }) => api.get<Abfrage[]>('/abfragen/', { signal }),
    staleTime: 5 * 60_000,
  });
