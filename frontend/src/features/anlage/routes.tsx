import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';

const Anlagendaten = lazy(() => import('./components/Anlagendaten').then((m) => ({ default: m.Anlagendaten })));
const Indirekteinleiter = lazy(() => import('./components/Indirekteinleiter').then((m) => ({ default: m.Indirekteinleiter })));
const Entlastungsuebersicht = lazy(() => import('./components/Entlastungsuebersicht').then((m) => ({ default: m.Entlastungsuebersicht })));
const Kanalnetzuebersicht = lazy(() => import('./components/Kanalnetzuebersicht').then((m) => ({ default: m.Kanalnetzuebersicht })));
const AnlageVerlauf = lazy(() => import('./components/AnlageVerlauf').then((m) => ({ default: m.AnlageVerlauf })));

/**
 * The plant screens inside the operation file (spec 000 §2: operation/[type]/{anlageid}/anlagendaten);
 * app/routes.tsx composes them into the file's routes. `neu` as anlageid creates a plant;
 * `verlauf` is the auditors' Verlauf of a plant with its Stand at any event.
 */
export const anlageSeiten: RouteObject[] = [
  { path: ':typ/:anlageid/anlagendaten', element: <Anlagendaten /> },
  { path: ':typ/:anlageid/verlauf', element: <AnlageVerlauf /> },
  { path: ':typ/:anlageid/indirekteinleiter', element: <Indirekteinleiter /> },
  { path: ':typ/:anlageid/kanalnetze', element: <Kanalnetzuebersicht /> },
  { path: 'entlastung/uebersicht', element: <Entlastungsuebersicht /> },
];
