package organisation

import "github.com/eabwasser/eabwasser/domain/validierung"

// Formular is the rule table of the organisation form (spec 002 §5, LegeAn, Aendere): the
// designation and the whole address required.
var Formular = validierung.Formular{
	Name:    "organisation",
	Befehle: []string{"LegeAn", "Aendere"},
	Felder: []validierung.Feldregel{
		{Feld: "bezeichnung", Pflicht: true},
		{Feld: "adresse.strasse", Pflicht: true},
		{Feld: "adresse.hausnummer", Pflicht: true},
		{Feld: "adresse.plz", Pflicht: true, Format: validierung.FormatPlz},
		{Feld: "adresse.ort", Pflicht: true},
		{Feld: "status", Werte: []string{Aktiv, Inaktiv}},
		{Feld: "abwasserbeseitigungspflicht"},
		{Feld: "abgabenummer"},
		{Feld: "organisationsId"},
	},
}
