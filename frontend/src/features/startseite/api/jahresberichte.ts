import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, type Antwort } from '@/lib/api';
import type { components } from '@/lib/api-schema';
import { minPositionFuer } from '@/lib/befehl';
import type { Listenexport, Listensuche } from './arbeitsliste';
import { startseiteKeys } from './keys';

/** A row of GET /api/jahresbericht/search. */
export type JahresberichtZeile = components['schemas']['ArbeitslisteJahresbericht'];

export type JahresberichteSeite = Antwort<'sucheJahresberichte'>;

/** The filter of the annual reports worklist; an empty list filters nothing. */
// eslint-disable-next-line no-restricted-syntax -- Frontend: the filter form's state, sent as query parameters
export interface JahresberichteFilter {
  q: string;
  jahr: string[];
  status: string[];
}

export type JahresberichteSortierung = 'von' | 'bis' | 'jahr' | 'anlagenId' | 'anlageBezeichnung' | 'status' | 'geaendert';

export type JahresberichteSuche = Listensuche<JahresberichteFilter, JahresberichteSortierung>;

/** GET /api/jahresbericht/search: one page of the reports the caller may see. */
export const jahresberichteQuery = (suche: JahresberichteSuche) =>
  queryOptions({
    queryKey: startseiteKeys.jahresberichte(suche),
    queryFn: ({ signal }) =>
      api.get<JahresberichteSeite>('/jahresbericht/search', {
        query: { ...suche, minPosition: minPositionFuer(suche.minPosition) },
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 0,
    meta: { globalErrorHandling: false },
  });

/** POST /api/jahresbericht/export: the selection or the filter's rows. */
export const JAHRESBERICHTE_EXPORT: Listenexport = { pfad: '/jahresbericht/export', dateiname: 'jahresberichte.xlsx' };
