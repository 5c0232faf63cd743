import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { components } from '@/lib/api-schema';
import type { Gespeichert, Meldung } from './anwender';
import { systemverwaltungKeys } from './keys';

export type LokaleRolle = components['schemas']['LokaleRolle'];
export type GlobaleRolle = LokaleRolle['globaleRolle'];

/** The member of the 400 that asks to confirm deleting the last role of users. */
export const WARNUNG_LETZTE_ROLLE = 'LETZTE_ROLLE';

/** GET /api/lokaleRolle: all local roles by name. */
export const lokaleRollenQuery = () =>
  queryOptions({
    queryKey: systemverwaltungKeys.lokaleRollen,
    queryFn: ({ signal }) => api.get<LokaleRolle[]>('/lokaleRolle', { signal }),
  });

/** POST /api/lokaleRolle or PUT /api/lokaleRolle/{id} (with the version loaded). */
export function speichereLokaleRolle({ id, daten }: { id?: number; daten: LokaleRolle }): Promise<Gespeichert> {
  return id === undefined ? api.post<Gespeichert>('/lokaleRolle', daten) : api.put<Gespeichert>(`/lokaleRolle/${id}`, daten);
}

/**
 * DELETE /api/lokaleRolle/{id}: the last role of users answers 400 with warnung LETZTE_ROLLE
 * until repeated with ignoreWarning=true.
 */
export function loescheLokaleRolle({ id, ignoreWarning }: { id: number; ignoreWarning?: boolean }): Promise<Meldung> {
  return api.delete<Meldung>(`/lokaleRolle/${id}`, { query: { ignoreWarning: ignoreWarning || undefined } });
}
