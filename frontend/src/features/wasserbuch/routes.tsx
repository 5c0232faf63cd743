import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';
import { NurAngemeldet } from '@/lib/auth';

const Wasserbuch = lazy(() => import('./components/Wasserbuch').then((m) => ({ default: m.Wasserbuch })));

const seite = (
  <NurAngemeldet>
    <Wasserbuch />
  </NurAngemeldet>
);

/** The water-register viewer in the page shell: /wasserbuch?wbbId=… (spec 002 §2), what the app's links open. */
export const wasserbuchRoutes: RouteObject[] = [{ path: 'wasserbuch', element: seite }];

/**
 * The same viewer outside the shell ("also mounted outside the shell"): /wasserbuch-embedded?wbbId=…,
 * for other portals, like the embedded login (docs/decisions.md, "Water-register viewer").
 */
export const wasserbuchOhneRahmenRoutes: RouteObject[] = [{ path: 'wasserbuch-embedded', element: seite }];
