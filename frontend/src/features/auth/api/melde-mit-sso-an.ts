import { api } from '@/lib/api';
import type { components } from '@/lib/api-schema';

export type TokenAntwort = components['schemas']['Token'];

/** POST /api/sso/: the JWT for a CAS ticket; 403 when the ticket or its user is not accepted. */
export function ssoAnmelden(ticket: string): Promise<TokenAntwort> {
  return api.post<TokenAntwort>('/sso/', { ticket });
}
