package httpapi

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/eabwasser/eabwasser/domain/historie"
	"github.com/eabwasser/eabwasser/domain/validierung"
	"github.com/eabwasser/eabwasser/internal/werkzeug/seed"
)

// letzteAuditInfo is the auditInfo member of the metadata of the stream's latest event ("" when
// it has none).
func (w *kontoWelt) letzteAuditInfo(t *testing.T, streamID string) string {
	t.Helper()
	var ai []byte
	if err := w.dienst.Store.Pool().QueryRow(t.Context(),
		`SELECT metadata->'auditInfo' FROM events WHERE stream_id = $1 ORDER BY version DESC LIMIT 1`, streamID).Scan(&ai); err != nil {
		t.Fatal(err)
	}
	if string(ai) == "null" {
		return ""
	}
	return string(ai)
}

// wantAuditFeld checks a refused save: 400, the German message at the auditInfo field, nothing
// appended.
func (w *kontoWelt) wantAuditFeld(t *testing.T, a antwort, feld, msg string, vorher int64) {
	t.Helper()
	if a.Code != 400 {
		t.Fatalf("%s: status %d, want 400; body %s", feld, a.Code, a.Body.String())
	}
	if ve, _ := a.json(t)["validationErrors"].(map[string]any); ve[feld] != msg {
		t.Fatalf("%s: validationErrors %v, want %q", feld, ve, msg)
	}
	if nach := w.letztesEreignis(t); nach != vorher {
		t.Fatalf("%s: events appended (%d → %d)", feld, vorher, nach)
	}
}

// The rule: auditInfo is checked on every save that accepts it — a real date yyyy-MM-dd and a
// reason within the length table — whether or not the save turns out to be historised, and only
// the audit entry a decider accepted for a historised change reaches the event's metadata (the
// Verlauf's and the audit trail's "gültig ab").
func TestAuditText_EverySaveChecksAuditInfoAndOnlyAHistorisedChangeCarriesIt(t *testing.T) {
	w := newKontoWelt(t, "")
	sbd, betreiber := w.login(t, "zust_sbd", seed.DemoPasswort), w.login(t, "betreiber", seed.DemoPasswort)
	langerGrund := strings.Repeat("ü", validierung.Hoechstlaenge("aenderungsgrund")+1)
	zuLang := validierung.ZuLang(validierung.Hoechstlaenge("aenderungsgrund"))
	falsch := []struct {
		name, feld, msg string
		ai              map[string]any
	}{
		{"31 February", "auditInfo.gueltigAb", historie.MsgDatum, map[string]any{"gueltigAb": "2025-02-31", "aenderungsgrund": "x"}},
		{"German date", "auditInfo.gueltigAb", historie.MsgDatum, map[string]any{"gueltigAb": "01.02.2025"}},
		{"overlong reason", "auditInfo.aenderungsgrund", zuLang, map[string]any{"gueltigAb": "2025-01-01", "aenderungsgrund": langerGrund}},
	}
	sende := func(token, methode, pfad string, body map[string]any, ai map[string]any) antwort {
		body["auditInfo"] = ai
		defer delete(body, "auditInfo")
		return w.send(t, methode, pfad, body, token)
	}

	// the plant: the operator's save (never historised) and the staff's save of a field that is not
	id := idVon(t, w, "anlage", "Betriebskläranlage Papierfabrik")
	pfad := fmt.Sprintf("/api/anlage/abwasserbehandlung/%d", id)
	stream := fmt.Sprintf("anlage-%d", id)
	for _, token := range []string{betreiber, sbd} {
		anl := w.send(t, "GET", fmt.Sprintf("/api/anlage/%d", id), nil, token).json(t)
		anl["planungen"] = []map[string]any{{"status": "geplant", "massnahme": "Neue Rechen " + token[len(token)-6:], "plandatum": "2027-05-01"}}
		for _, f := range falsch {
			w.wantAuditFeld(t, sende(token, "PUT", pfad, anl, f.ai), f.feld, f.msg, w.letztesEreignis(t))
		}
		if a := sende(token, "PUT", pfad, anl, map[string]any{"gueltigAb": "2025-01-01", "aenderungsgrund": "Erfunden"}); a.Code != 200 {
			t.Fatalf("plant save: %d %s", a.Code, a.Body.String())
		}
		if ai := w.letzteAuditInfo(t, stream); ai != "" {
			t.Fatalf("a save that historised nothing carries the client's auditInfo: %s", ai)
		}
	}
	var schritte []map[string]any
	_ = json.Unmarshal(w.send(t, "GET", fmt.Sprintf("/api/anlage/%d/verlauf", id), nil, sbd).Body.Bytes(), &schritte)
	for _, s := range schritte {
		if strings.Contains(s["zusammenfassung"].(string), "01.01.2025") {
			t.Fatalf("the Verlauf shows the client's date: %v", s["zusammenfassung"])
		}
	}

	// the operation: the staff's save of a field that is not historised
	betriebID := beantragen(t, w, betreiber, "Gerberei Ehrenbreitstein")
	w.send(t, "POST", "/api/betrieb/freigabe", map[string]any{"betriebId": betriebID, "neuerStatus": "FREIGEGEBEN"}, sbd)
	b := w.betrieb(t, betriebID, sbd)
	b["produktion"] = map[string]any{"produktionstage": 200}
	for _, f := range falsch {
		w.wantAuditFeld(t, sende(sbd, "PUT", fmt.Sprintf("/api/betrieb/%d", betriebID), b, f.ai), f.feld, f.msg, w.letztesEreignis(t))
	}
	if a := sende(sbd, "PUT", fmt.Sprintf("/api/betrieb/%d", betriebID), b, map[string]any{"gueltigAb": "2025-01-01", "aenderungsgrund": "Erfunden"}); a.Code != 200 {
		t.Fatalf("operation save: %d %s", a.Code, a.Body.String())
	}
	if ai := w.letzteAuditInfo(t, fmt.Sprintf("betrieb-%d", betriebID)); ai != "" {
		t.Fatalf("a save that historised nothing carries the client's auditInfo: %s", ai)
	}
	// the operator's save of his operation takes no audit entry: one sent is ignored, never recorded
	b = w.betrieb(t, betriebID, betreiber)
	b["produktion"] = map[string]any{"produktionstage": 210}
	if a := sende(betreiber, "PUT", fmt.Sprintf("/api/betrieb/%d/betriebsdaten", betriebID), b,
		map[string]any{"gueltigAb": "2025-02-01", "aenderungsgrund": "Erfunden"}); a.Code != 200 {
		t.Fatalf("operator's operation save: %d %s", a.Code, a.Body.String())
	}
	if ai := w.letzteAuditInfo(t, fmt.Sprintf("betrieb-%d", betriebID)); ai != "" {
		t.Fatalf("the operator's save carries the client's auditInfo: %s", ai)
	}
	// a historised change carries exactly what the decider accepted (the reason trimmed)
	b = w.betrieb(t, betriebID, sbd)
	b["bezeichnung"] = "Lederwerk Ehrenbreitstein"
	heute := w.jetzt.Format("2006-01-02")
	for _, f := range falsch {
		w.wantAuditFeld(t, sende(sbd, "PUT", fmt.Sprintf("/api/betrieb/%d", betriebID), b, f.ai), f.feld, f.msg, w.letztesEreignis(t))
	}
	if a := sende(sbd, "PUT", fmt.Sprintf("/api/betrieb/%d", betriebID), b,
		map[string]any{"gueltigAb": heute, "aenderungsgrund": "  Umfirmierung  ", "ueberschreiben": true}); a.Code != 200 {
		t.Fatalf("historised save: %d %s", a.Code, a.Body.String())
	}
	if ai := w.letzteAuditInfo(t, fmt.Sprintf("betrieb-%d", betriebID)); strings.ReplaceAll(ai, " ", "") != fmt.Sprintf(`{"gueltigAb":"%s","aenderungsgrund":"Umfirmierung"}`, heute) {
		t.Fatalf("historised save's auditInfo: %s", ai)
	}

	// the organisation (administration): the same rule
	admin := w.login(t, "systemadmin", seed.DemoPasswort)
	org := orgID(t, w, "Klärwerk Rheinaue GmbH")
	o := w.send(t, "GET", fmt.Sprintf("/api/organisation/%d", org), nil, admin).json(t)
	o["abgabenummer"] = "AB-77"
	for _, f := range falsch {
		w.wantAuditFeld(t, sende(admin, "PUT", fmt.Sprintf("/api/organisation/%d", org), o, f.ai), f.feld, f.msg, w.letztesEreignis(t))
	}
	if a := sende(admin, "PUT", fmt.Sprintf("/api/organisation/%d", org), o, map[string]any{"gueltigAb": "2025-01-01", "aenderungsgrund": "Erfunden"}); a.Code != 200 {
		t.Fatalf("organisation save: %d %s", a.Code, a.Body.String())
	}
	if ai := w.letzteAuditInfo(t, fmt.Sprintf("organisation-%d", org)); ai != "" {
		t.Fatalf("a save that historised nothing carries the client's auditInfo: %s", ai)
	}
}
