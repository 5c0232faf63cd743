import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { components } from '@/lib/api-schema';
import { ablageKeys, type DateiFachobjekt } from './keys';

/** A row of a file list: id, bezeichnung, uploadVon, uploadAm, dateigroesse (bytes), dateityp, dateiname. */
export type Datei = components['schemas']['Datei'];
export type Befehlsergebnis = components['schemas']['Befehlsergebnis'];

/** Upload maximum of spec 000 §9: 100 MB, counted like the sizes are shown (bytes / 1024²). */
export const MAX_DATEIGROESSE = 100 * 1024 * 1024;

/**
 * Where the file routes of an object live: /{fachobjekt}/{id}/dateien and …/upload-file; the
 * report's Externe Stoffe at /jahresbericht/{id}/externe-dateien and …/externe-upload-file (spec 001 §7).
 */
export const pfad = (fachobjekt: DateiFachobjekt, id: string) =>
  fachobjekt === 'jahresbericht-extern'
    ? `/jahresbericht/${encodeURIComponent(id)}/externe-`
    : `/${fachobjekt}/${encodeURIComponent(id)}/`;

/** GET /api/{fachobjekt}/{id}/dateien: the files of an object, newest first. */
export const dateienQuery = (fachobjekt: DateiFachobjekt, id: string) =>
  queryOptions({
    queryKey: ablageKeys.dateien(fachobjekt, id),
    queryFn: ({ signal }) => api.get<Datei[]>(`${pfad(fachobjekt, id)}dateien`, { signal }),
  });
