import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';
import { NurAnonym } from '@/lib/auth';

const Registrierung = lazy(() => import('./components/Registrierung').then((m) => ({ default: m.Registrierung })));
const DoubleOptIn = lazy(() => import('./components/DoubleOptIn').then((m) => ({ default: m.DoubleOptIn })));

/** Anonymous-only routes inside the page shell. */
export const registrierungRoutes: RouteObject[] = [
  {
    element: <NurAnonym />,
    children: [
      { path: 'registrierung', element: <Registrierung /> },
      { path: 'doubleoptin', element: <DoubleOptIn /> },
    ],
  },
];

/** The embedded registration, without the shell. */
export const registrierungEmbeddedRoutes: RouteObject[] = [
  {
    path: 'registrierung-embedded',
    element: (
      <NurAnonym ziel="/logged-in-embedded">
        <Registrierung embedded />
      </NurAnonym>
    ),
  },
];
