import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';
import { NurAngemeldet } from '@/lib/auth';

const ProfilSeite = lazy(() => import('./components/ProfilSeite').then((m) => ({ default: m.ProfilSeite })));

export const profilRoutes: RouteObject[] = [
  {
    path: 'profil',
    element: (
      <NurAngemeldet>
        <ProfilSeite />
      </NurAngemeldet>
    ),
  },
];
