import type { RouteObject } from 'react-router-dom';
import { Abmelden } from './components/Abmelden';
import { Anmeldung } from './components/Anmeldung';

export const authRoutes: RouteObject[] = [
  { path: 'login', element: <Anmeldung /> },
  { path: 'logout', element: <Abmelden /> },
];
