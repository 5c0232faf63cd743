import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, type Antwort } from '@/lib/api';
import type { components } from '@/lib/api-schema';
import { minPositionFuer } from '@/lib/befehl';
import type { Listenexport, Listensuche } from './arbeitsliste';
import { startseiteKeys } from './keys';

/** A row of GET /api/messstelle/search; `anlagentyp` is the plant's path segment of the screens. */
export type MessstelleZeile = components['schemas']['ArbeitslisteMessstelle'];

export type MessstellenSeite = Antwort<'sucheMessstellen'>;

/** The filter of the measuring points worklist; an empty list filters nothing. */
// eslint-disable-next-line no-restricted-syntax -- Frontend: the filter form's state, sent as query parameters
export interface MessstellenFilter {
  q: string;
  messstellenstatus: string[];
  messstellentyp: string[];
  freigabestatus: string[];
}

export type MessstellenSortierung = 'messstellenId' | 'bezeichnung' | 'messstellentyp' | 'messstellenstatus' | 'anlage' | 'betrieb';

export type MessstellenSuche = Listensuche<MessstellenFilter, MessstellenSortierung>;

/** The contract names the search text `query` (spec 000 §7), not `q`. */
export const MESSSTELLEN_TEXTPARAMETER = 'query';

/** GET /api/messstelle/search: one page of the measuring points the caller may see. */
export const messstellenQuery = (suche: MessstellenSuche) =>
  queryOptions({
    queryKey: startseiteKeys.messstellen(suche),
    queryFn: ({ signal }) => {
      const { q, ...rest } = suche;
      return api.get<MessstellenSeite>('/messstelle/search', {
        query: { ...rest, [MESSSTELLEN_TEXTPARAMETER]: q, minPosition: minPositionFuer(suche.minPosition) },
        signal,
      });
    },
    placeholderData: keepPreviousData,
    staleTime: 0,
    meta: { globalErrorHandling: false },
  });

/** POST /api/messstelle/export: the selection or the filter's rows. */
export const MESSSTELLEN_EXPORT: Listenexport = { pfad: '/messstelle/export', dateiname: 'messstellen.xlsx', textParameter: MESSSTELLEN_TEXTPARAMETER };
