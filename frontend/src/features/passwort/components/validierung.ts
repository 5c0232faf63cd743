import { istLeer, MSG_PASSWOERTER_UNGLEICH, MSG_PFLICHTFELD, type Feldfehler } from '@/lib/form';

// Verbatim text of spec 002 §5.
export const MSG_BEIDE_FELDER = 'Bitte füllen Sie beide Passwortfelder aus.';

export interface NeuesPasswortWerte {
  passwort: string;
  bestaetigung: string;
}

/** Both fields filled ('Bitte füllen Sie beide Passwortfelder aus.'), then equal. */
export function pruefeNeuesPasswort(w: NeuesPasswortWerte): Feldfehler<keyof NeuesPasswortWerte> {
  const f: Feldfehler<keyof NeuesPasswortWerte> = {};
  if (w.passwort === '') f.passwort = MSG_BEIDE_FELDER;
  if (w.bestaetigung === '') f.bestaetigung = MSG_BEIDE_FELDER;
  if (f.passwort || f.bestaetigung) return f;
  if (w.passwort !== w.bestaetigung) return { bestaetigung: MSG_PASSWOERTER_UNGLEICH };
  return {};
}

/** The user name is required to request the mail. */
export function pruefeAnforderung(username: string): Feldfehler<'username'> {
  return istLeer(username) ? { username: MSG_PFLICHTFELD } : {};
}
