import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { components } from '@/lib/api-schema';
import { ablageKeys, type WiedervorlageFachobjekt } from './keys';

/** A reminder: id, betreff, datum (yyyy-MM-dd or null), fachobjekt, fachobjektId, bezugZuFachobjekt, angelegtVon, loeschbar. */
export type Wiedervorlage = components['schemas']['Wiedervorlage'];
export type WiedervorlageEingabe = components['schemas']['WiedervorlageEingabe'];

export const pfad = (fachobjekt: WiedervorlageFachobjekt, id: string) => `/${fachobjekt}/${encodeURIComponent(id)}/wiedervorlage`;

/** GET /api/{fachobjekt}/{id}/wiedervorlage: the reminders of an object by date. */
export const wiedervorlagenQuery = (fachobjekt: WiedervorlageFachobjekt, id: string) =>
  queryOptions({
    queryKey: ablageKeys.wiedervorlagen(fachobjekt, id),
    queryFn: ({ signal }) => api.get<Wiedervorlage[]>(pfad(fachobjekt, id), { signal }),
  });
