import type { RouteObject } from 'react-router-dom';
import { NichtGefunden } from './components/NichtGefunden';
import { Unautorisiert } from './components/Unautorisiert';

export const fehlerseitenRoutes: RouteObject[] = [
  { path: 'nicht-gefunden', element: <NichtGefunden /> },
  { path: 'unautorisiert', element: <Unautorisiert /> },
];
