package anlage

import (
	"github.com/eabwasser/eabwasser/domain/betrieb"
	"github.com/eabwasser/eabwasser/domain/validierung"
)

// Formular is the rule table of the plant form of every type (spec 000 §5; LegeAn, Speichere):
// designation, kind, status and coordinates required (a new plant starts as GEPLANT whatever is
// sent); an indirect discharger names the plant that takes its water (condition
// indirekteinleiter), any other plant an Abwasserbeseitigungspflichtiger
// (keinIndirekteinleiter); a relief plant its system and type (entlastung). Every row of a list
// names what makes it a row. The fields a type does not have are not sent.
var Formular = validierung.Formular{
	Name:    "anlage",
	Befehle: []string{"LegeAn", "Speichere"},
	Felder: append(append([]validierung.Feldregel{
		{Feld: "bezeichnung", Pflicht: true},
		{Feld: "anlagenart", Pflicht: true},
		{Feld: "anlagenstatus", Pflicht: true, Werte: Status},
		{Feld: "anlagensystem", Werteliste: "anlagensystem"},
		{Feld: "lage.hochwert", Pflicht: true, Format: validierung.FormatDezimal},
		{Feld: "lage.rechtswert", Pflicht: true, Format: validierung.FormatDezimal},
		{Feld: "aufnahme", Pflicht: true, Wenn: "indirekteinleiter", Meldung: MsgAufnahme},
		{Feld: "abwasserbeseitigungspflichtige", Pflicht: true, Wenn: "keinIndirekteinleiter", Meldung: MsgPflichtiger},
		{Feld: "abwasserbeseitigungspflichtige[].organisation", Pflicht: true},
		{Feld: "abwasserbeseitigungspflichtige[].startJahr", Pflicht: true, Format: validierung.FormatJahr},
		{Feld: "entlastungssystem", Pflicht: true, Wenn: "entlastung", Werteliste: "entlastungssystem"},
		{Feld: "entlastungstyp", Pflicht: true, Wenn: "entlastung", Werteliste: "entlastungstyp"},
		{Feld: "wasserbuchnummer"},
		{Feld: "kuehlart", Werteliste: "kuehlart"},
		{Feld: "kanalsystem", Werteliste: "kanalsystem"},
		{Feld: "abwasserart", Werteliste: "abwasserart"},
		{Feld: "materialart", Werteliste: "kanal-materialart"},
		{Feld: "kanallaenge", Format: validierung.FormatDezimal},
		{Feld: "auslegungUndBelastungsDaten[].parameter", Pflicht: true, Werteliste: "as-parameter"},
		{Feld: "auslegungUndBelastungsDaten[].einheit", Pflicht: true, Werteliste: "as-einheit"},
		{Feld: "auslegungUndBelastungsDaten[].auslegungWert", Format: validierung.FormatDezimal},
		{Feld: "auslegungUndBelastungsDaten[].belastungWert", Format: validierung.FormatDezimal},
		{Feld: "auslegungUndBelastungsDaten[].auslegungJahr", Format: validierung.FormatJahr},
		{Feld: "auslegungUndBelastungsDaten[].belastungJahr", Format: validierung.FormatJahr},
		{Feld: "planungen[].status", Pflicht: true, Werteliste: "planung-status"},
		{Feld: "planungen[].plandatum", Format: validierung.FormatDatum},
		{Feld: "anlagenteile[].kategorie", Pflicht: true, Werteliste: "bauwerk-anlageteil-kategorie"},
		{Feld: "anlagenteile[].bezeichnung", Pflicht: true, Werteliste: "bauwerk-anlageteil-bezeichnung"},
		{Feld: "anlagenteile[].anzahl", Format: validierung.FormatGanzzahl},
		{Feld: "foerderungen[].mipNr", Pflicht: true, Werteliste: "mip-foerderung"},
		{Feld: "entsorgungsraum.bezugsdatum", Format: validierung.FormatDatum},
		{Feld: "entsorgungsraum.entsorgungsraeume[].verwaltungseinheitSchluessel", Pflicht: true, Werteliste: "verwaltungseinheit"},
	}, betrieb.KontaktFelder...), betrieb.ZustaendigkeitFelder...),
}

// AntragFormular is the rule table of the operator's application for a change of a plant
// (spec 000 §5, StelleAntrag).
var AntragFormular = validierung.Formular{
	Name:    "anlagenantrag",
	Befehle: []string{"StelleAntrag"},
	Felder: []validierung.Feldregel{
		{Feld: "bezeichnung", Pflicht: true},
		{Feld: "foerderungen[].mipNr", Pflicht: true, Werteliste: "mip-foerderung"},
	},
}

// bedingungen are the conditions of Formular that hold for data d of a plant of type typ.
func bedingungen(typ string, d Daten) []string {
	gilt := []string{"keinIndirekteinleiter"}
	if d.Indirekteinleiter {
		gilt[0] = "indirekteinleiter"
	}
	if typ == Entlastung {
		gilt = append(gilt, "entlastung")
	}
	return gilt
}
