import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';
import { NurMitAktion } from '@/lib/auth';

const Messstellendaten = lazy(() => import('./components/Messstellendaten').then((m) => ({ default: m.Messstellendaten })));
const Messstellenuebersicht = lazy(() => import('./components/Messstellenuebersicht').then((m) => ({ default: m.Messstellenuebersicht })));
const MessstelleVerlauf = lazy(() => import('./components/MessstelleVerlauf').then((m) => ({ default: m.MessstelleVerlauf })));
const MessstelleWeiterleitung = lazy(() => import('./components/MessstelleWeiterleitung').then((m) => ({ default: m.MessstelleWeiterleitung })));

/**
 * The measuring point screens inside the operation file (spec 000 §2:
 * operation/plant/messstellen/{id}/messstellendaten); app/routes.tsx composes them into the
 * file's routes. `neu` as the point's id creates one (query typ: its Messstellentyp);
 * `messstellen/{id}` alone leads to the point below its plant (links of tasks and messages).
 */
export const messstelleSeiten: RouteObject[] = [
  { path: ':typ/:anlageid/messstellen', element: <Messstellenuebersicht /> },
  {
    path: ':typ/:anlageid/messstellen/neu/messstellendaten',
    element: (
      <NurMitAktion aktion="MESSSTELLE_ANLEGEN">
        <Messstellendaten neu />
      </NurMitAktion>
    ),
  },
  { path: ':typ/:anlageid/messstellen/:messstellenid/messstellendaten', element: <Messstellendaten /> },
  { path: ':typ/:anlageid/messstellen/:messstellenid/verlauf', element: <MessstelleVerlauf /> },
  { path: 'messstellen/:messstellenid', element: <MessstelleWeiterleitung /> },
];
