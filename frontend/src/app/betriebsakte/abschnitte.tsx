import { lazy } from 'react';
import type { Baumabschnitt } from '@/components/akte/baum';

// The sections of the operation file's tree below its own entries (Betriebsdaten, Dateien,
// Wiedervorlagen, Verlauf, Drucken), in order; each comes from its area's feature and shows
// itself only where it belongs (issue 44: the one shared place a new area edits for the tree).
// Lazy, as the file's screens are: not part of the initial bundle.

export const AKTENABSCHNITTE: Baumabschnitt[] = [
  lazy(() => import('@/features/anlage/components/Anlagenbaum').then((m) => ({ default: m.AnlagenAbschnitt }))),
  lazy(() => import('@/features/anlage/components/Anlagenbaum').then((m) => ({ default: m.EntlastungAbschnitt }))),
  lazy(() => import('@/features/bescheid/components/Bescheidbaum').then((m) => ({ default: m.BescheidAbschnitt }))),
  lazy(() => import('@/features/jahresbericht/components/Jahresberichtbaum').then((m) => ({ default: m.JahresberichtAbschnitt }))),
];
