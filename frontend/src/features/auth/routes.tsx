import { type RouteObject, useSearchParams } from 'react-router-dom';
import { NurAngemeldet, NurAnonym } from '@/lib/auth';
import { Abmelden } from './components/Abmelden';
import { AngemeldetEmbedded } from './components/AngemeldetEmbedded';
import { Anmeldung } from './components/Anmeldung';
import { SsoAnmeldung } from './components/SsoAnmeldung';

/** /login: with a ticket single sign-on comes first, without the anonymous guard (spec 002 §2). */
function LoginRoute() {
  const [params] = useSearchParams();
  const ticket = params.get('ticket');
  if (ticket) return <SsoAnmeldung ticket={ticket} />;
  return (
    <NurAnonym>
      <Anmeldung />
    </NurAnonym>
  );
}

/** Routes inside the page shell. */
export const authRoutes: RouteObject[] = [
  { path: 'login', element: <LoginRoute /> },
  {
    path: 'logout',
    // an anonymous visitor of /logout simply lands on the login; /logout is no origin to return to
    element: (
      <NurAngemeldet merken={false}>
        <Abmelden />
      </NurAngemeldet>
    ),
  },
];

/** Embedded variants, without the shell. */
export const authEmbeddedRoutes: RouteObject[] = [
  {
    path: 'login-embedded',
    element: (
      <NurAnonym ziel="/logged-in-embedded">
        <Anmeldung embedded />
      </NurAnonym>
    ),
  },
  {
    path: 'logged-in-embedded',
    element: (
      <NurAngemeldet login="/login-embedded" merken={false}>
        <AngemeldetEmbedded />
      </NurAngemeldet>
    ),
  },
];
