import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';
import { NurAngemeldet, NurMitAktion } from '@/lib/auth';

const Systemverwaltung = lazy(() =>
  import('./components/Systemverwaltung').then((m) => ({ default: m.Systemverwaltung })),
);

/** The admin role alone (action SYSTEMVERWALTUNG_OEFFNEN); the tab is part of the path. */
export const systemverwaltungRoutes: RouteObject[] = [
  {
    path: 'systemverwaltung/*',
    element: (
      <NurAngemeldet>
        <NurMitAktion aktion="SYSTEMVERWALTUNG_OEFFNEN">
          <Systemverwaltung />
        </NurMitAktion>
      </NurAngemeldet>
    ),
  },
];
