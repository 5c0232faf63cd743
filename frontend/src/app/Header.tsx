import { useQuery } from '@tanstack/react-query';
import { Link, NavLink, useNavigate } from 'react-router-dom';
import { aufgabenAnzahlQuery } from '@/features/aufgaben/api/aufgaben';
import { ANZAHL_INTERVALL_MS, nachrichtenAnzahlQuery } from '@/features/startseite/api/nachrichten';
import { useDarf, useSession } from '@/lib/auth';
import { APP_NAME } from '@/lib/constants';
import { konfigurationQuery } from '@/lib/konfiguration';

const knopf = 'rounded border border-white px-3 py-1 text-white hover:bg-white hover:text-blue-900';
const verweis = 'text-white underline hover:no-underline';

/** '3 ungelesene Nachrichten', '1 ungelesene Nachricht', 'keine ungelesenen Nachrichten'. */
export function ungelesenText(anzahl: number): string {
  if (anzahl === 0) return 'keine ungelesenen Nachrichten';
  return anzahl === 1 ? '1 ungelesene Nachricht' : `${anzahl} ungelesene Nachrichten`;
}

/**
 * A header link with the number it counts as a badge. Its name says what the badge shows
 * ('Nachrichten: 3 ungelesene Nachrichten') and begins with the visible text "Nachrichten 3"
 * (the space keeps the two words apart for axe's label-content-name-mismatch), so voice control
 * finds the link by what it shows.
 */
function Zaehlerverweis({ to, wort, n, text, badge, testId, seite }: { to: string; wort: string; n?: number; text: (n: number) => string; badge: string; testId?: string; seite?: boolean }) {
  // a link to a page of its own marks it as the current one (aria-current); the messages are a tab
  const Verweis = seite ? NavLink : Link;
  return (
    <Verweis to={to} aria-label={n === undefined ? undefined : `${wort}: ${text(n)}`} className={`${verweis} inline-flex items-center gap-1.5`}>
      {wort}{' '}
      {n !== undefined && n > 0 && (
        <span aria-hidden="true" data-testid={testId} className={`rounded-full px-2 text-xs font-bold ${badge}`}>
          {n}
        </span>
      )}
    </Verweis>
  );
}

/**
 * 'Nachrichten' with the number of unread ones (asked every 60 s and after reading or
 * deleting one); it opens the start page's Nachrichten tab.
 */
function NachrichtenVerweis() {
  const anzahl = useQuery({ ...nachrichtenAnzahlQuery(), refetchInterval: ANZAHL_INTERVALL_MS });
  return <Zaehlerverweis to="/?reiter=nachrichten" wort="Nachrichten" n={anzahl.data?.count} text={ungelesenText} badge="bg-white text-blue-900" />;
}

/** '2 offene Aufgaben', '1 offene Aufgabe', 'keine offenen Aufgaben'. */
export function offenText(anzahl: number): string {
  if (anzahl === 0) return 'keine offenen Aufgaben';
  return anzahl === 1 ? '1 offene Aufgabe' : `${anzahl} offene Aufgaben`;
}

/**
 * 'Aufgaben' with the number of open ones (asked every 60 s and after every command that files
 * or decides an application); it opens the Aufgaben view.
 */
function AufgabenVerweis() {
  const anzahl = useQuery({ ...aufgabenAnzahlQuery(), refetchInterval: ANZAHL_INTERVALL_MS });
  return (
    <Zaehlerverweis to="/aufgaben" wort="Aufgaben" n={anzahl.data?.count} text={offenText} badge="bg-amber-300 text-blue-950" testId="aufgaben-anzahl" seite />
  );
}

export function Header() {
  const { angemeldet, claims } = useSession();
  const darf = useDarf();
  const navigate = useNavigate();
  // support address and help link are the server's configuration (SUPPORT_MAIL, HELP_URL)
  const { supportMail, hilfeUrl } = useQuery(konfigurationQuery()).data ?? {};

  return (
    <header className="bg-blue-900 text-white">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-4 px-4 py-3">
        <Link to="/" className="text-xl font-bold tracking-wide text-white hover:underline">
          {APP_NAME}
        </Link>
        <ul className="flex flex-wrap items-center gap-4 text-sm">
          {angemeldet && claims?.name && (
            <li>
              <span className="sr-only">Angemeldet als </span>
              {claims.name}
            </li>
          )}
          {angemeldet && darf('AUFGABEN_LESEN') && (
            <li>
              <AufgabenVerweis />
            </li>
          )}
          {angemeldet && darf('NACHRICHTEN_LESEN') && (
            <li>
              <NachrichtenVerweis />
            </li>
          )}
          {supportMail && (
            <li>
              <a href={`mailto:${supportMail}`} className={verweis}>
                Support<span className="sr-only"> per E-Mail an {supportMail}</span>
              </a>
            </li>
          )}
          {hilfeUrl && (
            <li>
              <a href={hilfeUrl} target="_blank" rel="noopener noreferrer" className={verweis}>
                Hilfe<span className="sr-only"> (öffnet in neuem Fenster)</span>
              </a>
            </li>
          )}
          {angemeldet && (
            <>
              <li>
                <NavLink to="/personalisierung" className={verweis}>
                  Personalisierung
                </NavLink>
              </li>
              <li>
                <NavLink to="/profil" className={verweis}>
                  Profil
                </NavLink>
              </li>
              <li>
                {/* through /logout, so an unsaved form is asked about first */}
                <button type="button" onClick={() => navigate('/logout')} className={knopf}>
                  Abmelden
                </button>
              </li>
            </>
          )}
        </ul>
      </div>
    </header>
  );
}
