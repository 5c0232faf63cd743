import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';

const Anlagendaten = lazy(() => import('./components/Anlagendaten').then((m) => ({ default: m.Anlagendaten })));

/**
 * The plant screens inside the operation file (spec 000 §2: operation/[type]/{anlageid}/anlagendaten);
 * app/routes.tsx composes them into the file's routes. `neu` as anlageid creates a plant.
 */
export const anlageSeiten: RouteObject[] = [{ path: ':typ/:anlageid/anlagendaten', element: <Anlagendaten /> }];
