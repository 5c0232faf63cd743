import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { minPositionFuer } from '@/lib/befehl';
import type { components } from '@/lib/api-schema';
import { startseiteKeys } from './keys';

export type AnlageZeile = components['schemas']['ArbeitslisteAnlage'];

export interface AnlagenSeite {
  content: AnlageZeile[];
  page: number;
  size: number;
  totalElements: number;
  /** Only when a search finds nothing with the chosen filters: how many rows it finds without them. */
  ohneFilter?: number;
}

/** The filter of the plants worklist; an empty list filters nothing. */
export interface AnlagenFilter {
  q: string;
  anlagenstatus: string[];
  anlagentyp: string[];
  anlagenart: string[];
  /** Ids of the value list verwaltungseinheit (as text): plants whose operation's Ort is one of them. */
  verwaltungseinheit: string[];
}

/** The query of GET /api/anlage/search (the multi-valued filters are sent repeated). */
export interface AnlagenSuche {
  q?: string;
  anlagenstatus?: string[];
  anlagentyp?: string[];
  anlagenart?: string[];
  verwaltungseinheit?: string[];
  page: number;
  size: number;
  sortProperty: 'bezeichnung' | 'anlagentyp' | 'anlagenart' | 'anlagenstatus' | 'betrieb';
  sortDirection: 'asc' | 'desc';
}

/** GET /api/anlage/search: one page of the plants the caller may see. */
export const anlagenQuery = (suche: AnlagenSuche) =>
  queryOptions({
    queryKey: startseiteKeys.anlagen(suche),
    queryFn: ({ signal }) => api.get<AnlagenSeite>('/anlage/search', { query: { ...suche, minPosition: minPositionFuer() }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
    meta: { globalErrorHandling: false },
  });
