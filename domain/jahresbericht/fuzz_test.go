package jahresbericht

import (
	"encoding/json"
	"testing"

	"github.com/eabwasser/eabwasser/domain/ereignis/ereignistest"
)

// FuzzDecide feeds arbitrary form data, parameters, templates and rows to every command in
// every state and for every side: the decider answers with events that read back or with a
// user-facing error, never a panic or an internal error.
func FuzzDecide(f *testing.F) {
	f.Add([]byte(`{"statusMesswerte":"UNBEARBEITET","kanalzustand":"ANGEFORDERT","bemerkung":"a\nb"}`),
		[]byte(`{"parameterNr":"CSB","messstelle":9,"gueltigAb":"2025-01-01","gueltigBis":"2024-12-31"}`),
		[]byte(`{"id":1,"maxZeilenAnzahl":3,"datumsformat":"TT.MM.JJJJ","uhrzeit":true,"wert":true,"messwertAnzahl":true}`),
		[]byte(`[{"datum":"1.3.2025","uhrzeit":"08:00","wert":"12,5"},{"datum":"01.03.2025","wert":"-1","anzahl":"2,5"}]`),
		"IN_BEARBEITUNG", 2)
	f.Add([]byte(`{"statusAQS":"\u0000","bemerkung":"`+string(make([]byte, 300))+`"}`), []byte(`{}`),
		[]byte(`{"id":2,"datumsformat":"JJJJ.MM","maxZeilenAnzahl":-4}`), []byte(`[{"datum":"2025"},{}]`), "PLAUSIBILISIERT", -1)
	f.Add([]byte(`{}`), []byte(`{"messstelle":-1}`), []byte(`{"id":3,"datumsformat":"M","wert":true}`),
		[]byte(`[{"datum":"02.2025","wert":"1.000,5"},{"datum":"2.2025","wert":"9999999999,999"}]`), "", 99999)
	f.Fuzz(func(t *testing.T, data, param, vorlage, zeilen []byte, status string, anzahl int) {
		var d Daten
		var p Parameter
		var v Vorlage
		var ms []Messwert
		if json.Unmarshal(data, &d) != nil || json.Unmarshal(param, &p) != nil || json.Unmarshal(vorlage, &v) != nil ||
			json.Unmarshal(zeilen, &ms) != nil {
			return // the HTTP layer answers malformed JSON with 400 before any decider runs
		}
		neu := p
		neu.ParameterID = 1_000_000
		zustaende := []Jahresbericht{{}, given(angelegt), given(angelegt, JahresberichtBearbeitungAbgeschlossen{}),
			given(angelegt, eingereicht), given(angelegt, eingereicht, JahresberichtZurueckgewiesen{Kommentar: "x"}),
			given(angelegt, eingereicht, JahresberichtPlausibilisiert{}), given(angelegt, JahresberichtGeloescht{})}
		for _, j := range zustaende {
			for _, r := range []Rolle{betreiber, beauftragter, sbs, pruefer, admin, leser} {
				befehle := []Befehl{
					LegeAn{AnlageID: p.Messstelle, AnlageBezeichnung: p.ParameterNr, Jahr: anzahl, Daten: d,
						Parameter: []Parameter{{ParameterID: 7, Art: p.Art}, neu}, Pruefung: Pruefung{Kanalnetzpflicht: anzahl%2 == 0}, Rolle: r, Konto: 41},
					Speichere{Daten: d, Status: status, Rolle: r, Konto: 12}, ReicheEin{Daten: d, Rolle: r, Konto: 41},
					Entscheide{NeuerStatus: status, Kommentar: d.Bemerkung, Rolle: r, Konto: 41}, Loesche{Rolle: r},
					LegeParameterAn{Parameter: neu, Pruefung: Pruefung{Messstellen: []int64{9}}, Rolle: r, Konto: 41},
					AendereParameter{Parameter: p, Pruefung: Pruefung{Messstellen: []int64{9}}, Rolle: r},
					LoescheParameter{ParameterID: p.ParameterID, Rolle: r},
					SpeichereMesswerte{ParameterID: 501, AnzahlWerte: anzahl, Status: status, Vorlage: &v, Messwerte: ms, Rolle: r},
					SpeichereMesswerte{ParameterID: 502, AnzahlWerte: len(ms), Vorlage: &v, Messwerte: ms, Rolle: r},
				}
				for _, cmd := range befehle {
					ereignistest.Entscheide(t, Decider, j, cmd)
				}
			}
		}
		// the evaluation takes any rows and limits without a panic
		a := BewerteNachAbwV(nil, ms, []Grenzwert{{Art: Ueberwachungswert, Wert: p.ParameterNr, GueltigAb: p.GueltigAb, GueltigBis: p.GueltigBis}, hw180}, Regeln{})
		for _, b := range a.Bewertungen {
			if len(b.Massgeblich) > Fenster && b.Art == Ueberwachungswert {
				t.Fatalf("%d results decide", len(b.Massgeblich))
			}
		}
	})
}
