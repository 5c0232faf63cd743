import {
  istLeer,
  MSG_MINDESTENS_EINS,
  MSG_PFLICHTFELD,
  pruefePerson,
  type Feldfehler,
  type PersonWerte,
} from '@/lib/form';
import type { FunktionaleRolle } from '@/features/registrierung/api/registrieren';

// Verbatim text of the registration form.
export const MSG_DSGVO = 'Bitte stimmen Sie der Verarbeitung Ihrer Daten zu.';

export interface RegistrierungWerte extends PersonWerte {
  /** The organisation's id as the select holds it ('' = none chosen). */
  organisation: string;
  funktionaleRolle: FunktionaleRolle[];
  dsgvo: boolean;
}

export type RegistrierungFeld = keyof RegistrierungWerte;

/** Spec 002 §5: organisation, function, salutation, names, e-mail and telefon required; consent true. */
export function pruefeRegistrierung(w: RegistrierungWerte): Feldfehler<RegistrierungFeld> {
  const f: Feldfehler<RegistrierungFeld> = {};
  if (istLeer(w.organisation)) f.organisation = MSG_PFLICHTFELD;
  if (w.funktionaleRolle.length === 0) f.funktionaleRolle = MSG_MINDESTENS_EINS;
  Object.assign(f, pruefePerson(w));
  if (!w.dsgvo) f.dsgvo = MSG_DSGVO;
  return f;
}
