import { api } from '@/lib/api';
import type { components } from '@/lib/api-schema';

export type Registrierung = components['schemas']['Registrierung'];
export type RegistrierungErfolg = components['schemas']['RegistrierungErfolg'];
export type FunktionaleRolle = Registrierung['funktionaleRolle'][number];

/** POST /api/registrierung/: the account waits for the e-mail confirmation, then for activation. */
export function registrieren(daten: Registrierung): Promise<RegistrierungErfolg> {
  return api.post<RegistrierungErfolg>('/registrierung/', daten);
}
