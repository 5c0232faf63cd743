import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';

const Ereignisprotokoll = lazy(() =>
  import('./components/Ereignisprotokoll').then((m) => ({ default: m.Ereignisprotokoll })),
);

export const auditRoutes: RouteObject[] = [{ path: 'protokoll', element: <Ereignisprotokoll /> }];
