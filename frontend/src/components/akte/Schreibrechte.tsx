import { createContext, useContext } from 'react';

// Per-field rights of a file screen (issue 28): the server sends the fields the caller may save
// (`rechte.felder`, from the same domain rule his save is checked with); around the form in edit
// mode the screen puts them into this context, and every field outside them is disabled with the
// hint that it goes through a change request — FormField for its control, ZeilenEditor for its
// rows, checkboxes through useSchreibsperre. One rule for every file screen.

export interface Schreibrechte {
  /** The writable fields by the server's key ('bezeichnung', 'lage', 'planungen', …). */
  felder: readonly string[];
  /** Why a locked field is locked, e.g. 'Diese Angabe ändern Sie über einen Änderungsantrag.' */
  hinweis: string;
  /** A control's name → the server's key, where they differ ('hochwert' → 'lage.hochwert'). */
  schluessel?: Readonly<Record<string, string>>;
}

export const SchreibrechteKontext = createContext<Schreibrechte | null>(null);

/** Whether key (a server key, 'lage.hochwert' or 'planungen[0].status') lies in felder. */
export function istSchreibbar(felder: readonly string[], key: string): boolean {
  return felder.some((f) => key === f || key.startsWith(`${f}.`) || key.startsWith(`${f}[`));
}

/** The writable fields the server sent in `rechte.felder` (null when it sent none). */
export function schreibbareFelder(rechte: unknown): string[] | null {
  const f = (rechte as { felder?: unknown } | undefined)?.felder;
  return Array.isArray(f) ? f.filter((x): x is string => typeof x === 'string') : null;
}

/**
 * The lock of the field named name (a control's name or a server key): `gesperrt` and the
 * `hinweis` to show with it; unlocked outside a SchreibrechteKontext.
 */
export function useSchreibsperre(name: string | undefined): { gesperrt: boolean; hinweis?: string } {
  const r = useContext(SchreibrechteKontext);
  if (!r || !name) return { gesperrt: false };
  const key = r.schluessel?.[name] ?? name;
  return istSchreibbar(r.felder, key) ? { gesperrt: false } : { gesperrt: true, hinweis: r.hinweis };
}
