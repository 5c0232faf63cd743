import {
  istLeer,
  LEERE_PERSON,
  MSG_MINDESTENS_EINS,
  MSG_PASSWOERTER_UNGLEICH,
  MSG_PFLICHTFELD,
  PERSON_PFLICHTFELDER_OHNE_ANREDE,
  pruefePerson,
  type Feldfehler,
  type PersonWerte,
} from '@/lib/form';
import { globaleRolleVon } from '@/features/systemverwaltung/components/bezeichnungen';

/** The user form of the administration (spec 002 §2, §5). */
export interface AnwenderWerte extends PersonWerte {
  benutzername: string;
  /** Empty keeps the password of an existing user. */
  passwort: string;
  bestaetigung: string;
  datascoutId: string;
  funktionaleRolle: string[];
  /** Id of the organisation as text ('' = none). */
  organisation: string;
  behoerde: string;
  lokaleRollen: number[];
}

export type AnwenderFeld = keyof AnwenderWerte;

export const LEERER_ANWENDER: AnwenderWerte = {
  benutzername: '',
  passwort: '',
  bestaetigung: '',
  datascoutId: '',
  funktionaleRolle: [],
  ...LEERE_PERSON,
  organisation: '',
  behoerde: '',
  lokaleRollen: [],
};

/**
 * Spec 002 §5: name, vorname, email, telefon, benutzername required; the password only for new
 * users (typed twice alike); at least one function; the organisation for the organisation role,
 * else the datascoutId. The Dienststelle rule for authority users is the server's.
 */
export function pruefeAnwender(w: AnwenderWerte, neu: boolean): Feldfehler<AnwenderFeld> {
  const f: Feldfehler<AnwenderFeld> = pruefePerson(w, PERSON_PFLICHTFELDER_OHNE_ANREDE);
  if (istLeer(w.benutzername)) f.benutzername = MSG_PFLICHTFELD;
  if (neu && w.passwort === '') f.passwort = MSG_PFLICHTFELD;
  if ((w.passwort !== '' || w.bestaetigung !== '') && w.passwort !== w.bestaetigung) f.bestaetigung = MSG_PASSWOERTER_UNGLEICH;
  if (w.funktionaleRolle.length === 0) f.funktionaleRolle = MSG_MINDESTENS_EINS;
  const global = globaleRolleVon(w.funktionaleRolle);
  if (global === 'ORGANISATION') {
    if (w.organisation === '') f.organisation = MSG_PFLICHTFELD;
  } else if (global && istLeer(w.datascoutId)) {
    f.datascoutId = MSG_PFLICHTFELD;
  }
  return f;
}
