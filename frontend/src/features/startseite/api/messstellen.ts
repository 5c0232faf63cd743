import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { minPositionFuer } from '@/lib/befehl';
import type { Arbeitslistenseite, Listenexport, Listensuche } from './arbeitsliste';
import { startseiteKeys } from './keys';

/**
 * A row of GET /api/messstelle/search (the contract of issue 29; defined here until the
 * server's OpenAPI section names it). `anlagentyp` leads to the plant's path segment of the
 * measuring point screen; a server without it leaves the row without a link.
 */
export interface MessstelleZeile {
  id: number;
  messstellenId: string;
  bezeichnung: string;
  /** NR_1 … NR_30 (value list messstellentyp). */
  messstellentyp: string;
  /** GEPLANT, IN_BETRIEB, STILLGELEGT. */
  messstellenstatus: string;
  /** BEANTRAGT, FREIGEGEBEN, ABGEWIESEN. */
  freigabestatus: string;
  anlageId: number;
  anlage: string;
  anlagentyp?: string;
  betriebId: number;
  betrieb: string;
}

export type MessstellenSeite = Arbeitslistenseite<MessstelleZeile>;

/** The filter of the measuring points worklist; an empty list filters nothing. */
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
