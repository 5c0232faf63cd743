import { queryOptions } from '@tanstack/react-query';
import { api, type Antwort, type Schema } from '@/lib/api';
import { mitStandSchluessel } from '@/lib/stand';
import { akteKeys } from './keys';

/** A Bescheid of the operation as the file's tree shows it (a row of GET /api/betrieb/{id}/bescheid/search). */
export type BescheidImBaum = Schema<'BescheidTreffer'>;

/** What the tree needs of the open Bescheid: its measuring points. */
export type OffenerBescheid = Schema<'Bescheid'>;

/** The Bescheid search's largest page (httpapi bescheidlisteMaxGroesse). */
const SEITENGROESSE = 50;
/**
 * How many Bescheide of an operation the tree and the print dialog list at most: 20 pages; a real
 * operation has a few dozen (docs/decisions.md, "The operation file as of a date").
 */
const BESCHEIDE_HOECHSTENS = 1000;

/**
 * Every Bescheid of the operation (up to BESCHEIDE_HOECHSTENS), page after page of GET
 * /api/betrieb/{id}/bescheid/search (newest first, then by id, so the pages neither overlap nor
 * leave a gap), as of the day stand when given.
 */
async function alleBescheide(betriebId: string, stand: string | undefined, signal: AbortSignal): Promise<BescheidImBaum[]> {
  const alle: BescheidImBaum[] = [];
  for (let page = 0; page * SEITENGROESSE < BESCHEIDE_HOECHSTENS; page++) {
    const s = await api.get<Antwort<'sucheBescheide'>>(`/betrieb/${encodeURIComponent(betriebId)}/bescheid/search`, {
      signal,
      query: { size: SEITENGROESSE, page, stand },
    });
    alle.push(...s.content);
    // as of a date a page keeps only the rows that existed then: the count of today's decides
    if ((page + 1) * SEITENGROESSE >= s.totalElements) break;
  }
  return alle;
}

/**
 * The operation's Bescheide for the tree and the print dialog: all of them (alleBescheide). The
 * key is the Bescheid area's (akteKeys.bescheid.desBetriebs), so a Bescheid command refreshes the
 * tree.
 */
export const bescheideDesBetriebsQuery = (betriebId: string, stand?: string) =>
  queryOptions({
    queryKey: mitStandSchluessel(akteKeys.bescheid.desBetriebs(betriebId), stand),
    queryFn: ({ signal }) => alleBescheide(betriebId, stand, signal),
    meta: { globalErrorHandling: false },
  });

/** GET /api/bescheid/{id}: the open Bescheid (the Bescheid area's key akteKeys.bescheid.detail). */
export const offenerBescheidQuery = (bescheidId: string, stand?: string) =>
  queryOptions({
    queryKey: mitStandSchluessel(akteKeys.bescheid.detail(bescheidId), stand),
    queryFn: ({ signal }) => api.get<OffenerBescheid>(`/bescheid/${encodeURIComponent(bescheidId)}`, { signal, query: { stand } }),
    staleTime: 0,
  });
