import { queryOptions } from '@tanstack/react-query';
import { api, type Schema } from '@/lib/api';
import { akteKeys } from './keys';

/** A report of the operation as the file's tree shows it (GET /api/jahresbericht/{betriebId}). */
export type BerichtImBaum = Schema<'JahresberichtZeile'>;

/** The open report: the measuring points its year lists (the tree's Messwerte pages). */
export type OffenerBericht = Schema<'Jahresbericht'>;

/**
 * GET /api/jahresbericht/{betriebId}: the operation's reports for the tree. The key is the report
 * area's (akteKeys.jahresbericht.desBetriebs), so a report command refreshes the tree.
 */
export const berichteImBaumQuery = (betriebId: string) =>
  queryOptions({
    queryKey: akteKeys.jahresbericht.desBetriebs(betriebId),
    queryFn: ({ signal }) => api.get<BerichtImBaum[]>(`/jahresbericht/${encodeURIComponent(betriebId)}`, { signal }),
    meta: { globalErrorHandling: false },
  });

/** GET /api/jahresbericht/id/{id}: the open report (the report area's key akteKeys.jahresbericht.detail). */
export const offenerBerichtQuery = (berichtId: string) =>
  queryOptions({
    queryKey: akteKeys.jahresbericht.detail(berichtId),
    queryFn: ({ signal }) => api.get<OffenerBericht>(`/jahresbericht/id/${encodeURIComponent(berichtId)}`, { signal }),
    staleTime: 0,
    meta: { globalErrorHandling: false },
  });
