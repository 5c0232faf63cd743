package bescheid

import "github.com/eabwasser/eabwasser/domain/validierung"

// AnforderungFormular is the rule table of one Anforderung (spec 001 §3.3, §5): a row of the
// Anforderungen grid (SetzeAnforderungen) and the single Anforderung (LegeAnforderungAn,
// AendereAnforderung). The Parameterart is required on both sides (issue 43, item 5: the form
// required it, the server did not); Anforderungen stored before keep being read as they are.
var AnforderungFormular = validierung.Formular{
	Name:    "anforderung",
	Befehle: []string{"SetzeAnforderungen", "LegeAnforderungAn", "AendereAnforderung"},
	Felder: []validierung.Feldregel{
		{Feld: "anforderungArt", Pflicht: true, Werte: AnforderungArten},
		{Feld: "parameterArt", Pflicht: true, Werte: ParameterArten},
		{Feld: "parameterNr", Pflicht: true, Werteliste: "anforderungsparameter"},
		{Feld: "wert", Format: validierung.FormatDezimal},
		{Feld: "einheit", Werteliste: "anforderung-einheit"},
		{Feld: "artAnforderungWert", Werteliste: "anforderung-wert"},
		{Feld: "probenahme", Werteliste: "anforderung-probenahme"},
		{Feld: "vorbehandlung", Werteliste: "anforderung-vorbehandlung"},
		{Feld: "randbedingung", Werteliste: "anforderung-randbedingung"},
		{Feld: "haeufigkeit", Werteliste: "anforderung-haeufigkeit"},
		{Feld: "vorlageMesswerte", Werteliste: "selbstueberwachungVorlage"},
		{Feld: "zusatztext"},
		{Feld: "gueltigAb", Format: validierung.FormatDatum},
		{Feld: "gueltigBis", Pflicht: true, Format: validierung.FormatDatum},
	},
}

// BescheidFormular is the rule table of the Bescheid tab and its Auflagen (spec 001 §3.1, §3.2,
// §5; LegeAn, Speichere). The Auflage's plant is a required choice as well; the status is the
// decider's (a transition), the comment required where staff return an application
// (condition rueckgabe), with the spec's message.
var BescheidFormular = validierung.Formular{
	Name:    "bescheid",
	Befehle: []string{"LegeAn", "Speichere"},
	Felder: []validierung.Feldregel{
		{Feld: "bescheidsstatus", Pflicht: true, Eigen: true, Werte: Status},
		{Feld: "kommentar", Pflicht: true, Wenn: "rueckgabe", Meldung: MsgKommentar, Eigen: true},
		{Feld: "bescheidQualitaet", Pflicht: true, Werteliste: "bescheidqualitaet"},
		{Feld: "bescheidart", Pflicht: true, Werteliste: "bescheidart"},
		{Feld: "vorbescheid"},
		{Feld: "aktenzeichen", Pflicht: true},
		{Feld: "behoerde", Pflicht: true, Werteliste: "behoerde"},
		{Feld: "bescheidsdatum", Pflicht: true, Format: validierung.FormatDatum},
		{Feld: "ablaufdatum", Pflicht: true, Format: validierung.FormatDatum},
		{Feld: "bemerkung"},
		{Feld: "bescheidId"},
		{Feld: "auflagen[].abwasseranlage", Pflicht: true},
		{Feld: "auflagen[].art", Pflicht: true, Werteliste: "auflagenart"},
		{Feld: "auflagen[].beschreibung", Pflicht: true},
		{Feld: "auflagen[].fristdatum", Pflicht: true, Format: validierung.FormatDatum},
	},
}
