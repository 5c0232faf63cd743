import { lazy, type ReactNode } from 'react';
import { Navigate, useLocation, useParams, type RouteObject } from 'react-router-dom';
import type { Baumabschnitt } from '@/components/akte/baum';
import { ModusGuard } from '@/components/Modus';
import { NurAngemeldet, NurMitAktion } from '@/lib/auth';

// The operation file is lazy-loaded: its screens are not part of the initial bundle.
const BetriebsakteLayout = lazy(() =>
  import('./components/BetriebsakteLayout').then((m) => ({ default: m.BetriebsakteLayout })),
);
const BetriebNeuLayout = lazy(() => import('./components/BetriebsakteLayout').then((m) => ({ default: m.BetriebNeuLayout })));
const Betriebsdaten = lazy(() => import('./components/Betriebsdaten').then((m) => ({ default: m.Betriebsdaten })));
const BetriebNeu = lazy(() => import('./components/BetriebNeu').then((m) => ({ default: m.BetriebNeu })));
const Verlauf = lazy(() => import('./components/Verlauf').then((m) => ({ default: m.Verlauf })));

/** /betriebsakte/:id → /betriebsakte/:id/betriebsdaten, keeping the query string. */
function ToBetriebsdaten() {
  const { id = '' } = useParams();
  const { search, hash } = useLocation();
  return <Navigate replace to={{ pathname: `/betriebsakte/${encodeURIComponent(id)}/betriebsdaten`, search, hash }} />;
}

/** /betriebsakte/neu → /betriebsakte/neu/betriebsdaten, keeping typ. */
function ToNeu() {
  const { search } = useLocation();
  return <Navigate replace to={{ pathname: '/betriebsakte/neu/betriebsdaten', search }} />;
}

const guarded = (el: ReactNode) => (
  <NurAngemeldet>
    <ModusGuard>{el}</ModusGuard>
  </NurAngemeldet>
);

/**
 * The routes of the operation file. Screens of other features inside the file (files, reminders)
 * are composed by app/routes.tsx and passed as `weitereSeiten`, the areas' sections of the tree
 * as `abschnitte` (features never import each other).
 */
export const betriebRoutes = (weitereSeiten: RouteObject[] = [], abschnitte: Baumabschnitt[] = []): RouteObject[] => [
  // the raw base path without id goes home (which needs a login itself)
  { path: 'betriebsakte', element: <Navigate to="/" replace /> },
  {
    // a create route: always editable, no modus and no toggle (spec 000 §2)
    path: 'betriebsakte/neu',
    element: (
      <NurAngemeldet>
        <NurMitAktion aktion="BETRIEB_BEANTRAGEN">
          <BetriebNeuLayout />
        </NurMitAktion>
      </NurAngemeldet>
    ),
    children: [
      { index: true, element: <ToNeu /> },
      { path: 'betriebsdaten', element: <BetriebNeu /> },
    ],
  },
  {
    path: 'betriebsakte/:id',
    element: guarded(<BetriebsakteLayout abschnitte={abschnitte} />),
    children: [
      { index: true, element: <ToBetriebsdaten /> },
      { path: 'betriebsdaten', element: <Betriebsdaten /> },
      ...weitereSeiten,
      { path: 'verlauf', element: <Verlauf /> },
    ],
  },
];
