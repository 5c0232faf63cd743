// The client's mirror of domain/validierung.Dezimal, the one rule for decimal strings (spec 000
// §5, spec 001 §5 "wert"): empty, or a positive number with at most 10 digits before and 3 after
// the decimal point ("," or "."). The messages are the server's, verbatim.

export const MSG_ZAHL = 'Es muss eine Zahl oder nichts eingegeben werden.';
export const MSG_WERT = 'Der Wert darf maximal 10 Stellen vor und drei Stellen nach dem Komma haben!';
export const MSG_POSITIV = 'Es muss ein positiver Wert angegeben werden!';

const DEZIMAL = /^(\d+)(?:[.,](\d+))?$/;

/** The rule Wert: undefined when v is empty or valid, else the message. */
export function pruefeDezimal(v: string): string | undefined {
  const s = v.trim();
  if (s === '') return undefined;
  const m = DEZIMAL.exec(s);
  if (!m) return MSG_ZAHL;
  if (m[1].replace(/^0+/, '').length > 10 || (m[2] ?? '').length > 3) return MSG_WERT;
  if (/^0*$/.test(m[1] + (m[2] ?? ''))) return MSG_POSITIV;
  return undefined;
}
