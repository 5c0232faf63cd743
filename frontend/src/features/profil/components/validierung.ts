import {
  istLeer,
  MSG_PASSWOERTER_UNGLEICH,
  MSG_PFLICHTFELD,
  pruefePerson,
  type Feldfehler,
  type PersonWerte,
} from '../../../lib/form';

export interface ProfilWerte extends PersonWerte {
  benutzername: string;
  /** Empty keeps the password. */
  passwort: string;
  bestaetigung: string;
}

export type ProfilFeld = keyof ProfilWerte;

/** The person rules of the registration, a user name, and a new password typed twice alike. */
export function pruefeProfil(w: ProfilWerte): Feldfehler<ProfilFeld> {
  const f: Feldfehler<ProfilFeld> = pruefePerson(w);
  if (istLeer(w.benutzername)) f.benutzername = MSG_PFLICHTFELD;
  if ((w.passwort !== '' || w.bestaetigung !== '') && w.passwort !== w.bestaetigung) {
    f.bestaetigung = MSG_PASSWOERTER_UNGLEICH;
  }
  return f;
}

/** What a save changes about logging in: the confirmation dialog warns accordingly. */
export function zugangsaenderung(alt: ProfilWerte, neu: ProfilWerte) {
  const email = alt.email.trim() !== neu.email.trim();
  const abmelden = email || alt.benutzername.trim() !== neu.benutzername.trim() || neu.passwort !== '';
  return { abmelden, email };
}
