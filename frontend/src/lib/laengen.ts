// Generated from domain/validierung/laengen.go (validierung.Hoechstlaengen, Hoechstanzahlen); do not edit.
// After a change there run: go test ./domain/validierung -run Frontend -update

/** Maximum length in characters of a text field of any form, by the field's name. */
export const LAENGEN: Readonly<Record<string, number>> = {
  abgabenummer: 50,
  aenderungsgrund: 4000,
  anrede: 255,
  arbeitsstaettenNr: 50,
  bearbeiter: 50,
  begruendung: 4000,
  behoerdenkennung: 50,
  benutzername: 254,
  betreff: 500,
  bezeichnung: 255,
  datascoutId: 50,
  email: 254,
  flur: 5,
  flurstueck: 10,
  funktion: 255,
  gemarkung: 50,
  haupttaetigkeit: 255,
  hausnummer: 10,
  katasterNr: 50,
  kommentar: 4000,
  messstellenId: 20,
  mobil: 50,
  muttergesellschaft: 255,
  nacecode: 50,
  name: 100,
  organisationsId: 50,
  ort: 100,
  plz: 10,
  prtrNr: 50,
  q: 200,
  strasse: 100,
  telefon: 50,
  titel: 255,
  url: 2048,
  username: 254,
  value: 255,
  vorname: 100,
  wasserbuchnummer: 9,
  wvbNr: 50,
  zusatztext: 100,
};

/** Maximum of a text field the table does not name. */
export const STANDARD_LAENGE = 255;

/** Maximum of a search text or filter (every query parameter). */
export const SUCH_LAENGE = 200;

/** The message the server answers for a too long field. */
export const zuLang = (n: number) => `Max. ${n} Zeichen erlaubt`;

/** Maximum length of the field: by its last path element without index ("kontakte[0].email" is "email"). */
export function maxLaenge(feld: string): number {
  const name = feldname(feld);
  return Object.prototype.hasOwnProperty.call(LAENGEN, name) ? LAENGEN[name] : STANDARD_LAENGE;
}

/** Maximum number of entries of a list field of any form, by the field's name (validierung.Hoechstanzahlen). */
export const ANZAHLEN: Readonly<Record<string, number>> = {
  betriebe: 1000,
  entsorgungsraeume: 500,
  messwerte: 8784,
  organisationen: 1000,
  verwaltungseinheit: 500,
};

/** Maximum number of entries of a list the table does not name. */
export const STANDARD_ANZAHL = 100;

/** The message the server answers for a list with too many entries. */
export const zuViele = (n: number) => `Max. ${n} Einträge erlaubt`;

/** Maximum number of entries of the list field ("entsorgungsraum.entsorgungsraeume" is "entsorgungsraeume"). */
export function maxAnzahl(feld: string): number {
  const name = feldname(feld);
  return Object.prototype.hasOwnProperty.call(ANZAHLEN, name) ? ANZAHLEN[name] : STANDARD_ANZAHL;
}

/** The last element of a field path without its index, as the server's table looks it up. */
function feldname(feld: string): string {
  return feld.slice(feld.lastIndexOf('.') + 1).replace(/\[.*$/, '');
}
