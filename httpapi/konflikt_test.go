package httpapi

import (
	"fmt"
	"testing"

	"github.com/eabwasser/eabwasser/internal/werkzeug/seed"
)

// A save from a stale version is refused with 409 and names what changed since: the Verlauf
// steps after the version sent, with who and the changed fields — for an operator too, who
// may not open the Verlauf.
func TestKonflikt_SaveFromStaleVersionNamesTheChangesSince(t *testing.T) {
	w := newKontoWelt(t, "")
	betreiber := w.login(t, "betreiber", seed.DemoPasswort)
	sbd := w.login(t, "zust_sbd", seed.DemoPasswort)
	id := beantragen(t, w, betreiber, "Mälzerei Metternich")
	w.send(t, "POST", "/api/betrieb/freigabe", map[string]any{"betriebId": id, "neuerStatus": "FREIGEGEBEN"}, sbd)

	erste, zweite := w.betrieb(t, id, betreiber), w.betrieb(t, id, betreiber)
	geladen := erste["version"].(float64)
	erste["produktion"] = map[string]any{"produktionstage": 230}
	if a := w.send(t, "PUT", fmt.Sprintf("/api/betrieb/%d/betriebsdaten", id), erste, betreiber); a.Code != 200 {
		t.Fatalf("first save: %d %s", a.Code, a.Body.String())
	}
	zweite["produktion"] = map[string]any{"produktionstage": 120, "tagesarbeitszeitVon": "07:00"}
	m := wantFehler(t, w.send(t, "PUT", fmt.Sprintf("/api/betrieb/%d/betriebsdaten", id), zweite, betreiber), 409,
		"Die Daten wurden inzwischen von jemand anderem geändert. Bitte laden Sie die Seite neu und wiederholen Sie Ihre Änderung.")
	schritte, ok := m["aenderungen"].([]any)
	if !ok || len(schritte) != 1 {
		t.Fatalf("aenderungen: %v", m)
	}
	s := schritte[0].(map[string]any)
	if s["version"].(float64) <= geladen || s["akteur"] != "Michael Wagner" || s["zusammenfassung"] == "" || s["zeitpunkt"] == "" {
		t.Fatalf("step: %v", s)
	}
	var tage bool
	for _, x := range s["aenderungen"].([]any) {
		c := x.(map[string]any)
		if c["feld"] == "produktion.produktionstage" && c["neu"] != nil && c["bezeichnung"] != c["feld"] {
			tage = true
		}
	}
	if !tage {
		t.Fatalf("changed field: %v", s["aenderungen"])
	}
	p := w.betrieb(t, id, betreiber)["produktion"].(map[string]any)
	if p["produktionstage"] != float64(230) || (p["tagesarbeitszeitVon"] != nil && p["tagesarbeitszeitVon"] != "") {
		t.Fatalf("second save stored something: %v", p)
	}
}
