import { parseGermanNumber } from '@/lib/format';

/**
 * The exchange between a form and the map window (spec 000 §7: the map opens in a separate
 * window with a ticket and exchanges coordinates, UTM32 east and north; the window is polled
 * for readiness every second). Messages go by postMessage between windows of the same origin;
 * each carries the ticket of its window and a receiver ignores any other (docs/decisions.md,
 * "Measuring points (issue 29): worklist page and map window"):
 *
 *   opener → window  {quelle, art: 'bereit?', ticket}            every second until answered
 *   window → opener  {quelle, art: 'bereit', ticket}             the answer; polling stops
 *   opener → window  {quelle, art: 'lage', ticket, lage}         the form's point (may be empty)
 *   window → opener  {quelle, art: 'uebernehmen', ticket, lage}  'Übernehmen'; the window closes
 */

/** A point in UTM32 (EPSG:25832): east (Rechtswert) and north (Hochwert), in metres. */
export interface Lage {
  rechtswert: number;
  hochwert: number;
}

/** A form's point as it may be: one or both values missing. */
export type Formularlage = { rechtswert?: number; hochwert?: number } | undefined;

export const KARTEN_QUELLE = 'eabwasser-karte';

export type Kartennachricht =
  | { quelle: typeof KARTEN_QUELLE; art: 'bereit?'; ticket: string }
  | { quelle: typeof KARTEN_QUELLE; art: 'bereit'; ticket: string }
  | { quelle: typeof KARTEN_QUELLE; art: 'lage'; ticket: string; lage: Formularlage }
  | { quelle: typeof KARTEN_QUELLE; art: 'uebernehmen'; ticket: string; lage: Lage };

/** The window's size (spec 000 §9). */
export const FENSTER_MERKMALE = 'width=900,height=600';

/** How often the opener asks whether the window is ready (spec 000 §7). */
export const ABFRAGE_MS = 1000;

/** The zoom box around the current point (spec 000 §9): ± 100 m east, ± 30 m north. */
export const ZOOM_OST = 100;
export const ZOOM_NORD = 30;

const istZahl = (x: unknown): x is number => typeof x === 'number' && Number.isFinite(x);

/** A point with both values, else undefined. */
export function vollstaendig(l: Formularlage): Lage | undefined {
  return l && istZahl(l.rechtswert) && istZahl(l.hochwert) ? { rechtswert: l.rechtswert, hochwert: l.hochwert } : undefined;
}

/**
 * The message of a window event if it is one of ours for this ticket: from the same origin,
 * of this protocol, with this ticket. Anything else is ignored.
 */
export function kartennachricht(e: MessageEvent, ticket: string): Kartennachricht | undefined {
  if (e.origin !== window.location.origin) return undefined;
  const d = e.data as Partial<Kartennachricht> | null;
  if (typeof d !== 'object' || d === null || d.quelle !== KARTEN_QUELLE || d.ticket !== ticket) return undefined;
  if (d.art === 'uebernehmen' && !vollstaendig((d as { lage?: Formularlage }).lage)) return undefined;
  return d as Kartennachricht;
}

/** A number of the window's address (written by kartenUrl as JavaScript writes numbers). */
export function zahlAusParameter(t: string | null): number | undefined {
  if (t === null || t.trim() === '') return undefined;
  const n = Number(t);
  return Number.isFinite(n) ? n : undefined;
}

/** The point of a form's two text fields (German numbers); a missing or wrong value stays out. */
export function lageAusTexten(rechtswert: string, hochwert: string): Formularlage {
  return { rechtswert: parseGermanNumber(rechtswert) ?? undefined, hochwert: parseGermanNumber(hochwert) ?? undefined };
}

/** A random ticket of the window (also its name, so a second click reuses the open window). */
export function neuesTicket(): string {
  const b = new Uint8Array(16);
  crypto.getRandomValues(b);
  return 'karte-' + Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
}
