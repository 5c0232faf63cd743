import type { QueryClient, UseMutationOptions } from '@tanstack/react-query';
import type { Schema } from './api';

// What every command hook shares (shared/STYLE.md "Frontend commands"): a command's answer
// carries the global position of its last event (body `position`, header X-Event-Position).
// The read models that several areas' commands change — the worklists and the messages — are
// asynchronous projections; a list read after an own command asks the server to wait until it
// has seen that position (`minPosition`), so the user reads his own write.

/** The answer of a command: id, message, version and the event's global position (Befehlsergebnis of the API document). */
export type Befehlsantwort = Schema<'Befehlsergebnis'>;

/** The options a command hook accepts from its component (everything but the call itself). */
export type BefehlOptionen<TAntwort, TEingabe> = Omit<UseMutationOptions<TAntwort, Error, TEingabe>, 'mutationFn'>;

/**
 * Query-key roots of the read models commands of every area may change. Features put their
 * list keys below them (startseiteKeys.betriebe → ['arbeitsliste', …]), so a command of any
 * feature marks them stale without importing that feature.
 */
export const leseModellKeys = {
  arbeitslisten: ['arbeitsliste'] as const,
  nachrichten: ['nachrichten'] as const,
  /** 'Meine Wiedervorlagen' of the start page: reminders of every object. */
  wiedervorlagen: ['wiedervorlagen'] as const,
  /** The Aufgaben view and the header's count of open tasks. */
  aufgaben: ['aufgaben'] as const,
};

let hoechstePosition = 0;

/** The highest position of the caller's own commands in this tab (undefined before the first). */
export function eigenePosition(): number | undefined {
  return hoechstePosition > 0 ? hoechstePosition : undefined;
}

/** The larger of a list's own minPosition and the caller's last command (for list queries). */
export function minPositionFuer(minPosition?: number): number | undefined {
  const p = Math.max(minPosition ?? 0, hoechstePosition);
  return p > 0 ? p : undefined;
}

/** Remembers a command's position (answers without one are ignored). */
export function merkePosition(antwort: unknown): number | undefined {
  const p = antwort && typeof antwort === 'object' ? (antwort as Befehlsantwort).position : undefined;
  if (typeof p === 'number' && p > hoechstePosition) hoechstePosition = p;
  return typeof p === 'number' ? p : undefined;
}

/** For tests: forgets the positions of earlier commands. */
export function vergissPositionen(): void {
  hoechstePosition = 0;
}

/**
 * After a command: remembers its position and marks the worklists and the messages (list and
 * unread count) stale; those shown refetch at once with minPosition, the others when shown.
 * The tasks (Aufgaben view and count) go with the messages unless said otherwise: the commands
 * that notify are those that file or decide an application.
 */
export function nachBefehl(
  queryClient: QueryClient,
  antwort: unknown,
  welche: { arbeitslisten?: boolean; nachrichten?: boolean; wiedervorlagen?: boolean; aufgaben?: boolean } = {
    arbeitslisten: true,
    nachrichten: true,
  },
): Promise<unknown> {
  merkePosition(antwort);
  const warten: Promise<unknown>[] = [];
  if (welche.arbeitslisten) warten.push(queryClient.invalidateQueries({ queryKey: leseModellKeys.arbeitslisten }));
  if (welche.nachrichten) warten.push(queryClient.invalidateQueries({ queryKey: leseModellKeys.nachrichten }));
  if (welche.aufgaben ?? welche.nachrichten) warten.push(queryClient.invalidateQueries({ queryKey: leseModellKeys.aufgaben }));
  if (welche.wiedervorlagen) warten.push(queryClient.invalidateQueries({ queryKey: leseModellKeys.wiedervorlagen }));
  return Promise.allSettled(warten);
}
