import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';

const Anforderungen = lazy(() => import('./components/Anforderungen').then((m) => ({ default: m.Anforderungen })));

/**
 * The Anforderungen of a measuring point of a Bescheid inside the operation file (spec 001
 * §2.1/§2.3: …/bescheid/{id}/messstellen/{mid}, antrag/ while it is an application);
 * app/routes.tsx composes them into the file's routes.
 */
export const anforderungSeiten: RouteObject[] = [
  { path: 'bescheid/:bescheidid/messstellen/:mid', element: <Anforderungen /> },
  { path: 'antrag/:bescheidid/messstellen/:mid', element: <Anforderungen /> },
];
