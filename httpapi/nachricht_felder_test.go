package httpapi

import (
	"fmt"
	"strings"
	"testing"

	"github.com/eabwasser/eabwasser/internal/werkzeug/seed"
)

// TestNachrichten_AdoptedApplicationNamesFieldLabelsNotKeys: the operator learns which fields of
// his Stammdaten-Antrag were adopted by their labels ("Bezeichnung, Ort"), never by keys.
func TestNachrichten_AdoptedApplicationNamesFieldLabelsNotKeys(t *testing.T) {
	w, _ := liveWelt(t)
	betreiber := w.login(t, "betreiber", seed.DemoPasswort)
	sbd := w.login(t, "zust_sbd", seed.DemoPasswort)
	id := beantragen(t, w, betreiber, "Sektkellerei Güls")
	if a := w.send(t, "POST", "/api/betrieb/freigabe", map[string]any{"betriebId": id, "neuerStatus": "FREIGEGEBEN"}, sbd); a.Code != 200 {
		t.Fatalf("approve: %d %s", a.Code, a.Body.String())
	}
	if a := w.send(t, "POST", fmt.Sprintf("/api/betrieb/%d/stammdaten", id), map[string]any{"bezeichnung": "Sektkellerei Güls am Moselufer",
		"muttergesellschaft": "Sekt AG", "strasse": "Moselweg", "hausnummer": "3", "plz": "56072", "ort": "Koblenz-Güls"}, betreiber); a.Code != 201 {
		t.Fatalf("application: %d %s", a.Code, a.Body.String())
	}
	a := w.send(t, "POST", fmt.Sprintf("/api/betrieb/%d/stammdaten-antrag/uebernahme", id), map[string]any{"felder": []string{"bezeichnung", "muttergesellschaft", "strasse", "hausnummer", "plz", "ort"}}, sbd)
	if a.Code != 200 {
		t.Fatalf("adopt: %d %s", a.Code, a.Body.String())
	}
	for _, n := range nachrichtenVon(t, w, betreiber, a.Header().Get("X-Event-Position")) {
		if strings.HasPrefix(n["betreff"].(string), "Stammdatenänderungsantrag übernommen") {
			if text := n["text"].(string); !strings.Contains(text, "Übernommen wurden: Bezeichnung, Muttergesellschaft, Straße, Hausnummer, PLZ, Ort.") {
				t.Fatalf("message text: %s", text)
			}
			return
		}
	}
	t.Fatal("no message about the adopted application")
}
