import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { components } from '@/lib/api-schema';
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

/**
 * DELETE /api/lokaleRolle/{id}: the last role of users answers 400 with warnung LETZTE_ROLLE
 * until repeated with ignoreWarning=true.
 */
