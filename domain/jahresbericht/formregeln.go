package jahresbericht

import "github.com/eabwasser/eabwasser/domain/validierung"

// MesswerteFormular is the rule table of the value grid of one parameter (spec 001 §5,
// SpeichereMesswerte): the template is required once the grid has rows, every row's date, and
// its time where the template records times (condition vorlageMitUhrzeit; issue 43, item 5: the
// grid required it, the server did not — now both refuse a row without a time, with the grid's
// message, also in an imported file). The columns are the template's (Vorlage).
var MesswerteFormular = validierung.Formular{
	Name:    "messwerte",
	Befehle: []string{"SpeichereMesswerte"},
	Felder: []validierung.Feldregel{
		{Feld: "status", Werte: StatusMesswerteWerte},
		{Feld: "anzahlWerte", Format: validierung.FormatGanzzahl},
		{Feld: "vorlageMesswerteId", Pflicht: true, Wenn: "mitMesswerten", Meldung: MsgVorlage, Eigen: true, Werteliste: "selbstueberwachungVorlage"},
		{Feld: "messwerte[].datum", Pflicht: true, Format: validierung.FormatMessdatum},
		{Feld: "messwerte[].uhrzeit", Pflicht: true, Wenn: "vorlageMitUhrzeit", Meldung: MsgUhrzeit, Format: validierung.FormatUhrzeit},
		{Feld: "messwerte[].wetterSchluessel"},
		{Feld: "messwerte[].schwelle", Format: validierung.FormatDezimal},
		{Feld: "messwerte[].wert", Format: validierung.FormatDezimal},
		{Feld: "messwerte[].anzahl", Format: validierung.FormatGanzzahl},
		{Feld: "messwerte[].anzahl12Grad", Format: validierung.FormatGanzzahl},
		{Feld: "messwerte[].maximalwert", Format: validierung.FormatDezimal},
		{Feld: "messwerte[].maximalwertQ", Format: validierung.FormatDezimal},
		{Feld: "messwerte[].konzentration", Format: validierung.FormatDezimal},
		{Feld: "messwerte[].abfluss", Format: validierung.FormatDezimal},
	},
}

// messwertZeile is the rule table of one row of the grid.
var messwertZeile = MesswerteFormular.Zeilen("messwerte")

// bedingungen are the conditions of MesswerteFormular that hold for a row of template v.
func bedingungen(v Vorlage) []string {
	if v.Uhrzeit {
		return []string{"vorlageMitUhrzeit"}
	}
	return nil
}
