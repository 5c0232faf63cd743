import { lazy, type ReactNode } from 'react';
import { Navigate, useLocation, useParams, type RouteObject } from 'react-router-dom';
import { ModusGuard } from '../../components/Modus';
import { NurAngemeldet } from '../../lib/auth';

const BetriebsakteLayout = lazy(() =>
  import('./components/BetriebsakteLayout').then((m) => ({ default: m.BetriebsakteLayout })),
);
const Betriebsdaten = lazy(() => import('./components/Betriebsdaten').then((m) => ({ default: m.Betriebsdaten })));

/** /betriebsakte/:id → /betriebsakte/:id/betriebsdaten, keeping the query string. */
function ToBetriebsdaten() {
  const { id = '' } = useParams();
  const { search, hash } = useLocation();
  return <Navigate replace to={{ pathname: `/betriebsakte/${encodeURIComponent(id)}/betriebsdaten`, search, hash }} />;
}

const guarded = (el: ReactNode) => (
  <NurAngemeldet>
    <ModusGuard>{el}</ModusGuard>
  </NurAngemeldet>
);

export const betriebRoutes: RouteObject[] = [
  // the raw base path without id goes home (which needs a login itself)
  { path: 'betriebsakte', element: <Navigate to="/" replace /> },
  {
    path: 'betriebsakte/:id',
    element: guarded(<BetriebsakteLayout />),
    children: [
      { index: true, element: <ToBetriebsdaten /> },
      { path: 'betriebsdaten', element: <Betriebsdaten /> },
    ],
  },
];
