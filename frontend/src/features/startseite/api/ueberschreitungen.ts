import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { components } from '@/lib/api-schema';
import { startseiteKeys } from './keys';

/** An operation with exceedances in a report year (GET /api/ueberschreitung/betriebe). */
export type UeberschreitungBetrieb = components['schemas']['UeberschreitungBetrieb'];
export type UeberschreitungBetriebSeite = components['schemas']['UeberschreitungBetriebSeite'];

/** GET /api/ueberschreitung/betriebe?jahr&page&size: the operations the user sees with exceedances, those with the most not kept first. */
export const ueberschreitungBetriebeQuery = (jahr: number, page: number, size: number) =>
  queryOptions({
    queryKey: startseiteKeys.ueberschreitungen(jahr, page, size),
    queryFn: ({ signal }) => api.get<UeberschreitungBetriebSeite>(`/ueberschreitung/betriebe?jahr=${jahr}&page=${page}&size=${size}`, { signal }),
    placeholderData: keepPreviousData,
  });
