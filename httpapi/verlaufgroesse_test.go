package httpapi

import (
	"encoding/json"
	"fmt"
	"net/url"
	"strings"
	"testing"

	"github.com/eabwasser/eabwasser/domain/anlage"
	"github.com/eabwasser/eabwasser/domain/historie"
	"github.com/eabwasser/eabwasser/eventstore"
	ereignisprotokoll "github.com/eabwasser/eabwasser/internal/anwendung/protokoll"
	"github.com/eabwasser/eabwasser/internal/werkzeug/seed"
)

// The rule: the Verlauf and the Ereignisprotokoll are bounded in size whatever one save held —
// a step lists at most historie.HoechstAenderungen changes and counts the rest
// (weitereAenderungen), a value is cut at historie.HoechstWertlaenge characters with a visible
// mark, and a page of the audit trail leaves out the data of an entry over ereignisprotokoll.HoechstDaten
// bytes (datenGekuerzt; the entry itself has it). The history is written past the deciders, as
// data from before the list bounds would be: ten saves of 1,000 plannings with long texts.
func TestVerlaufsgroesse_ABigHistoryGivesBoundedVerlaufAndAuditAnswers(t *testing.T) {
	w := newKontoWelt(t, "")
	fachadmin := w.login(t, "fachadmin", seed.DemoPasswort)
	id := idVon(t, w, "anlage", "Kläranlage Musterhausen")
	weg := eventstore.Befehle(w.dienst.Store, anlage.Decider)
	a, version, err := weg.Load(t.Context(), id)
	if err != nil {
		t.Fatal(err)
	}
	const saves, planungen = 10, 1000
	lang := strings.Repeat("Maßnahme ", 100) // 900 characters: longer than a value is shown
	for s := range saves {
		d := a.Daten
		d.Planungen = make([]anlage.Planung, planungen)
		for i := range d.Planungen {
			d.Planungen[i] = anlage.Planung{Status: "GEPLANT", Massnahme: fmt.Sprintf("%s%d/%d", lang, s, i), Plandatum: "2027-05-01"}
		}
		if _, err := w.dienst.Store.Append(t.Context(), eventstore.StreamID(anlage.StreamType, id), anlage.StreamType, version,
			[]eventstore.NewEvent{{Type: "AnlageGeaendert", Data: anlage.AnlageGeaendert{Daten: d, GueltigAb: a.LetzterBeginn, Ersetzt: true}}},
			eventstore.Metadata{ActorName: "Altbestand"}); err != nil {
			t.Fatal(err)
		}
		version++
	}

	// the Verlauf: every step within its bounds, the rest counted, long values marked
	antwort := w.send(t, "GET", fmt.Sprintf("/api/anlage/%d/verlauf", id), nil, fachadmin)
	if antwort.Code != 200 {
		t.Fatalf("verlauf: %d %.300s", antwort.Code, antwort.Body.String())
	}
	var schritte []historie.Verlaufsschritt
	if err := json.Unmarshal(antwort.Body.Bytes(), &schritte); err != nil {
		t.Fatal(err)
	}
	gross := 0
	for _, s := range schritte {
		if len(s.Aenderungen) > historie.HoechstAenderungen {
			t.Fatalf("step %d: %d changes", s.Version, len(s.Aenderungen))
		}
		for _, x := range s.Aenderungen {
			if len([]rune(x.Neu)) > historie.HoechstWertlaenge+len([]rune(historie.Gekuerzt)) {
				t.Fatalf("step %d %s: a value of %d characters", s.Version, x.Feld, len([]rune(x.Neu)))
			}
		}
		if s.WeitereAenderungen > 0 {
			gross++
			if !strings.HasSuffix(s.Aenderungen[len(s.Aenderungen)-1].Neu, historie.Gekuerzt) && !strings.HasSuffix(s.Aenderungen[0].Neu, historie.Gekuerzt) {
				t.Errorf("step %d: long values not marked", s.Version)
			}
		}
	}
	if gross != saves {
		t.Fatalf("%d of %d big steps say how many changes they leave out", gross, saves)
	}
	// each step: values of at most HoechstSchrittzeichen characters (≤ 2 bytes here) and 100 labels
	if grenze := len(schritte) * (2*historie.HoechstSchrittzeichen + 2*historie.HoechstWertlaenge + historie.HoechstAenderungen*200); antwort.Body.Len() > grenze {
		t.Fatalf("verlauf: %d bytes, bound %d", antwort.Body.Len(), grenze)
	}
	t.Logf("verlauf: %d steps, %d bytes", len(schritte), antwort.Body.Len())

	// the audit trail: a page of 500 leaves out the big data, the entry has it and bounded changes
	w.protokoll(t)
	seite := w.send(t, "GET", "/api/audit?size=500&"+url.Values{"betriebsNr": {""}}.Encode(), nil, fachadmin)
	if seite.Code != 200 {
		t.Fatalf("audit: %d %.300s", seite.Code, seite.Body.String())
	}
	var inhalt struct {
		Content []struct {
			Position      int64           `json:"position"`
			StreamID      string          `json:"streamId"`
			Daten         json.RawMessage `json:"daten"`
			DatenGekuerzt bool            `json:"datenGekuerzt"`
		} `json:"content"`
	}
	seite.decode(t, &inhalt)
	var grosse []int64
	for _, e := range inhalt.Content {
		if len(e.Daten) > ereignisprotokoll.HoechstDaten {
			t.Fatalf("entry %d: %d bytes of data on the page", e.Position, len(e.Daten))
		}
		if e.DatenGekuerzt {
			grosse = append(grosse, e.Position)
		}
	}
	if len(grosse) != saves {
		t.Fatalf("%d entries say their data was left out, want %d", len(grosse), saves)
	}
	if grenze := len(inhalt.Content) * (ereignisprotokoll.HoechstDaten + 2048); seite.Body.Len() > grenze {
		t.Fatalf("audit page: %d bytes, bound %d", seite.Body.Len(), grenze)
	}
	t.Logf("audit page: %d entries, %d bytes", len(inhalt.Content), seite.Body.Len())
	var e struct {
		Daten              json.RawMessage      `json:"daten"`
		Aenderungen        []historie.Aenderung `json:"aenderungen"`
		WeitereAenderungen int                  `json:"weitereAenderungen"`
	}
	w.send(t, "GET", fmt.Sprintf("/api/audit/%d", grosse[0]), nil, fachadmin).decode(t, &e)
	if len(e.Daten) < planungen*len(lang) || len(e.Aenderungen) == 0 || e.WeitereAenderungen == 0 ||
		len(e.Aenderungen)+e.WeitereAenderungen < planungen {
		t.Fatalf("entry %d: %d bytes of data, %d changes, %d more", grosse[0], len(e.Daten), len(e.Aenderungen), e.WeitereAenderungen)
	}
}
