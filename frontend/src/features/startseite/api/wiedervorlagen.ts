import { queryOptions } from '@tanstack/react-query';
import { api, type Antwort } from '@/lib/api';
import { startseiteKeys } from './keys';

/** A reminder of the start page's tab (GET /api/wiedervorlage). */
export type MeineWiedervorlage = Antwort<'getMeineWiedervorlagen'>[number];

/** GET /api/wiedervorlage: the reminders that concern the caller, earliest first. */
export const meineWiedervorlagenQuery = () =>
  queryOptions({
    queryKey: startseiteKeys.wiedervorlagen(),
    queryFn: ({ signal }) => api.get<MeineWiedervorlage[]>('/wiedervorlage', { signal }),
    // reminders are added on the objects' own pages: the tab always asks afresh
    staleTime: 0,
  });
