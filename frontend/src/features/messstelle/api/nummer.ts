import { api } from '@/lib/api';
import type { operations } from '@/lib/api-schema';

// The number dialog's calls (spec 000 §7): the suggested number and the live availability check.

/** A suggested number (suggestedId): the whole number and its parts. */
export type Nummernvorschlag = operations['getMessstellenNummerVorschlag']['responses']['200']['content']['application/json'];

/**
 * GET /api/messstelle/new-id?hochwert&rechtswert&typ: the first free number for the point's
 * location and type; null when every combination is taken (204); 400 on `lage` when the point
 * lies in no municipality.
 */
export async function schlageNummerVor(lage: { hochwert: number; rechtswert: number }, typ: string, signal?: AbortSignal): Promise<Nummernvorschlag | null> {
  const v = await api.get<Nummernvorschlag | undefined>('/messstelle/new-id', { query: { ...lage, typ }, signal });
  return v ?? null;
}

/** The answer of the availability check: whether the number may be taken and the text to show. */
export type Verfuegbarkeit = operations['getMessstellenNummerPruefung']['responses']['200']['content']['application/json'];

/** GET /api/messstelle/check-id?id=: is the number well-formed, 10 digits long and free. */
export function pruefeNummer(id: string, signal?: AbortSignal): Promise<Verfuegbarkeit> {
  return api.get<Verfuegbarkeit>('/messstelle/check-id', { query: { id }, signal });
}
