import { Navigate, type RouteObject } from 'react-router-dom';
import { auditRoutes } from '../features/audit/routes';
import { authRoutes } from '../features/auth/routes';
import { betriebRoutes } from '../features/betrieb/routes';
import { fehlerseitenRoutes } from '../features/fehlerseiten/routes';
import { startseiteRoutes } from '../features/startseite/routes';
import { NOT_FOUND_PATH } from '../lib/errors';
import { Layout } from './Layout';
import { RouteError } from './RouteError';

/** All routes, relative to the basename /eAbwasser. */
export const routes: RouteObject[] = [
  {
    element: <Layout />,
    errorElement: <RouteError />,
    children: [
      ...startseiteRoutes,
      ...authRoutes,
      ...fehlerseitenRoutes,
      ...auditRoutes,
      ...betriebRoutes,
      { path: '*', element: <Navigate to={NOT_FOUND_PATH} replace /> },
    ],
  },
];
