import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { sessionKeys } from '@/lib/auth';
import type { BefehlOptionen } from '@/lib/befehl';
import { profilKeys } from './keys';
import type { Profil, ProfilErgebnis } from './profil';

/** PUT /api/profil/: `abgemeldet` is true when user name, password or e-mail changed. */
export function speichereProfil(profil: Profil): Promise<ProfilErgebnis> {
  return api.put<ProfilErgebnis>('/profil/', profil);
}

/**
 * Saves the profile. While the session goes on, the cached profile becomes what was sent
 * (without passwords) and the session (/api/me: names) is fetched again; when the server ended
 * the session (`abgemeldet`), the component logs out.
 */
export function useSpeichereProfil({ onSuccess, ...optionen }: BefehlOptionen<ProfilErgebnis, Profil> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...optionen,
    mutationFn: speichereProfil,
    onSuccess: (...args) => {
      const [ergebnis, gesendet] = args;
      if (!ergebnis.abgemeldet) {
        queryClient.setQueryData(profilKeys.profil, { ...gesendet, passwort: undefined, aktuellesPasswort: undefined });
        void queryClient.invalidateQueries({ queryKey: sessionKeys.all });
      }
      return onSuccess?.(...args);
    },
  });
}
