package httpapi

import (
	"context"
	"fmt"
	"maps"
	"strings"
	"testing"

	"github.com/eabwasser/eabwasser/domain/berechtigung"
	"github.com/eabwasser/eabwasser/internal/anwendung/auswahl"
	"github.com/eabwasser/eabwasser/internal/werkzeug/seed"
	"github.com/eabwasser/eabwasser/projections"
	"github.com/eabwasser/eabwasser/projections/aufgaben"
	"github.com/eabwasser/eabwasser/projections/nachrichten"
	"github.com/eabwasser/eabwasser/projections/projektortest"
)

// bescheidFormular is the body of a new Bescheid of operation betrieb.
func bescheidFormular(betrieb int64, messstellen ...int64) map[string]any {
	if messstellen == nil {
		messstellen = []int64{}
	}
	return map[string]any{"betrieb": betrieb, "bescheidQualitaet": "Bescheid",
		"bescheidart": "Genehmigung einer Indirekteinleitung (§ 58 WHG)", "aktenzeichen": "31-2/26",
		"behoerde": "Struktur- und Genehmigungsdirektion Nord (SGD Nord)", "bescheidsdatum": "2026-03-01", "messstellen": messstellen}
}

func (w *kontoWelt) bescheidLesen(t testing.TB, id int64, token string) map[string]any {
	t.Helper()
	a := w.send(t, "GET", fmt.Sprintf("/api/bescheid/%d", id), nil, token)
	if a.Code != 200 {
		t.Fatalf("GET bescheid %d: %d %s", id, a.Code, a.Body.String())
	}
	return a.json(t)
}

// speichereBescheid saves Bescheid id as read by token into status with the changes of aendern.
func (w *kontoWelt) speichereBescheid(t testing.TB, pfad string, id int64, token, status string, aendern func(map[string]any)) antwort {
	t.Helper()
	b := w.bescheidLesen(t, id, token)
	ids := []int64{}
	for _, m := range b["messstellen"].([]any) {
		ids = append(ids, int64(m.(map[string]any)["id"].(float64)))
	}
	form := map[string]any{"messstellen": ids, "bescheidsstatus": status}
	for _, k := range []string{"version", "bescheidQualitaet", "bescheidart", "vorbescheid", "aktenzeichen", "behoerde", "bescheidsdatum",
		"ablaufdatum", "bemerkung", "bescheidId", "auflagen"} {
		if v, ok := b[k]; ok {
			form[k] = v
		}
	}
	if aendern != nil {
		aendern(form)
	}
	return w.send(t, "PUT", fmt.Sprintf("/api/%s/%d", pfad, id), form, token)
}

func neueID(t testing.TB, a antwort, status int) int64 {
	t.Helper()
	if a.Code != status {
		t.Fatalf("want %d: %d %s", status, a.Code, a.Body.String())
	}
	return int64(a.json(t)["id"].(float64))
}

// bescheidFeldfehler checks a 400 with field errors and returns its body.
func bescheidFeldfehler(t testing.TB, a antwort) map[string]any {
	t.Helper()
	if a.Code != 400 {
		t.Fatalf("status = %d, want 400; body %s", a.Code, a.Body.String())
	}
	m := a.json(t)
	if _, ok := m["validationErrors"].(map[string]any); !ok {
		t.Fatalf("no validationErrors: %s", a.Body.String())
	}
	return m
}

func versionVon(m map[string]any) int { return int(m["version"].(float64)) }

// TestBescheid_ApplicationToReleaseByRoleAndStatus walks a Bescheid from the operator's
// application to its release: who creates in which status, the transitions each side may do,
// the Aufgabe of the deciders, the read-only released Bescheid, and the deletes.
func TestBescheid_ApplicationToReleaseByRoleAndStatus(t *testing.T) {
	w := newKontoWelt(t, "")
	sbb, fach := w.login(t, "zust_sbb", seed.DemoPasswort), w.login(t, "fachadmin", seed.DemoPasswort)
	betreiber, fremd := w.login(t, "betreiber", seed.DemoPasswort), w.login(t, "betreiber2", seed.DemoPasswort)
	leser, sbd := w.login(t, "leser_behoerde", seed.DemoPasswort), w.login(t, "zust_sbd", seed.DemoPasswort)
	papier := idVon(t, w, "betrieb", "Papierfabrik Rheinaue – Werk Koblenz")
	endkontrolle := idVon(t, w, "messstelle", "Endkontrolle Ablauf Betriebskläranlage")
	einleitung := idVon(t, w, "messstelle", "Einleitungsstelle Rhein")
	zulauf := idVon(t, w, "messstelle", "Zulauf Betriebskläranlage")
	klaeranlage := idVon(t, w, "anlage", "Betriebskläranlage Papierfabrik")

	// create per role
	wantFehler(t, w.send(t, "POST", "/api/bescheid", bescheidFormular(papier), betreiber), 403, "Sie sind nicht berechtigt, diese Aktion auszuführen.")
	wantFehler(t, w.send(t, "POST", "/api/bescheidsantrag", bescheidFormular(papier), sbb), 403, "Sie sind nicht berechtigt, diese Aktion auszuführen.")
	wantFehler(t, w.send(t, "POST", "/api/bescheidsantrag", bescheidFormular(papier), fremd), 404, "Das angeforderte Objekt existiert nicht.")
	wantFehler(t, w.send(t, "POST", "/api/bescheid", bescheidFormular(papier, zulauf), sbb), 400, "Die Messstelle kann diesem Bescheid nicht zugeordnet werden.")
	a := w.send(t, "POST", "/api/bescheidsantrag", bescheidFormular(papier, endkontrolle), betreiber)
	if a.Code != 201 || a.json(t)["message"] != "Bescheidsantrag erfolgreich erstellt" {
		t.Fatalf("application: %d %s", a.Code, a.Body.String())
	}
	antrag := neueID(t, a, 201)
	b := w.bescheidLesen(t, antrag, betreiber)
	if b["bescheidsstatus"] != "ANGELEGT" || b["ablaufdatum"] != "3000-01-01" || len(b["messstellen"].([]any)) != 1 ||
		fmt.Sprint(rechteVon(b)["statusWerte"]) != "[ANGELEGT BEANTRAGT]" || rechteVon(b)["bearbeiten"] != true ||
		b["antrag"].(map[string]any)["gestelltVon"] == "" || b["freigabeVon"] != "" {
		t.Fatalf("application as read: %v", b)
	}
	// the same answer on the application's path; others of the organisation 404
	if a := w.send(t, "GET", fmt.Sprintf("/api/bescheidsantrag/%d", antrag), nil, betreiber); a.Code != 200 || a.json(t)["id"].(float64) != float64(antrag) {
		t.Fatalf("antrag path: %d %s", a.Code, a.Body.String())
	}
	wantFehler(t, w.send(t, "GET", fmt.Sprintf("/api/bescheid/%d", antrag), nil, fremd), 404, "Das angeforderte Objekt existiert nicht.")
	if r := rechteVon(w.bescheidLesen(t, antrag, sbb)); r["bearbeiten"] != false || r["loeschen"] != false || r["dateien"] != false {
		t.Fatalf("staff on an application being written: %v", r)
	}

	// operator saves and submits; staff may not save it meanwhile
	wantFehler(t, w.speichereBescheid(t, "bescheidsantrag", antrag, sbb, "ANGELEGT", nil), 400, "Dieser Statuswechsel ist nicht zulässig.")
	if a := w.speichereBescheid(t, "bescheidsantrag", antrag, betreiber, "ANGELEGT", func(b map[string]any) {
		b["bemerkung"] = "Erster Entwurf"
		b["messstellen"] = []int64{endkontrolle, einleitung}
	}); a.Code != 200 || a.json(t)["message"] != "Bescheidsantrag erfolgreich aktualisiert" {
		t.Fatalf("operator's save: %d %s", a.Code, a.Body.String())
	}
	if a := w.speichereBescheid(t, "bescheidsantrag", antrag, betreiber, "BEANTRAGT", nil); a.Code != 200 {
		t.Fatalf("submit: %d %s", a.Code, a.Body.String())
	}
	if r := rechteVon(w.bescheidLesen(t, antrag, betreiber)); r["bearbeiten"] != false || fmt.Sprint(r["statusWerte"]) != "[BEANTRAGT]" {
		t.Fatalf("operator after submitting: %v", r)
	}
	// version conflict
	if a := w.speichereBescheid(t, "bescheid", antrag, sbb, "IN_BEARBEITUNG", func(b map[string]any) {
		b["version"] = versionVon(b) - 1
	}); a.Code != 409 {
		t.Fatalf("stale version: %d %s", a.Code, a.Body.String())
	}
	// staff return it without and with a comment
	ve := bescheidFeldfehler(t, w.speichereBescheid(t, "bescheidsantrag", antrag, sbb, "ANGELEGT", nil))
	if ve["validationErrors"].(map[string]any)["kommentar"] == nil {
		t.Fatalf("return without comment: %v", ve)
	}
	if a := w.speichereBescheid(t, "bescheidsantrag", antrag, sbb, "ANGELEGT", func(b map[string]any) {
		b["kommentar"] = "Bitte das Messprogramm ergänzen."
	}); a.Code != 200 {
		t.Fatalf("return: %d %s", a.Code, a.Body.String())
	}
	if b := w.bescheidLesen(t, antrag, betreiber); b["bescheidsstatus"] != "ANGELEGT" || b["antrag"].(map[string]any)["kommentar"] != "Bitte das Messprogramm ergänzen." {
		t.Fatalf("returned: %v", b)
	}
	if a := w.speichereBescheid(t, "bescheidsantrag", antrag, betreiber, "BEANTRAGT", nil); a.Code != 200 {
		t.Fatalf("submit again: %d %s", a.Code, a.Body.String())
	}
	// staff take it into work (the form offers exactly that), then release
	if r := rechteVon(w.bescheidLesen(t, antrag, sbb)); fmt.Sprint(r["statusWerte"]) != "[BEANTRAGT IN_BEARBEITUNG ANGELEGT]" || r["bearbeiten"] != true {
		t.Fatalf("staff on a submitted application: %v", r)
	}
	wantFehler(t, w.speichereBescheid(t, "bescheid", antrag, sbd, "IN_BEARBEITUNG", nil), 403, "Sie sind nicht berechtigt, diese Aktion auszuführen.")
	if a := w.speichereBescheid(t, "bescheid", antrag, sbb, "IN_BEARBEITUNG", func(b map[string]any) {
		b["auflagen"] = []map[string]any{{"abwasseranlage": klaeranlage, "art": "Messprogramm", "beschreibung": "Messprogramm\nvorlegen", "fristdatum": "2026-12-31"}}
	}); a.Code != 200 || a.json(t)["message"] != "Bescheid erfolgreich aktualisiert" {
		t.Fatalf("take into work: %d %s", a.Code, a.Body.String())
	}
	wantFehler(t, w.speichereBescheid(t, "bescheid", antrag, betreiber, "IN_BEARBEITUNG", nil), 400, "Dieser Statuswechsel ist nicht zulässig.")
	if r := rechteVon(w.bescheidLesen(t, antrag, betreiber)); r["loeschen"] != false || r["dateien"] != true {
		t.Fatalf("operator on a Bescheid in work: %v", r)
	}
	if a := w.speichereBescheid(t, "bescheid", antrag, sbb, "FREIGEGEBEN", nil); a.Code != 200 {
		t.Fatalf("release: %d %s", a.Code, a.Body.String())
	}
	frei := w.bescheidLesen(t, antrag, leser)
	if frei["bescheidsstatus"] != "FREIGEGEBEN" || frei["freigabeAm"] == "" || frei["freigabeVon"] == "" || rechteVon(frei)["bearbeiten"] != false ||
		len(frei["auflagen"].([]any)) != 1 {
		t.Fatalf("released: %v", frei)
	}
	// who released it by name for who reads the Verlauf; the operator sees the side, and the
	// applicant's name as his organisation's (verlauf.NamenFuer)
	if f := w.bescheidLesen(t, antrag, betreiber); f["freigabeVon"] != "Behörde" || f["antrag"].(map[string]any)["gestelltVon"] == "Behörde" ||
		f["antrag"].(map[string]any)["gestelltVon"] == "" || frei["freigabeVon"] == "Behörde" {
		t.Fatalf("names of the release and the application: operator %v %v, reader %v", f["freigabeVon"], f["antrag"], frei["freigabeVon"])
	}
	// read-only
	wantFehler(t, w.speichereBescheid(t, "bescheid", antrag, fach, "FREIGEGEBEN", nil), 400, "Ein freigegebener Bescheid kann nicht mehr geändert werden.")

	// a Bescheid naming it as Vorbescheid keeps it from being deleted
	neu := bescheidFormular(papier)
	neu["vorbescheid"] = antrag
	folge := neueID(t, w.send(t, "POST", "/api/bescheid", neu, sbb), 201)
	if b := w.bescheidLesen(t, folge, sbb); b["bescheidsstatus"] != "IN_BEARBEITUNG" || b["vorbescheid"].(float64) != float64(antrag) {
		t.Fatalf("new Bescheid: %v", b)
	}
	var vor []map[string]any
	w.send(t, "GET", fmt.Sprintf("/api/betrieb/%d/bescheid/vorbescheide?bescheidId=%d", papier, folge), nil, sbb).decode(t, &vor)
	if len(vor) == 0 || !strings.Contains(fmt.Sprint(vor), "Genehmigung einer Indirekteinleitung (§ 58 WHG) vom 01.03.2026, Az. 31-2/26") ||
		strings.Contains(fmt.Sprint(vor), fmt.Sprintf("id:%d ", folge)) {
		t.Fatalf("Vorbescheide: %v", vor)
	}
	v := versionVon(w.bescheidLesen(t, antrag, fach))
	wantFehler(t, w.send(t, "DELETE", fmt.Sprintf("/api/bescheid/%d?version=%d", antrag, v), nil, sbb), 403, "Sie sind nicht berechtigt, diese Aktion auszuführen.")
	wantFehler(t, w.send(t, "DELETE", fmt.Sprintf("/api/bescheid/%d?version=%d", antrag, v), nil, fach), 409,
		"Der Bescheid ist Vorbescheid eines anderen Bescheids und kann nicht gelöscht werden.")
	if a := w.send(t, "DELETE", fmt.Sprintf("/api/bescheid/%d?version=%d", folge, versionVon(w.bescheidLesen(t, folge, sbb))), nil, sbb); a.Code != 200 {
		t.Fatalf("delete in work: %d %s", a.Code, a.Body.String())
	}
	wantFehler(t, w.send(t, "GET", fmt.Sprintf("/api/bescheid/%d", folge), nil, sbb), 404, "Das angeforderte Objekt existiert nicht.")
	if a := w.send(t, "DELETE", fmt.Sprintf("/api/bescheid/%d?version=%d", antrag, v), nil, fach); a.Code != 200 {
		t.Fatalf("delete released by the administrator: %d %s", a.Code, a.Body.String())
	}

	// an application: the operator deletes it, an operator of another organisation cannot see it
	zweit := neueID(t, w.send(t, "POST", "/api/bescheidsantrag", bescheidFormular(papier), betreiber), 201)
	wantFehler(t, w.send(t, "DELETE", fmt.Sprintf("/api/bescheidsantrag/%d?version=1", zweit), nil, fremd), 404, "Das angeforderte Objekt existiert nicht.")
	wantFehler(t, w.send(t, "DELETE", fmt.Sprintf("/api/bescheidsantrag/%d?version=1", zweit), nil, sbb), 403, "Sie sind nicht berechtigt, diese Aktion auszuführen.")
	if a := w.send(t, "DELETE", fmt.Sprintf("/api/bescheidsantrag/%d?version=1", zweit), nil, betreiber); a.Code != 200 {
		t.Fatalf("operator deletes: %d %s", a.Code, a.Body.String())
	}
}

// TestBescheid_CandidatesAnforderungenAndMeasuringPoints: the candidates rule, the Anforderungen of
// one point (PATCH replaces its set), one Anforderung at a time, removing a point.
func TestBescheid_CandidatesAnforderungenAndMeasuringPoints(t *testing.T) {
	w := newKontoWelt(t, "")
	sbb, betreiber := w.login(t, "zust_sbb", seed.DemoPasswort), w.login(t, "betreiber", seed.DemoPasswort)
	fremd := w.login(t, "betreiber2", seed.DemoPasswort)
	papier := idVon(t, w, "betrieb", "Papierfabrik Rheinaue – Werk Koblenz")
	endkontrolle := idVon(t, w, "messstelle", "Endkontrolle Ablauf Betriebskläranlage")
	einleitung := idVon(t, w, "messstelle", "Einleitungsstelle Rhein")

	var kandidaten []map[string]any
	w.send(t, "GET", fmt.Sprintf("/api/betrieb/%d/bescheid/messstellen?bescheidQualitaet=Bescheid", papier), nil, betreiber).decode(t, &kandidaten)
	if s := fmt.Sprint(kandidaten); len(kandidaten) != 2 || strings.Contains(s, "Zulauf") || !strings.Contains(s, "Betriebskläranlage Papierfabrik") {
		t.Fatalf("candidates: %v", kandidaten)
	}
	wantFehler(t, w.send(t, "GET", fmt.Sprintf("/api/betrieb/%d/bescheid/messstellen", papier), nil, fremd), 404, "Das angeforderte Objekt existiert nicht.")

	id := neueID(t, w.send(t, "POST", "/api/bescheid", bescheidFormular(papier, endkontrolle, einleitung), sbb), 201)
	b := w.bescheidLesen(t, id, sbb)
	version := versionVon(b)
	pfad := func(mid int64, v int) string {
		return fmt.Sprintf("/api/bescheid/%d?messstelle=%d&version=%d", id, mid, v)
	}
	satz := []map[string]any{
		{"anforderungId": 0, "anforderungArt": "BEHOERDLICHE_FESTLEGUNG", "parameterArt": "KONZENTRATION", "parameterNr": "301",
			"wert": "350", "einheit": "mg/l", "artAnforderungWert": "Überwachungswert", "gueltigAb": "2026-03-01", "gueltigBis": "3000-01-01"},
		{"anforderungId": 0, "anforderungArt": "SELBSTUEBERWACHUNGSAUFLAGE", "parameterArt": "KONZENTRATION", "parameterNr": "301",
			"haeufigkeit": "wöchentlich", "vorlageMesswerte": "Stichproben mit Uhrzeit", "zusatztext": "Zeile 1\nZeile 2",
			"gueltigBis": "3000-01-01"},
	}
	// the rules over HTTP: every field at once
	falsch := []map[string]any{{"anforderungId": 0, "anforderungArt": "BEHOERDLICHE_FESTLEGUNG", "wert": "0", "gueltigAb": "2027-01-01",
		"gueltigBis": "2026-01-01", "randbedingung": "bei Schnee", "zusatztext": strings.Repeat("x", 101)}}
	ve := bescheidFeldfehler(t, w.send(t, "PATCH", pfad(endkontrolle, version), falsch, sbb))["validationErrors"].(map[string]any)
	for _, f := range []string{"anforderungen[0].parameterNr", "anforderungen[0].wert", "anforderungen[0].gueltigAb",
		"anforderungen[0].randbedingung", "anforderungen[0].zusatztext"} {
		if ve[f] == nil {
			t.Errorf("no error on %s: %v", f, ve)
		}
	}
	// a parameter is one of the lookup's numbers (301 CSB); 999 is none
	unbekannt := []map[string]any{maps.Clone(satz[0])}
	unbekannt[0]["parameterNr"] = "999"
	ve = bescheidFeldfehler(t, w.send(t, "PATCH", pfad(endkontrolle, version), unbekannt, sbb))["validationErrors"].(map[string]any)
	if ve["anforderungen[0].parameterNr"] != auswahl.MsgListenwert {
		t.Errorf("unknown parameter number: %v", ve)
	}
	a := w.send(t, "PATCH", pfad(endkontrolle, version), satz, sbb)
	if a.Code != 200 || a.json(t)["message"] != "Die Anforderungen wurden erfolgreich gespeichert" {
		t.Fatalf("PATCH: %d %s", a.Code, a.Body.String())
	}
	version = versionVon(a.json(t))
	var anf []map[string]any
	w.send(t, "GET", fmt.Sprintf("/api/bescheid/%d/anforderung?messstelle=%d", id, endkontrolle), nil, betreiber).decode(t, &anf)
	if len(anf) != 2 || anf[0]["anforderungId"].(float64) <= 0 || anf[1]["zusatztext"] != "Zeile 1\nZeile 2" {
		t.Fatalf("Anforderungen: %v", anf)
	}
	// PATCH replaces the point's set: keep the first, change its value, drop the second
	erste := anf[0]
	erste["wert"] = "300"
	a = w.send(t, "PATCH", pfad(endkontrolle, version), []map[string]any{erste}, sbb)
	version = versionVon(a.json(t))
	w.send(t, "GET", fmt.Sprintf("/api/bescheid/%d/anforderung?messstelle=%d", id, endkontrolle), nil, sbb).decode(t, &anf)
	if len(anf) != 1 || anf[0]["wert"] != "300" || anf[0]["anforderungId"] != erste["anforderungId"] {
		t.Fatalf("replaced set: %v", anf)
	}
	// one at a time
	eine := map[string]any{"bescheid": id, "version": version, "messstelle": einleitung, "anforderungArt": "BEHOERDLICHE_FESTLEGUNG",
		"parameterArt": "FRACHT", "parameterNr": "304", "wert": "0,5", "gueltigBis": "3000-01-01"}
	a = w.send(t, "POST", "/api/anforderung", eine, sbb)
	if a.Code != 201 || a.json(t)["anforderungId"].(float64) <= 0 {
		t.Fatalf("POST anforderung: %d %s", a.Code, a.Body.String())
	}
	aid := int64(a.json(t)["anforderungId"].(float64))
	eine["anforderungId"], eine["version"], eine["wert"] = aid, versionVon(a.json(t)), "0,4"
	a = w.send(t, "PUT", "/api/anforderung", eine, sbb)
	if a.Code != 200 {
		t.Fatalf("PUT anforderung: %d %s", a.Code, a.Body.String())
	}
	version = versionVon(a.json(t))
	eine["version"] = version
	wantFehler(t, w.send(t, "PUT", "/api/anforderung", eine, betreiber), 400, "Der Bescheid kann in diesem Status von Ihnen nicht bearbeitet werden.")
	m := w.send(t, "GET", fmt.Sprintf("/api/bescheid/%d/messstelle/%d", id, einleitung), nil, betreiber).json(t)
	if m["messstelle"].(map[string]any)["messstellenId"] != "1110000108" || len(m["anforderungen"].([]any)) != 1 ||
		m["rechte"].(map[string]any)["bearbeiten"] != false || m["bescheid"].(map[string]any)["bescheidsstatus"] != "IN_BEARBEITUNG" {
		t.Fatalf("point of the Bescheid: %v", m)
	}
	if b := w.bescheidLesen(t, id, sbb); fmt.Sprint(b["messstellen"]) == "" || b["messstellen"].([]any)[0].(map[string]any)["anzahlAnforderungen"] == nil {
		t.Fatalf("counts: %v", b["messstellen"])
	}
	// remove a point with its Anforderungen; delete an Anforderung
	a = w.send(t, "DELETE", fmt.Sprintf("/api/bescheid/%d/messstelle/%d?version=%d", id, einleitung, version), nil, sbb)
	if a.Code != 200 || a.json(t)["message"] != "Die Messstelle wurde erfolgreich aus dem Bescheid entfernt." {
		t.Fatalf("remove point: %d %s", a.Code, a.Body.String())
	}
	version = versionVon(a.json(t))
	wantFehler(t, w.send(t, "DELETE", fmt.Sprintf("/api/anforderung/%d?version=%d", aid, version), nil, sbb), 404, "Das angeforderte Objekt existiert nicht.")
	a = w.send(t, "DELETE", fmt.Sprintf("/api/anforderung/%v?version=%d", erste["anforderungId"], version), nil, sbb)
	if a.Code != 200 {
		t.Fatalf("delete Anforderung: %d %s", a.Code, a.Body.String())
	}
	// the Verlauf lists the steps
	var verlauf []map[string]any
	w.send(t, "GET", fmt.Sprintf("/api/bescheid/%d/verlauf", id), nil, sbb).decode(t, &verlauf)
	if len(verlauf) < 6 {
		t.Fatalf("Verlauf: %v", verlauf)
	}
}

// TestBescheid_ApplicationIsAnAufgabeOfTheDecidersAndItsStepsReachTheRequester: a submitted
// application is an open task of zust_sbb (not of zust_sbd, who does not decide Bescheide) and a
// message to him; returning it closes the task and tells the operator why; submitted again and
// taken into work, the operator hears of it and of the release.
func TestBescheid_ApplicationIsAnAufgabeOfTheDecidersAndItsStepsReachTheRequester(t *testing.T) {
	w := newKontoWelt(t, "")
	store := w.dienst.Store
	projektortest.Start(t, store, lesemodelle.Nachrichten(), lesemodelle.Aufgaben())
	w.warte = func(ctx context.Context, name string, pos int64) error {
		return projections.WaitFor(ctx, store, name, pos)
	}
	var kopf int64
	_ = store.Pool().QueryRow(context.Background(), `SELECT max(global_position) FROM events`).Scan(&kopf)
	for _, p := range []string{nachrichten.Name, aufgaben.Name} {
		if err := projections.WaitFor(context.Background(), store, p, kopf); err != nil {
			t.Fatal(err)
		}
	}
	sbb, sbd := w.login(t, "zust_sbb", seed.DemoPasswort), w.login(t, "zust_sbd", seed.DemoPasswort)
	betreiber, fremd := w.login(t, "betreiber", seed.DemoPasswort), w.login(t, "betreiber2", seed.DemoPasswort)
	papier := idVon(t, w, "betrieb", "Papierfabrik Rheinaue – Werk Koblenz")
	offene := func(token, pos string) []map[string]any {
		t.Helper()
		var seite struct{ Content []map[string]any }
		a := w.send(t, "GET", "/api/aufgabe?size=100&minPosition="+pos, nil, token)
		if a.Code != 200 {
			t.Fatalf("Aufgaben: %d %s", a.Code, a.Body.String())
		}
		a.decode(t, &seite)
		var out []map[string]any
		for _, x := range seite.Content {
			if x["art"] == "BESCHEIDSANTRAG" && x["aktenzeichen"] == nil && strings.Contains(fmt.Sprint(x["objekt"]), "Az. 31-2/26") {
				out = append(out, x)
			}
		}
		return out
	}

	id := neueID(t, w.send(t, "POST", "/api/bescheidsantrag", bescheidFormular(papier), betreiber), 201)
	a := w.speichereBescheid(t, "bescheidsantrag", id, betreiber, "BEANTRAGT", nil)
	pos := a.Header().Get("X-Event-Position")
	task := offene(sbb, pos)
	if len(task) != 1 || task[0]["status"] != "OFFEN" || task[0]["objektId"].(float64) != float64(id) || task[0]["beantragtVon"] != "Michael Wagner" ||
		task[0]["objekt"] != "Genehmigung einer Indirekteinleitung (§ 58 WHG), Az. 31-2/26" {
		t.Fatalf("zust_sbb's task: %v", task)
	}
	if x := offene(sbd, pos); len(x) != 0 {
		t.Fatalf("zust_sbd decides no Bescheide: %v", x)
	}
	if x := offene(fremd, pos); len(x) != 0 {
		t.Fatalf("another organisation: %v", x)
	}
	n := nachrichtenVon(t, w, sbb, pos)
	if len(n) != 1 || n[0]["betreff"] != "Bescheidsantrag gestellt: Genehmigung einer Indirekteinleitung (§ 58 WHG), Az. 31-2/26" ||
		n[0]["bezugZuFachobjekt"] != "BESCHEIDSANTRAG" || n[0]["pfad"] != fmt.Sprintf("/betriebsakte/%d/antrag/%d/bescheidsdaten", papier, id) {
		t.Fatalf("message to the deciders: %v", n)
	}

	a = w.speichereBescheid(t, "bescheidsantrag", id, sbb, "ANGELEGT", func(b map[string]any) { b["kommentar"] = "Bitte Messstellen zuordnen." })
	pos = a.Header().Get("X-Event-Position")
	if x := offene(betreiber, pos); len(x) != 1 || x[0]["status"] != "ABGEWIESEN" || x[0]["kommentar"] != "Bitte Messstellen zuordnen." {
		t.Fatalf("returned: %v", x)
	}
	if n := nachrichtenVon(t, w, betreiber, pos); len(n) != 1 || n[0]["betreff"] != "Bescheidsantrag zurückgewiesen: Genehmigung einer Indirekteinleitung (§ 58 WHG), Az. 31-2/26" ||
		!strings.HasSuffix(n[0]["text"].(string), "Kommentar: Bitte Messstellen zuordnen.") {
		t.Fatalf("return message: %v", n)
	}
	w.speichereBescheid(t, "bescheidsantrag", id, betreiber, "BEANTRAGT", nil)
	a = w.speichereBescheid(t, "bescheid", id, sbb, "IN_BEARBEITUNG", nil)
	pos = a.Header().Get("X-Event-Position")
	if x := offene(sbb, pos); len(x) != 0 {
		t.Fatalf("taken into work, still open: %v", x)
	}
	// the deciding official as the Historie names him to the operator (issue 42)
	if x := offene(betreiber, pos); len(x) != 2 || x[0]["status"] != "UEBERNOMMEN" || x[0]["entschiedenVon"] != "Behörde" {
		t.Fatalf("operator's tasks: %v", x)
	}
	a = w.speichereBescheid(t, "bescheid", id, sbb, "FREIGEGEBEN", nil)
	n = nachrichtenVon(t, w, betreiber, a.Header().Get("X-Event-Position"))
	if len(n) != 3 || n[0]["betreff"] != "Bescheid freigegeben: Genehmigung einer Indirekteinleitung (§ 58 WHG), Az. 31-2/26" ||
		n[1]["betreff"] != "Bescheidsantrag in Bearbeitung: Genehmigung einer Indirekteinleitung (§ 58 WHG), Az. 31-2/26" ||
		n[0]["pfad"] != fmt.Sprintf("/betriebsakte/%d/bescheid/%d/bescheidsdaten", papier, id) {
		t.Fatalf("operator's messages: %v", n)
	}
	if n := nachrichtenVon(t, w, fremd, a.Header().Get("X-Event-Position")); len(n) != 0 {
		t.Fatalf("another organisation got %v", n)
	}
}

// The Bescheid area's rows of the permission matrix (TestBerechtigung_EveryRouteTimesEveryRoleAndOrganisation).
var _ = regelnDes("bescheid", func() map[string]regel {
	// Bescheide (issue 30, docs/decisions.md "Bescheide (issue 30): write side and roles"): who
	// records and who applies by the table; every other route answers by the Bescheid's
	// status and the caller's side in the service (the matrix calls them on no Bescheid: 404)
	return map[string]regel{
		"POST /api/bescheid": {aktion: berechtigung.BescheidAnlegen,
			nur: []berechtigung.Rolle{berechtigung.ZustSBB, berechtigung.Fachadmin, berechtigung.Systemadmin}},
		"POST /api/bescheidsantrag": {aktion: berechtigung.BescheidsantragStellen,
			nur: []berechtigung.Rolle{berechtigung.Betreiber, berechtigung.Beauftragter}},
		"GET /api/bescheid/{id}": angemeldet, "PUT /api/bescheid/{id}": angemeldet, "DELETE /api/bescheid/{id}": angemeldet,
		"PATCH /api/bescheid/{id}": angemeldet, "GET /api/bescheidsantrag/{id}": angemeldet, "PUT /api/bescheidsantrag/{id}": angemeldet,
		"DELETE /api/bescheidsantrag/{id}": angemeldet, "GET /api/bescheid/{id}/anforderung": angemeldet,
		"GET /api/bescheid/{id}/messstelle/{mid}": angemeldet, "DELETE /api/bescheid/{id}/messstelle/{mid}": angemeldet,
		"POST /api/anforderung": angemeldet, "PUT /api/anforderung": angemeldet, "DELETE /api/anforderung/{id}": angemeldet,
		"GET /api/bescheid/{id}/verlauf":              mitAktion(berechtigung.BetriebVerlaufLesen),
		"GET /api/bescheid/{id}/stand/{version}":      mitAktion(berechtigung.BetriebVerlaufLesen),
		"GET /api/betrieb/{id}/bescheid/vorbescheide": amBetrieb(""),
		"GET /api/betrieb/{id}/bescheid/messstellen":  amBetrieb(""),
		"GET /api/bescheid/{id}/dateien":              angemeldet,
		// files and reminders ask for the object first (no Bescheid here: 404 for everyone)
		"POST /api/bescheid/{id}/upload-file":   angemeldet,
		"GET /api/bescheid/{id}/wiedervorlage":  angemeldet,
		"POST /api/bescheid/{id}/wiedervorlage": angemeldet,
	}
})

// The bescheid area's rows of the list walk (TestListen_EveryListAndExportShowsOnlyRowsOfObjectsTheCallerSees).
var _ = listenDes("bescheid", map[string]listenRoute{
	// the Bescheid form's choices: the operation's measuring points and its other Bescheide
	"GET /api/betrieb/{id}/bescheid/messstellen":  {art: artAmObjekt, objekt: "betrieb", zeilen: true},
	"GET /api/betrieb/{id}/bescheid/vorbescheide": {art: artAmObjekt, objekt: "betrieb"},
	"GET /api/bescheid/{id}":                      {art: artEinzeln},
	"GET /api/bescheidsantrag/{id}":               {art: artEinzeln},
	"GET /api/bescheid/{id}/verlauf":              {art: artEinzeln},
	"GET /api/bescheid/{id}/stand/{version}":      {art: artEinzeln},
	"GET /api/bescheid/{id}/messstelle/{mid}":     {art: artEinzeln},
	"GET /api/bescheid/{id}/anforderung":          {art: artEinzeln},
})
