// Generated from the forms' rule tables (domain/formregeln: each domain's Formular); do not edit.
// After a change there run: go test ./domain/formregeln -run Frontend -update

/** The shape a field's value must have once it is not empty (validierung.Format). */
export type Format = 'email' | 'telefon' | 'plz' | 'datum' | 'dezimal' | 'ganzzahl' | 'jahr' | 'uhrzeit' | 'messdatum';

/** The named conditions under which a field is required; each form decides them once. */
export type Bedingung =
  | 'behoerdenrolle' // the user's global role is no organisation's (authority, administration)
  | 'entlastung' // the plant is a relief plant (type ENTLASTUNG)
  | 'indirekteinleiter' // the plant is an indirect discharger
  | 'keinIndirekteinleiter' // the plant is no indirect discharger
  | 'mitMesswerten' // the value grid has rows (anzahlWerte > 0)
  | 'neu' // the object is being created (a new user needs a password)
  | 'organisationsrolle' // the user's global role is an organisation's (operator, planning office …)
  | 'registrierung' // the person registers (spec 002 §5: only the registration requires the Anrede)
  | 'rueckgabe' // staff return an application to its applicant (BEANTRAGT → ANGELEGT)
  | 'vorlageMitUhrzeit'; // the template of the measured values records times (Vorlage.uhrzeit)

/**
 * The rule of one field: its path as the server names its error ('[]' stands for every row of a
 * list), required (always, or where the condition wenn holds; meldung the message of an empty
 * one when it is not MSG_PFLICHTFELD), the value's path in the request where it differs from the
 * field's (quelle), format, fixed values, the value list of a select, the maximum length where
 * the server's table names one.
 */
export interface Feldregel {
  readonly feld: string;
  readonly pflicht?: boolean;
  readonly wenn?: Bedingung;
  readonly meldung?: string;
  readonly quelle?: string;
  readonly format?: Format;
  readonly werte?: readonly string[];
  readonly werteliste?: string;
  readonly maxLaenge?: number;
}

/** A form: its name, the server's commands it is sent as, its fields' rules. */
export interface Formular {
  readonly name: string;
  readonly befehle: readonly string[];
  readonly felder: readonly Feldregel[];
}

/** Every form with rules, by name. */
export const FORMULARE = {
  registrierung: {
    name: 'registrierung',
    befehle: ['Registriere'],
    felder: [
      { feld: 'organisation', pflicht: true },
      { feld: 'funktionaleRolle', pflicht: true, meldung: 'Es muss mindestens ein Element ausgewaehlt werden' },
      { feld: 'anrede', pflicht: true, wenn: 'registrierung', werteliste: 'anrede', maxLaenge: 255 },
      { feld: 'titel', werteliste: 'titel', maxLaenge: 255 },
      { feld: 'name', pflicht: true, maxLaenge: 100 },
      { feld: 'vorname', pflicht: true, maxLaenge: 100 },
      { feld: 'email', pflicht: true, format: 'email', maxLaenge: 254 },
      { feld: 'telefon', pflicht: true, format: 'telefon', maxLaenge: 50 },
      { feld: 'mobil', format: 'telefon', maxLaenge: 50 },
      { feld: 'dsgvo', pflicht: true, meldung: 'Bitte stimmen Sie der Verarbeitung Ihrer Daten zu.' },
    ],
  },
  profil: {
    name: 'profil',
    befehle: ['AendereProfil'],
    felder: [
      { feld: 'benutzername', pflicht: true, maxLaenge: 254 },
      { feld: 'anrede', pflicht: true, wenn: 'registrierung', werteliste: 'anrede', maxLaenge: 255 },
      { feld: 'titel', werteliste: 'titel', maxLaenge: 255 },
      { feld: 'name', pflicht: true, maxLaenge: 100 },
      { feld: 'vorname', pflicht: true, maxLaenge: 100 },
      { feld: 'email', pflicht: true, format: 'email', maxLaenge: 254 },
      { feld: 'telefon', pflicht: true, format: 'telefon', maxLaenge: 50 },
      { feld: 'mobil', format: 'telefon', maxLaenge: 50 },
    ],
  },
  benutzer: {
    name: 'benutzer',
    befehle: ['LegeAn', 'AendereAlsAdmin'],
    felder: [
      { feld: 'benutzername', pflicht: true, maxLaenge: 254 },
      { feld: 'funktionaleRolle', pflicht: true, meldung: 'Es muss mindestens ein Element ausgewaehlt werden' },
      { feld: 'person.organisation', pflicht: true, wenn: 'organisationsrolle' },
      { feld: 'datascoutId', pflicht: true, wenn: 'behoerdenrolle', maxLaenge: 50 },
      { feld: 'passwort', pflicht: true, wenn: 'neu' },
      { feld: 'person.anrede', pflicht: true, wenn: 'registrierung', werteliste: 'anrede', maxLaenge: 255 },
      { feld: 'person.titel', werteliste: 'titel', maxLaenge: 255 },
      { feld: 'person.name', pflicht: true, maxLaenge: 100 },
      { feld: 'person.vorname', pflicht: true, maxLaenge: 100 },
      { feld: 'person.email', pflicht: true, format: 'email', maxLaenge: 254 },
      { feld: 'person.telefon', pflicht: true, format: 'telefon', maxLaenge: 50 },
      { feld: 'person.mobil', format: 'telefon', maxLaenge: 50 },
    ],
  },
  organisation: {
    name: 'organisation',
    befehle: ['LegeAn', 'Aendere'],
    felder: [
      { feld: 'bezeichnung', pflicht: true, maxLaenge: 255 },
      { feld: 'adresse.strasse', pflicht: true, maxLaenge: 100 },
      { feld: 'adresse.hausnummer', pflicht: true, maxLaenge: 10 },
      { feld: 'adresse.plz', pflicht: true, format: 'plz', maxLaenge: 10 },
      { feld: 'adresse.ort', pflicht: true, maxLaenge: 100 },
      { feld: 'status', werte: ['AKTIV', 'INAKTIV'] },
      { feld: 'abwasserbeseitigungspflicht' },
      { feld: 'abgabenummer', maxLaenge: 50 },
      { feld: 'organisationsId', maxLaenge: 50 },
    ],
  },
  betrieb: {
    name: 'betrieb',
    befehle: ['BeantrageBetrieb', 'SpeichereAlsAdmin', 'SpeichereAlsBetreiber'],
    felder: [
      { feld: 'bezeichnung', pflicht: true, maxLaenge: 255 },
      { feld: 'betreiber', pflicht: true, quelle: 'betreiberId' },
      { feld: 'betriebsstatus', pflicht: true, werte: ['GEPLANT', 'IN_BETRIEB', 'STILLGELEGT'], werteliste: 'betriebsstatus' },
      { feld: 'behoerde', pflicht: true, quelle: 'regionalstelleId' },
      { feld: 'adresse.strasse', pflicht: true, maxLaenge: 100 },
      { feld: 'adresse.hausnummer', maxLaenge: 10 },
      { feld: 'adresse.plz', pflicht: true, format: 'plz', maxLaenge: 10 },
      { feld: 'adresse.ort', pflicht: true, maxLaenge: 100 },
      { feld: 'lage.hochwert', pflicht: true, format: 'dezimal' },
      { feld: 'lage.rechtswert', pflicht: true, format: 'dezimal' },
      { feld: 'url', maxLaenge: 2048 },
      { feld: 'haupttaetigkeit', werteliste: 'haupttaetigkeit', maxLaenge: 255 },
      { feld: 'nacecode', werteliste: 'nace-code', maxLaenge: 50 },
      { feld: 'produktion.tagesarbeitszeitVon', format: 'uhrzeit' },
      { feld: 'produktion.tagesarbeitszeitBis', format: 'uhrzeit' },
      { feld: 'produktion.bezugsjahrProduktion', format: 'jahr' },
      { feld: 'produktion.produktionstage', format: 'ganzzahl' },
      { feld: 'produktion.anzahlBeschaeftigte', format: 'ganzzahl' },
      { feld: 'wasserversorgung.bezugsjahrWv', format: 'jahr' },
      { feld: 'wasserversorgung.wasserbezug', format: 'dezimal' },
      { feld: 'wasserversorgung.eigenversorgung', format: 'dezimal' },
      { feld: 'kontakte[].anrede', pflicht: true, werteliste: 'anrede', maxLaenge: 255 },
      { feld: 'kontakte[].titel', werteliste: 'titel', maxLaenge: 255 },
      { feld: 'kontakte[].vorname', pflicht: true, maxLaenge: 100 },
      { feld: 'kontakte[].name', pflicht: true, maxLaenge: 100 },
      { feld: 'kontakte[].email', pflicht: true, format: 'email', maxLaenge: 254 },
      { feld: 'kontakte[].telefon', pflicht: true, format: 'telefon', maxLaenge: 50 },
      { feld: 'kontakte[].mobil', format: 'telefon', maxLaenge: 50 },
      { feld: 'kontakte[].funktion', maxLaenge: 255 },
      { feld: 'zustaendigePersonen[].person', pflicht: true, quelle: 'zustaendigePersonen[].id' },
      { feld: 'zustaendigePersonen[].zustaendig', pflicht: true, meldung: 'Es muss mindestens eine Zuständigkeit ausgewählt werden.' },
      { feld: 'zustaendigeBearbeiter[].bearbeiter', pflicht: true, maxLaenge: 50 },
    ],
  },
  stammdatenantrag: {
    name: 'stammdatenantrag',
    befehle: ['StelleStammdatenAntrag'],
    felder: [
      { feld: 'bezeichnung', pflicht: true, maxLaenge: 255 },
      { feld: 'muttergesellschaft', maxLaenge: 255 },
      { feld: 'url', maxLaenge: 2048 },
      { feld: 'strasse', pflicht: true, quelle: 'adresse.strasse', maxLaenge: 100 },
      { feld: 'hausnummer', quelle: 'adresse.hausnummer', maxLaenge: 10 },
      { feld: 'plz', pflicht: true, quelle: 'adresse.plz', format: 'plz', maxLaenge: 10 },
      { feld: 'ort', pflicht: true, quelle: 'adresse.ort', maxLaenge: 100 },
      { feld: 'kommentar', maxLaenge: 4000 },
    ],
  },
  anlage: {
    name: 'anlage',
    befehle: ['LegeAn', 'Speichere'],
    felder: [
      { feld: 'bezeichnung', pflicht: true, maxLaenge: 255 },
      { feld: 'anlagenart', pflicht: true },
      { feld: 'anlagenstatus', pflicht: true, werte: ['GEPLANT', 'IN_BETRIEB', 'STILLGELEGT', 'ANGESCHLOSSEN_AN'] },
      { feld: 'anlagensystem', werteliste: 'anlagensystem' },
      { feld: 'lage.hochwert', pflicht: true, format: 'dezimal' },
      { feld: 'lage.rechtswert', pflicht: true, format: 'dezimal' },
      { feld: 'aufnahme', pflicht: true, wenn: 'indirekteinleiter', meldung: 'Es muss eine aufnehmende Anlage ausgewählt werden' },
      { feld: 'abwasserbeseitigungspflichtige', pflicht: true, wenn: 'keinIndirekteinleiter', meldung: 'Es muss ein Abwasserbeseitigungspflichtiger ausgewählt werden' },
      { feld: 'abwasserbeseitigungspflichtige[].organisation', pflicht: true },
      { feld: 'abwasserbeseitigungspflichtige[].startJahr', pflicht: true, format: 'jahr' },
      { feld: 'entlastungssystem', pflicht: true, wenn: 'entlastung', werteliste: 'entlastungssystem' },
      { feld: 'entlastungstyp', pflicht: true, wenn: 'entlastung', werteliste: 'entlastungstyp' },
      { feld: 'wasserbuchnummer', maxLaenge: 9 },
      { feld: 'kuehlart', werteliste: 'kuehlart' },
      { feld: 'kanalsystem', werteliste: 'kanalsystem' },
      { feld: 'abwasserart', werteliste: 'abwasserart' },
      { feld: 'materialart', werteliste: 'kanal-materialart' },
      { feld: 'kanallaenge', format: 'dezimal' },
      { feld: 'auslegungUndBelastungsDaten[].parameter', pflicht: true, werteliste: 'as-parameter' },
      { feld: 'auslegungUndBelastungsDaten[].einheit', pflicht: true, werteliste: 'as-einheit' },
      { feld: 'auslegungUndBelastungsDaten[].auslegungWert', format: 'dezimal' },
      { feld: 'auslegungUndBelastungsDaten[].belastungWert', format: 'dezimal' },
      { feld: 'auslegungUndBelastungsDaten[].auslegungJahr', format: 'jahr' },
      { feld: 'auslegungUndBelastungsDaten[].belastungJahr', format: 'jahr' },
      { feld: 'planungen[].status', pflicht: true, werteliste: 'planung-status' },
      { feld: 'planungen[].plandatum', format: 'datum' },
      { feld: 'anlagenteile[].kategorie', pflicht: true, werteliste: 'bauwerk-anlageteil-kategorie' },
      { feld: 'anlagenteile[].bezeichnung', pflicht: true, werteliste: 'bauwerk-anlageteil-bezeichnung', maxLaenge: 255 },
      { feld: 'anlagenteile[].anzahl', format: 'ganzzahl' },
      { feld: 'foerderungen[].mipNr', pflicht: true, werteliste: 'mip-foerderung' },
      { feld: 'entsorgungsraum.bezugsdatum', format: 'datum' },
      { feld: 'entsorgungsraum.entsorgungsraeume[].verwaltungseinheitSchluessel', pflicht: true, werteliste: 'verwaltungseinheit' },
      { feld: 'kontakte[].anrede', pflicht: true, werteliste: 'anrede', maxLaenge: 255 },
      { feld: 'kontakte[].titel', werteliste: 'titel', maxLaenge: 255 },
      { feld: 'kontakte[].vorname', pflicht: true, maxLaenge: 100 },
      { feld: 'kontakte[].name', pflicht: true, maxLaenge: 100 },
      { feld: 'kontakte[].email', pflicht: true, format: 'email', maxLaenge: 254 },
      { feld: 'kontakte[].telefon', pflicht: true, format: 'telefon', maxLaenge: 50 },
      { feld: 'kontakte[].mobil', format: 'telefon', maxLaenge: 50 },
      { feld: 'kontakte[].funktion', maxLaenge: 255 },
      { feld: 'zustaendigePersonen[].person', pflicht: true, quelle: 'zustaendigePersonen[].id' },
      { feld: 'zustaendigePersonen[].zustaendig', pflicht: true, meldung: 'Es muss mindestens eine Zuständigkeit ausgewählt werden.' },
      { feld: 'zustaendigeBearbeiter[].bearbeiter', pflicht: true, maxLaenge: 50 },
    ],
  },
  anlagenantrag: {
    name: 'anlagenantrag',
    befehle: ['StelleAntrag'],
    felder: [
      { feld: 'bezeichnung', pflicht: true, maxLaenge: 255 },
      { feld: 'foerderungen[].mipNr', pflicht: true, werteliste: 'mip-foerderung' },
    ],
  },
  messstelle: {
    name: 'messstelle',
    befehle: ['FordereFreigabeAn', 'Speichere'],
    felder: [
      { feld: 'bezeichnung', pflicht: true, maxLaenge: 255 },
      { feld: 'messstellentyp', pflicht: true, werte: ['NR_1', 'NR_2', 'NR_3', 'NR_4', 'NR_5', 'NR_6', 'NR_7', 'NR_8', 'NR_9', 'NR_10', 'NR_11', 'NR_12', 'NR_13', 'NR_14', 'NR_15', 'NR_20', 'NR_21', 'NR_22', 'NR_23', 'NR_24', 'NR_25', 'NR_26', 'NR_27', 'NR_28', 'NR_29', 'NR_30'] },
      { feld: 'messstellenstatus', pflicht: true, werte: ['GEPLANT', 'IN_BETRIEB', 'STILLGELEGT'] },
      { feld: 'lage.hochwert', pflicht: true, format: 'dezimal' },
      { feld: 'lage.rechtswert', pflicht: true, format: 'dezimal' },
      { feld: 'anhang.anhangAbwasserverordnung', werteliste: 'anhang-abwv' },
      { feld: 'anhang.abwasserart', werteliste: 'messstelle-abwasserart' },
      { feld: 'zustaendigeBehoerde', werteliste: 'behoerde' },
      { feld: 'limsBerechtigte', werteliste: 'messstellenzustaendigkeit' },
      { feld: 'zugehoerigeBehoerden', werteliste: 'behoerde' },
      { feld: 'einleitstelle.lage.hochwert', format: 'dezimal' },
      { feld: 'einleitstelle.lage.rechtswert', format: 'dezimal' },
      { feld: 'einleitstelle.einleitungMnq', format: 'dezimal' },
      { feld: 'einleitstelle.einleitungMq', format: 'dezimal' },
      { feld: 'mindestanforderungen[].gruppe', pflicht: true },
      { feld: 'mindestanforderungen[].wertart', werte: ['HW', 'UEW'] },
      { feld: 'vorbelastungen[].gueltigAb', pflicht: true, format: 'datum' },
    ],
  },
  bescheid: {
    name: 'bescheid',
    befehle: ['LegeAn', 'Speichere'],
    felder: [
      { feld: 'bescheidsstatus', pflicht: true, werte: ['ANGELEGT', 'BEANTRAGT', 'IN_BEARBEITUNG', 'FREIGEGEBEN'] },
      { feld: 'kommentar', pflicht: true, wenn: 'rueckgabe', meldung: 'Bitte begründen Sie die Zurückweisung im Kommentar, damit der Antragsteller erfährt, was fehlt.', maxLaenge: 4000 },
      { feld: 'bescheidQualitaet', pflicht: true, werteliste: 'bescheidqualitaet' },
      { feld: 'bescheidart', pflicht: true, werteliste: 'bescheidart' },
      { feld: 'vorbescheid' },
      { feld: 'aktenzeichen', pflicht: true },
      { feld: 'behoerde', pflicht: true, werteliste: 'behoerde' },
      { feld: 'bescheidsdatum', pflicht: true, format: 'datum' },
      { feld: 'ablaufdatum', pflicht: true, format: 'datum' },
      { feld: 'bemerkung' },
      { feld: 'bescheidId' },
      { feld: 'auflagen[].abwasseranlage', pflicht: true },
      { feld: 'auflagen[].art', pflicht: true, werteliste: 'auflagenart' },
      { feld: 'auflagen[].beschreibung', pflicht: true },
      { feld: 'auflagen[].fristdatum', pflicht: true, format: 'datum' },
    ],
  },
  anforderung: {
    name: 'anforderung',
    befehle: ['SetzeAnforderungen', 'LegeAnforderungAn', 'AendereAnforderung'],
    felder: [
      { feld: 'anforderungArt', pflicht: true, werte: ['BEHOERDLICHE_FESTLEGUNG', 'SELBSTUEBERWACHUNGSAUFLAGE'] },
      { feld: 'parameterArt', pflicht: true, werte: ['KONZENTRATION', 'FRACHT', 'MENGE'] },
      { feld: 'parameterNr', pflicht: true, werteliste: 'anforderungsparameter' },
      { feld: 'wert', format: 'dezimal' },
      { feld: 'einheit', werteliste: 'anforderung-einheit' },
      { feld: 'artAnforderungWert', werteliste: 'anforderung-wert' },
      { feld: 'probenahme', werteliste: 'anforderung-probenahme' },
      { feld: 'vorbehandlung', werteliste: 'anforderung-vorbehandlung' },
      { feld: 'randbedingung', werteliste: 'anforderung-randbedingung' },
      { feld: 'haeufigkeit', werteliste: 'anforderung-haeufigkeit' },
      { feld: 'vorlageMesswerte', werteliste: 'selbstueberwachungVorlage' },
      { feld: 'zusatztext', maxLaenge: 100 },
      { feld: 'gueltigAb', format: 'datum' },
      { feld: 'gueltigBis', pflicht: true, format: 'datum' },
    ],
  },
  messwerte: {
    name: 'messwerte',
    befehle: ['SpeichereMesswerte'],
    felder: [
      { feld: 'status', werte: ['UNBEARBEITET', 'ABGESCHLOSSEN', 'NICHT_ERFORDERLICH'] },
      { feld: 'anzahlWerte', format: 'ganzzahl' },
      { feld: 'vorlageMesswerteId', pflicht: true, wenn: 'mitMesswerten', meldung: 'Bitte Vorlage auswaehlen', werteliste: 'selbstueberwachungVorlage' },
      { feld: 'messwerte[].datum', pflicht: true, format: 'messdatum' },
      { feld: 'messwerte[].uhrzeit', pflicht: true, wenn: 'vorlageMitUhrzeit', meldung: 'Die Uhrzeit muss im Format HH:MM sein', format: 'uhrzeit' },
      { feld: 'messwerte[].wetterSchluessel' },
      { feld: 'messwerte[].schwelle', format: 'dezimal' },
      { feld: 'messwerte[].wert', format: 'dezimal' },
      { feld: 'messwerte[].anzahl', format: 'ganzzahl' },
      { feld: 'messwerte[].anzahl12Grad', format: 'ganzzahl' },
      { feld: 'messwerte[].maximalwert', format: 'dezimal' },
      { feld: 'messwerte[].maximalwertQ', format: 'dezimal' },
      { feld: 'messwerte[].konzentration', format: 'dezimal' },
      { feld: 'messwerte[].abfluss', format: 'dezimal' },
    ],
  },
  wiedervorlage: {
    name: 'wiedervorlage',
    befehle: ['LegeAn'],
    felder: [
      { feld: 'betreff', pflicht: true, maxLaenge: 500 },
      { feld: 'datum', format: 'datum' },
      { feld: 'bezugZuFachobjekt' },
    ],
  },
  datei: {
    name: 'datei',
    befehle: ['LadeHoch'],
    felder: [
      { feld: 'file', pflicht: true, meldung: 'Sie müssen eine Datei hochladen!' },
      { feld: 'bezeichnung', pflicht: true, maxLaenge: 255 },
    ],
  },
} as const satisfies Record<string, Formular>;

/** The name of a form with rules. */
export type Formularname = keyof typeof FORMULARE;
