import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';
import { NurAnonym } from '@/lib/auth';

const PasswortZuruecksetzen = lazy(() =>
  import('./components/PasswortZuruecksetzen').then((m) => ({ default: m.PasswortZuruecksetzen })),
);

export const passwortRoutes: RouteObject[] = [
  {
    path: 'password-reset',
    element: (
      <NurAnonym>
        <PasswortZuruecksetzen />
      </NurAnonym>
    ),
  },
];
