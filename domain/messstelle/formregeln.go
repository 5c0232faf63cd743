package messstelle

import "github.com/eabwasser/eabwasser/domain/validierung"

// Formular is the rule table of the measuring point form (spec 000 §5, FordereFreigabeAn,
// Speichere): its designation, type, status and coordinates required (a new point starts at the
// reference status whatever is sent); a row of the Mindestanforderungen names its group, a
// Vorbelastung its start (issue 43, item 5: the form required the start, the server told an
// empty one 'Ungültiges Datumsformat' — now both say it is required).
var Formular = validierung.Formular{
	Name:    "messstelle",
	Befehle: []string{"FordereFreigabeAn", "Speichere"},
	Felder: []validierung.Feldregel{
		{Feld: "bezeichnung", Pflicht: true},
		{Feld: "messstellentyp", Pflicht: true, Werte: Typen},
		{Feld: "messstellenstatus", Pflicht: true, Werte: Status},
		{Feld: "lage.hochwert", Pflicht: true, Format: validierung.FormatDezimal},
		{Feld: "lage.rechtswert", Pflicht: true, Format: validierung.FormatDezimal},
		{Feld: "anhang.anhangAbwasserverordnung", Werteliste: "anhang-abwv"},
		{Feld: "anhang.abwasserart", Werteliste: "messstelle-abwasserart"},
		{Feld: "zustaendigeBehoerde", Werteliste: "behoerde"},
		{Feld: "limsBerechtigte", Werteliste: "messstellenzustaendigkeit"},
		{Feld: "zugehoerigeBehoerden", Werteliste: "behoerde"},
		{Feld: "einleitstelle.lage.hochwert", Format: validierung.FormatDezimal},
		{Feld: "einleitstelle.lage.rechtswert", Format: validierung.FormatDezimal},
		{Feld: "einleitstelle.einleitungMnq", Format: validierung.FormatDezimal},
		{Feld: "einleitstelle.einleitungMq", Format: validierung.FormatDezimal},
		{Feld: "mindestanforderungen[].gruppe", Pflicht: true},
		{Feld: "mindestanforderungen[].wertart", Werte: []string{Hoechstwert, Ueberwachungswert}},
		{Feld: "vorbelastungen[].gueltigAb", Pflicht: true, Format: validierung.FormatDatum},
	},
}
