package httpapi

import (
	"context"
	"fmt"
	"net/url"
	"testing"

	"github.com/eabwasser/eabwasser/internal/werkzeug/seed"
	"github.com/eabwasser/eabwasser/internal/werkzeug/testdb"
	"github.com/eabwasser/eabwasser/projections"
	"github.com/eabwasser/eabwasser/projections/audit"
)

// protokoll brings the audit trail up to date (the tests run no projector).
func (w *kontoWelt) protokoll(t testing.TB) {
	t.Helper()
	testdb.WarteAufSichtbarkeit(t, w.dienst.Store.Pool())
	if _, err := projections.CatchUp(context.Background(), w.dienst.Store, audit.Projection); err != nil {
		t.Fatal(err)
	}
}

func (w *kontoWelt) protokollSeite(t testing.TB, token string, q url.Values) []audit.Eintrag {
	t.Helper()
	var seite struct {
		Content []audit.Eintrag `json:"content"`
	}
	q.Set("size", "500")
	a := w.send(t, "GET", "/api/audit?"+q.Encode(), nil, token)
	if a.Code != 200 {
		t.Fatalf("GET /api/audit?%s: %d %s", q.Encode(), a.Code, a.Body.String())
	}
	a.decode(t, &seite)
	return seite.Content
}

func TestEreignisprotokoll_OnlyAuditorsReadIt(t *testing.T) {
	w := newKontoWelt(t, "")
	for _, name := range []string{"betreiber", "zust_sbd", "leser_behoerde"} {
		token := w.login(t, name, seed.DemoPasswort)
		for _, pfad := range []string{"/api/audit", "/api/audit/ereignisarten", "/api/audit/1"} {
			wantFehler(t, w.send(t, "GET", pfad, nil, token), 403, "Sie sind nicht berechtigt, diese Aktion auszuführen.")
		}
	}
	for _, name := range []string{"fachadmin", "systemadmin"} {
		token := w.login(t, name, seed.DemoPasswort)
		for _, pfad := range []string{"/api/audit", "/api/audit/ereignisarten", "/api/audit/1"} {
			if a := w.send(t, "GET", pfad, nil, token); a.Code != 200 {
				t.Fatalf("%s %s: %d %s", name, pfad, a.Code, a.Body.String())
			}
		}
	}
}

func TestEreignisprotokoll_FiltersByBetriebsNrUserAndPhraseAndRendersTheDiff(t *testing.T) {
	// given an operation requested by the operator, approved and renamed by staff
	w := newKontoWelt(t, "")
	betreiber := w.login(t, "betreiber", seed.DemoPasswort)
	sbd := w.login(t, "zust_sbd", seed.DemoPasswort)
	fachadmin := w.login(t, "fachadmin", seed.DemoPasswort)
	id := beantragen(t, w, betreiber, "Weingut Lay")
	w.send(t, "POST", "/api/betrieb/freigabe", map[string]any{"betriebId": id, "neuerStatus": "FREIGEGEBEN", "kommentar": "geprüft"}, sbd)
	b := w.betrieb(t, id, sbd)
	nr := b["betriebsId"].(string)
	b["bezeichnung"] = "Weingut Lay an der Mosel"
	b["auditInfo"] = map[string]any{"gueltigAb": w.jetzt.Format("2006-01-02"), "aenderungsgrund": "Umbenennung", "ueberschreiben": true}
	if a := w.send(t, "PUT", fmt.Sprintf("/api/betrieb/%d", id), b, sbd); a.Code != 200 {
		t.Fatalf("save: %d %s", a.Code, a.Body.String())
	}
	w.protokoll(t)
	stream := fmt.Sprintf("betrieb-%d", id)

	// when the auditor filters by the Betriebs-Nr. (any case), then only this operation's events
	got := w.protokollSeite(t, fachadmin, url.Values{"betriebsNr": {" " + nr + " "}})
	if len(got) != 3 {
		t.Fatalf("by Betriebs-Nr. %s: %d rows %+v", nr, len(got), got)
	}
	for _, e := range got {
		if e.StreamID != stream || e.Objekt != fmt.Sprintf("Betrieb %d", id) {
			t.Fatalf("row of another object: %+v", e)
		}
	}
	if got[0].Ereignis != "Betrieb geändert" || got[2].Ereignis != "Betrieb beantragt" {
		t.Errorf("phrases: %q … %q", got[0].Ereignis, got[2].Ereignis)
	}
	if n := len(w.protokollSeite(t, fachadmin, url.Values{"betriebsNr": {"gibt-es-nicht"}})); n != 0 {
		t.Errorf("unknown Betriebs-Nr.: %d rows", n)
	}
	// by a part of an event phrase
	for _, e := range w.protokollSeite(t, fachadmin, url.Values{"ereignis": {"FREIGEGEBEN"}, "betriebsNr": {nr}}) {
		if e.EventType != "BetriebFreigegeben" {
			t.Errorf("by phrase: %+v", e)
		}
	}
	if n := len(w.protokollSeite(t, fachadmin, url.Values{"ereignis": {"kein solches Ereignis"}})); n != 0 {
		t.Errorf("unknown phrase: %d rows", n)
	}
	// by account name and by a part of the user's name
	for _, benutzer := range []string{"zust_sbd", "schneider"} {
		rows := w.protokollSeite(t, fachadmin, url.Values{"benutzer": {benutzer}, "betriebsNr": {nr}})
		if len(rows) != 2 {
			t.Fatalf("by %q: %+v", benutzer, rows)
		}
		for _, e := range rows {
			if e.BenutzerName != "Claudia Schneider" {
				t.Errorf("by %q: %+v", benutzer, e)
			}
		}
	}

	// and one event opens with its changes as the Verlauf shows them
	var freigabe audit.Eintrag
	for _, e := range got {
		if e.EventType == "BetriebFreigegeben" {
			freigabe = e
		}
	}
	var detail struct {
		Ereignis    string `json:"ereignis"`
		Aenderungen []struct {
			Bezeichnung, Alt, Neu string
		} `json:"aenderungen"`
	}
	w.send(t, "GET", fmt.Sprintf("/api/audit/%d", freigabe.Position), nil, fachadmin).decode(t, &detail)
	diff := map[string]string{}
	for _, a := range detail.Aenderungen {
		diff[a.Bezeichnung] = a.Alt + " → " + a.Neu
	}
	if detail.Ereignis != "Betrieb freigegeben" || diff["Freigabestatus"] != "Beantragt → Freigegeben" || diff["Kommentar zur Freigabe"] != " → geprüft" {
		t.Fatalf("detail: %+v", detail)
	}
	wantFehler(t, w.send(t, "GET", "/api/audit/999999999", nil, fachadmin), 404, "Das angeforderte Objekt existiert nicht.")
}

// The Ereignisprotokoll names what it lists: the plant by its Bezeichnung (also in the
// summary), the actor's organisation by its name — resolved for the page in one query.
func TestEreignisprotokoll_NamesObjectsAndOrganisationsInsteadOfNumbers(t *testing.T) {
	w := newKontoWelt(t, "")
	betreiber, fachadmin := w.login(t, "betreiber", seed.DemoPasswort), w.login(t, "fachadmin", seed.DemoPasswort)
	id := idVon(t, w, "anlage", "Betriebskläranlage Papierfabrik")
	b := w.send(t, "GET", fmt.Sprintf("/api/anlage/%d", id), nil, betreiber).json(t)
	b["planungen"] = []map[string]any{{"status": "geplant", "massnahme": "Erweiterung", "plandatum": "2027-05-01"}}
	if a := w.send(t, "PUT", fmt.Sprintf("/api/anlage/abwasserbehandlung/%d", id), b, betreiber); a.Code != 200 {
		t.Fatalf("save: %d %s", a.Code, a.Body.String())
	}
	w.protokoll(t)
	rows := w.protokollSeite(t, fachadmin, url.Values{"benutzer": {"betreiber"}})
	var e *audit.Eintrag
	for i := range rows {
		if rows[i].StreamID == fmt.Sprintf("anlage-%d", id) {
			e = &rows[i]
			break
		}
	}
	if e == nil {
		t.Fatalf("no row of the plant: %+v", rows)
	}
	if e.ObjektName != "Betriebskläranlage Papierfabrik" || e.Zusammenfassung != "Anlage geändert (Betriebskläranlage Papierfabrik)" ||
		e.OrganisationName != "Klärwerk Rheinaue GmbH" || e.BenutzerName != "Michael Wagner" {
		t.Fatalf("names: %+v", e)
	}
	var detail audit.Eintrag
	w.send(t, "GET", fmt.Sprintf("/api/audit/%d", e.Position), nil, fachadmin).decode(t, &detail)
	if detail.ObjektName != "Betriebskläranlage Papierfabrik" || detail.OrganisationName != "Klärwerk Rheinaue GmbH" {
		t.Fatalf("entry: %+v", detail)
	}
}
