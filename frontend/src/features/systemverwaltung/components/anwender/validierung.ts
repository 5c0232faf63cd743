import {
  LEERE_PERSON,
  MSG_PASSWOERTER_UNGLEICH,
  PERSON_PFLICHTFELDER_OHNE_ANREDE,
  pruefeFormular,
  pruefePerson,
  type Feldfehler,
  type PersonWerte,
} from '@/lib/form';
import { FORMULARE, type Bedingung } from '@/lib/formregeln';
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
 * Spec 002 §5 by the server's table (FORMULARE.benutzer): the person without the Anrede, the user
 * name, at least one function, the password of a new user (typed twice alike), the organisation
 * for an organisation's role, else the DataScout id. The Dienststelle rule for authority users
 * is the server's.
 */
export function pruefeAnwender(w: AnwenderWerte, neu: boolean): Feldfehler<AnwenderFeld> {
  const bedingungen: Bedingung[] = [globaleRolleVon(w.funktionaleRolle) === 'ORGANISATION' ? 'organisationsrolle' : 'behoerdenrolle'];
  if (neu) bedingungen.push('neu');
  const f: Feldfehler<AnwenderFeld> = {
    ...pruefePerson(w, PERSON_PFLICHTFELDER_OHNE_ANREDE),
    ...pruefeFormular(FORMULARE.benutzer, { ...w }, { bedingungen, schluessel: (k) => k.replace(/^person\./, '') }),
  };
  if ((w.passwort !== '' || w.bestaetigung !== '') && w.passwort !== w.bestaetigung) f.bestaetigung = MSG_PASSWOERTER_UNGLEICH;
  return f;
}
