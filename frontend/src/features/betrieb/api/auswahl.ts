import { queryOptions } from '@tanstack/react-query';
import { api, type Schema } from '@/lib/api';
import { betriebKeys } from './keys';

// The lists the operation form chooses from besides the value lists.

/** An operator organisation as the operation form holds it: id, name and address of an OrganisationZeile (GET /api/organisation/…) or of the operation's betreiber. */
export type BetreiberOrganisation = Pick<Schema<'OrganisationZeile'>, 'id' | 'bezeichnung'> & Partial<Pick<Schema<'OrganisationZeile'>, 'adresse'>>;

/** GET /api/organisation/betreiberByBetriebstyp/{typ}: who may operate an operation of this type. */
export const betreiberQuery = (typ: string) =>
  queryOptions({
    queryKey: betriebKeys.betreiber(typ),
    queryFn: ({ signal }) =>
      api.get<BetreiberOrganisation[]>(`/organisation/betreiberByBetriebstyp/${encodeURIComponent(typ)}`, { signal }),
  });

/** GET /api/organisation/{id}: the caller's own organisation (its address for a new operation). */
export const organisationQuery = (id: number) =>
  queryOptions({
    queryKey: betriebKeys.organisation(id),
    queryFn: ({ signal }) => api.get<BetreiberOrganisation>(`/organisation/${id}`, { signal }),
  });

/** GET /api/betrieb/{id}/isBetreiberAbwasserbeseitigungspflichtigerInAnlage: whether the keep/delete choice is needed. */
export const betreiberPflichtigQuery = (betriebId: string) =>
  queryOptions({
    queryKey: betriebKeys.pflichtig(betriebId),
    queryFn: ({ signal }) =>
      api.get<boolean>(`/betrieb/${encodeURIComponent(betriebId)}/isBetreiberAbwasserbeseitigungspflichtigerInAnlage/`, { signal }),
    staleTime: 0,
  });
