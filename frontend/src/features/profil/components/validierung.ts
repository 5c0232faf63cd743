import {
  MSG_PASSWOERTER_UNGLEICH,
  PERSON_PFLICHTFELDER_OHNE_ANREDE,
  pruefeFormular,
  pruefePerson,
  type Feldfehler,
  type PersonWerte,
} from '@/lib/form';
import { FORMULARE } from '@/lib/formregeln';

export interface ProfilWerte extends PersonWerte {
  benutzername: string;
  /** Empty keeps the password. */
  passwort: string;
  bestaetigung: string;
  /** Needed to change user name, e-mail address or password; never shown again. */
  aktuellesPasswort: string;
}

export type ProfilFeld = keyof ProfilWerte;

/** The server's message for a missing current password (domain/konto), verbatim. */
export const MSG_AKTUELLES_PASSWORT =
  'Bitte geben Sie Ihr aktuelles Passwort ein, um Benutzername, E-Mail-Adresse oder Passwort zu ändern.';

/**
 * The profile's table (FORMULARE.profil: the person without the Anrede, a user name), a new password typed twice alike, and —
 * compared with the saved values `alt` — the current password when the sign-in data change.
 */
export function pruefeProfil(w: ProfilWerte, alt?: ProfilWerte): Feldfehler<ProfilFeld> {
  const f: Feldfehler<ProfilFeld> = { ...pruefePerson(w, PERSON_PFLICHTFELDER_OHNE_ANREDE), ...pruefeFormular(FORMULARE.profil, { ...w }) };
  if ((w.passwort !== '' || w.bestaetigung !== '') && w.passwort !== w.bestaetigung) {
    f.bestaetigung = MSG_PASSWOERTER_UNGLEICH;
  }
  if (alt && zugangsaenderung(alt, w).abmelden && w.aktuellesPasswort === '') {
    f.aktuellesPasswort = MSG_AKTUELLES_PASSWORT;
  }
  return f;
}

/** What a save changes about logging in: the confirmation dialog warns accordingly. */
export function zugangsaenderung(alt: ProfilWerte, neu: ProfilWerte) {
  const email = alt.email.trim() !== neu.email.trim();
  const abmelden = email || alt.benutzername.trim() !== neu.benutzername.trim() || neu.passwort !== '';
  return { abmelden, email };
}
