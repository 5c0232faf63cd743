// The client's one reader of decimals a user types, the mirror of domain/validierung/dezimal.go
// (docs/decisions.md, "Numbers (issue 43): one reader"): the German form of spec 001 §1 — comma
// before the decimals, dots only between groups of three ("1.000" is one thousand); anything
// else is refused with the message naming the form, never guessed. The rule Wert (spec 000 §5,
// spec 001 §5 "wert") on top: at most 10 digits before and 3 after the comma, positive. The
// messages are the server's, verbatim; both sides run domain/validierung/testdata/zahlen.json.

export const MSG_ZAHL = 'Es muss eine Zahl oder nichts eingegeben werden.';
export const MSG_WERT = 'Der Wert darf maximal 10 Stellen vor und drei Stellen nach dem Komma haben!';
export const MSG_POSITIV = 'Es muss ein positiver Wert angegeben werden!';
export const MSG_ZAHLFORMAT =
  'Bitte geben Sie die Zahl im deutschen Format ein, z. B. 1.234,5: Komma vor den Nachkommastellen, Punkte nur zwischen Tausendergruppen.';

/** The German written form (validierung.deutsch). */
const DEUTSCH = /^(\d+|[1-9]\d{0,2}(?:\.\d{3})+)(?:,(\d+))?$/;
/** The characters of a written number: any other is no number at all (a sign, a blank, a letter). */
const ZEICHEN = /^[0-9.,]*$/;
/** The superseded form of issue 30: the point was a decimal point. Stored values may have it. */
const ALT = /^(\d+)(?:[.,](\d+))?$/;

/** A decimal read from text: its digits as written (before the comma without the thousands dots). */
export interface Zahl {
  vorkomma: string;
  nachkomma: string;
  /** The value as a JavaScript number (for the fields sent as JSON numbers). */
  wert: number;
  /** The stored form: no thousands dots, the digits and the comma as typed ('1.234,50' → '1234,50'). */
  text: string;
}

const zahl = (vorkomma: string, nachkomma: string): Zahl => ({
  vorkomma,
  nachkomma,
  wert: Number(nachkomma ? `${vorkomma}.${nachkomma}` : vorkomma),
  text: nachkomma ? `${vorkomma},${nachkomma}` : vorkomma,
});

/** The one reader (validierung.LiesZahl): the number, or the message why v is none. '' is none (MSG_ZAHL). */
export function leseZahl(v: string): { zahl: Zahl; fehler?: undefined } | { zahl?: undefined; fehler: string } {
  if (v === '' || !ZEICHEN.test(v)) return { fehler: MSG_ZAHL };
  const m = DEUTSCH.exec(v);
  if (!m) return { fehler: MSG_ZAHLFORMAT };
  return { zahl: zahl(m[1].replaceAll('.', ''), m[2] ?? '') };
}

/**
 * The reader's message for a field's text that is no number (after an optional minus, which the
 * forms answer with their own message): MSG_ZAHLFORMAT for digits, dots and commas in another
 * arrangement ('1.00'), MSG_ZAHL for anything else.
 */
export function zahlFehler(v: string): string {
  const s = v.trim();
  return leseZahl(s.startsWith('-') ? s.slice(1) : s).fehler ?? MSG_ZAHL;
}

/** The rule Wert (validierung.DezimalFehler) on the trimmed text: undefined when empty or valid, else the message. */
export function pruefeDezimal(v: string): string | undefined {
  const s = v.trim();
  if (s === '') return undefined;
  const r = leseZahl(s);
  if (!r.zahl) return r.fehler;
  const { vorkomma, nachkomma } = r.zahl;
  if (vorkomma.replace(/^0+/, '').length > 10 || nachkomma.length > 3) return MSG_WERT;
  if (/^0*$/.test(vorkomma + nachkomma)) return MSG_POSITIV;
  return undefined;
}

/** The stored form of a valid typed decimal (validierung.Normalform); anything else as it is. */
export function normalform(v: string): string {
  return leseZahl(v).zahl?.text ?? v;
}

/**
 * A decimal string stored by the server (validierung.GespeicherterWert): the German form where it
 * applies, else the form of issue 30 with a decimal point ('0.4'); null for anything else.
 */
export function gespeicherteZahl(v: string | null | undefined): Zahl | null {
  const s = (v ?? '').trim();
  const r = leseZahl(s);
  if (r.zahl) return r.zahl;
  const m = ALT.exec(s);
  return m ? zahl(m[1], m[2] ?? '') : null;
}

/**
 * A stored decimal as a form shows it for editing: its reading in the stored form ('0.4' → '0,4',
 * '1234,50' stays), so that a save sends a value the reader takes; other text as it is.
 */
export function alsEingabe(v: string | null | undefined): string {
  return gespeicherteZahl(v)?.text ?? v ?? '';
}
