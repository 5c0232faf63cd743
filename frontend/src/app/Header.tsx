import { Link, NavLink, useNavigate } from 'react-router-dom';
import { useSession } from '../lib/auth';
import { APP_NAME, HELP_URL, SUPPORT_MAIL, SUPPORT_MAILTO } from '../lib/constants';

const knopf = 'rounded border border-white px-3 py-1 text-white hover:bg-white hover:text-blue-900';

export function Header() {
  const { angemeldet, claims } = useSession();
  const navigate = useNavigate();

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
          <li>
            <a href={SUPPORT_MAILTO} className="text-white underline hover:no-underline">
              Support<span className="sr-only"> per E-Mail an {SUPPORT_MAIL}</span>
            </a>
          </li>
          <li>
            <a href={HELP_URL} target="_blank" rel="noopener noreferrer" className="text-white underline hover:no-underline">
              Hilfe<span className="sr-only"> (öffnet in neuem Fenster)</span>
            </a>
          </li>
          {angemeldet && (
            <>
              <li>
                <NavLink to="/profil" className="text-white underline hover:no-underline">
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
