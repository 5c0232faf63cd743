package httpapi

import (
	"context"
	"fmt"
	"reflect"
	"testing"

	"github.com/eabwasser/eabwasser/domain/berechtigung"
	"github.com/eabwasser/eabwasser/domain/historie"

	"github.com/eabwasser/eabwasser/internal/werkzeug/seed"
	"github.com/eabwasser/eabwasser/internal/werkzeug/testdb"
	"github.com/eabwasser/eabwasser/projections"
	"github.com/eabwasser/eabwasser/projections/arbeitsliste"
)

// regionalstelleID is the id of the demo Regionalstelle (the demo authority staff's).
func regionalstelleID(t testing.TB, w *kontoWelt) int64 {
	t.Helper()
	var id int64
	if err := w.dienst.Store.Pool().QueryRow(context.Background(), `SELECT id FROM werteliste_eintrag WHERE liste = 'regionalstelle' AND wert = $1`,
		seed.Regionalstelle).Scan(&id); err != nil {
		t.Fatal(err)
	}
	return id
}

func neuerBetrieb(w *kontoWelt, t testing.TB, name string) map[string]any {
	return map[string]any{"bezeichnung": name,
		"adresse":  map[string]string{"strasse": "Hafenstraße", "hausnummer": "7", "plz": "56070", "ort": "Koblenz"},
		"lage":     map[string]float64{"hochwert": 5583100.5, "rechtswert": 398200.25},
		"behoerde": map[string]int64{"id": regionalstelleID(t, w)}}
}

// beantragen requests an operation as user and returns its id.
func beantragen(t testing.TB, w *kontoWelt, token, name string) int64 {
	t.Helper()
	a := w.send(t, "POST", "/api/betrieb?typ=INDUSTRIE", neuerBetrieb(w, t, name), token)
	if a.Code != 201 || a.json(t)["message"] != "Betrieb erfolgreich beantragt" {
		t.Fatalf("request %s: %d %s", name, a.Code, a.Body.String())
	}
	return int64(a.json(t)["id"].(float64))
}

// arbeitsliste brings the asynchronous worklist up to date (the tests run no projector).
func (w *kontoWelt) arbeitsliste(t testing.TB) {
	t.Helper()
	testdb.WarteAufSichtbarkeit(t, w.dienst.Store.Pool())
	if _, err := projections.CatchUp(context.Background(), w.dienst.Store, arbeitsliste.Projection); err != nil {
		t.Fatal(err)
	}
}

func (w *kontoWelt) betrieb(t testing.TB, id int64, token string) map[string]any {
	t.Helper()
	a := w.send(t, "GET", fmt.Sprintf("/api/betrieb/%d", id), nil, token)
	if a.Code != 200 {
		t.Fatalf("GET betrieb %d: %d %s", id, a.Code, a.Body.String())
	}
	return a.json(t)
}

func TestBetrieb_RequestDuplicateApproveAndRejectAgain(t *testing.T) {
	w := newKontoWelt(t, "")
	betreiber := w.login(t, "betreiber", seed.DemoPasswort)
	sbd := w.login(t, "zust_sbd", seed.DemoPasswort)

	a := w.send(t, "POST", "/api/betrieb?typ=INDUSTRIE", map[string]any{"adresse": map[string]string{}}, betreiber)
	ve := wantFehler(t, a, 400, a.json(t)["message"].(string))["validationErrors"].(map[string]any)
	for _, f := range []string{"bezeichnung", "adresse.strasse", "adresse.plz", "adresse.ort", "lage.hochwert", "behoerde"} {
		if ve[f] != "Dieses Feld ist ein Pflichtfeld." {
			t.Errorf("%s: %v", f, ve[f])
		}
	}
	id := beantragen(t, w, betreiber, "Zellstoffwerk Hafen Koblenz")
	b := w.betrieb(t, id, betreiber)
	if b["freigabestatus"] != "BEANTRAGT" || b["betriebsstatus"].(map[string]any)["id"] != "GEPLANT" ||
		b["betreiber"].(map[string]any)["bezeichnung"] != "Klärwerk Rheinaue GmbH" || b["betriebstyp"].(map[string]any)["id"] != "INDUSTRIE" {
		t.Fatalf("requested: %v", b)
	}

	// the same name again: the client must confirm
	dup := neuerBetrieb(w, t, "Zellstoffwerk Hafen-Koblenz GmbH")
	m := wantFehler(t, w.send(t, "POST", "/api/betrieb?typ=INDUSTRIE", dup, betreiber), 400,
		"Es gibt bereits einen Betrieb „Zellstoffwerk Hafen Koblenz“ desselben Betreibers oder an derselben Adresse. Bitte prüfen Sie, ob der Betrieb schon erfasst ist.")
	if m["possibleSuppressorFlag"] != "skipBetriebExistsCheck" {
		t.Fatalf("flag: %v", m)
	}
	dup["skipBetriebExistsCheck"] = true
	if a := w.send(t, "POST", "/api/betrieb?typ=INDUSTRIE", dup, betreiber); a.Code != 201 {
		t.Fatalf("confirmed duplicate: %d %s", a.Code, a.Body.String())
	}

	// approvals: ZUST_SBD and FACHADMIN only
	freigabe := map[string]any{"betriebId": id, "kommentar": "Unterlagen vollständig", "neuerStatus": "FREIGEGEBEN"}
	for _, wer := range []string{"betreiber", "zust_sbb", "systemadmin"} {
		wantFehler(t, w.send(t, "POST", "/api/betrieb/freigabe", freigabe, w.login(t, wer, seed.DemoPasswort)), 403,
			"Sie sind nicht berechtigt, diese Aktion auszuführen.")
	}
	if a := w.send(t, "POST", "/api/betrieb/freigabe", freigabe, sbd); a.Code != 200 || a.json(t)["message"] != "Betrieb freigegeben" {
		t.Fatalf("approve: %d %s", a.Code, a.Body.String())
	}
	if b := w.betrieb(t, id, betreiber); b["freigabestatus"] != "FREIGEGEBEN" || b["freigabeKommentar"] != "Unterlagen vollständig" {
		t.Fatalf("approved: %v", b)
	}
	wantFehler(t, w.send(t, "POST", "/api/betrieb/freigabe", freigabe, sbd), 400, "Der Betrieb wartet nicht auf eine Freigabe.")

	// rejected and requested again
	id2 := beantragen(t, w, betreiber, "Lackiererei Metternich")
	wantFehler(t, w.send(t, "POST", "/api/betrieb/freigabe", map[string]any{"betriebId": id2, "neuerStatus": "ABGEWIESEN"}, sbd), 400,
		"Bitte begründen Sie die Zurückweisung im Kommentar, damit der Betreiber erfährt, was fehlt.")
	a = w.send(t, "POST", "/api/betrieb/freigabe", map[string]any{"betriebId": id2, "kommentar": "Koordinaten prüfen", "neuerStatus": "ABGEWIESEN"}, sbd)
	if a.Code != 200 || a.json(t)["message"] != "Betrieb abgelehnt" {
		t.Fatalf("reject: %d %s", a.Code, a.Body.String())
	}
	b = w.betrieb(t, id2, betreiber)
	if b["freigabestatus"] != "ABGEWIESEN" || !b["rechte"].(map[string]any)["alsBetreiberSpeichern"].(bool) {
		t.Fatalf("rejected: %v", b)
	}
	b["lage"] = map[string]float64{"hochwert": 5583200.5, "rechtswert": 398300.25}
	if a := w.send(t, "PUT", fmt.Sprintf("/api/betrieb/%d/betriebsdaten", id2), b, betreiber); a.Code != 200 {
		t.Fatalf("request again: %d %s", a.Code, a.Body.String())
	}
	if b := w.betrieb(t, id2, sbd); b["freigabestatus"] != "BEANTRAGT" || !b["rechte"].(map[string]any)["freigeben"].(bool) {
		t.Fatalf("requested again: %v", b)
	}
}

func TestBetrieb_SavesConflictsAndHistorisierung(t *testing.T) {
	w := newKontoWelt(t, "")
	betreiber := w.login(t, "betreiber", seed.DemoPasswort)
	sbd := w.login(t, "zust_sbd", seed.DemoPasswort)
	id := beantragen(t, w, betreiber, "Färberei Lützel")
	w.send(t, "POST", "/api/betrieb/freigabe", map[string]any{"betriebId": id, "neuerStatus": "FREIGEGEBEN"}, sbd)

	// the operator keeps his production data; master data only through an application
	b := w.betrieb(t, id, betreiber)
	b["produktion"] = map[string]any{"produktionstage": 230, "tagesarbeitszeitVon": "06:00", "tagesarbeitszeitBis": "14:30"}
	a := w.send(t, "PUT", fmt.Sprintf("/api/betrieb/%d/betriebsdaten", id), b, betreiber)
	if a.Code != 200 || a.json(t)["message"] != "Betrieb erfolgreich gespeichert" {
		t.Fatalf("operator save: %d %s", a.Code, a.Body.String())
	}
	b["bezeichnung"] = "Färberei Lützel GmbH"
	wantFehler(t, w.send(t, "PUT", fmt.Sprintf("/api/betrieb/%d/betriebsdaten", id), b, betreiber), 409,
		"Die Daten wurden inzwischen von jemand anderem geändert. Bitte laden Sie die Seite neu und wiederholen Sie Ihre Änderung.")
	b = w.betrieb(t, id, betreiber)
	b["bezeichnung"] = "Färberei Lützel GmbH"
	wantFehler(t, w.send(t, "PUT", fmt.Sprintf("/api/betrieb/%d/betriebsdaten", id), b, betreiber), 400,
		"Diese Stammdaten ändern Sie über einen Stammdatenänderungsantrag.")
	wantFehler(t, w.send(t, "PUT", fmt.Sprintf("/api/betrieb/%d", id), b, betreiber), 403, "Sie sind nicht berechtigt, diese Aktion auszuführen.")

	// staff: historised change needs the audit entry
	b = w.betrieb(t, id, sbd)
	if got := b["produktion"].(map[string]any)["produktionstage"]; got != float64(230) {
		t.Fatalf("production kept: %v", got)
	}
	b["bezeichnung"] = "Textilveredelung Lützel"
	m := wantFehler(t, w.send(t, "PUT", fmt.Sprintf("/api/betrieb/%d", id), b, sbd), 400,
		"Die Änderung muss historisiert werden: Bitte geben Sie an, ab wann sie gilt, und einen Änderungsgrund.")
	if m["auditInfoViolation"] != "MISSING" {
		t.Fatalf("violation: %v", m)
	}
	heute := w.jetzt.Format("2006-01-02")
	b["auditInfo"] = map[string]any{"gueltigAb": heute, "aenderungsgrund": "Umfirmierung"}
	m = wantFehler(t, w.send(t, "PUT", fmt.Sprintf("/api/betrieb/%d", id), b, sbd), 400,
		"Für diesen Tag gibt es bereits einen Eintrag. Soll er überschrieben werden?")
	if m["auditInfoViolation"] != "SAME_DATE_PRESENT" {
		t.Fatalf("violation: %v", m)
	}
	b["auditInfo"] = map[string]any{"gueltigAb": "2020-01-01", "aenderungsgrund": "Umfirmierung"}
	if m := wantFehler(t, w.send(t, "PUT", fmt.Sprintf("/api/betrieb/%d", id), b, sbd), 400,
		"Eine Historisierung kann nicht rückwirkend, sondern immer nur aufbauend auf dem Enddatum des zeitlich letzten Eintrages erfolgen."); m["auditInfoViolation"] != "SUCCEEDING_PRESENT" {
		t.Fatalf("violation: %v", m)
	}
	b["auditInfo"] = map[string]any{"gueltigAb": heute, "aenderungsgrund": "Umfirmierung", "ueberschreiben": true}
	if a := w.send(t, "PUT", fmt.Sprintf("/api/betrieb/%d", id), b, sbd); a.Code != 200 {
		t.Fatalf("historised save: %d %s", a.Code, a.Body.String())
	}
	// a second save with the same (now stale) version is a conflict and changes nothing
	b["bezeichnung"] = "Überholt"
	wantFehler(t, w.send(t, "PUT", fmt.Sprintf("/api/betrieb/%d", id), b, sbd), 409,
		"Die Daten wurden inzwischen von jemand anderem geändert. Bitte laden Sie die Seite neu und wiederholen Sie Ihre Änderung.")
	if got := w.betrieb(t, id, sbd)["bezeichnung"]; got != "Textilveredelung Lützel" {
		t.Fatalf("after conflict: %v", got)
	}
	// shut-down needs its date
	b = w.betrieb(t, id, sbd)
	b["betriebsstatus"] = map[string]any{"id": "STILLGELEGT"}
	if m := wantFehler(t, w.send(t, "PUT", fmt.Sprintf("/api/betrieb/%d", id), b, sbd), 400,
		"Bitte geben Sie an, ab wann der Betrieb stillgelegt ist. Alle Anlagen und Messstellen des Betriebs werden ebenfalls stillgelegt."); m["auditInfoViolation"] != "STILLLEGEN" {
		t.Fatalf("violation: %v", m)
	}
	// operator change: a new operator is required
	b = w.betrieb(t, id, sbd)
	b["betreiber"] = nil
	m = wantFehler(t, w.send(t, "PUT", fmt.Sprintf("/api/betrieb/%d", id), b, sbd), 400, "Es muss ein neuer Betreiber angegeben werden!")
	if m["validationErrors"].(map[string]any)["betreiber"] != "Es muss ein neuer Betreiber angegeben werden!" {
		t.Fatalf("betreiber error: %v", m)
	}
	if a := w.send(t, "GET", fmt.Sprintf("/api/betrieb/%d/isBetreiberAbwasserbeseitigungspflichtigerInAnlage", id), nil, sbd); a.Code != 200 || a.Body.String() != "false\n" {
		t.Fatalf("obligee: %d %q", a.Code, a.Body.String())
	}

	// history: the request's version and the renamed one
	a = w.send(t, "GET", fmt.Sprintf("/api/betrieb/%d/historie", id), nil, sbd)
	var versionen []map[string]any
	a.decode(t, &versionen)
	if len(versionen) != 1 || versionen[0]["betrieb"].(map[string]any)["bezeichnung"] != "Textilveredelung Lützel" ||
		versionen[0]["aenderungsgrund"] != "Umfirmierung" || versionen[0]["aktuell"] != true {
		t.Fatalf("history (same-day overwrite): %v", versionen)
	}
}

func TestBetrieb_StammdatenAntragAcceptedFieldByField(t *testing.T) {
	w := newKontoWelt(t, "")
	betreiber := w.login(t, "betreiber", seed.DemoPasswort)
	sbd := w.login(t, "zust_sbd", seed.DemoPasswort)
	id := beantragen(t, w, betreiber, "Molkerei Ehrenbreitstein")
	antrag := map[string]any{"bezeichnung": "Molkerei Ehrenbreitstein eG", "strasse": "Hofstraße", "hausnummer": "9", "plz": "56077",
		"ort": "Koblenz", "kommentar": "Umzug und neue Rechtsform"}
	wantFehler(t, w.send(t, "POST", fmt.Sprintf("/api/betrieb/%d/stammdaten", id), antrag, betreiber), 400,
		"Ein Stammdatenänderungsantrag ist erst nach der Freigabe des Betriebs möglich.")
	w.send(t, "POST", "/api/betrieb/freigabe", map[string]any{"betriebId": id, "neuerStatus": "FREIGEGEBEN"}, sbd)
	if a := w.send(t, "POST", fmt.Sprintf("/api/betrieb/%d/stammdaten", id), antrag, betreiber); a.Code != 201 ||
		a.json(t)["message"] != "Änderungsantrag erfolgreich eingereicht." {
		t.Fatalf("submit: %d %s", a.Code, a.Body.String())
	}
	wantFehler(t, w.send(t, "POST", fmt.Sprintf("/api/betrieb/%d/stammdaten", id), antrag, betreiber), 409,
		"Es existiert bereits ein Änderungsantrag. Bitte warten Sie auf dessen Bearbeitung.")
	wantFehler(t, w.send(t, "POST", fmt.Sprintf("/api/betrieb/%d/stammdaten-antrag/uebernahme", id), map[string]any{"felder": []string{"ort"}}, betreiber),
		403, "Sie sind nicht berechtigt, diese Aktion auszuführen.")
	offen := w.send(t, "GET", fmt.Sprintf("/api/betrieb/%d/stammdaten-antrag", id), nil, sbd).json(t)["stammdaten"].(map[string]any)
	if offen["bezeichnung"] != "Molkerei Ehrenbreitstein eG" || offen["gestelltAm"] != w.jetzt.Format("2006-01-02") {
		t.Fatalf("open application: %v", offen)
	}
	// every refused field (Straße, PLZ) needs the staff member's reason
	ohne := w.send(t, "POST", fmt.Sprintf("/api/betrieb/%d/stammdaten-antrag/uebernahme", id), map[string]any{"felder": []string{"bezeichnung", "hausnummer"},
		"begruendungen": map[string]string{"strasse": "Umzug nicht nachgewiesen"}}, sbd)
	if fe, _ := ohne.json(t)["validationErrors"].(map[string]any); ohne.Code != 400 || len(fe) != 1 ||
		fe["begruendungen.plz"] != "Bitte begründen Sie, warum „PLZ“ nicht übernommen wird." {
		t.Fatalf("missing reason: %d %s", ohne.Code, ohne.Body.String())
	}
	a := w.send(t, "POST", fmt.Sprintf("/api/betrieb/%d/stammdaten-antrag/uebernahme", id), map[string]any{"felder": []string{"bezeichnung", "hausnummer"},
		"begruendungen": map[string]string{"strasse": "Umzug nicht nachgewiesen", "plz": "PLZ passt nicht zum Ort"}}, sbd)
	if a.Code != 200 || a.json(t)["message"] != "Daten wurden übernommen und der Antrag gelöscht" {
		t.Fatalf("accept: %d %s", a.Code, a.Body.String())
	}
	b := w.betrieb(t, id, betreiber)
	adr := b["adresse"].(map[string]any)
	if b["bezeichnung"] != "Molkerei Ehrenbreitstein eG" || adr["hausnummer"] != "9" || adr["strasse"] != "Hafenstraße" || b["stammdatenAntragOffen"] != false {
		t.Fatalf("accepted fields only: %v", b)
	}
	if got := w.send(t, "GET", fmt.Sprintf("/api/betrieb/%d/stammdaten-antrag", id), nil, sbd).json(t)["stammdaten"]; got != nil {
		t.Fatalf("application still there: %v", got)
	}
	// a second application, rejected as a whole
	antrag["bezeichnung"] = "Molkerei am Rhein"
	w.send(t, "POST", fmt.Sprintf("/api/betrieb/%d/stammdaten", id), antrag, betreiber)
	if a := w.send(t, "DELETE", fmt.Sprintf("/api/betrieb/%d/stammdaten-antrag", id), nil, sbd); a.Code != 400 ||
		a.json(t)["validationErrors"].(map[string]any)["begruendungen.bezeichnung"] != "Bitte begründen Sie, warum „Bezeichnung“ nicht übernommen wird." {
		t.Fatalf("reject without reasons: %d %s", a.Code, a.Body.String())
	}
	gruende := map[string]string{"bezeichnung": "Name nicht im Handelsregister", "strasse": "Umzug nicht nachgewiesen", "plz": "PLZ passt nicht"}
	if a := w.send(t, "DELETE", fmt.Sprintf("/api/betrieb/%d/stammdaten-antrag", id), map[string]any{"begruendungen": gruende}, sbd); a.Code != 200 ||
		a.json(t)["message"] != "Daten wurden abgelehnt und der Antrag gelöscht" {
		t.Fatalf("reject: %d %s", a.Code, a.Body.String())
	}
	if got := w.betrieb(t, id, betreiber)["bezeichnung"]; got != "Molkerei Ehrenbreitstein eG" {
		t.Fatalf("after rejection: %v", got)
	}
	// the Verlauf shows what each application asked for, what was adopted and what refused, and why
	var schritte []historie.Verlaufsschritt
	w.send(t, "GET", fmt.Sprintf("/api/betrieb/%d/verlauf", id), nil, sbd).decode(t, &schritte)
	antraege := map[string]*historie.Antrag{}
	for _, s := range schritte {
		if s.Antrag != nil {
			antraege[s.Ereignis] = s.Antrag
		}
	}
	entschieden := func(a *historie.Antrag) map[string]string {
		out := map[string]string{}
		for _, f := range a.Felder {
			out[f.Bezeichnung] = fmt.Sprintf("%s → %s: %s %s", f.Bisher, f.Beantragt, f.Entscheidung, f.Grund)
		}
		return out
	}
	if got, want := entschieden(antraege["StammdatenAntragUebernommen"]), map[string]string{
		"Bezeichnung": "Molkerei Ehrenbreitstein → Molkerei Ehrenbreitstein eG: UEBERNOMMEN ",
		"Hausnummer":  "7 → 9: UEBERNOMMEN ",
		"Straße":      "Hafenstraße → Hofstraße: ABGELEHNT Umzug nicht nachgewiesen",
		"PLZ":         "56070 → 56077: ABGELEHNT PLZ passt nicht zum Ort",
	}; !reflect.DeepEqual(got, want) {
		t.Errorf("adopted: %v", got)
	}
	if a := antraege["StammdatenAntragGestellt"]; a == nil || a.Kommentar != "Umzug und neue Rechtsform" || a.GestelltAm != w.jetzt.Format("02.01.2006") {
		t.Errorf("requested: %+v", a)
	}
	if got := entschieden(antraege["StammdatenAntragAbgelehnt"]); got["Bezeichnung"] != "Molkerei Ehrenbreitstein eG → Molkerei am Rhein: ABGELEHNT Name nicht im Handelsregister" {
		t.Errorf("rejected: %v", got)
	}
}

func TestBetrieb_VisibilityPerOrganisationAndLocalRole(t *testing.T) {
	w := newKontoWelt(t, "")
	betreiber := w.login(t, "betreiber", seed.DemoPasswort)
	betreiber2 := w.login(t, "betreiber2", seed.DemoPasswort)
	id := beantragen(t, w, betreiber, "Druckerei Horchheim")
	for _, r := range []struct{ method, path string }{{"GET", "/api/betrieb/%d"}, {"GET", "/api/betrieb/%d/info"}, {"GET", "/api/betrieb/%d/historie"},
		{"PUT", "/api/betrieb/%d/betriebsdaten"}, {"GET", "/api/betrieb/%d/stammdaten-antrag"}, {"POST", "/api/betrieb/%d/stammdaten"},
		{"GET", "/api/person/lokaleRolle/%d"}} {
		var body any
		if r.method != "GET" {
			body = map[string]any{"version": 1}
		}
		wantFehler(t, w.send(t, r.method, fmt.Sprintf(r.path, id), body, betreiber2), 404, "Das angeforderte Objekt existiert nicht.")
	}
	w.arbeitsliste(t)
	seite := func(token, q string) []any {
		return w.send(t, "GET", "/api/betrieb/search?q="+q, nil, token).json(t)["content"].([]any)
	}
	if got := seite(betreiber2, ""); len(got) != 1 || got[0].(map[string]any)["bezeichnung"] != "Kläranlage Musterhausen" {
		t.Fatalf("betreiber2 sees %v", got)
	}
	if got := seite(betreiber, "horchheim"); len(got) != 1 {
		t.Fatalf("betreiber sees %v", got)
	}
	// the demo authority staff see their Regionalstelle (Koblenz), not Musterhausen's (Trier)
	leser := w.login(t, "leser_behoerde", seed.DemoPasswort)
	if got := seite(leser, "Musterhausen"); len(got) != 0 {
		t.Fatalf("leser_behoerde sees %v", got)
	}
	if got := seite(leser, "Horchheim"); len(got) != 1 {
		t.Fatalf("leser_behoerde misses %v", got)
	}
	if got := seite(w.login(t, "fachadmin", seed.DemoPasswort), "Musterhausen"); len(got) != 1 {
		t.Fatalf("fachadmin misses %v", got)
	}
	b := w.betrieb(t, id, leser)
	if r := b["rechte"].(map[string]any); r["alsAdminSpeichern"] != false || r["bearbeiten"] != false || r["verlaufLesen"] != true {
		t.Fatalf("reader rights: %v", r)
	}
}

func TestBetrieb_VerlaufAndStandReplayTheStream(t *testing.T) {
	w := newKontoWelt(t, "")
	betreiber := w.login(t, "betreiber", seed.DemoPasswort)
	sbd := w.login(t, "zust_sbd", seed.DemoPasswort)
	id := beantragen(t, w, betreiber, "Kelterei Güls")
	w.send(t, "POST", "/api/betrieb/freigabe", map[string]any{"betriebId": id, "neuerStatus": "FREIGEGEBEN", "kommentar": "ok"}, sbd)
	b := w.betrieb(t, id, sbd)
	b["bezeichnung"] = "Kelterei Güls am Moselufer"
	b["auditInfo"] = map[string]any{"gueltigAb": w.jetzt.Format("2006-01-02"), "aenderungsgrund": "Umbenennung", "ueberschreiben": true}
	if a := w.send(t, "PUT", fmt.Sprintf("/api/betrieb/%d", id), b, sbd); a.Code != 200 {
		t.Fatalf("save: %d %s", a.Code, a.Body.String())
	}
	wantFehler(t, w.send(t, "GET", fmt.Sprintf("/api/betrieb/%d/verlauf", id), nil, betreiber), 403, "Sie sind nicht berechtigt, diese Aktion auszuführen.")
	fachadmin := w.login(t, "fachadmin", seed.DemoPasswort)
	var schritte []map[string]any
	w.send(t, "GET", fmt.Sprintf("/api/betrieb/%d/verlauf", id), nil, fachadmin).decode(t, &schritte)
	if len(schritte) != 3 || schritte[0]["ereignis"] != "BetriebBeantragt" || schritte[1]["zusammenfassung"] == "" ||
		schritte[2]["akteur"] != "Claudia Schneider" {
		t.Fatalf("verlauf: %v", schritte)
	}
	var umbenannt bool
	for _, x := range schritte[2]["aenderungen"].([]any) {
		c := x.(map[string]any)
		if c["feld"] == "bezeichnung" && c["alt"] == "Kelterei Güls" && c["neu"] == "Kelterei Güls am Moselufer" {
			umbenannt = true
		}
	}
	if !umbenannt {
		t.Fatalf("diff: %v", schritte[2]["aenderungen"])
	}
	// values as the form shows them: texts of value lists, German numbers and dates, form labels
	diff := func(s map[string]any) map[string]string {
		out := map[string]string{}
		for _, x := range s["aenderungen"].([]any) {
			c := x.(map[string]any)
			out[c["bezeichnung"].(string)] = fmt.Sprintf("%v → %v", c["alt"], c["neu"])
		}
		return out
	}
	erst, frei := diff(schritte[0]), diff(schritte[1])
	for label, want := range map[string]string{"Freigabestatus": " → Beantragt", "Lage › Hochwert": " → 5583100,5", "Lage › Rechtswert": " → 398200,25",
		"Gültig ab": " → " + w.jetzt.Format("02.01.2006"), "Betriebstyp": " → Industrie", "Betreiber": " → Klärwerk Rheinaue GmbH",
		"Adresse des Betriebs › Straße": " → Hafenstraße"} {
		if erst[label] != want {
			t.Errorf("request %s = %q, want %q (%v)", label, erst[label], want, erst)
		}
	}
	if frei["Freigabestatus"] != "Beantragt → Freigegeben" {
		t.Errorf("approval: %v", frei)
	}
	// a second save on the same day replaces the version, and the Verlauf keeps both changes
	b = w.betrieb(t, id, sbd)
	b["url"] = "https://kelterei-guels.example"
	b["auditInfo"] = map[string]any{"gueltigAb": w.jetzt.Format("2006-01-02"), "aenderungsgrund": "Internetauftritt", "ueberschreiben": true}
	if a := w.send(t, "PUT", fmt.Sprintf("/api/betrieb/%d", id), b, sbd); a.Code != 200 {
		t.Fatalf("second save: %d %s", a.Code, a.Body.String())
	}
	w.send(t, "GET", fmt.Sprintf("/api/betrieb/%d/verlauf", id), nil, fachadmin).decode(t, &schritte)
	if len(schritte) != 4 || diff(schritte[2])["Bezeichnung"] != "Kelterei Güls → Kelterei Güls am Moselufer" ||
		diff(schritte[3])["URL"] != " → https://kelterei-guels.example" {
		t.Fatalf("two saves of one day: %v", schritte)
	}
	var versionen []map[string]any
	w.send(t, "GET", fmt.Sprintf("/api/betrieb/%d/historie", id), nil, fachadmin).decode(t, &versionen)
	if last := versionen[len(versionen)-1]; last["gueltigBis"] != historie.Ende || last["betrieb"].(map[string]any)["url"] != "https://kelterei-guels.example" {
		t.Fatalf("historie: %v", versionen)
	}
	stand := w.send(t, "GET", fmt.Sprintf("/api/betrieb/%d/stand/1", id), nil, fachadmin).json(t)
	if stand["bezeichnung"] != "Kelterei Güls" || stand["freigabestatus"] != "BEANTRAGT" {
		t.Fatalf("stand 1: %v", stand)
	}
	wantFehler(t, w.send(t, "GET", fmt.Sprintf("/api/betrieb/%d/stand/9", id), nil, fachadmin), 404, "Das angeforderte Objekt existiert nicht.")
}

func TestBetrieb_OrganisationMergeMovesTheOperatorAndDeleteIsRefused(t *testing.T) {
	w := newKontoWelt(t, "")
	admin := w.login(t, "systemadmin", seed.DemoPasswort)
	quelle := orgID(t, w, "Klärwerk Rheinaue GmbH")
	wantFehler(t, w.send(t, "DELETE", fmt.Sprintf("/api/organisation/%d", quelle), nil, admin), 400,
		"Die Organisation wird noch von Anwendern oder Betrieben verwendet und kann deshalb nicht gelöscht werden.")
	ziel := neueOrganisation(t, w, admin, "Rheinaue Holding AG", false)
	if a := w.send(t, "POST", "/api/organisation/merge", map[string]any{"sourceOrganisationId": quelle, "destinationOrganisationId": ziel,
		"mergeDate": w.jetzt.Format("2006-01-02"), "includePersonen": true}, admin); a.Code != 200 {
		t.Fatalf("merge: %d %s", a.Code, a.Body.String())
	}
	w.arbeitsliste(t)
	seite := w.send(t, "GET", "/api/betrieb/search?size=100", nil, admin).json(t)["content"].([]any)
	for _, z := range seite {
		z := z.(map[string]any)
		if z["betreiber"] == "Klärwerk Rheinaue GmbH" {
			t.Fatalf("operation still with the merged organisation: %v", z)
		}
	}
	// betreiber moved along (includePersonen) and still sees his operations
	betreiber := w.login(t, "betreiber", seed.DemoPasswort)
	if got := w.send(t, "GET", "/api/betrieb/search", nil, betreiber).json(t)["totalElements"]; got != float64(3) {
		t.Fatalf("betreiber after merge sees %v operations", got)
	}
}

func TestBetrieb_ReferencedValueListEntriesCannotBeDeleted(t *testing.T) {
	w := newKontoWelt(t, "")
	admin := w.login(t, "systemadmin", seed.DemoPasswort)
	geprueft := 0
	for liste, wert := range map[string]string{"haupttaetigkeit": "6.1 b) Herstellung von Papier, Karton oder Pappe (über 20 t/d)",
		"taetigkeit": "Papierherstellung"} {
		var eintraege []map[string]any
		w.send(t, "GET", "/api/"+liste, nil, admin).decode(t, &eintraege)
		for _, e := range eintraege {
			if e["value"] == wert {
				wantFehler(t, w.send(t, "DELETE", fmt.Sprintf("/api/%s/%d", liste, int64(e["id"].(float64))), nil, admin), 409,
					"Der Wertelisteneintrag wird von anderen Objekten referenziert und kann deshalb nicht gelöscht werden")
				geprueft++
			}
		}
	}
	if geprueft != 2 {
		t.Fatalf("%d entries checked, want 2", geprueft)
	}
}

func TestBetrieb_InfoNamesTheOperationAndItsStatusAsTheValueListsText(t *testing.T) {
	w := newKontoWelt(t, "")
	betreiber := w.login(t, "betreiber", seed.DemoPasswort)
	id := beantragen(t, w, betreiber, "Druckerei Horchheim")
	a := w.send(t, "GET", fmt.Sprintf("/api/betrieb/%d/info", id), nil, betreiber)
	if a.Code != 200 {
		t.Fatalf("info: %d %s", a.Code, a.Body.String())
	}
	// the tree header of every operation-file route (spec 000 §2): the name and the status as the
	// value list betriebsstatus writes it, not its key
	got := a.json(t)
	if got["bezeichnung"] != "Druckerei Horchheim" || got["betriebsstatus"] != "geplant" || got["betriebsstatusId"] != "GEPLANT" {
		t.Fatalf("info: %v", got)
	}
}

// The operation file's rows of the permission matrix (TestBerechtigung_EveryRouteTimesEveryRoleAndOrganisation).
var _ = regelnDes("betrieb", func() map[string]regel {
	return map[string]regel{
		"GET /api/bearbeiter": angemeldet,
		// spec 002 §6 "business creation: three roles" and spec 000 §6 "two of them also handle
		// approvals", settled in docs/decisions.md (issue 14)
		"GET /api/betriebkatalog": mitAktion(berechtigung.SystemverwaltungOeffnen),
		"POST /api/betrieb": {aktion: berechtigung.BetriebBeantragen,
			nur: []berechtigung.Rolle{berechtigung.Betreiber, berechtigung.Beauftragter, berechtigung.ZustSBD}},
		"POST /api/betrieb/freigabe":     {aktion: berechtigung.BetriebFreigeben, nur: []berechtigung.Rolle{berechtigung.ZustSBD, berechtigung.Fachadmin}},
		"GET /api/betrieb/{id}":          amBetrieb(""),
		"GET /api/betrieb/{id}/info":     amBetrieb(""),
		"GET /api/betrieb/{id}/historie": amBetrieb(""),
		"GET /api/betrieb/{id}/isBetreiberAbwasserbeseitigungspflichtigerInAnlage": amBetrieb(""),
		"GET /api/betrieb/{id}/abwasserbehandlungForStilllegung":                   amBetrieb(""),
		"GET /api/betrieb/{id}/stammdaten-antrag":                                  amBetrieb(""),
		"GET /api/person/lokaleRolle/{id}":                                         amBetrieb(""),
		"GET /api/betrieb/{id}/dateien":                                            amBetrieb(""),
		"PUT /api/betrieb/{id}":                                                    amBetrieb(berechtigung.BetriebAlsAdminBearbeiten),
		"PUT /api/betrieb/{id}/betriebsdaten":                                      amBetrieb(berechtigung.BetriebAlsBetreiberBearbeiten),
		"POST /api/betrieb/{id}/stammdaten":                                        amBetrieb(berechtigung.AenderungsantragStellen),
		"POST /api/betrieb/{id}/stammdaten-antrag/uebernahme":                      amBetrieb(berechtigung.AenderungsantragPruefen),
		"DELETE /api/betrieb/{id}/stammdaten-antrag":                               amBetrieb(berechtigung.AenderungsantragPruefen),
		"GET /api/betrieb/{id}/verlauf":                                            amBetrieb(berechtigung.BetriebVerlaufLesen),
		"GET /api/betrieb/{id}/stand/{version}":                                    amBetrieb(berechtigung.BetriebVerlaufLesen),
		"POST /api/betrieb/{id}/upload-file":                                       amBetrieb(berechtigung.DateiHochladen),
		"GET /api/betrieb/{id}/wiedervorlage":                                      amBetrieb(berechtigung.WiedervorlagenLesen),
		"POST /api/betrieb/{id}/wiedervorlage":                                     amBetrieb(berechtigung.WiedervorlagenLesen),
	}
})

// The betrieb area's rows of the list walk (TestListen_EveryListAndExportShowsOnlyRowsOfObjectsTheCallerSees).
var _ = listenDes("betrieb", map[string]listenRoute{
	"GET /api/betriebkatalog":                                                  {art: artListe, zeilen: true, aufrufe: []string{"/api/betriebkatalog?q=a", "/api/betriebkatalog?ids={alleBetriebe}"}},
	"GET /api/betrieb/{id}/abwasserbehandlungForStilllegung":                   {art: artFremdeNamen},
	"GET /api/person/lokaleRolle/{id}":                                         {art: artAmObjekt, objekt: "betrieb"},
	"GET /api/bearbeiter":                                                      {art: artStammdaten},
	"GET /api/betrieb/{id}":                                                    {art: artEinzeln},
	"GET /api/betrieb/{id}/info":                                               {art: artEinzeln},
	"GET /api/betrieb/{id}/historie":                                           {art: artEinzeln},
	"GET /api/betrieb/{id}/isBetreiberAbwasserbeseitigungspflichtigerInAnlage": {art: artEinzeln},
	"GET /api/betrieb/{id}/stammdaten-antrag":                                  {art: artEinzeln},
	"GET /api/betrieb/{id}/stand/{version}":                                    {art: artEinzeln},
	"GET /api/betrieb/{id}/verlauf":                                            {art: artEinzeln},
})
