/**
 * What every worklist of the start page shares on the wire (Anlagen, Messstellen, Betriebe):
 * a filter of a search text and lists of identifiers, one page of rows, and the search the
 * list sends — the filter's lists repeated, paging, sort order, read-your-writes.
 */

/** A worklist's filter: the search text, and lists of identifiers (an empty list filters nothing). */
export interface Listenfilter {
  q: string;
}

/** One page of a worklist (GET /api/<area>/search). */
export interface Arbeitslistenseite<Z> {
  content: Z[];
  page: number;
  size: number;
  totalElements: number;
  /** Only when a search finds nothing with the chosen filters: how many rows it finds without them. */
  ohneFilter?: number;
}

/** The query of a worklist search: the filter's lists, the trimmed text, page and sort order. */
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
export interface Listenexport {
  pfad: string;
  dateiname: string;
  /** The name of the search text in the export's query string (default `q`). */
  textParameter?: string;
}
