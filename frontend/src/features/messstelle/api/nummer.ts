import { api } from '@/lib/api';

// The number dialog's calls (spec 000 §7): the suggested number and the live availability check.

/** A suggested number (suggestedId): the whole number and its parts. */
export interface Nummernvorschlag {
  messstellenId: string;
  prefix: string;
  frei: string;
  suffix: string;
}

/**
 * GET /api/messstelle/new-id?hochwert&rechtswert&typ: the first free number for the point's
 * location and type; null when every combination is taken (204).
 */
export async function schlageNummerVor(lage: { hochwert: number; rechtswert: number }, typ: string, signal?: AbortSignal): Promise<Nummernvorschlag | null> {
  const v = await api.get<Nummernvorschlag | undefined>('/messstelle/new-id', { query: { ...lage, typ }, signal });
  return v ?? null;
}

/** The answer of the availability check: whether the number may be taken and the text to show. */
export interface Verfuegbarkeit {
  verfuegbar: boolean;
  text: string;
}

/** GET /api/messstelle/check-id?id=: is the number well-formed, 10 digits long and free. */
export function pruefeNummer(id: string, signal?: AbortSignal): Promise<Verfuegbarkeit> {
  return api.get<Verfuegbarkeit>('/messstelle/check-id', { query: { id }, signal });
}
