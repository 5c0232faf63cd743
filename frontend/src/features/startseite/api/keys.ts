import type { BetriebSuche } from './betriebe';

/** Query keys of the start page, in one place: a command invalidates exactly what it changed. */
export const startseiteKeys = {
  all: ['startseite'] as const,
  betriebe: (s: BetriebSuche) => [...startseiteKeys.all, 'betriebe', s] as const,
  /** The personalisation as the worklists' default filter reads it. */
  personalisierung: () => [...startseiteKeys.all, 'personalisierung'] as const,
  /** The messages; the unread count lies below, so invalidating the messages refreshes both. */
  nachrichten: () => [...startseiteKeys.all, 'nachrichten'] as const,
  nachrichtenAnzahl: () => [...startseiteKeys.nachrichten(), 'anzahl'] as const,
  wiedervorlagen: () => [...startseiteKeys.all, 'wiedervorlagen'] as const,
};
