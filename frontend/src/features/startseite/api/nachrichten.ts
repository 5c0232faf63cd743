import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { api, type Antwort } from '@/lib/api';
import type { components } from '@/lib/api-schema';
import { merkePosition, minPositionFuer } from '@/lib/befehl';
import { startseiteKeys } from './keys';

/** A message: id, gelesen, absendeDatum, absender, betreff, text, bezugZuFachobjekt, fachobjektbezug, fachobjektId. */
export type Nachricht = Required<components['schemas']['Nachricht']>;
/** The answer of a command: id, message, version and the event's global position. */
export type Befehlsergebnis = components['schemas']['Befehlsergebnis'];

/** How often the shell asks for the unread count. */
export const ANZAHL_INTERVALL_MS = 60_000;

/** GET /api/nachricht: the caller's messages, newest first (after minPosition, when given). */
export const nachrichtenQuery = (minPosition?: number) =>
  queryOptions({
    queryKey: startseiteKeys.nachrichten(),
    queryFn: ({ signal }) => api.get<Nachricht[]>('/nachricht', { query: { minPosition: minPositionFuer(minPosition) }, signal }),
    staleTime: 0,
  });

/**
 * GET /api/nachricht/count: the number of unread messages, for the shell. A failure is not
 * shown (the count is left out); an ended session is noticed by the page's own calls.
 */
export const nachrichtenAnzahlQuery = (minPosition?: number) =>
  queryOptions({
    queryKey: startseiteKeys.nachrichtenAnzahl(),
    queryFn: ({ signal }) => api.get<Antwort<'getNachrichtenAnzahl'>>('/nachricht/count', { query: { minPosition: minPositionFuer(minPosition) }, signal }),
    meta: { globalErrorHandling: false },
  });

/**
 * After reading or deleting: the list and the count are fetched again, waiting for the
 * command's position (read-your-writes), into the same cache entries the screens show.
 */
export async function nachNachrichtenBefehl(queryClient: QueryClient, position: number | undefined): Promise<void> {
  merkePosition({ position });
  await Promise.allSettled([
    queryClient.fetchQuery({ ...nachrichtenQuery(position), staleTime: 0 }),
    queryClient.fetchQuery({ ...nachrichtenAnzahlQuery(position), staleTime: 0 }),
  ]);
}
