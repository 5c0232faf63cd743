import { leseModellKeys } from '@/lib/befehl';
import type { AufgabenSuche } from './aufgaben';

/**
 * Query keys of the Aufgaben view, below the read-model root of lib/befehl: a command of any
 * feature that files or decides an application marks the list and the count stale.
 */
export const aufgabenKeys = {
  all: leseModellKeys.aufgaben,
  liste: (s: AufgabenSuche) => [...leseModellKeys.aufgaben, 'liste', s] as const,
  anzahl: () => [...leseModellKeys.aufgaben, 'anzahl'] as const,
};
