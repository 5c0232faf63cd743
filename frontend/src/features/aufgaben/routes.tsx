import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';
import { NurAngemeldet, NurMitAktion } from '@/lib/auth';

const Aufgaben = lazy(() => import('./components/Aufgaben').then((m) => ({ default: m.Aufgaben })));

/** The Aufgaben view (issue 14): for whoever decides applications, and for the operator side. */
export const aufgabenRoutes: RouteObject[] = [
  {
    path: 'aufgaben',
    element: (
      <NurAngemeldet>
        <NurMitAktion aktion="AUFGABEN_LESEN">
          <Aufgaben />
        </NurMitAktion>
      </NurAngemeldet>
    ),
  },
];
