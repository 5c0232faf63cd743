package httpapi

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/eabwasser/eabwasser/internal/anwendung/anlage"
	"github.com/eabwasser/eabwasser/internal/werkzeug/seed"
	"github.com/eabwasser/eabwasser/projections"
	"github.com/eabwasser/eabwasser/projections/arbeitsliste"
	"github.com/eabwasser/eabwasser/projections/projektortest"
)

// The annual reports worklist (the start page's Jahresberichte tab) answers the Seite of the
// other worklists with the reports of the operations the caller sees, sorted by Von, filtered
// by year and status; it names who submitted a report — staff as 'Behörde' to operators — and
// exports the query or a selection as jahresberichte.xlsx.
func TestArbeitsliste_AnnualReportsAsTheCallerSeesThem(t *testing.T) {
	w := neueBerichtsWelt(t)
	store := w.dienst.Store
	projektortest.Start(t, store, arbeitsliste.Projection)
	w.warte = func(ctx context.Context, name string, pos int64) error {
		return projections.WaitFor(ctx, store, name, pos)
	}
	w.arbeitsliste(t)
	admin := w.login(t, "systemadmin", seed.DemoPasswort)
	suche := func(token, query string) map[string]any {
		t.Helper()
		a := w.send(t, "GET", "/api/jahresbericht/search?"+query, nil, token)
		if a.Code != 200 {
			t.Fatalf("search %s: %d %s", query, a.Code, a.Body.String())
		}
		return a.json(t)
	}
	berichte := func(s map[string]any) string {
		var out []string
		for _, z := range s["content"].([]any) {
			m := z.(map[string]any)
			out = append(out, fmt.Sprintf("%v %s", m["jahr"], m["anlageBezeichnung"]))
		}
		return strings.Join(out, "|")
	}
	papier := "2023 Betriebskläranlage Papierfabrik|2024 Betriebskläranlage Papierfabrik|2025 Betriebskläranlage Papierfabrik"
	for wer, want := range map[string]string{
		admin:        papier + "|2025 Kläranlage Musterhausen|2026 Betriebskläranlage Papierfabrik",
		w.sbs:        papier + "|2026 Betriebskläranlage Papierfabrik",
		w.betreiber:  papier + "|2026 Betriebskläranlage Papierfabrik",
		w.betreiber2: "2025 Kläranlage Musterhausen",
	} {
		if got := berichte(suche(wer, "")); got != want {
			t.Errorf("sees %s, want %s", got, want)
		}
	}
	if got := berichte(suche(admin, "jahr=2025")); got != "2025 Betriebskläranlage Papierfabrik|2025 Kläranlage Musterhausen" {
		t.Errorf("year filter: %s", got)
	}
	if got := berichte(suche(admin, "status=EINGEREICHT,PLAUSIBILISIERT&sortDirection=desc")); got !=
		"2024 Betriebskläranlage Papierfabrik|2023 Betriebskläranlage Papierfabrik" {
		t.Errorf("status filter, descending: %s", got)
	}
	if got := berichte(suche(admin, "query=musterhausen+2025")); got != "2025 Kläranlage Musterhausen" {
		t.Errorf("search: %s", got)
	}
	if a := w.send(t, "GET", "/api/jahresbericht/search?jahr=zwanzig", nil, admin); a.Code != 400 {
		t.Errorf("a year that is no number: %d %s", a.Code, a.Body.String())
	}
	s := suche(w.betreiber, "jahr=2024")
	z := s["content"].([]any)[0].(map[string]any)
	if z["anlagenId"] != anlage.AnlagenID(w.anlage) || z["von"] != "2024-01-01" || z["bis"] != "2024-12-31" || z["status"] != "EINGEREICHT" ||
		z["eingereichtVon"] != "Michael Wagner" || z["eingereichtRolle"] != "BETREIBER" || z["betrieb"] != "Papierfabrik Rheinaue – Werk Koblenz" ||
		z["geaendert"] == "" || s["totalElements"].(float64) != 1 {
		t.Fatalf("row: %v", s)
	}

	// the administration submits the 2026 report: operators see the authority, not the person
	a := w.send(t, "PUT", "/api/jahresbericht/einreichen", w.form(t, w.fachadmin, nil), w.fachadmin)
	if a.Code != 200 {
		t.Fatalf("submit: %d %s", a.Code, a.Body.String())
	}
	pos := int64(a.json(t)["position"].(float64))
	eingereicht := func(token string) string {
		z := suche(token, fmt.Sprintf("minPosition=%d&jahr=2026", pos))["content"].([]any)[0].(map[string]any)
		if z["status"] != "EINGEREICHT" || z["eingereichtRolle"] != "FACHADMIN" {
			t.Fatalf("after the submission: %v", z)
		}
		return z["eingereichtVon"].(string)
	}
	if got := eingereicht(w.betreiber); got != "Behörde" {
		t.Errorf("the operator sees %q", got)
	}
	if got := eingereicht(admin); got == "" || got == "Behörde" {
		t.Errorf("the administrator sees %q", got)
	}

	// the export: the query's rows or the selection, as the caller sees them
	export := func(token, query string, body any) [][]string {
		t.Helper()
		a := w.send(t, "POST", "/api/jahresbericht/export"+query, body, token)
		if d := a.Header().Get("Content-Disposition"); !strings.Contains(d, "jahresberichte.xlsx") {
			t.Fatalf("file name: %q", d)
		}
		return xlsxBlatt(t, a, "Jahresberichte")
	}
	rows := export(w.betreiber, "?jahr=2024,2026", nil)
	if strings.Join(rows[0], "|") != "Berichtsjahr|Anlagen-Nr.|Anlagen-Name|Betrieb|Von|Bis|Status|Geändert|Eingereicht von" || len(rows) != 3 ||
		!strings.HasPrefix(strings.Join(rows[1], "|"), "2024|"+anlage.AnlagenID(w.anlage)+
			"|Betriebskläranlage Papierfabrik|Papierfabrik Rheinaue – Werk Koblenz|01.01.2024|31.12.2024|Eingereicht|") ||
		rows[1][8] != "Michael Wagner" || rows[2][8] != "Behörde" {
		t.Fatalf("the operator's export: %v", rows)
	}
	var muster int64
	if err := store.Pool().QueryRow(t.Context(), `SELECT id FROM jahresbericht WHERE jahr = 2025 AND anlage_id = $1`,
		idVon(t, w.kontoWelt, "anlage", "Kläranlage Musterhausen")).Scan(&muster); err != nil {
		t.Fatal(err)
	}
	if rows := export(w.betreiber, "", map[string]any{"ids": []int64{muster, w.bericht}}); len(rows) != 2 || rows[1][0] != "2026" {
		t.Fatalf("the operator's selection holds another organisation's report: %v", rows)
	}
}
