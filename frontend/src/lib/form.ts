import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from './api';
import { FORMULARE, type Bedingung, type Feldregel, type Formular } from './formregeln';

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

const personfelder = (felder: string[]) => PERSON_FELDER.filter((k) => felder.includes(k));

/** The person fields the registration requires (the server's table, spec 002 §5: with the Anrede). */
export const PERSON_PFLICHTFELDER: readonly (keyof PersonWerte)[] = personfelder(pflichtfelder(FORMULARE.registrierung, ['registrierung']));

/** The user form (spec 002 §5) and the profile require the person without the Anrede (the server's table). */
export const PERSON_PFLICHTFELDER_OHNE_ANREDE: readonly (keyof PersonWerte)[] = personfelder(pflichtfelder(FORMULARE.profil));

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

// Form rules (issue 43, item 5): required fields, formats and enumerations come from the server's
// tables, generated into lib/formregeln.ts; the forms read them through these helpers.

/** The rules of the form's fields ('adresse.plz'), or with `liste` those of one row of that list ('kontakte'). */
export function feldregeln(formular: Formular, liste?: string): Feldregel[] {
  if (liste === undefined) return formular.felder.filter((r) => !r.feld.includes('[]'));
  const vorsilbe = `${liste}[].`;
  const ohne = (pfad: string) => (pfad.startsWith(vorsilbe) ? pfad.slice(vorsilbe.length) : pfad);
  return formular.felder.filter((r) => r.feld.startsWith(vorsilbe)).map((r) => ({ ...r, feld: ohne(r.feld), ...(r.quelle ? { quelle: ohne(r.quelle) } : {}) }));
}

/** The required fields of the form where the conditions hold, named as in the table ('auflagen[].art'). */
export function pflichtfelder(formular: Formular, bedingungen: readonly Bedingung[] = []): string[] {
  return formular.felder.filter((r) => r.pflicht && (!r.wenn || bedingungen.includes(r.wenn))).map((r) => r.feld);
}

/** Whether the field ('bezeichnung', 'kontakte[].email') is required where the conditions hold. */
export function istPflicht(formular: Formular, feld: string, bedingungen: readonly Bedingung[] = []): boolean {
  return pflichtfelder(formular, bedingungen).includes(feld);
}

/** Empty as the server counts it: a blank text, no entry, false, 0, nothing. */
const leer = (v: unknown) => v === undefined || v === null || v === false || v === 0 || (typeof v === 'string' ? v.trim() === '' : Array.isArray(v) && v.length === 0);

/** The value at the path ('adresse.plz'): a flat key of that name first, else nested objects. */
function wertVon(werte: Record<string, unknown>, pfad: string): unknown {
  if (pfad in werte) return werte[pfad];
  return pfad.split('.').reduce<unknown>((w, teil) => (w && typeof w === 'object' ? (w as Record<string, unknown>)[teil] : undefined), werte);
}

export interface PruefeFormularOptionen {
  /** The conditions that hold (the table's `wenn`). */
  bedingungen?: readonly Bedingung[];
  /** Check one row of this list ('kontakte'): the rules 'kontakte[].x' as 'x'. */
  liste?: string;
  /** Put before every key of the result ('kontakte[2].'). */
  prefix?: string;
  /** The name of a field in the form's values and errors ('adresse.plz' → 'plz' where the form's state is flat); default its path. */
  schluessel?: (feld: string) => string;
  /** Fields the form does not show (decided elsewhere, e.g. by the tab). */
  ohne?: readonly string[];
  /** The path of a field's value in the form's values where it is neither its name nor the table's quelle. */
  wertpfad?: (feld: string) => string | undefined;
}

/**
 * The checks of the form's table on its values: every empty required field with the server's
 * message (MSG_PFLICHTFELD or the rule's own), every e-mail and phone number in its format.
 * The other formats (dates, decimals) stay with the form's checkers (lib/dezimal, Datumsfeld).
 */
export function pruefeFormular(formular: Formular, werte: Record<string, unknown>, o: PruefeFormularOptionen = {}): Feldfehler {
  const f: Feldfehler = {};
  const { bedingungen = [], prefix = '', schluessel = (x: string) => x, ohne = [] } = o;
  for (const r of feldregeln(formular, o.liste)) {
    if (ohne.includes(r.feld)) continue;
    const name = schluessel(r.feld);
    const key = prefix + name;
    const v = wertVon(werte, o.wertpfad?.(r.feld) ?? (name in werte || !r.quelle ? name : r.quelle));
    if (leer(v)) {
      if (r.pflicht && (!r.wenn || bedingungen.includes(r.wenn))) f[key] = r.meldung ?? MSG_PFLICHTFELD;
    } else if (typeof v === 'string' && r.format === 'email' && !istEmail(v)) f[key] = MSG_EMAIL;
    else if (typeof v === 'string' && r.format === 'telefon' && !istTelefon(v)) f[key] = MSG_TELEFON;
  }
  return f;
}
