package betrieb

import "github.com/eabwasser/eabwasser/domain/validierung"

// KontaktFelder are the rules of the contact persons of a form (operations and plants, spec
// 000 §5): Anrede, Vorname, Name, E-Mail and Telefon required, e-mail and phone numbers in
// their formats.
var KontaktFelder = []validierung.Feldregel{
	{Feld: "kontakte[].anrede", Pflicht: true, Werteliste: "anrede"},
	{Feld: "kontakte[].titel", Werteliste: "titel"},
	{Feld: "kontakte[].vorname", Pflicht: true},
	{Feld: "kontakte[].name", Pflicht: true},
	{Feld: "kontakte[].email", Pflicht: true, Format: validierung.FormatEmail},
	{Feld: "kontakte[].telefon", Pflicht: true, Format: validierung.FormatTelefon},
	{Feld: "kontakte[].mobil", Format: validierung.FormatTelefon},
	{Feld: "kontakte[].funktion"},
}

// ZustaendigkeitFelder are the rules of the responsible persons and authority users of a form
// (operations and plants): each row names its person and at least one Zuständigkeit; an
// authority user's row its user (the decider checks id and DataScout id together).
var ZustaendigkeitFelder = []validierung.Feldregel{
	{Feld: "zustaendigePersonen[].person", Quelle: "zustaendigePersonen[].id", Pflicht: true},
	{Feld: "zustaendigePersonen[].zustaendig", Pflicht: true, Meldung: MsgZustaendig},
	{Feld: "zustaendigeBearbeiter[].bearbeiter", Pflicht: true, Eigen: true},
}

// Formular is the rule table of the operation form (spec 000 §5; BeantrageBetrieb,
// SpeichereAlsAdmin, SpeichereAlsBetreiber): designation, operator, status, authority, the
// address without house number and the coordinates required.
var Formular = validierung.Formular{
	Name:    "betrieb",
	Befehle: []string{"BeantrageBetrieb", "SpeichereAlsAdmin", "SpeichereAlsBetreiber"},
	Felder: append(append([]validierung.Feldregel{
		{Feld: "bezeichnung", Pflicht: true},
		{Feld: "betreiber", Quelle: "betreiberId", Pflicht: true},
		{Feld: "betriebsstatus", Pflicht: true, Werte: []string{Geplant, InBetrieb, Stillgelegt}, Werteliste: "betriebsstatus"},
		{Feld: "behoerde", Quelle: "regionalstelleId", Pflicht: true},
		{Feld: "adresse.strasse", Pflicht: true},
		{Feld: "adresse.hausnummer"},
		{Feld: "adresse.plz", Pflicht: true, Format: validierung.FormatPlz},
		{Feld: "adresse.ort", Pflicht: true},
		{Feld: "lage.hochwert", Pflicht: true, Format: validierung.FormatDezimal},
		{Feld: "lage.rechtswert", Pflicht: true, Format: validierung.FormatDezimal},
		{Feld: "url"},
		{Feld: "haupttaetigkeit", Werteliste: "haupttaetigkeit"},
		{Feld: "nacecode", Werteliste: "nace-code"},
		{Feld: "produktion.tagesarbeitszeitVon", Format: validierung.FormatUhrzeit},
		{Feld: "produktion.tagesarbeitszeitBis", Format: validierung.FormatUhrzeit},
		{Feld: "produktion.bezugsjahrProduktion", Format: validierung.FormatJahr},
		{Feld: "produktion.produktionstage", Format: validierung.FormatGanzzahl},
		{Feld: "produktion.anzahlBeschaeftigte", Format: validierung.FormatGanzzahl},
		{Feld: "wasserversorgung.bezugsjahrWv", Format: validierung.FormatJahr},
		{Feld: "wasserversorgung.wasserbezug", Format: validierung.FormatDezimal},
		{Feld: "wasserversorgung.eigenversorgung", Format: validierung.FormatDezimal},
	}, KontaktFelder...), ZustaendigkeitFelder...),
}

// StammdatenantragFormular is the rule table of the operator's application for a change of
// the master data (spec 000 §5, StelleStammdatenAntrag): a flat form.
var StammdatenantragFormular = validierung.Formular{
	Name:    "stammdatenantrag",
	Befehle: []string{"StelleStammdatenAntrag"},
	Felder: []validierung.Feldregel{
		{Feld: "bezeichnung", Pflicht: true},
		{Feld: "muttergesellschaft"},
		{Feld: "url"},
		{Feld: "strasse", Quelle: "adresse.strasse", Pflicht: true},
		{Feld: "hausnummer", Quelle: "adresse.hausnummer"},
		{Feld: "plz", Quelle: "adresse.plz", Pflicht: true, Format: validierung.FormatPlz},
		{Feld: "ort", Quelle: "adresse.ort", Pflicht: true},
		{Feld: "kommentar"},
	},
}

var (
	kontaktZeile      = validierung.Formular{Felder: KontaktFelder}.Zeilen("kontakte")
	zustaendigeZeilen = validierung.Formular{Felder: ZustaendigkeitFelder}
)

// zustaendige are the lists of responsible persons and authority users as a form sends them.
type zustaendige struct {
	Personen   []ZustaendigePerson `json:"zustaendigePersonen"`
	Bearbeiter []Bearbeiter        `json:"zustaendigeBearbeiter"`
}
