import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { components, operations } from '@/lib/api-schema';
import type { VerlaufEintrag } from '@/components/Verlauf';
import { systemverwaltungKeys } from './keys';

export type Organisation = components['schemas']['OrganisationZeile'];
export type OrganisationEingabe = components['schemas']['OrganisationEingabe'];
export type OrganisationsVersion =
  operations['getOrganisationHistorie']['responses']['200']['content']['application/json'][number];
export type Zusammenfuehrung = NonNullable<
  operations['mergeOrganisation']['requestBody']
>['content']['application/json'];

/** GET /api/organisation (?status=AKTIV|INAKTIV): organisations by name. */
export const organisationenQuery = (status?: 'AKTIV' | 'INAKTIV') =>
  queryOptions({
    queryKey: systemverwaltungKeys.organisationen.list(status),
    queryFn: ({ signal }) => api.get<Organisation[]>('/organisation', { query: { status }, signal }),
  });

/** GET /api/organisation/{id}: fresh, so a discarded change shows the stored data again. */
export const organisationQuery = (id: number) =>
  queryOptions({
    queryKey: systemverwaltungKeys.organisationen.detail(id),
    queryFn: ({ signal }) => api.get<Organisation>(`/organisation/${id}`, { signal }),
    staleTime: 0,
  });

/** GET /api/organisation/{id}/historie: the versions, oldest first. */
export const organisationHistorieQuery = (id: number) =>
  queryOptions({
    queryKey: systemverwaltungKeys.organisationen.historie(id),
    queryFn: ({ signal }) => api.get<OrganisationsVersion[]>(`/organisation/${id}/historie`, { signal }),
    staleTime: 0,
  });

/**
 * POST /api/organisation or PUT /api/organisation/{id}. A change of historised fields without
 * (fitting) auditInfo answers 400 with auditInfoViolation (components/Historisierung).
 */

/** GET /api/organisation/{id}/verlauf: every event with who, when and the changed fields. */
export const organisationVerlaufQuery = (id: number) =>
  queryOptions({
    queryKey: systemverwaltungKeys.organisationen.verlauf(id),
    queryFn: ({ signal }) => api.get<VerlaufEintrag[]>(`/organisation/${id}/verlauf`, { signal }),
    staleTime: 0,
  });
