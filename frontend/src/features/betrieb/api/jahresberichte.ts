import { queryOptions } from '@tanstack/react-query';
import { api, type Schema } from '@/lib/api';

/** A report of the operation as the file's tree shows it (GET /api/jahresbericht/{betriebId}). */
export type BerichtImBaum = Schema<'JahresberichtZeile'>;

/** The open report: the measuring points its year lists (the tree's Messwerte pages). */
export type OffenerBericht = Schema<'Jahresbericht'>;

/**
 * GET /api/jahresbericht/{betriebId}: the operation's reports for the tree. The key is the report
 * feature's (jahresberichtKeys.desBetriebs), so a report command refreshes the tree without the
 * features importing each other.
 */
export const berichteImBaumQuery = (betriebId: string) =>
  queryOptions({
    queryKey: ['jahresbericht', 'betrieb', betriebId] as const,
    queryFn: ({ signal }) => api.get<BerichtImBaum[]>(`/jahresbericht/${encodeURIComponent(betriebId)}`, { signal }),
    meta: { globalErrorHandling: false },
  });

/** GET /api/jahresbericht/id/{id}: the open report (the report feature's key jahresberichtKeys.detail). */
export const offenerBerichtQuery = (berichtId: string) =>
  queryOptions({
    queryKey: ['jahresbericht', 'id', berichtId] as const,
    queryFn: ({ signal }) => api.get<OffenerBericht>(`/jahresbericht/id/${encodeURIComponent(berichtId)}`, { signal }),
    staleTime: 0,
    meta: { globalErrorHandling: false },
  });
