import feldnamen from '@domain/betrieb/feldnamen.json';

/**
 * The labels of the operation's fields, from the one place the server's Verlauf reads too
 * (domain/betrieb/feldnamen.json): the form, the review of a Stammdaten-Antrag and the Verlauf
 * say the same word for a field.
 */
export const BETRIEB_FELDNAMEN: Readonly<Record<keyof typeof feldnamen, string>> = feldnamen;
