import { api } from '@/lib/api';
import type { components } from '@/lib/api-schema';

export type Meldung = components['schemas']['Meldung'];
export type PasswortReset = components['schemas']['PasswortReset'];

/** POST /api/sendPasswordResetMail/: the same answer whether the user exists or not. */
export function sendePasswortResetMail(username: string): Promise<Meldung> {
  return api.post<Meldung>('/sendPasswordResetMail/', { username });
}

/** PUT /api/resetPassword/: the new password with the token of the mail; 'Ungültiger Link.' otherwise. */
export function setzePasswortZurueck(daten: PasswortReset): Promise<Meldung> {
  return api.put<Meldung>('/resetPassword/', daten);
}
