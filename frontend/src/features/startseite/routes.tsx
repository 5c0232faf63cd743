import type { RouteObject } from 'react-router-dom';
import { NurAngemeldet } from '@/lib/auth';
import { Startseite } from './components/Startseite';

// The start page is the first screen most users see: it stays in the initial bundle.
export const startseiteRoutes: RouteObject[] = [
  {
    index: true,
    element: (
      <NurAngemeldet>
        <Startseite />
      </NurAngemeldet>
    ),
  },
];
