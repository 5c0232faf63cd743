package bescheid

import (
	"encoding/json"
	"testing"

	"github.com/eabwasser/eabwasser/domain/ereignis/ereignistest"
)

// FuzzDecide feeds arbitrary form data to every command in every state: the decider answers
// with events that read back or with a user-facing error, never a panic or an internal error.
func FuzzDecide(f *testing.F) {
	for _, seed := range []string{
		`{}`, `{"bescheidQualitaet":"Bescheid","bescheidart":"Änderungsbescheid","aktenzeichen":"1","behoerde":"x","bescheidsdatum":"2024-01-01"}`,
		`{"auflagen":[{"abwasseranlage":3,"art":"a","beschreibung":"b\nc","fristdatum":"2024-02-30"},{}],"vorbescheid":-4}`,
		`{"bemerkung":"\u0000\ud800","aktenzeichen":"` + string(make([]byte, 300)) + `","ablaufdatum":"1999-01-01"}`,
	} {
		f.Add([]byte(seed), []byte(`{"parameterNr":"CSB","wert":"0,001","gueltigBis":"3000-01-01","anforderungArt":"BEHOERDLICHE_FESTLEGUNG"}`), "IN_BEARBEITUNG", int64(9))
	}
	f.Fuzz(func(t *testing.T, data []byte, anf []byte, status string, mid int64) {
		var d Daten
		var a Anforderung
		if json.Unmarshal(data, &d) != nil || json.Unmarshal(anf, &a) != nil {
			return // the HTTP layer answers malformed JSON with 400 before any decider runs
		}
		zustaende := []Bescheid{{}, given(angelegt), given(angelegt, zugeordnet, BescheidsantragGestellt{}), given(inArbeit, zugeordnet),
			given(inArbeit, zugeordnet, AnforderungAngelegt{Anforderung: anforderung}, BescheidFreigegeben{Am: "2024-05-02"}),
			given(inArbeit, BescheidGeloescht{})}
		neu := a
		neu.AnforderungID = 1_000_000
		for _, b := range zustaende {
			for _, r := range []Rolle{betreiber, sbb, admin, leser} {
				befehle := []Befehl{
					LegeAn{BetriebID: 5, Status: status, Daten: d, Messstellen: []int64{mid, 9}, Pruefung: pruefen},
					Speichere{Daten: d, Status: status, Messstellen: []int64{mid}, Kommentar: d.Bemerkung, Rolle: r, Pruefung: pruefen, Heute: heute},
					Loesche{Rolle: r, IstVorbescheid: mid%2 == 0}, EntferneMessstelle{Messstelle: mid, Rolle: r},
					SetzeAnforderungen{Messstelle: mid, Anforderungen: []Anforderung{a, {}}, NeueIDs: []int64{1_000_001, 1_000_002}, Rolle: r},
					LegeAnforderungAn{Anforderung: neu, Rolle: r}, AendereAnforderung{Anforderung: a, Rolle: r},
					LoescheAnforderung{AnforderungID: a.AnforderungID, Rolle: r},
				}
				for _, cmd := range befehle {
					ereignistest.Entscheide(t, Decider, b, cmd)
				}
			}
		}
	})
}
