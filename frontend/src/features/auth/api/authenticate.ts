import { api } from '@/lib/api';
import type { components } from '@/lib/api-schema';

export type Anmeldedaten = components['schemas']['Anmeldung'];
export type TokenAntwort = components['schemas']['Token'];

/** POST /api/authenticate/: the JWT for user name and password (401 wrong, 429 too many tries). */
export function authenticate(daten: Anmeldedaten): Promise<TokenAntwort> {
  return api.post<TokenAntwort>('/authenticate/', daten);
}
