import feldnamen from '@domain/betrieb/feldnamen.json';
import { feldbezeichnung } from '@/components/akte/Fehleruebersicht';

/**
 * The labels of the operation's fields, from the one place the server's Verlauf reads too
 * (domain/betrieb/feldnamen.json): the form, the review of a Stammdaten-Antrag and the Verlauf
 * say the same word for a field.
 */
export const BETRIEB_FELDNAMEN: Readonly<Record<keyof typeof feldnamen, string>> = feldnamen;

/** The label of an operation form's field key ('kontakte[0].email' → 'Kontakt 1 › E-Mail'), for the error summary. */
export const betriebFeldname = (key: string) => feldbezeichnung(key, BETRIEB_FELDNAMEN);
