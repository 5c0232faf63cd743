import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { api, ApiError } from '@/lib/api';
import type { components } from '@/lib/api-schema';
import { handleGlobalError, MSG_UNAUTHORIZED } from '@/lib/errors';
import { toast } from '@/lib/toast';
import { clearToken, decodeToken, getToken, isTokenExpired, useToken, type TokenClaims } from './token';

/** The logged-in user as GET /api/me answers: person, roles and the actions the UI may offer. */
export type Ich = components['schemas']['Ich'];

/**
 * What the UI may offer, named like the server's permission table (GET /api/me `aktionen`).
 * Only the ones the UI asks for so far; the server has more.
 */
export type Aktion =
  | 'SYSTEMVERWALTUNG_OEFFNEN'
  | 'SYSTEMVERWALTUNG_BEARBEITEN'
  | 'AUSWERTUNG_EXPORTIEREN'
  | 'AUDIT_LESEN'
  | 'NACHRICHTEN_LESEN'
  | 'WIEDERVORLAGEN_LESEN'
  | 'STARTSEITE_BEARBEITEN'
  | 'BETRIEB_BEANTRAGEN'
  | 'BEARBEITUNGSMODUS_NUTZEN'
  | 'BEARBEITER_ZUORDNEN'
  | 'ANLAGE_ANLEGEN'
  | 'ANLAGE_BEARBEITEN'
  | 'MESSSTELLE_ANLEGEN'
  | 'MESSSTELLE_FREIGEBEN'
  | 'DATEI_HOCHLADEN'
  | 'AUFGABEN_LESEN'
  | 'BETRIEB_FREIGEBEN'
  | 'AENDERUNGSANTRAG_PRUEFEN'
  | 'KARTENPOSITION_SETZEN'
  | 'BESCHEID_ANLEGEN'
  | 'BESCHEIDSANTRAG_STELLEN'
  | 'JAHRESBERICHT_PLAUSIBILISIEREN'
  | 'JAHRESBERICHT_ANLEGEN'
  | 'JAHRESBERICHT_BEARBEITEN'
  | 'MESSWERTE_IMPORTIEREN'
  | 'ENTLASTUNGSANLAGEN_IMPORTIEREN'
  | 'BETRIEB_VERLAUF_LESEN'
  | 'PARAMETER_STELLEN_PFLEGEN';

export const sessionKeys = {
  all: ['me'] as const,
  me: (token: string | null) => [...sessionKeys.all, token] as const,
};

// eslint-disable-next-line no-restricted-syntax -- Frontend: the session as the app holds it (token and its claims), no answer
export interface Session {
  /** The token, when there is one that has not expired. */
  token: string | null;
  claims: TokenClaims | null;
  angemeldet: boolean;
}

/** The session from the token in localStorage; an expired token counts as no session. */
export function useSession(): Session {
  const raw = useToken();
  return useMemo(() => {
    const token = raw && !isTokenExpired(raw) ? raw : null;
    return { token, claims: token ? decodeToken(token) : null, angemeldet: token !== null };
  }, [raw]);
}

export const meQuery = (token: string | null) =>
  queryOptions({
    queryKey: sessionKeys.me(token),
    queryFn: async ({ signal }) => {
      try {
        return await api.get<Ich>('/me', { signal });
      } catch (e) {
        if (e instanceof ApiError && e.status === 401) {
          // the server no longer accepts the token (session ended, credentials changed): drop it,
          // the route guard then sends the user to the login and back here afterwards
          if (getToken() === token) {
            toast.error(MSG_UNAUTHORIZED);
            clearToken();
          }
        } else {
          handleGlobalError(e);
        }
        throw e;
      }
    },
    enabled: token !== null,
    staleTime: 5 * 60_000,
    retry: false,
    meta: { globalErrorHandling: false },
  });

/** GET /api/me for the current session (disabled without one). */
export function useMe() {
  const { token } = useSession();
  return useQuery(meQuery(token));
}

/** Whether the logged-in user may do `aktion`; false while /api/me loads or without session. */
export function useDarf(): (aktion: Aktion) => boolean {
  const { data } = useMe();
  return useCallback((aktion: Aktion) => data?.aktionen.includes(aktion) ?? false, [data]);
}

/** Ends the session in this browser: token and every cached answer go. Navigation is the caller's. */
export function useSitzungBeenden(): () => void {
  const queryClient = useQueryClient();
  return useCallback(() => {
    clearToken();
    queryClient.clear();
  }, [queryClient]);
}

/**
 * POST /api/logout: the server ends the session, so the token is worthless even if it was copied.
 * Waits at most a few seconds; failures (already ended, server away) are ignored, since the browser
 * forgets the token anyway.
 */
export async function sitzungAmServerBeenden(token: string | null): Promise<void> {
  if (!token || isTokenExpired(token)) return;
  try {
    await api.post('/logout', undefined, {
      headers: { Authorization: `Bearer ${token}` },
      signal: AbortSignal.timeout(5000),
    });
  } catch {
    // nothing to tell the user: they are logged out in this browser either way
  }
}

/** Logging out (header 'Abmelden', /logout): first on the server, then in this browser. */
export function useAbmelden(): () => Promise<void> {
  const beenden = useSitzungBeenden();
  return useCallback(async () => {
    await sitzungAmServerBeenden(getToken());
    beenden();
  }, [beenden]);
}
