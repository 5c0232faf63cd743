package httpapi

import (
	"fmt"
	"net/url"
	"strings"
	"testing"

	"github.com/eabwasser/eabwasser/internal/werkzeug/seed"
)

// What an attacker tried in issue 11 and what held: SQL in search texts stays a search text,
// and markup in stored texts comes back as JSON data, never as HTML, under the CSP.
func TestAngriff_SQLInSearchAndScriptInStoredTextsStayData(t *testing.T) {
	w := newKontoWelt(t, "")
	betreiber := w.login(t, "betreiber", seed.DemoPasswort)
	betreiber2 := w.login(t, "betreiber2", seed.DemoPasswort)
	skript := `<script>alert(1)</script><img src=x onerror=alert(2)>`
	sql := `Werk'); DROP TABLE events; --`
	idSkript := beantragen(t, w, betreiber, skript)
	idSQL := beantragen(t, w, betreiber, sql)
	for id, want := range map[int64]string{idSkript: skript, idSQL: sql} {
		a := w.send(t, "GET", fmt.Sprintf("/api/betrieb/%d", id), nil, betreiber)
		if a.Code != 200 || !strings.HasPrefix(a.Header().Get("Content-Type"), "application/json") {
			t.Fatalf("GET %d: %d %s", id, a.Code, a.Header().Get("Content-Type"))
		}
		if got := a.json(t)["bezeichnung"]; got != want {
			t.Fatalf("stored %q, read back %q", want, got)
		}
		if strings.Contains(a.Body.String(), "<script>") {
			t.Fatalf("markup unescaped in the JSON answer: %s", a.Body.String())
		}
		if csp := a.Header().Get("Content-Security-Policy"); !strings.Contains(csp, "default-src 'self'") {
			t.Fatalf("CSP: %q", csp)
		}
	}
	w.arbeitsliste(t)
	for _, q := range []string{`' OR '1'='1`, `%' OR true --`, `x'; SELECT * FROM anwender; --`, `%`, `_`, `\`} {
		a := w.send(t, "GET", "/api/betrieb/search?q="+url.QueryEscape(q), nil, betreiber2)
		if a.Code != 200 {
			t.Fatalf("search %q: %d %s", q, a.Code, a.Body.String())
		}
		for _, r := range a.json(t)["content"].([]any) {
			if b := r.(map[string]any)["bezeichnung"]; b != "Kläranlage Musterhausen" {
				t.Fatalf("search %q as betreiber2 shows %v of another organisation", q, b)
			}
		}
	}
	var n int
	if err := w.dienst.Store.Pool().QueryRow(t.Context(), `SELECT count(*) FROM events`).Scan(&n); err != nil || n == 0 {
		t.Fatalf("events table after the attempts: %d %v", n, err)
	}
}
