import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';
import { NurAngemeldet, NurMitAktion } from '@/lib/auth';

const Auswertung = lazy(() => import('./components/Auswertung').then((m) => ({ default: m.Auswertung })));

/** The admin role plus six functional roles (action AUSWERTUNG_EXPORTIEREN). */
export const auswertungRoutes: RouteObject[] = [
  {
    path: 'auswertung',
    element: (
      <NurAngemeldet>
        <NurMitAktion aktion="AUSWERTUNG_EXPORTIEREN">
          <Auswertung />
        </NurMitAktion>
      </NurAngemeldet>
    ),
  },
];
