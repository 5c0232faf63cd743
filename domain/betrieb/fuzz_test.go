package betrieb

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
		`{}`, `{"bezeichnung":"Kläranlage","betreiberId":1,"regionalstelleId":2,"betriebsstatus":"IN_BETRIEB","adresse":{"strasse":"A","plz":"1","ort":"B"},"lage":{"hochwert":1,"rechtswert":2}}`,
		`{"lage":{"hochwert":1e308,"rechtswert":-1e-308}}`, `{"produktion":{"produktionstage":-1,"bezugsjahrProduktion":99999,"tagesarbeitszeitVon":"24:60"}}`,
		`{"wasserversorgung":{"wasserbezug":1234567890.1234,"eigenversorgung":0}}`,
		`{"kontakte":[{"email":"a@b","telefon":"--"},{}],"zustaendigePersonen":[{"id":0,"zustaendig":[""]}]}`,
		`{"bezeichnung":"\u0000\ud800","adresse":{"plz":"` + string(make([]byte, 300)) + `"}}`,
	} {
		f.Add([]byte(seed), "2026-11-01", true)
	}
	f.Fuzz(func(t *testing.T, data []byte, gueltigAb string, ueberschreiben bool) {
		var d Daten
		if json.Unmarshal(data, &d) != nil {
			return // the HTTP layer answers malformed JSON with 400 before any decider runs
		}
		var a StammdatenAntrag
		_ = json.Unmarshal(data, &a)
		ai := &historie.AuditInfo{GueltigAb: gueltigAb, Aenderungsgrund: "Fuzz", Ueberschreiben: ueberschreiben}
		zustaende := []Betrieb{{}, given(beantragt), given(freigegeben...), given(beantragt, BetriebAbgewiesen{}),
			given(append(freigegeben, gestellt)...)}
		befehle := []Befehl{BeantrageBetrieb{Daten: d, Typ: "INDUSTRIE", Heute: heute, Aehnliche: []string{d.Bezeichnung, "x"}},
			SpeichereAlsBetreiber{Daten: d}, SpeichereAlsAdmin{Daten: d, Heute: heute}, SpeichereAlsAdmin{Daten: d, Heute: heute, AuditInfo: ai},
			SpeichereAlsAdmin{Daten: d, Heute: heute, AuditInfo: ai, AltBetreiberPflichtig: true},
			StelleStammdatenAntrag{Antrag: a, Heute: heute}, UebernehmeStammdatenAntrag{Felder: []string{d.Bezeichnung, "ort"}, Heute: heute},
			EntscheideFreigabe{NeuerStatus: d.Bezeichnung, Kommentar: d.URL}}
		for _, b := range zustaende {
			for _, cmd := range befehle {
				ereignistest.Entscheide(t, Decider, b, cmd)
			}
		}
	})
}
