import { useQuery } from '@tanstack/react-query';
import { NavLink, Outlet, useLocation, useParams } from 'react-router-dom';
import { ModusToggle } from '../../../components/Modus';
import { betriebInfoQuery } from '../api/getBetriebInfo';

/**
 * Frame of an operation file: the navigation tree on the left (with its header showing
 * bezeichnung and betriebsstatus, and the edit-mode toggle), the screen on the right.
 * Sits below ModusGuard, so modus is l or s before the info call starts.
 */
export function BetriebsakteLayout() {
  const { id = '' } = useParams();
  const { search } = useLocation();
  const info = useQuery(betriebInfoQuery(id));

  return (
    <div className="flex flex-col gap-6 md:flex-row">
      <nav aria-label="Betriebsakte" className="w-full shrink-0 rounded border border-gray-300 bg-gray-50 p-4 md:w-64">
        <div className="mb-3 border-b border-gray-300 pb-3" aria-live="polite">
          {info.data ? (
            <>
              <p className="font-semibold">{info.data.bezeichnung}</p>
              <p className="text-sm text-gray-700">{info.data.betriebsstatus}</p>
            </>
          ) : (
            <p className="text-sm text-gray-700">{info.isPending ? 'Wird geladen …' : `Betrieb ${id}`}</p>
          )}
        </div>
        <ul className="space-y-1">
          <li>
            <NavLink
              to={{ pathname: `/betriebsakte/${encodeURIComponent(id)}/betriebsdaten`, search }}
              className={({ isActive }) =>
                `block rounded px-2 py-1 ${isActive ? 'bg-blue-800 text-white' : 'text-blue-800 hover:bg-blue-50'}`
              }
            >
              Betriebsdaten
            </NavLink>
          </li>
        </ul>
        <div className="mt-4 border-t border-gray-300 pt-3">
          <ModusToggle />
        </div>
      </nav>
      <div className="min-w-0 flex-1">
        <Outlet />
      </div>
    </div>
  );
}
