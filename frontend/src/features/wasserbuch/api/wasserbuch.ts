import { queryOptions } from '@tanstack/react-query';
import { api, apiDatei, type Datei } from '@/lib/api';
import type { components } from '@/lib/api-schema';
import { wasserbuchKeys } from './keys';

/** GET /api/digiwab-page/{wbbId}: the register entry's page, sanitised by the server. */
export type WasserbuchSeite = components['schemas']['WasserbuchSeite'];

export const wasserbuchSeiteQuery = (wbbId: string) =>
  queryOptions({
    queryKey: wasserbuchKeys.seite(wbbId),
    queryFn: ({ signal }) => api.get<WasserbuchSeite>(`/digiwab-page/${encodeURIComponent(wbbId)}`, { signal }),
    staleTime: 0,
    // the page shows the register's German message in place
    meta: { globalErrorHandling: false },
  });

/** The path of the server's document references (wasserbuch.PDFVerweis). */
export const PDF_PFAD = '/api/digiwab-pdf/';

/** GET /api/digiwab-pdf/?entryId&dokId: a document of the register as a file (download.pdf). */
export const ladeWasserbuchDokument = (entryId: string, dokId: string): Promise<Datei> =>
  apiDatei('/digiwab-pdf/', { query: { entryId, dokId } });
