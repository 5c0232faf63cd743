package anlage

import (
	"encoding/json"
	"testing"

	"github.com/eabwasser/eabwasser/domain/ereignis/ereignistest"
	"github.com/eabwasser/eabwasser/domain/historie"
)

// FuzzDecide feeds arbitrary JSON as the data of every command to the decider: it never
// panics, and what it refuses it refuses with a user-facing error.
func FuzzDecide(f *testing.F) {
	for _, seed := range []string{
		`{}`, `{"bezeichnung":"Kläranlage Nord","anlagenart":"ABWASSERBEHANDLUNG","lage":{"hochwert":5583000.12,"rechtswert":398000.5}}`,
		`{"lage":{"hochwert":1e308,"rechtswert":-1e-308},"anlagenstatus":"ANGESCHLOSSEN_AN","aufnahmeId":-1}`,
		`{"auslegungUndBelastungsDaten":[{"auslegungJahr":1899,"auslegungFuehrend":true},{"auslegungFuehrend":true}]}`,
		`{"abwasserbeseitigungspflichtige":[{"organisationId":3,"startJahr":99999},{"organisationId":3,"startJahr":2020}]}`,
		`{"wasserbuchnummer":"1234567890","bezeichnung":"\u0000\ud800","tegAbschluss":true,"kommentar":"` + string(make([]byte, 300)) + `"}`,
	} {
		f.Add([]byte(seed), "2026-11-01", true)
	}
	f.Fuzz(func(t *testing.T, data []byte, gueltigAb string, ueberschreiben bool) {
		var d Daten
		if json.Unmarshal(data, &d) != nil {
			return // the HTTP layer answers malformed JSON with 400 before any decider runs
		}
		var a Aenderungsantrag
		_ = json.Unmarshal(data, &a)
		ai := &historie.AuditInfo{GueltigAb: gueltigAb, Aenderungsgrund: "Fuzz", Ueberschreiben: ueberschreiben}
		zustaende := []Anlage{{}, given(angelegt), given(angelegt, gestelltNameUndTEG)}
		befehle := []Befehl{LegeAn{BetriebID: 9, Typ: Abwasserbehandlung, Daten: d, BetriebFreigegeben: true, Heute: heute},
			LegeAn{BetriebID: 9, Typ: d.Anlagenart, Daten: d, BetriebFreigegeben: ueberschreiben, Heute: heute},
			Speichere{Daten: d, Heute: heute}, Speichere{Daten: d, Heute: heute, AuditInfo: ai, DarfBezeichnung: ueberschreiben},
			Speichere{Daten: d, Heute: heute, Umfang: Betreiberseitig, MitEinleitern: true, NeueAufnahme: d.AufnahmeID},
			StelleAntrag{Antrag: a, Heute: heute}, UebernehmeAntrag{Felder: []string{d.Bezeichnung, "bezeichnung"}, Heute: heute},
			LehneAntragAb{Begruendungen: map[string]string{d.Bezeichnung: gueltigAb}}, LegeStill{Datum: gueltigAb},
			ErsetzeAufnahme{AltID: d.AufnahmeID, NeuID: 4}, LegeMitAufnahmeStill{Datum: gueltigAb, AufnahmeID: d.AufnahmeID},
			ErsetzePflichtigen{AltID: 3, NeuID: d.AufnahmeID}}
		for _, x := range zustaende {
			for _, cmd := range befehle {
				ereignistest.Entscheide(t, Decider, x, cmd)
			}
		}
	})
}
