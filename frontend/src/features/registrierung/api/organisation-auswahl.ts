import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { components } from '@/lib/api-schema';
import { registrierungKeys } from './keys';

export type OrganisationAuswahl = components['schemas']['OrganisationAuswahl'];

/** GET /api/organisation/auswahlRegistrierung/: the active organisations a visitor may choose. */
export const organisationAuswahlQuery = () =>
  queryOptions({
    queryKey: registrierungKeys.organisationen,
    queryFn: ({ signal }) => api.get<OrganisationAuswahl[]>('/organisation/auswahlRegistrierung/', { signal }),
    staleTime: 5 * 60_000,
  });
