import { pruefeFormular, pruefePerson, type Feldfehler, type PersonWerte } from '@/lib/form';
import { FORMULARE } from '@/lib/formregeln';
import type { FunktionaleRolle } from '@/features/registrierung/api/registriere-anwender';

// Verbatim text of the registration form.
export const MSG_DSGVO = 'Bitte stimmen Sie der Verarbeitung Ihrer Daten zu.';

export interface RegistrierungWerte extends PersonWerte {
  /** The organisation's id as the select holds it ('' = none chosen). */
  organisation: string;
  funktionaleRolle: FunktionaleRolle[];
  dsgvo: boolean;
}

export type RegistrierungFeld = keyof RegistrierungWerte;

/**
 * Spec 002 §5 by the server's table (FORMULARE.registrierung): organisation, function,
 * salutation, names, e-mail and telefon required; consent given.
 */
export function pruefeRegistrierung(w: RegistrierungWerte): Feldfehler<RegistrierungFeld> {
  return { ...pruefePerson(w), ...pruefeFormular(FORMULARE.registrierung, { ...w }, { bedingungen: ['registrierung'] }) };
}
