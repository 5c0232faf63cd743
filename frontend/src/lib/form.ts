import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from './api';

/** Field name → message; a field without an entry is valid. */
export type Feldfehler<K extends string = string> = Partial<Record<K, string>>;

// Messages shared by several forms (spec 000 §5, 002 §5), verbatim.
export const MSG_PFLICHTFELD = 'Dieses Feld ist ein Pflichtfeld.';
export const MSG_EMAIL = 'Das Feld muss eine gültige E-Mail Adresse enthalten!';
export const MSG_TELEFON = 'Nur Ziffern und als Trennzeichen „-“ sind zulässig.';
export const MSG_MINDESTENS_EINS = 'Es muss mindestens ein Element ausgewaehlt werden';
export const MSG_PASSWOERTER_UNGLEICH = 'Die Passwörter stimmen nicht überein.';

export const istLeer = (v: string | undefined | null) => !v || v.trim() === '';

/** Local part, '@', a domain with a dot; no blanks (the server checks the address once more). */
export const istEmail = (v: string) => /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/.test(v.trim());

/** Digits, optionally separated by single hyphens (the shared phone pattern). */
export const istTelefon = (v: string) => /^[0-9]+(-[0-9]+)*$/.test(v.trim());

export function hatFehler(f: Feldfehler): boolean {
  return Object.values(f).some(Boolean);
}

/** The person fields of registration and profile. */
export interface PersonWerte {
  anrede: string;
  titel: string;
  name: string;
  vorname: string;
  email: string;
  telefon: string;
  mobil: string;
}

/** The person fields in form order. */
export const PERSON_FELDER: readonly (keyof PersonWerte)[] = ['anrede', 'titel', 'name', 'vorname', 'email', 'telefon', 'mobil'];

export const LEERE_PERSON: PersonWerte = { anrede: '', titel: '', name: '', vorname: '', email: '', telefon: '', mobil: '' };

/** Anrede, name, vorname, email and telefon: required in the registration (spec 002 §5). */
export const PERSON_PFLICHTFELDER: readonly (keyof PersonWerte)[] = ['anrede', 'name', 'vorname', 'email', 'telefon'];

/** The user form (spec 002 §5) and the profile require the person without the Anrede. */
export const PERSON_PFLICHTFELDER_OHNE_ANREDE: readonly (keyof PersonWerte)[] = ['name', 'vorname', 'email', 'telefon'];

/** The fields `pflicht` are required; e-mail and phone numbers have a pattern. */
export function pruefePerson(p: PersonWerte, pflicht = PERSON_PFLICHTFELDER): Feldfehler<keyof PersonWerte> {
  const f: Feldfehler<keyof PersonWerte> = {};
  for (const k of pflicht) {
    if (istLeer(p[k])) f[k] = MSG_PFLICHTFELD;
  }
  if (!f.email && !istEmail(p.email)) f.email = MSG_EMAIL;
  if (!f.telefon && !istTelefon(p.telefon)) f.telefon = MSG_TELEFON;
  if (!istLeer(p.mobil) && !istTelefon(p.mobil)) f.mobil = MSG_TELEFON;
  return f;
}

/**
 * The server's validationErrors for the given fields. Keys may carry a prefix ('person.email')
 * or differ in name (`alias`: server key → field).
 */
export function serverFeldfehler<K extends string>(
  error: unknown,
  felder: readonly K[],
  alias: Record<string, K> = {},
): Feldfehler<K> {
  const f: Feldfehler<K> = {};
  if (!(error instanceof ApiError)) return f;
  for (const [key, message] of Object.entries(error.validationErrors)) {
    const kurz = key.replace(/^person\./, '');
    const feld = alias[key] ?? alias[kurz] ?? (felder.includes(kurz as K) ? (kurz as K) : undefined);
    if (feld && !f[feld]) f[feld] = message;
  }
  return f;
}

/**
 * Focus for forms: `const [formRef, fokusAufFehler] = useFokusAufErstenFehler();` — call
 * fokusAufFehler() after setting errors; after the next render the first control marked
 * aria-invalid in the form gets the focus (so its error is already linked when it is read).
 */
export function useFokusAufErstenFehler<T extends HTMLElement = HTMLFormElement>() {
  const ref = useRef<T>(null);
  const [anfrage, setAnfrage] = useState(0);
  useEffect(() => {
    if (anfrage === 0) return;
    ref.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [anfrage]);
  const fokusAufFehler = useCallback(() => setAnfrage((n) => n + 1), []);
  return [ref, fokusAufFehler] as const;
}
