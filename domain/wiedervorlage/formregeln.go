package wiedervorlage

import "github.com/eabwasser/eabwasser/domain/validierung"

// Formular is the rule table of a Wiedervorlage (spec 000 §5, LegeAn): the subject
// required, the date optional.
var Formular = validierung.Formular{
	Name:    "wiedervorlage",
	Befehle: []string{"LegeAn"},
	Felder: []validierung.Feldregel{
		{Feld: "betreff", Pflicht: true},
		{Feld: "datum", Format: validierung.FormatDatum},
		{Feld: "bezugZuFachobjekt"},
	},
}

// angaben are the fields of LegeAn the form sends, by the names of Formular.
type angaben struct {
	Betreff string `json:"betreff"`
	Datum   string `json:"datum"`
}
