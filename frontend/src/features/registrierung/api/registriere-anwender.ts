import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { BefehlOptionen } from '@/lib/befehl';
import type { components } from '@/lib/api-schema';

export type Registrierung = components['schemas']['Registrierung'];
export type RegistrierungErfolg = components['schemas']['RegistrierungErfolg'];
export type FunktionaleRolle = Registrierung['funktionaleRolle'][number];

/** POST /api/registrierung/: the account waits for the e-mail confirmation, then for activation. */
export function registrieren(daten: Registrierung): Promise<RegistrierungErfolg> {
  return api.post<RegistrierungErfolg>('/registrierung/', daten);
}

/** Registers an account (no cache changes: the caller is not logged in). */
export function useRegistrieren(optionen: BefehlOptionen<RegistrierungErfolg, Registrierung> = {}) {
  return useMutation({ ...optionen, mutationFn: registrieren });
}
