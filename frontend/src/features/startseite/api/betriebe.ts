import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, type Antwort, type Schema } from '@/lib/api';
import { minPositionFuer } from '@/lib/befehl';
import type { Listenexport, Listensuche } from './arbeitsliste';
import { startseiteKeys } from './keys';

/** A row of GET /api/betrieb/search: display texts and the identifiers of type and status. */
export type BetriebZeile = Schema<'ArbeitslisteBetrieb'>;

export type BetriebSeite = Antwort<'searchBetrieb'>;

/** The filter of the operations worklist; an empty list filters nothing. */
// eslint-disable-next-line no-restricted-syntax -- Frontend: the filter form's state, sent as query parameters
export interface BetriebFilter {
  q: string;
  /** Identifiers of the value list betriebsstatus (IN_BETRIEB, …). */
  betriebsstatus: string[];
  /** Identifiers of the value list betriebstyp (INDUSTRIE, …). */
  betriebstyp: string[];
  /** BEANTRAGT, FREIGEGEBEN, ABGEWIESEN. */
  freigabestatus: string[];
}

/** The columns the server sorts by (sortProperty). */
export type BetriebSortierung =
  | 'bezeichnung'
  | 'betriebsId'
  | 'betreiber'
  | 'ort'
  | 'plz'
  | 'betriebstyp'
  | 'betriebsstatus'
  | 'freigabestatus'
  | 'regionalstelle';

/** The query of GET /api/betrieb/search (the multi-valued filters are sent repeated). */
export type BetriebSuche = Listensuche<BetriebFilter, BetriebSortierung>;

/** GET /api/betrieb/search: one page of the operations the caller may see. */
export const betriebeQuery = (suche: BetriebSuche) =>
  queryOptions({
    queryKey: startseiteKeys.betriebe(suche),
    // after an own command (lib/befehl) the answer waits for its position
    queryFn: ({ signal }) =>
      api.get<BetriebSeite>('/betrieb/search', { query: { ...suche, minPosition: minPositionFuer(suche.minPosition) }, signal }),
    placeholderData: keepPreviousData,
    // a worklist of a read model others change: every search, reset or return asks the server
    staleTime: 0,
    // a list on the start page: its failure is shown in place (BetriebeListe), not as a
    // redirect to the not-found page
    meta: { globalErrorHandling: false },
  });

/** POST /api/betrieb/export: the selection or the filter's rows. */
export const BETRIEBE_EXPORT: Listenexport = { pfad: '/betrieb/export', dateiname: 'betriebe.xlsx' };
