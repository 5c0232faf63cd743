package httpapi

import (
	"reflect"
	"strings"
	"testing"

	"github.com/eabwasser/eabwasser/internal/werkzeug/seed"
)

// A null where the document requires an array is a 400 naming the field, at any depth; [] and an
// absent member are fine (issue 43: nulls were read as empty lists). A null body is a 400 too.
func TestEingabe_NullWhereAListBelongsIs400(t *testing.T) {
	type zeile struct {
		Werte []string `json:"werte"`
	}
	type eingabe struct {
		Namen  []string `json:"namen"`
		Zeilen []zeile  `json:"zeilen"`
		Daten  []byte   `json:"daten"`
	}
	for _, c := range []struct{ body, feld string }{
		{`{"namen":null}`, "namen"},
		{`{"zeilen":[{"werte":[]},{"werte":null}]}`, "zeilen[1].werte"},
		{`{"namen":[],"zeilen":[{"werte":["a"]}],"daten":null}`, ""},
		{`{}`, ""},
	} {
		var v eingabe
		err := nullStattListe([]byte(c.body), reflect.TypeOf(&v))
		if c.feld == "" {
			if err != nil {
				t.Errorf("%s: %v", c.body, err)
			}
			continue
		}
		if err == nil || !strings.Contains(err.Error(), textListeStattNull) {
			t.Errorf("%s: %v, want the error on %s", c.body, err, c.feld)
		}
	}
	// through a real route: a Betrieb save with produktion.taetigkeiten null
	w := newKontoWelt(t, "")
	admin := w.login(t, "fachadmin", seed.DemoPasswort)
	a := w.send(t, "GET", "/api/betrieb/1", nil, admin)
	b := a.json(t)
	b["produktion"].(map[string]any)["taetigkeiten"] = nil
	m := wantFehler(t, w.send(t, "PUT", "/api/betrieb/1", b, admin), 400, textListeStattNull)
	if ve, _ := m["validationErrors"].(map[string]any); ve["produktion.taetigkeiten"] != textListeStattNull {
		t.Errorf("validationErrors %v", m["validationErrors"])
	}
	// a body that is null names nothing: no body of the document is nullable
	wantFehler(t, w.send(t, "PUT", "/api/betrieb/1", "null", admin), 400, textUngueltig)
	wantFehler(t, w.send(t, "POST", "/api/betrieb/export", " null ", admin), 400, textUngueltig)
}

// Every list's sortDirection is asc, desc, ASC or DESC; anything else is a 400 naming the
// parameter (issue 43: "foo" was read as ascending).
func TestEingabe_AnUnknownSortDirectionIs400OnEveryList(t *testing.T) {
	w := newKontoWelt(t, "")
	admin := w.login(t, "fachadmin", seed.DemoPasswort)
	for _, pfad := range []string{"/api/betrieb/search", "/api/anlage/search", "/api/messstelle/search", "/api/betrieb/1/bescheid/search",
		"/api/betrieb/1/auflage/search", "/api/anforderung/auswertung", "/api/jahresbericht/search", "/api/audit", "/api/anwender"} {
		for _, richtung := range []string{"asc", "desc", "ASC", "DESC"} {
			if a := w.send(t, "GET", pfad+"?sortDirection="+richtung, nil, admin); a.Code != 200 {
				t.Errorf("%s sortDirection=%s: %d %s", pfad, richtung, a.Code, a.Body.String())
			}
		}
		m := wantFehler(t, w.send(t, "GET", pfad+"?sortDirection=foo", nil, admin), 400, textSortierrichtungUngueltig)
		wantFehler(t, w.send(t, "GET", pfad+"?sortDirection=Desc", nil, admin), 400, textSortierrichtungUngueltig)
		if ve, _ := m["validationErrors"].(map[string]any); ve["sortDirection"] != textSortierrichtungUngueltig {
			t.Errorf("%s: validationErrors %v", pfad, m["validationErrors"])
		}
	}
}
