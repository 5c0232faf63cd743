import type { Antwort } from '@/lib/api';

/**
 * What every worklist of the start page shares on the wire (Anlagen, Messstellen, Betriebe):
 * a filter of a search text and lists of identifiers, one page of rows, and the search the
 * list sends — the filter's lists repeated, paging, sort order, read-your-writes.
 */

/** A worklist's filter: the search text, and lists of identifiers (an empty list filters nothing). */
// eslint-disable-next-line no-restricted-syntax -- Frontend: the filter form's state, sent as query parameters
export interface Listenfilter {
  q: string;
}

/** One page of a worklist (GET /api/<area>/search; ohneFilter only when a search finds nothing with the chosen filters). */
export type Arbeitslistenseite<Z> = Omit<Antwort<'sucheAnlagen'>, 'content'> & Record<'content', Z[]>;

/** The query of a worklist search: the filter's lists, the trimmed text, page and sort order. */
// eslint-disable-next-line no-restricted-syntax -- Frontend: the search's query parameters
export type Listensuche<F extends Listenfilter, P extends string = string> = Partial<Omit<F, 'q'>> & {
  q?: string;
  page: number;
  size: number;
  sortProperty: P;
  sortDirection: 'asc' | 'desc';
  /** Global position of an own write the answer must include. */
  minPosition?: number;
};

/** Where a worklist exports to and the file's name. */
// eslint-disable-next-line no-restricted-syntax -- Frontend: where a list exports to, no answer
export interface Listenexport {
  pfad: string;
  dateiname: string;
  /** The name of the search text in the export's query string (default `q`). */
  textParameter?: string;
}
