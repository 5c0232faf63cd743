package messstelle

import (
	"encoding/json"
	"testing"

	"github.com/eabwasser/eabwasser/domain/ereignis"
	"github.com/eabwasser/eabwasser/domain/ereignis/ereignistest"
	"github.com/eabwasser/eabwasser/domain/historie"
)

// FuzzDecide feeds arbitrary form data to every command in every state: the decider answers
// with events that read back or with a user-facing error, never a panic or an internal error.
func FuzzDecide(f *testing.F) {
	for _, seed := range []string{
		`{}`, `{"bezeichnung":"Zulauf","messstellentyp":"NR_8","messstellenstatus":"GEPLANT","lage":{"hochwert":1,"rechtswert":2}}`,
		`{"messstellentyp":"NR_8","einleitstelle":{"lage":{"hochwert":1e308},"einleitungMq":"1,2345"},"anhang":{"csb":"0.000"}}`,
		`{"messstellentyp":"NR_8","mindestanforderungen":[{"gruppe":"A00","wertart":"HW"},{}],"vorbelastungen":[{"gueltigAb":"x"},{}]}`,
		`{"bezeichnung":"\u0000\ud800","anhang":{"abwasserart":"` + string(make([]byte, 300)) + `"},"limsBerechtigte":["a","a"]}`,
	} {
		f.Add([]byte(seed), "111000-01-08", "2026-11-20", true)
	}
	f.Fuzz(func(t *testing.T, data []byte, nr, gueltigAb string, ueberschreiben bool) {
		var d Daten
		if json.Unmarshal(data, &d) != nil {
			return // the HTTP layer answers malformed JSON with 400 before any decider runs
		}
		ai := &historie.AuditInfo{GueltigAb: gueltigAb, Aenderungsgrund: "Fuzz", Ueberschreiben: ueberschreiben}
		zustaende := []Messstelle{{}, given(beantragt), given(freigegeben...), given(beantragt, MessstelleAbgewiesen{Kommentar: "x"}),
			given(append(freigegeben, MessstelleStillgelegt{Datum: gueltigAb})...)}
		befehle := []Befehl{
			FordereFreigabeAn{MessstellenID: nr, Daten: d, BetriebFreigegeben: true, Betriebstyp: "INDUSTRIE", Heute: heute},
			FordereFreigabeAn{MessstellenID: nr, Daten: d, BetriebFreigegeben: true, Heute: heute},
			Speichere{Daten: d, Heute: heute}, Speichere{Daten: d, Heute: heute, AuditInfo: ai, Betriebstyp: "INDUSTRIE"},
			EntscheideFreigabe{NeuerStatus: d.Messstellenstatus, Kommentar: d.Bezeichnung},
			EntscheideFreigabe{NeuerStatus: Abgewiesen, Kommentar: d.Bezeichnung}, LegeStill{Datum: gueltigAb},
		}
		for _, m := range zustaende {
			for _, cmd := range befehle {
				ereignistest.Entscheide(t, Decider, m, cmd)
			}
		}
	})
}

var _ ereignis.Datiert = MessstelleGeaendert{}
