import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { Adresse } from './betrieb';
import { betriebKeys } from './keys';

// The lists the operation form chooses from besides the value lists.

/** An operator organisation (GET /api/organisation/…). */
export interface BetreiberOrganisation {
  id: number;
  bezeichnung: string;
  adresse?: Adresse;
}

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
