import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { BefehlOptionen } from '@/lib/befehl';
import type { Meldung, PasswortReset } from './passwort-reset';

/** PUT /api/resetPassword/: the new password with the token of the mail; 'Ungültiger Link.' otherwise. */
export function setzePasswortZurueck(daten: PasswortReset): Promise<Meldung> {
  return api.put<Meldung>('/resetPassword/', daten);
}

export type SetzePasswortZurueckEingabe = Parameters<typeof setzePasswortZurueck>[0];

/** Sets the new password with the mailed link (no cache changes). */
export function useSetzePasswortZurueck(optionen: BefehlOptionen<Awaited<ReturnType<typeof setzePasswortZurueck>>, SetzePasswortZurueckEingabe> = {}) {
  return useMutation({ ...optionen, mutationFn: setzePasswortZurueck });
}
