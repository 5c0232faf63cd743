import { Link, useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { clearToken, useToken } from '../lib/auth';
import { APP_NAME, HELP_URL, SUPPORT_MAIL, SUPPORT_MAILTO } from '../lib/constants';

export function Header() {
  const token = useToken();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const logout = () => {
    clearToken();
    queryClient.clear();
    navigate('/login');
  };

  return (
    <header className="bg-blue-900 text-white">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-4 px-4 py-3">
        <Link to="/" className="text-xl font-bold tracking-wide text-white hover:underline">
          {APP_NAME}
        </Link>
        <ul className="flex items-center gap-4 text-sm">
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
          <li>
            {token ? (
              <button
                type="button"
                onClick={logout}
                className="rounded border border-white px-3 py-1 text-white hover:bg-white hover:text-blue-900"
              >
                Abmelden
              </button>
            ) : (
              <Link to="/login" className="rounded border border-white px-3 py-1 text-white hover:bg-white hover:text-blue-900">
                Anmelden
              </Link>
            )}
          </li>
        </ul>
      </div>
    </header>
  );
}
