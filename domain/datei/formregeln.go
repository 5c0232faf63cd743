package datei

import "github.com/eabwasser/eabwasser/domain/validierung"

// Formular is the rule table of a file's upload and metadata (spec 000 §5, LadeHoch): the file itself (checked by the decider: its content is no field) and
// its designation.
var Formular = validierung.Formular{
	Name:    "datei",
	Befehle: []string{"LadeHoch"},
	Felder: []validierung.Feldregel{
		{Feld: FeldDatei, Pflicht: true, Meldung: MsgDateiFehlt, Eigen: true},
		{Feld: FeldBezeichnung, Pflicht: true},
	},
}

// angaben are the fields of LadeHoch the form sends besides the file, by the names of Formular.
type angaben struct {
	Bezeichnung string `json:"bezeichnung"`
}
