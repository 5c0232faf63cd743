package httpapi

import (
	"fmt"
	"strings"
	"testing"

	"github.com/eabwasser/eabwasser/internal/werkzeug/seed"
	"github.com/eabwasser/eabwasser/internal/werkzeug/testdb"
	"github.com/eabwasser/eabwasser/projections"
	"github.com/eabwasser/eabwasser/projections/ueberschreitung"
)

// TestJahresbericht_Paragraph6AbwV: the answer of a parameter's values explains each verdict
// in German — which digits (§ 6 Abs. 2 AbwV: "die Zahl der … signifikanten Stellen …, mindestens
// jedoch zwei"), which limit, which results, which paragraph — and the Überschreitungen carry the
// same text. The digits entered in the value list in the value list anforderungsparameter change the verdict.
func TestJahresbericht_Paragraph6AbwV(t *testing.T) {
	w := neueBerichtsWelt(t)
	vergleich := w.fuenfCSBProben(t)
	v := vergleich()
	if v["ueberschritten"] != false || v["gerundet"] != "350" || v["stellen"] != float64(2) || v["regel"] != "§ 6 Abs. 2 AbwV" ||
		!strings.Contains(v["erlaeuterung"].(string), "Messwert 354 vom 03.02.2026 08:00, auf 2 signifikante Stellen gerundet 350 (§ 6 Abs. 2 AbwV), verglichen mit dem Überwachungswert 350") ||
		!strings.Contains(v["erlaeuterung"].(string), "nicht überschritten") {
		t.Fatalf("at two digits: %v", v)
	}

	// three digits are entered for CSB: 354 exceeds 350 and is kept by the 4-of-5 rule
	var eintrag struct {
		ID      int64
		Version int
	}
	if err := w.dienst.Store.Pool().QueryRow(t.Context(), `SELECT id, version FROM werteliste_eintrag
		WHERE liste = 'anforderungsparameter' AND extras->>'parameterNr' = '301'`).Scan(&eintrag.ID, &eintrag.Version); err != nil {
		t.Fatal(err)
	}
	wlPfad := fmt.Sprintf("/api/anforderungsparameter/%d", eintrag.ID)
	// the value lists are kept by who may edit them (SYSTEMVERWALTUNG_BEARBEITEN)
	admin := w.login(t, "systemadmin", seed.DemoPasswort)
	wantFehler(t, w.send(t, "PUT", wlPfad, map[string]any{"value": "301 CSB", "version": eintrag.Version, "signifikanteStellen": "1"}, admin),
		400, "Es muss eine ganze Zahl von 2 bis 10 oder nichts eingegeben werden.")
	if a := w.send(t, "PUT", wlPfad, map[string]any{"value": "301 CSB", "version": eintrag.Version, "signifikanteStellen": "3"}, admin); a.Code != 200 ||
		a.json(t)["signifikanteStellen"] != "3" || a.json(t)["abwvKennung"] != "CSB" {
		t.Fatalf("digits: %d %s", a.Code, a.Body.String())
	}
	v = vergleich()
	text := v["erlaeuterung"].(string)
	if v["ueberschritten"] != true || v["eingehalten"] != true || v["gerundet"] != "354" || v["regel"] != "§ 6 Abs. 1 AbwV" ||
		!strings.Contains(text, "auf 3 signifikante Stellen gerundet 354") || !strings.Contains(text, "gilt aber nach § 6 Abs. 1 AbwV als eingehalten") ||
		!strings.Contains(text, "06.01.2026 08:00: 45,0 (eingehalten, Wert 350)") || !strings.Contains(text, "4 von 5") {
		t.Fatalf("at three digits: %v", v)
	}

	// the Überschreitungen show the same text (the value-list change evaluated every report again)
	testdb.WarteAufSichtbarkeit(t, w.dienst.Store.Pool())
	if _, err := projections.CatchUp(t.Context(), w.dienst.Store, ueberschreitung.Projection); err != nil {
		t.Fatal(err)
	}
	var betrieb int64
	if err := w.dienst.Store.Pool().QueryRow(t.Context(), `SELECT betrieb_id FROM anlage WHERE id = $1`, w.anlage).Scan(&betrieb); err != nil {
		t.Fatal(err)
	}
	zeilen := w.ueberschreitungen(t, betrieb, 2026, w.sbs)
	if len(zeilen) != 1 || zeilen[0]["wert"] != "354" || zeilen[0]["erlaeuterung"] != text || zeilen[0]["regel"] != "§ 6 Abs. 1 AbwV" {
		t.Fatalf("Überschreitungen: %v", zeilen)
	}
}

// fuenfCSBProben saves five weekly CSB samples (Überwachungswert 350 mg/l of 32-5/21; 354 is 350
// at two significant digits) and returns a reader of the comparison of 354.
func (w berichtsWelt) fuenfCSBProben(t *testing.T) func() map[string]any {
	t.Helper()
	csb := w.parameterID(t, "301")
	pfad := fmt.Sprintf("/api/jahresbericht/%d/messstelle/%d/parameter-messwert/%d", w.bericht, w.messstelle, csb)
	a := w.send(t, "PUT", pfad, map[string]any{"version": version(w.lies(t, w.betreiber)), "anzahlWerte": 5, "status": "ABGESCHLOSSEN",
		"vorlageMesswerteId": w.vorlage(t, "Stichproben mit Uhrzeit"), "messwerte": []map[string]any{
			{"datum": "06.01.2026", "uhrzeit": "08:00", "wert": "45"}, {"datum": "13.01.2026", "uhrzeit": "08:00", "wert": "52"},
			{"datum": "20.01.2026", "uhrzeit": "08:00", "wert": "40"}, {"datum": "27.01.2026", "uhrzeit": "08:00", "wert": "60"},
			{"datum": "03.02.2026", "uhrzeit": "08:00", "wert": "354"}}}, w.betreiber)
	if a.Code != 200 {
		t.Fatalf("save: %d %s", a.Code, a.Body.String())
	}
	vergleich := func() map[string]any {
		t.Helper()
		a := w.send(t, "GET", pfad, nil, w.betreiber)
		if a.Code != 200 {
			t.Fatalf("GET: %d %s", a.Code, a.Body.String())
		}
		for _, v := range a.json(t)["auswertung"].(map[string]any)["vergleiche"].([]any) {
			if v := v.(map[string]any); v["wert"] == "354" {
				return v
			}
		}
		t.Fatalf("no comparison of 354: %s", a.Body.String())
		return nil
	}
	return vergleich
}
