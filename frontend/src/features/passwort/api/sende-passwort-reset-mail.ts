import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { BefehlOptionen } from '@/lib/befehl';
import type { Meldung } from './passwort-reset';

/** POST /api/sendPasswordResetMail/: the same answer whether the user exists or not. */
export function sendePasswortResetMail(username: string): Promise<Meldung> {
  return api.post<Meldung>('/sendPasswordResetMail/', { username });
}

export type SendePasswortResetMailEingabe = Parameters<typeof sendePasswortResetMail>[0];

/** Asks for the reset mail (no cache changes). */
export function useSendePasswortResetMail(optionen: BefehlOptionen<Awaited<ReturnType<typeof sendePasswortResetMail>>, SendePasswortResetMailEingabe> = {}) {
  return useMutation({ ...optionen, mutationFn: sendePasswortResetMail });
}
