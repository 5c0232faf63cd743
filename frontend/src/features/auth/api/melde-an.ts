import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { setToken } from '@/lib/auth';
import type { BefehlOptionen } from '@/lib/befehl';
import type { components } from '@/lib/api-schema';

export type Anmeldedaten = components['schemas']['Anmeldung'];
export type TokenAntwort = components['schemas']['Token'];

/** POST /api/authenticate/: the JWT for user name and password (401 wrong, 429 too many tries). */
export function authenticate(daten: Anmeldedaten): Promise<TokenAntwort> {
  return api.post<TokenAntwort>('/authenticate/', daten);
}

/** A new session (password or SSO): nothing cached for an earlier one may show, then the token. */
export function beginneSitzung(queryClient: QueryClient, token: string): void {
  queryClient.removeQueries();
  setToken(token);
}

/**
 * Logs in: nothing cached for an earlier session may show for this one, so the whole cache is
 * dropped before the new token is stored; then the component's onSuccess (navigation).
 */
export function useAnmelden({ onSuccess, ...optionen }: BefehlOptionen<TokenAntwort, Anmeldedaten> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...optionen,
    mutationFn: authenticate,
    onSuccess: (...args) => {
      beginneSitzung(queryClient, args[0].token);
      return onSuccess?.(...args);
    },
  });
}
