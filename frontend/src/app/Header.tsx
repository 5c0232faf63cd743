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
 * 'Nachrichten' with the number of unread ones (asked every 60 s and after reading or
 * deleting one); it opens the start page's Nachrichten tab.
 */
function NachrichtenVerweis() {
  const anzahl = useQuery({ ...nachrichtenAnzahlQuery(), refetchInterval: ANZAHL_INTERVALL_MS });
  const n = anzahl.data?.count;
  // the name says what the badge shows ('Nachrichten: 3 ungelesene Nachrichten') and begins
  // with the visible text "Nachrichten 3" (the space keeps the two words apart for axe's
  // label-content-name-mismatch), so voice control finds the link by what it shows
  return (
    <Link
      to="/?reiter=nachrichten"
      aria-label={n === undefined ? undefined : `Nachrichten: ${ungelesenText(n)}`}
      className={`${verweis} inline-flex items-center gap-1.5`}
    >
      Nachrichten{' '}
      {n !== undefined && n > 0 && (
        <span aria-hidden="true" className="rounded-full bg-white px-2 text-xs font-bold text-blue-900">
          {n}
        </span>
      )}
    </Link>
  );
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
  const n = anzahl.data?.count;
  return (
    <NavLink
      to="/aufgaben"
      aria-label={n === undefined ? undefined : `Aufgaben: ${offenText(n)}`}
      className={`${verweis} inline-flex items-center gap-1.5`}
    >
      Aufgaben
      {n !== undefined && n > 0 && (
        <span aria-hidden="true" data-testid="aufgaben-anzahl" className="rounded-full bg-amber-300 px-2 text-xs font-bold text-blue-950">
          {n}
        </span>
      )}
    </NavLink>
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
