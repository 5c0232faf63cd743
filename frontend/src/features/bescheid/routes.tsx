import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';

const Bescheidsdaten = lazy(() => import('./components/Bescheidsdaten').then((m) => ({ default: m.Bescheidsdaten })));
const BescheidVerlauf = lazy(() => import('./components/BescheidVerlauf').then((m) => ({ default: m.BescheidVerlauf })));

/**
 * The Bescheid screens inside the operation file (spec 001 §2.1); app/routes.tsx composes them
 * into the file's routes. The segment is `antrag` while the Bescheid is an application (ANGELEGT,
 * BEANTRAGT), else `bescheid` (the screen corrects a wrong one); `bescheid/neu/bescheiddaten`
 * creates one (query qualitaet: the Bescheidqualität; BESCHEID_ANLEGEN or
 * BESCHEIDSANTRAG_STELLEN, checked by the screen).
 */
export const bescheidSeiten: RouteObject[] = [
  { path: 'bescheid/neu/bescheiddaten', element: <Bescheidsdaten neu /> },
  { path: 'bescheid/:bescheidid/bescheidsdaten', element: <Bescheidsdaten /> },
  { path: 'antrag/:bescheidid/bescheidsdaten', element: <Bescheidsdaten /> },
  { path: 'bescheid/:bescheidid/verlauf', element: <BescheidVerlauf /> },
];
