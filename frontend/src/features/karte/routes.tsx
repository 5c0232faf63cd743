import { lazy, Suspense } from 'react';
import type { RouteObject } from 'react-router-dom';
import { Laden } from '@/components/Laden';

// OpenLayers and proj4 load only with the map window: its own chunk, never the start page's.
const KartenFenster = lazy(() => import('./components/KartenFenster').then((m) => ({ default: m.KartenFenster })));

/** The map window (spec 000 §2, §7): /karte?ticket&rechtswert&hochwert, the map only, no app shell. */
export const karteRoutes: RouteObject[] = [
  {
    path: 'karte',
    element: (
      <Suspense fallback={<Laden />}>
        <KartenFenster />
      </Suspense>
    ),
  },
];
