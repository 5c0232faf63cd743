import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';
import { NurAngemeldet, NurMitAktion } from '@/lib/auth';

const Ereignisprotokoll = lazy(() =>
  import('./components/Ereignisprotokoll').then((m) => ({ default: m.Ereignisprotokoll })),
);

export const auditRoutes: RouteObject[] = [
  {
    path: 'protokoll',
    element: (
      <NurAngemeldet>
        <NurMitAktion aktion="AUDIT_LESEN">
          <Ereignisprotokoll />
        </NurMitAktion>
      </NurAngemeldet>
    ),
  },
];
