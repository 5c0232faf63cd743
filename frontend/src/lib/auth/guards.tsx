import { useEffect, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation, useSearchParams } from 'react-router-dom';
import { Laden } from '@/components/Laden';
import { useMe, useSession, type Aktion } from './session';
import { clearToken, useToken } from './token';

// Route guarding of spec 002 §2. Each guard works as a layout route (renders <Outlet/>) or
// around one element (renders its children).

/** The query parameter that carries the page a login should return to. */
export const REDIRECT_PARAM = 'redirect';

/**
 * A return address from the query, when it is a path inside the application: it must start
 * with one '/', so '//host' or 'https://…' can never send the user elsewhere.
 */
export function sicheresZiel(raw: string | null | undefined): string | null {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.includes('\\')) return null;
  return raw;
}

/** The login address that returns to `origin` afterwards ('/' needs no reminder). */
export function loginPfad(origin: string, login = '/login'): string {
  return origin === '/' ? login : `${login}?${REDIRECT_PARAM}=${encodeURIComponent(origin)}`;
}

/** Where a successful login goes: the remembered origin, else the start page. */
export function useZielNachLogin(): string {
  const [params] = useSearchParams();
  return sicheresZiel(params.get(REDIRECT_PARAM)) ?? '/';
}

interface GuardProps {
  children?: ReactNode;
}

/**
 * Routes for anonymous users: a logged-in user goes to the start page — or to the remembered
 * origin, so a login that just succeeded and this guard agree on where to go.
 */
export function NurAnonym({ ziel, children }: GuardProps & { ziel?: string }) {
  const { angemeldet } = useSession();
  const nachLogin = useZielNachLogin();
  if (angemeldet) return <Navigate to={ziel ?? nachLogin} replace />;
  return children ?? <Outlet />;
}

/**
 * Routes needing a login: an anonymous user (or one whose token has expired) goes to the
 * login, which returns here afterwards. The screen renders once GET /api/me has answered, so a
 * token the server no longer accepts is noticed (and dropped) before the screen's own calls.
 */
export function NurAngemeldet({
  login = '/login',
  merken = true,
  children,
}: GuardProps & { login?: string; merken?: boolean }) {
  const raw = useToken();
  const { angemeldet } = useSession();
  const location = useLocation();
  const me = useMe();

  useEffect(() => {
    if (raw && !angemeldet) clearToken();
  }, [raw, angemeldet]);

  if (!angemeldet) {
    const origin = location.pathname + location.search + location.hash;
    return <Navigate to={merken ? loginPfad(origin, login) : login} replace />;
  }
  if (me.isPending) return <Laden />;
  return children ?? <Outlet />;
}

/** Routes needing an action of the permission table (inside NurAngemeldet): else /unautorisiert. */
export function NurMitAktion({ aktion, children }: GuardProps & { aktion: Aktion }) {
  const me = useMe();
  if (me.isPending) return <Laden />;
  // without an answer (server trouble, already shown by the error handling) there is nothing to decide
  if (!me.data) return null;
  if (!me.data.aktionen.includes(aktion)) return <Navigate to="/unautorisiert" replace />;
  return children ?? <Outlet />;
}
