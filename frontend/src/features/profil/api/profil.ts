import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { components } from '@/lib/api-schema';
import { profilKeys } from './keys';

export type Profil = components['schemas']['Profil'];
export type ProfilErgebnis = components['schemas']['ProfilErgebnis'];

/** GET /api/profil/: the logged-in user's person, user name (the password never comes back). */
export const profilQuery = () =>
  queryOptions({
    queryKey: profilKeys.profil,
    queryFn: ({ signal }) => api.get<Profil>('/profil/', { signal }),
    staleTime: 0,
  });
