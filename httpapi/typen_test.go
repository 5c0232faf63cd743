package httpapi

import (
	"fmt"
	"net/url"
	"testing"

	"github.com/eabwasser/eabwasser/domain/anlage"
	"github.com/eabwasser/eabwasser/eventstore"
	"github.com/eabwasser/eabwasser/internal/anwendung/auswahl"
	pflege "github.com/eabwasser/eabwasser/internal/anwendung/wertelisten"
	"github.com/eabwasser/eabwasser/internal/dokumente/wertelisten"
	"github.com/eabwasser/eabwasser/internal/werkzeug/seed"
)

func neueKuehlanlage(betriebID, pflichtiger int64, name string) map[string]any {
	d := neueKlaeranlage(betriebID, pflichtiger, name)
	d["kuehlart"] = "Kreislaufkühlung"
	d["planungen"] = []map[string]any{{"status": "geplant", "massnahme": "Neubau"}}
	d["anlagenteile"] = []map[string]any{{"kategorie": "Pumpwerk", "bezeichnung": "Zulaufpumpwerk"}}
	d["auslegungUndBelastungsDaten"] = []map[string]any{{"parameter": "Temperatur", "einheit": "°C"}}
	return d
}

// The form follows the plant type (issue 28, item 7): the server takes only the type's
// Anlagenarten, the entries of the value lists the form offers as selects, and as obligee an
// active obliged organisation or the operation's own operator.
func TestTypen_KindsValueListsAndObligeesAreThoseTheFormOffers(t *testing.T) {
	w := newKontoWelt(t, "")
	sbd, betreiber := w.login(t, "zust_sbd", seed.DemoPasswort), w.login(t, "betreiber", seed.DemoPasswort)
	papier := idVon(t, w, "betrieb", "Papierfabrik Rheinaue – Werk Koblenz")
	operator := orgID(t, w, "Klärwerk Rheinaue GmbH")

	// a cooling plant is never Mischwasser; a relief plant never a treatment kind
	falsch := neueKuehlanlage(papier, operator, "Kühlung falsch")
	falsch["anlagenart"] = "MISCHWASSER"
	ve := wantFehler(t, w.send(t, "POST", "/api/anlage/kuehlwasser", falsch, sbd), 400, anlage.MsgAnlagenart)["validationErrors"].(map[string]any)
	if ve["anlagenart"] != anlage.MsgAnlagenart {
		t.Fatalf("kind: %v", ve)
	}

	// values outside their lists are refused, every field at once
	falsch = neueKuehlanlage(papier, operator, "Kühlung falsch")
	falsch["kuehlart"] = "Eiswürfel"
	falsch["planungen"] = []map[string]any{{"status": "GEPLANT"}}
	falsch["anlagenteile"] = []map[string]any{{"kategorie": "Pumpwerk", "bezeichnung": "Sonnensegel"}}
	ve = wantFehler(t, w.send(t, "POST", "/api/anlage/kuehlwasser", falsch, sbd), 400, auswahl.MsgListenwert)["validationErrors"].(map[string]any)
	if len(ve) != 3 || ve["kuehlart"] == nil || ve["planungen[0].status"] == nil || ve["anlagenteile[0].bezeichnung"] == nil {
		t.Fatalf("value lists: %v", ve)
	}

	// the operator of the operation is an obligee of its plants although not marked as one
	a := w.send(t, "POST", "/api/anlage/kuehlwasser", neueKuehlanlage(papier, operator, "Kühlturm Nord"), sbd)
	if a.Code != 201 {
		t.Fatalf("create with the operator as obligee: %d %s", a.Code, a.Body.String())
	}
	id := int64(a.json(t)["id"].(float64))
	// … of its own operation only: under the Musterhausen sewage works the paper mill's operator,
	// not obliged, is refused
	musterhausen := idVon(t, w, "betrieb", "Kläranlage Musterhausen")
	wantFehler(t, w.send(t, "POST", "/api/anlage/kuehlwasser", neueKuehlanlage(musterhausen, operator, "Kühlturm Süd"),
		w.login(t, "fachadmin", seed.DemoPasswort)), 400, auswahl.MsgOrganisation)

	// a stored value stays valid when its entry is renamed since
	eintraege, err := wertelisten.Eintraege(t.Context(), w.dienst.Store.Pool(), "kuehlart")
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range eintraege {
		if e.Value == "Kreislaufkühlung" {
			if _, _, err := pflege.Aendern(t.Context(), w.dienst.Store, "kuehlart", e.ID, e.Version,
				pflege.Eingabe{Wert: "Kreislaufkühlung (geschlossen)"}, eventstore.Metadata{ActorName: "test"}); err != nil {
				t.Fatal(err)
			}
		}
	}
	anl := w.send(t, "GET", fmt.Sprintf("/api/anlage/%d", id), nil, sbd).json(t)
	anl["beschreibung"] = "Zweiter Kreislauf"
	if s := w.send(t, "PUT", fmt.Sprintf("/api/anlage/kuehlwasser/%d", id), anl, sbd); s.Code != 200 {
		t.Fatalf("save with a renamed stored value: %d %s", s.Code, s.Body.String())
	}
	// the operator's change request takes Kühlart from its list too
	wantFehler(t, w.send(t, "POST", fmt.Sprintf("/api/anlage/kuehlwasser/%d/aenderungsantrag", idVon(t, w, "anlage", "Kühlwasserkreislauf Papiermaschine 2")),
		map[string]any{"bezeichnung": "Kühlwasserkreislauf PM 2", "kuehlart": "Eiswürfel"}, betreiber), 400, auswahl.MsgListenwert)
}

// An empty search explains itself (issue 28, item 8): a search that finds nothing under its
// filters answers how many rows it finds without them; otherwise the answer has no ohneFilter.
func TestTypen_AnEmptySearchUnderFiltersCountsTheMatchesWithoutThem(t *testing.T) {
	w := newKontoWelt(t, "")
	sbd := w.login(t, "zust_sbd", seed.DemoPasswort)
	seite := func(query string) map[string]any {
		t.Helper()
		a := w.send(t, "GET", "/api/anlage/search?"+query, nil, sbd)
		if a.Code != 200 {
			t.Fatalf("%s: %d %s", query, a.Code, a.Body.String())
		}
		return a.json(t)
	}
	kuehl := "query=" + url.QueryEscape("Kühl")
	s := seite(kuehl + "&anlagentyp=ABWASSERBEHANDLUNG&anlagenstatus=IN_BETRIEB")
	if s["totalElements"].(float64) != 0 || s["ohneFilter"] != float64(1) {
		t.Fatalf("filtered: %v", s)
	}
	for _, q := range []string{kuehl, kuehl + "&anlagentyp=KUEHLWASSER", "anlagentyp=KANALNETZ&anlagenstatus=STILLGELEGT"} {
		if s := seite(q); s["ohneFilter"] != nil {
			t.Errorf("%s: %v", q, s)
		}
	}
	b := w.send(t, "GET", "/api/betrieb/search?q=Papierfabrik&betriebstyp=KOMMUNAL", nil, sbd).json(t)
	if b["totalElements"].(float64) != 0 || b["ohneFilter"] != float64(1) {
		t.Errorf("operations: %v", b)
	}
}
