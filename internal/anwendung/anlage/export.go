package anlage

import (
	"cmp"
	"github.com/eabwasser/eabwasser/projections/arbeitsliste"
)

// exporttexte are the German texts of the plant identifiers the export writes (spec 000 §3, as
// the start page shows them).
var exporttexte = map[string]string{
	"ABWASSERBEHANDLUNG": "Abwasserbehandlung", "KUEHLWASSER": "Kühlwasser", "ENTLASTUNG": "Entlastung", "KANALNETZ": "Kanalnetz",
	"KLEINKLAERANLAGE": "Kleinkläranlage", "ABWASSERVORBEHANDLUNG": "Abwasservorbehandlung", "ANLAGE_AUSSERHALB": "Anlage außerhalb",
	"MISCHWASSER": "Mischwasser", "NIEDERSCHLAGSWASSER": "Niederschlagswasser",
	"GEPLANT": "Geplant", "IN_BETRIEB": "In Betrieb", "STILLGELEGT": "Stillgelegt", "ANGESCHLOSSEN_AN": "Angeschlossen an",
}

func exporttext(id string) string { return cmp.Or(exporttexte[id], id) }

// Arbeitsliste is the plants worklist with its export (the start page's Anlagen tab; HTTP in
// httpapi/arbeitsliste.go).
var Arbeitsliste = func() arbeitsliste.Liste[arbeitsliste.Anlage] {
	l := arbeitsliste.AnlagenListe
	l.Export = arbeitsliste.Export[arbeitsliste.Anlage]{Blatt: "Anlagen", Kopf: []string{"Anlagen-Nr.", "Abwasseranlage", "Anlagentyp",
		"Anlagenart", "Status", "Betrieb", "Ort", "Änderungsantrag offen"}, Zeile: func(a arbeitsliste.Anlage) []any {
		antrag := ""
		if a.AntragOffen {
			antrag = "ja"
		}
		return []any{AnlagenID(a.ID), a.Bezeichnung, exporttext(a.Anlagentyp), exporttext(a.Anlagenart), exporttext(a.Anlagenstatus),
			a.Betrieb, a.Ort, antrag}
	}}
	return l
}()
