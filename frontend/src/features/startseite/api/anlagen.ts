import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, type Antwort } from '@/lib/api';
import { minPositionFuer } from '@/lib/befehl';
import type { components } from '@/lib/api-schema';
import type { Listenexport, Listensuche } from './arbeitsliste';
import { startseiteKeys } from './keys';

export type AnlageZeile = components['schemas']['ArbeitslisteAnlage'];

export type AnlagenSeite = Antwort<'sucheAnlagen'>;

/** The filter of the plants worklist; an empty list filters nothing. */
// eslint-disable-next-line no-restricted-syntax -- Frontend: the filter form's state, sent as query parameters
export interface AnlagenFilter {
  q: string;
  anlagenstatus: string[];
  anlagentyp: string[];
  anlagenart: string[];
  /** Ids of the value list verwaltungseinheit (as text): plants whose operation's Ort is one of them. */
  verwaltungseinheit: string[];
}

export type AnlagenSortierung = 'bezeichnung' | 'anlagentyp' | 'anlagenart' | 'anlagenstatus' | 'betrieb';

/** The query of GET /api/anlage/search (the multi-valued filters are sent repeated). */
export type AnlagenSuche = Listensuche<AnlagenFilter, AnlagenSortierung>;

/** GET /api/anlage/search: one page of the plants the caller may see. */
export const anlagenQuery = (suche: AnlagenSuche) =>
  queryOptions({
    queryKey: startseiteKeys.anlagen(suche),
    queryFn: ({ signal }) =>
      api.get<AnlagenSeite>('/anlage/search', { query: { ...suche, minPosition: minPositionFuer(suche.minPosition) }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
    meta: { globalErrorHandling: false },
  });

/** POST /api/anlage/export: the selection or the filter's rows. */
export const ANLAGEN_EXPORT: Listenexport = { pfad: '/anlage/export', dateiname: 'anlagen.xlsx' };
