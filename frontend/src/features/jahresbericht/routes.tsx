import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';

const Jahresberichtdaten = lazy(() => import('./components/Jahresberichtdaten').then((m) => ({ default: m.Jahresberichtdaten })));
const Messwerte = lazy(() => import('./components/Messwerte').then((m) => ({ default: m.Messwerte })));
const JahresberichtVerlauf = lazy(() => import('./components/JahresberichtVerlauf').then((m) => ({ default: m.JahresberichtVerlauf })));
const Ueberschreitungen = lazy(() => import('./components/Ueberschreitungen').then((m) => ({ default: m.Ueberschreitungen })));
const Berichtsuebersicht = lazy(() => import('./components/Berichtsuebersicht').then((m) => ({ default: m.Berichtsuebersicht })));

/**
 * The annual report screens inside the operation file (spec 001 §2.6–2.9); app/routes.tsx
 * composes them into the file's routes.
 */
export const jahresberichtSeiten: RouteObject[] = [
  { path: 'jahresbericht/uebersicht', element: <Berichtsuebersicht /> },
  { path: 'jahresbericht/ueberschreitungen', element: <Ueberschreitungen /> },
  { path: 'jahresbericht/neu/jahresberichtdaten', element: <Jahresberichtdaten neu /> },
  { path: 'jahresbericht/:berichtid/jahresberichtdaten', element: <Jahresberichtdaten /> },
  { path: 'jahresbericht/:berichtid/verlauf', element: <JahresberichtVerlauf /> },
  { path: 'jahresbericht/:berichtid/messstelle/:messstellenid', element: <Messwerte /> },
  { path: 'jahresbericht/:berichtid/messstelle/:messstellenid/parameter/:parameterid', element: <Messwerte /> },
];
