package httpapi

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/eabwasser/eabwasser/domain/validierung"
)

// TestMesswert_GermanFormThousandIsAThousand (issue 43): a measured value typed "1.000" is one
// thousand (spec 001 §1: dot for thousands), stored as "1000" and judged against the
// Überwachungswert of 350 mg/l as an exceedance of more than 100 %; "1.00" is refused with the
// message naming the form, nothing written.
func TestMesswert_GermanFormThousandIsAThousand(t *testing.T) {
	w := neueBerichtsWelt(t)
	csb := w.parameterID(t, "301")
	pfad := fmt.Sprintf("/api/jahresbericht/%d/messstelle/%d/parameter-messwert/%d", w.bericht, w.messstelle, csb)
	stichproben := w.vorlage(t, "Stichproben mit Uhrzeit")
	speichere := func(zeilen []map[string]any) antwort {
		return w.send(t, "PUT", pfad, map[string]any{"version": version(w.lies(t, w.betreiber)), "anzahlWerte": len(zeilen), "status": "ABGESCHLOSSEN",
			"vorlageMesswerteId": stichproben, "messwerte": zeilen}, w.betreiber)
	}
	vorher := version(w.lies(t, w.betreiber))
	a := speichere([]map[string]any{{"datum": "06.01.2026", "uhrzeit": "08:00", "wert": "1.00"}, {"datum": "13.01.2026", "uhrzeit": "08:00", "wert": "0.4"}})
	if a.Code != http.StatusBadRequest || strings.Count(a.Body.String(), validierung.MsgZahlFormat) < 2 {
		t.Fatalf("1.00 and 0.4: %d %s", a.Code, a.Body.String())
	}
	if v := version(w.lies(t, w.betreiber)); v != vorher {
		t.Fatalf("a refused save wrote: version %d → %d", vorher, v)
	}
	a = speichere([]map[string]any{{"datum": "06.01.2026", "uhrzeit": "08:00", "wert": "1.000"}, {"datum": "13.01.2026", "uhrzeit": "08:00", "wert": "1.000,5"},
		{"datum": "20.01.2026", "uhrzeit": "08:00", "wert": "45"}})
	if a.Code != 200 {
		t.Fatalf("save: %d %s", a.Code, a.Body.String())
	}
	m := w.send(t, "GET", pfad, nil, w.betreiber).json(t)
	mw := m["messwerte"].([]any)
	if len(mw) != 3 || mw[0].(map[string]any)["wert"] != "1000" || mw[1].(map[string]any)["wert"] != "1000,5" {
		t.Fatalf("stored: %v", mw)
	}
	// (1000 + 1000.5 + 45) / 3 = 681.833…
	if m["mittelwert"] != "681,833" {
		t.Errorf("mean: %v", m["mittelwert"])
	}
	ueber := map[string]bool{}
	for _, v := range m["auswertung"].(map[string]any)["vergleiche"].([]any) {
		if v := v.(map[string]any); v["ueberschritten"] == true && v["grenzwert"] == "350" && v["ueberHundertProzent"] == true {
			ueber[v["wert"].(string)] = true
		}
	}
	if !ueber["1000"] || !ueber["1000,5"] || len(ueber) != 2 {
		t.Errorf("exceedances by more than 100 %%: %v in %v", ueber, m["auswertung"])
	}
}
