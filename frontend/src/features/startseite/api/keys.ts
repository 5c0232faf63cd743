import { leseModellKeys } from '@/lib/befehl';
import type { AnlagenSuche } from './anlagen';
import type { BetriebSuche } from './betriebe';
import type { JahresberichteSuche } from './jahresberichte';
import type { MessstellenSuche } from './messstellen';

/**
 * Query keys of the start page, in one place: a command invalidates exactly what it changed.
 * The worklists, messages and reminders lie below the read-model roots of lib/befehl, so
 * commands of other features mark them stale without importing this feature.
 */
export const startseiteKeys = {
  all: ['startseite'] as const,
  betriebe: (s: BetriebSuche) => [...leseModellKeys.arbeitslisten, 'betriebe', s] as const,
  anlagen: (s: AnlagenSuche) => [...leseModellKeys.arbeitslisten, 'anlagen', s] as const,
  messstellen: (s: MessstellenSuche) => [...leseModellKeys.arbeitslisten, 'messstellen', s] as const,
  jahresberichte: (s: JahresberichteSuche) => [...leseModellKeys.arbeitslisten, 'jahresberichte', s] as const,
  ueberschreitungen: (jahr: number, page: number, size: number) => [...leseModellKeys.arbeitslisten, 'ueberschreitungen', jahr, page, size] as const,
  /** The personalisation as the worklists' default filter reads it. */
  personalisierung: () => [...startseiteKeys.all, 'personalisierung'] as const,
  /** The messages; the unread count lies below, so invalidating the messages refreshes both. */
  nachrichten: () => leseModellKeys.nachrichten,
  nachrichtenAnzahl: () => [...startseiteKeys.nachrichten(), 'anzahl'] as const,
  wiedervorlagen: () => leseModellKeys.wiedervorlagen,
};
