import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';

const Bescheiduebersicht = lazy(() => import('./components/Bescheiduebersicht').then((m) => ({ default: m.Bescheiduebersicht })));
const Parameteruebersicht = lazy(() => import('./components/Parameteruebersicht').then((m) => ({ default: m.Parameteruebersicht })));

/**
 * The overviews of an operation's Bescheide inside its file (spec 001 §2.1: bescheiduebersicht
 * and parameteruebersicht); app/routes.tsx composes them into the file's routes.
 */
export const bescheiduebersichtSeiten: RouteObject[] = [
  { path: 'bescheiduebersicht', element: <Bescheiduebersicht /> },
  { path: 'parameteruebersicht', element: <Parameteruebersicht /> },
];
