import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';
import { NurAngemeldet } from '@/lib/auth';

const PersonalisierungSeite = lazy(() =>
  import('./components/PersonalisierungSeite').then((m) => ({ default: m.PersonalisierungSeite })),
);

/** /personalisierung: every logged-in user's own settings. */
export const personalisierungRoutes: RouteObject[] = [
  {
    path: 'personalisierung',
    element: (
      <NurAngemeldet>
        <PersonalisierungSeite />
      </NurAngemeldet>
    ),
  },
];
