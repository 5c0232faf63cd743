package httpapi

import (
	"fmt"
	"maps"
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/eabwasser/eabwasser/domain/berechtigung"
	"github.com/eabwasser/eabwasser/domain/jahresbericht"
	"github.com/eabwasser/eabwasser/internal/werkzeug/seed"
	"github.com/eabwasser/eabwasser/internal/werkzeug/testdb"
	"github.com/eabwasser/eabwasser/projections"
	"github.com/eabwasser/eabwasser/projections/ueberschreitung"
)

// berichtsWelt is the demo world (with its reports of 2023 to 2025) and the 2026 report of the paper mill's treatment plant,
// which betreiber (Klärwerk Rheinaue GmbH) keeps: the released permit 32-5/21 names
// Selbstüberwachungsauflagen at its measuring points 1110000109 (301, 304) and 1110000108
// (301, Fracht), and the Überwachungswert 350 mg/l for 301 at 1110000109. betreiber2
// (Verbandsgemeinde Musterhausen) is another operator; zust_sbs sees the operation.
type berichtsWelt struct {
	*kontoWelt
	betreiber, betreiber2, sbs, fachadmin string
	anlage, messstelle, bericht           int64
}

func neueBerichtsWelt(t *testing.T) berichtsWelt {
	t.Helper()
	w := berichtsWelt{kontoWelt: newKontoWelt(t, "")}
	w.betreiber2, w.betreiber = w.login(t, "betreiber2", seed.DemoPasswort), w.login(t, "betreiber", seed.DemoPasswort)
	w.sbs, w.fachadmin = w.login(t, "zust_sbs", seed.DemoPasswort), w.login(t, "fachadmin", seed.DemoPasswort)
	w.anlage = idVon(t, w.kontoWelt, "anlage", "Betriebskläranlage Papierfabrik")
	if err := w.dienst.Store.Pool().QueryRow(t.Context(), `SELECT id FROM messstelle WHERE messstellen_id = '1110000109'`).Scan(&w.messstelle); err != nil {
		t.Fatal(err)
	}
	a := w.send(t, "POST", "/api/jahresbericht/", map[string]any{"anlage": map[string]any{"id": w.anlage}, "jahr": 2026,
		"bemerkung": "Eigenkontrolle 2026"}, w.betreiber)
	if a.Code != http.StatusCreated || a.json(t)["message"] != "Bericht erfolgreich gespeichert" {
		t.Fatalf("create: %d %s", a.Code, a.Body.String())
	}
	w.bericht = int64(a.json(t)["id"].(float64))
	return w
}

func (w berichtsWelt) lies(t *testing.T, token string) map[string]any {
	t.Helper()
	a := w.send(t, "GET", fmt.Sprintf("/api/jahresbericht/id/%d", w.bericht), nil, token)
	if a.Code != 200 {
		t.Fatalf("GET report: %d %s", a.Code, a.Body.String())
	}
	return a.json(t)
}

func version(m map[string]any) int { return int(m["version"].(float64)) }

// form is the report's form as read, with changes.
func (w berichtsWelt) form(t *testing.T, token string, aenderungen map[string]any) map[string]any {
	b := w.lies(t, token)
	f := map[string]any{"id": w.bericht, "version": b["version"]}
	for _, k := range []string{"statusMesswerte", "statusAQS", "statusExterne", "kanalzustand", "durchflusspruefung", "bemerkung"} {
		f[k] = b[k]
	}
	for k, v := range aenderungen {
		f[k] = v
	}
	return f
}

func TestJahresbericht_AnlegenMitDenSelbstueberwachungsauflagenDesJahres(t *testing.T) {
	w := neueBerichtsWelt(t)
	b := w.lies(t, w.betreiber)
	if b["status"] != jahresbericht.InBearbeitung || b["von"] != "2026-01-01" || b["bis"] != "2026-12-31" || b["jahr"] != float64(2026) ||
		b["statusMesswerte"] != "UNBEARBEITET" || b["anlageBezeichnung"] != "Betriebskläranlage Papierfabrik" || b["eingereichtVon"] != nil {
		t.Fatalf("new report: %v", b)
	}
	var nummern []string
	for _, p := range b["parameter"].([]any) {
		p := p.(map[string]any)
		if p["art"] != jahresbericht.Selbstueberwachungsauflage || p["anforderungId"] == nil {
			t.Errorf("parameter: %v", p)
		}
		nummern = append(nummern, p["parameterNr"].(string))
	}
	// the Selbstüberwachungsauflagen of 32-5/21 at both measuring points; its Überwachungswerte
	// (behördliche Festlegungen) are no parameters
	slices.Sort(nummern)
	if strings.Join(nummern, ",") != "301,301,304" {
		t.Errorf("parameters %v, want the three Selbstüberwachungsauflagen of 32-5/21", nummern)
	}
	rechte := b["rechte"].(map[string]any)
	if rechte["bearbeiten"] != true || rechte["einreichen"] != true || rechte["plausibilisieren"] != false || rechte["loeschen"] != true {
		t.Errorf("operator's rights: %v", rechte)
	}
	if ms := b["messstellen"].([]any); len(ms) == 0 {
		t.Errorf("no measuring points listed for the year")
	}
	// one report per plant and year
	a := w.send(t, "POST", "/api/jahresbericht/", map[string]any{"anlage": map[string]any{"id": w.anlage}, "jahr": 2026}, w.betreiber)
	if a.Code != http.StatusConflict || a.json(t)["message"] != jahresbericht.MsgExistiert {
		t.Errorf("second report of 2026: %d %s", a.Code, a.Body.String())
	}
	// another operator neither sees it nor creates one for the plant; a reader creates none
	if a := w.send(t, "GET", fmt.Sprintf("/api/jahresbericht/id/%d", w.bericht), nil, w.betreiber2); a.Code != http.StatusNotFound {
		t.Errorf("betreiber2 reads the paper mill's report: %d", a.Code)
	}
	a = w.send(t, "POST", "/api/jahresbericht/", map[string]any{"anlage": map[string]any{"id": w.anlage}, "jahr": 2024}, w.betreiber2)
	if a.Code != http.StatusBadRequest || !strings.Contains(a.Body.String(), "Die gewählte Anlage kann hier nicht ausgewählt werden.") {
		t.Errorf("betreiber2 creates for the paper mill: %d %s", a.Code, a.Body.String())
	}
	leser := w.login(t, "leser_behoerde", seed.DemoPasswort)
	if a := w.send(t, "POST", "/api/jahresbericht/", map[string]any{"anlage": map[string]any{"id": w.anlage}, "jahr": 2024}, leser); a.Code != http.StatusForbidden {
		t.Errorf("leser_behoerde creates: %d", a.Code)
	}
	// a plant that is no treatment plant (Musterhausen's, for its operator), a missing year
	ruek := idVon(t, w.kontoWelt, "anlage", "Regenüberlaufbecken Musterhausen-Nord")
	a = w.send(t, "POST", "/api/jahresbericht/", map[string]any{"anlage": map[string]any{"id": ruek}, "jahr": 2026}, w.betreiber2)
	if a.Code != http.StatusBadRequest || !strings.Contains(a.Body.String(), "Abwasserbehandlungsanlage") {
		t.Errorf("report of a relief plant: %d %s", a.Code, a.Body.String())
	}
	a = w.send(t, "POST", "/api/jahresbericht/", map[string]any{"anlage": map[string]any{"id": w.anlage}}, w.betreiber)
	if a.Code != http.StatusBadRequest || !strings.Contains(a.Body.String(), `"jahr"`) {
		t.Errorf("without a year: %d %s", a.Code, a.Body.String())
	}
	// the tree: plants with their years, the years of the plant, the operation's list
	a = w.send(t, "GET", fmt.Sprintf("/api/anlage/abwasserbehandlung/getJahresberichtJahreForAnlage/%d/", w.anlage), nil, w.betreiber)
	if a.Code != 200 || strings.TrimSpace(a.Body.String()) != "[2026,2025,2024,2023]" {
		t.Errorf("years: %d %s", a.Code, a.Body.String())
	}
	var betrieb int64
	if err := w.dienst.Store.Pool().QueryRow(t.Context(), `SELECT betrieb_id FROM anlage WHERE id = $1`, w.anlage).Scan(&betrieb); err != nil {
		t.Fatal(err)
	}
	a = w.send(t, "GET", fmt.Sprintf("/api/jahresbericht/%d", betrieb), nil, w.betreiber)
	if a.Code != 200 || !strings.Contains(a.Body.String(), `"jahr":2026`) || !strings.Contains(a.Body.String(), `"anlagenId":"A-`) {
		t.Errorf("reports of the operation: %d %s", a.Code, a.Body.String())
	}
	if a := w.send(t, "GET", fmt.Sprintf("/api/jahresbericht/%d", betrieb), nil, w.betreiber2); a.Code != http.StatusNotFound {
		t.Errorf("betreiber2 lists the paper mill's reports: %d", a.Code)
	}
	a = w.send(t, "GET", fmt.Sprintf("/api/anlage/abwasserbehandlung/getJahresberichtAnlagenForBetrieb/%d/", betrieb), nil, w.betreiber)
	if a.Code != 200 || !strings.Contains(a.Body.String(), `"jahre":[2026,2025,2024,2023]`) {
		t.Errorf("plants with reports: %d %s", a.Code, a.Body.String())
	}
	if a := w.send(t, "GET", "/api/jahresbericht/suevoaEnabled/", nil, w.betreiber); a.Code != 200 || strings.TrimSpace(a.Body.String()) != "true" {
		t.Errorf("suevoaEnabled: %d %s", a.Code, a.Body.String())
	}
}

func TestJahresbericht_EinreichenZurueckweisenUndPlausibilisieren(t *testing.T) {
	w := neueBerichtsWelt(t)
	// the keepers mark their work done and take it up again
	a := w.send(t, "PUT", "/api/jahresbericht/", w.form(t, w.betreiber, map[string]any{"status": jahresbericht.BearbeitungAbgeschlossen, "statusAQS": "UEBERMITTELT"}), w.betreiber)
	if a.Code != 200 || a.json(t)["message"] != "Bericht erfolgreich gespeichert" {
		t.Fatalf("save: %d %s", a.Code, a.Body.String())
	}
	if b := w.lies(t, w.betreiber); b["status"] != jahresbericht.BearbeitungAbgeschlossen || b["statusAQS"] != "UEBERMITTELT" {
		t.Fatalf("after the save: %v", b)
	}
	// a stale version is a conflict
	alt := w.form(t, w.betreiber, nil)
	alt["version"] = version(alt) - 1
	if a := w.send(t, "PUT", "/api/jahresbericht/", alt, w.betreiber); a.Code != http.StatusConflict {
		t.Errorf("stale save: %d %s", a.Code, a.Body.String())
	}
	// a save never submits
	a = w.send(t, "PUT", "/api/jahresbericht/", w.form(t, w.betreiber, map[string]any{"status": jahresbericht.Eingereicht}), w.betreiber)
	if a.Code != http.StatusBadRequest || !strings.Contains(a.Body.String(), jahresbericht.MsgUebergang) {
		t.Errorf("save into EINGEREICHT: %d %s", a.Code, a.Body.String())
	}
	// staff neither decide a report in work nor submit it for the operator's side here
	a = w.send(t, "PUT", fmt.Sprintf("/api/jahresbericht/%d/freigabe/", w.bericht), map[string]any{"version": version(w.lies(t, w.sbs)),
		"neuerStatus": jahresbericht.Plausibilisiert}, w.sbs)
	if a.Code != http.StatusBadRequest || !strings.Contains(a.Body.String(), jahresbericht.MsgNichtEingereicht) {
		t.Errorf("decide a report in work: %d %s", a.Code, a.Body.String())
	}

	a = w.send(t, "PUT", "/api/jahresbericht/einreichen", w.form(t, w.betreiber, map[string]any{"bemerkung": "Vollständig"}), w.betreiber)
	if a.Code != 200 || a.json(t)["message"] != "Der Jahresbericht wurde erfolgreich eingereicht." {
		t.Fatalf("submit: %d %s", a.Code, a.Body.String())
	}
	b := w.lies(t, w.sbs)
	ein, _ := b["eingereichtVon"].(map[string]any)
	if b["status"] != jahresbericht.Eingereicht || b["bemerkung"] != "Vollständig" || ein == nil || ein["funktionaleRolle"] != "BETREIBER" ||
		ein["person"].(map[string]any)["name"] == "" {
		t.Fatalf("submitted: %v", b)
	}
	if r := b["rechte"].(map[string]any); r["plausibilisieren"] != true || r["bearbeiten"] != true || r["einreichen"] != false {
		t.Errorf("staff's rights on the submitted report: %v", r)
	}
	// the operator's side may not change it now
	a = w.send(t, "PUT", "/api/jahresbericht/", w.form(t, w.betreiber, map[string]any{"bemerkung": "Nachtrag"}), w.betreiber)
	if a.Code != http.StatusBadRequest || !strings.Contains(a.Body.String(), jahresbericht.MsgNichtBearbeitbar) {
		t.Errorf("operator saves a submitted report: %d %s", a.Code, a.Body.String())
	}
	// rejection needs a comment
	freigabe := func(status, kommentar, token string) antwort {
		return w.send(t, "PUT", fmt.Sprintf("/api/jahresbericht/%d/freigabe/", w.bericht),
			map[string]any{"version": version(w.lies(t, token)), "neuerStatus": status, "kommentar": kommentar}, token)
	}
	if a := freigabe(jahresbericht.InBearbeitung, "", w.sbs); a.Code != http.StatusBadRequest || !strings.Contains(a.Body.String(), `"kommentar"`) {
		t.Errorf("rejection without a comment: %d %s", a.Code, a.Body.String())
	}
	if a := freigabe(jahresbericht.InBearbeitung, "Ammonium-Werte fehlen", w.betreiber); a.Code != http.StatusForbidden {
		t.Errorf("operator decides: %d %s", a.Code, a.Body.String())
	}
	a = freigabe(jahresbericht.InBearbeitung, "Ammonium-Werte fehlen", w.sbs)
	if a.Code != 200 || a.json(t)["message"] != "Der Jahresbericht wurde erfolgreich zurückgewiesen." {
		t.Fatalf("reject: %d %s", a.Code, a.Body.String())
	}
	if b := w.lies(t, w.betreiber); b["status"] != jahresbericht.InBearbeitung || b["kommentar"] != "Ammonium-Werte fehlen" {
		t.Fatalf("after the rejection: %v", b)
	}
	// resubmitted, the staff save first and then approve (spec 001 §4.2)
	if a := w.send(t, "PUT", "/api/jahresbericht/einreichen", w.form(t, w.betreiber, nil), w.betreiber); a.Code != 200 {
		t.Fatalf("resubmit: %d %s", a.Code, a.Body.String())
	}
	if a := w.send(t, "PUT", "/api/jahresbericht/", w.form(t, w.sbs, map[string]any{"kanalzustand": "NICHT_ERFORDERLICH"}), w.sbs); a.Code != 200 {
		t.Fatalf("staff save before the decision: %d %s", a.Code, a.Body.String())
	}
	a = freigabe(jahresbericht.Plausibilisiert, "", w.sbs)
	if a.Code != 200 || a.json(t)["message"] != "Der Jahresbericht wurde erfolgreich freigegeben." {
		t.Fatalf("approve: %d %s", a.Code, a.Body.String())
	}
	b = w.lies(t, w.betreiber)
	if b["status"] != jahresbericht.Plausibilisiert || b["kanalzustand"] != "NICHT_ERFORDERLICH" {
		t.Fatalf("approved: %v", b)
	}
	if r := b["rechte"].(map[string]any); r["bearbeiten"] != false || r["loeschen"] != false {
		t.Errorf("rights on an approved report: %v", r)
	}
	// nobody changes it; only the administrators delete it
	a = w.send(t, "PUT", "/api/jahresbericht/", w.form(t, w.sbs, map[string]any{"bemerkung": "x"}), w.sbs)
	if a.Code != http.StatusBadRequest || !strings.Contains(a.Body.String(), jahresbericht.MsgPlausibilisiert) {
		t.Errorf("save an approved report: %d %s", a.Code, a.Body.String())
	}
	loesche := func(token string) antwort {
		return w.send(t, "DELETE", fmt.Sprintf("/api/jahresbericht/%d?version=%d", w.bericht, version(w.lies(t, w.fachadmin))), nil, token)
	}
	if a := loesche(w.betreiber); a.Code != http.StatusForbidden {
		t.Errorf("operator deletes an approved report: %d %s", a.Code, a.Body.String())
	}
	if a := loesche(w.fachadmin); a.Code != 200 || a.json(t)["message"] != "Bericht erfolgreich gelöscht" {
		t.Fatalf("fachadmin deletes: %d %s", a.Code, a.Body.String())
	}
	if a := w.send(t, "GET", fmt.Sprintf("/api/jahresbericht/id/%d", w.bericht), nil, w.fachadmin); a.Code != http.StatusNotFound {
		t.Errorf("deleted report: %d", a.Code)
	}
	// the year is free again
	a = w.send(t, "POST", "/api/jahresbericht/", map[string]any{"anlage": map[string]any{"id": w.anlage}, "jahr": 2026}, w.betreiber)
	if a.Code != http.StatusCreated {
		t.Errorf("new 2026 report after the delete: %d %s", a.Code, a.Body.String())
	}
}

// parameterID is the id of the report's parameter with the number (Selbstüberwachungsauflage).
func (w berichtsWelt) parameterID(t *testing.T, nr string) int64 {
	t.Helper()
	for _, p := range w.lies(t, w.betreiber)["parameter"].([]any) {
		if p := p.(map[string]any); p["parameterNr"] == nr {
			return int64(p["parameterId"].(float64))
		}
	}
	t.Fatalf("no parameter %s", nr)
	return 0
}

func (w berichtsWelt) vorlage(t *testing.T, name string) int64 {
	t.Helper()
	var id int64
	if err := w.dienst.Store.Pool().QueryRow(t.Context(), `SELECT id FROM werteliste_eintrag WHERE liste = 'selbstueberwachungVorlage' AND wert = $1`, name).Scan(&id); err != nil {
		t.Fatalf("template %s: %v", name, err)
	}
	return id
}

func TestJahresbericht_MesswerteSpeichernUndGegenDieAnforderungPruefen(t *testing.T) {
	w := neueBerichtsWelt(t)
	csb := w.parameterID(t, "301")
	pfad := fmt.Sprintf("/api/jahresbericht/%d/messstelle/%d/parameter-messwert/%d", w.bericht, w.messstelle, csb)
	stichproben := w.vorlage(t, "Stichproben mit Uhrzeit")
	speichere := func(zeilen []map[string]any, token string) antwort {
		return w.send(t, "PUT", pfad, map[string]any{"version": version(w.lies(t, token)), "anzahlWerte": len(zeilen), "status": "ABGESCHLOSSEN",
			"vorlageMesswerteId": stichproben, "messwerte": zeilen}, token)
	}
	// every error at once, nothing written
	vorher := version(w.lies(t, w.betreiber))
	a := speichere([]map[string]any{{"datum": "03.02.2026", "uhrzeit": "08:30", "wert": "45"}, {"datum": "3.2.2026", "uhrzeit": "08:30", "wert": "50"},
		{"datum": "2026-02-10", "uhrzeit": "7:30", "wert": "-1"}}, w.betreiber)
	body := a.Body.String()
	if a.Code != http.StatusBadRequest || !strings.Contains(body, jahresbericht.MsgDatumDoppelt) || !strings.Contains(body, jahresbericht.MsgUhrzeit) ||
		!strings.Contains(body, jahresbericht.MsgNegativ) || !strings.Contains(body, "Das Datum muss in dem Format TT.MM.JJJJ sein") {
		t.Fatalf("bad rows: %d %s", a.Code, body)
	}
	if v := version(w.lies(t, w.betreiber)); v != vorher {
		t.Fatalf("a refused save wrote: version %d → %d", vorher, v)
	}
	// without a template
	a = w.send(t, "PUT", pfad, map[string]any{"version": vorher, "anzahlWerte": 1, "messwerte": []map[string]any{{"datum": "03.02.2026"}}}, w.betreiber)
	if a.Code != http.StatusBadRequest || !strings.Contains(a.Body.String(), jahresbericht.MsgVorlage) {
		t.Errorf("no template: %d %s", a.Code, a.Body.String())
	}
	// five weekly samples; the Überwachungswert of 32-5/21 is 350 mg/l: 710 exceeds it by more
	// than 100 %, so the 4-of-5 rule cannot keep it
	zeilen := []map[string]any{{"datum": "06.01.2026", "uhrzeit": "08:00", "wert": "45,5"}, {"datum": "13.01.2026", "uhrzeit": "08:15", "wert": "52"},
		{"datum": "20.01.2026", "uhrzeit": "08:00", "wert": "710"}, {"datum": "27.01.2026", "uhrzeit": "08:05", "wert": "60"},
		{"datum": "03.02.2026", "uhrzeit": "08:00", "wert": "40"}}
	a = speichere(zeilen, w.betreiber)
	if a.Code != 200 || a.json(t)["message"] != "Parameter erfolgreich gespeichert" {
		t.Fatalf("save values: %d %s", a.Code, a.Body.String())
	}
	nachher := version(w.lies(t, w.betreiber))
	if nachher != vorher+1 {
		t.Errorf("one save, one event: version %d → %d", vorher, nachher)
	}
	a = w.send(t, "GET", pfad, nil, w.betreiber)
	if a.Code != 200 {
		t.Fatalf("GET values: %d %s", a.Code, a.Body.String())
	}
	m := a.json(t)
	// mean (45.5 + 52 + 710 + 60 + 40) / 5 = 181.5
	if m["mittelwert"] != "181,5" || m["anzahlWerte"] != float64(5) || m["status"] != "ABGESCHLOSSEN" || m["vorlageMesswerteId"] != float64(stichproben) {
		t.Errorf("values: %v", m)
	}
	if mw := m["messwerte"].([]any); len(mw) != 5 || mw[0].(map[string]any)["datum"] != "06.01.2026" || mw[0].(map[string]any)["wert"] != "45,5" {
		t.Errorf("rows as entered: %v", mw)
	}
	if v := m["vorlage"].(map[string]any); v["uhrzeit"] != true || v["datumsformat"] != "TT.MM.JJJJ" || v["maxZeilenAnzahl"] != float64(52) {
		t.Errorf("template: %v", v)
	}
	aus := m["auswertung"].(map[string]any)
	ueber := 0
	for _, v := range aus["vergleiche"].([]any) {
		v := v.(map[string]any)
		if v["ueberschritten"] == true {
			ueber++
			if v["wert"] != "710" || v["grenzwert"] != "350" || v["ueberHundertProzent"] != true || v["eingehalten"] != false {
				t.Errorf("exceedance: %v", v)
			}
		}
	}
	if ueber != 1 {
		t.Errorf("exceedances: %d in %v", ueber, aus)
	}
	if bw := aus["bewertungen"].([]any); len(bw) != 1 || bw[0].(map[string]any)["eingehalten"] != false || bw[0].(map[string]any)["art"] != "Überwachungswert" {
		t.Errorf("evaluation: %v", bw)
	}
	// an unchanged save appends nothing
	if a := speichere(zeilen, w.betreiber); a.Code != 200 || version(w.lies(t, w.betreiber)) != nachher {
		t.Errorf("unchanged save: %d, version %d → %d", a.Code, nachher, version(w.lies(t, w.betreiber)))
	}
	// the parameter lists of the measuring point
	a = w.send(t, "GET", fmt.Sprintf("/api/jahresbericht/%d/messstelle/%d/parameter-messwert", w.bericht, w.messstelle), nil, w.betreiber)
	if a.Code != 200 || len(a.json(t)["selbstueberwachungsauflagen"].([]any)) != 2 || !strings.Contains(a.Body.String(), `"mittelwert":"181,5"`) {
		t.Errorf("parameter lists: %d %s", a.Code, a.Body.String())
	}
	// another operator reaches none of it
	if a := w.send(t, "GET", pfad, nil, w.betreiber2); a.Code != http.StatusNotFound {
		t.Errorf("betreiber reads the values: %d", a.Code)
	}
	// the Verlauf shows the save
	a = w.send(t, "GET", fmt.Sprintf("/api/jahresbericht/%d/verlauf", w.bericht), nil, w.fachadmin)
	if a.Code != 200 || !strings.Contains(a.Body.String(), "MesswerteGespeichert") {
		t.Errorf("Verlauf: %d %.500s", a.Code, a.Body.String())
	}
	a = w.send(t, "GET", fmt.Sprintf("/api/jahresbericht/%d/stand/1", w.bericht), nil, w.fachadmin)
	if a.Code != 200 || a.json(t)["version"] != float64(1) || strings.Contains(a.Body.String(), "181,5") {
		t.Errorf("state at version 1: %d %.300s", a.Code, a.Body.String())
	}
}

func TestJahresbericht_ErgaenzendeParameterNurInDerRolleDesErstellers(t *testing.T) {
	w := neueBerichtsWelt(t)
	neu := map[string]any{"jahresbericht": w.bericht, "version": version(w.lies(t, w.betreiber)), "parameterNr": "201",
		"parameterArt": "KONZENTRATION", "einheit": "mg/l", "messstelle": w.messstelle, "gueltigAb": "2026-03-01"}
	a := w.send(t, "POST", "/api/anforderung", neu, w.betreiber)
	if a.Code != http.StatusCreated || a.json(t)["message"] != "Anforderung erfolgreich gespeichert" {
		t.Fatalf("supplementary parameter: %d %s", a.Code, a.Body.String())
	}
	pid := int64(a.json(t)["anforderungId"].(float64))
	var p map[string]any
	for _, x := range w.lies(t, w.betreiber)["parameter"].([]any) {
		if x.(map[string]any)["parameterId"] == float64(pid) {
			p = x.(map[string]any)
		}
	}
	if p == nil || p["art"] != jahresbericht.Ergaenzend || p["erstelltRolle"] != "BETREIBER" || p["gueltigAb"] != "2026-03-01" || p["aenderbar"] != true {
		t.Fatalf("supplementary parameter: %v", p)
	}
	// a measuring point of another plant
	anders := maps.Clone(neu)
	anders["version"] = version(w.lies(t, w.betreiber))
	var fremd int64
	if err := w.dienst.Store.Pool().QueryRow(t.Context(), `SELECT id FROM messstelle WHERE anlage_id <> $1 ORDER BY id LIMIT 1`, w.anlage).Scan(&fremd); err != nil {
		t.Fatal(err)
	}
	anders["messstelle"] = fremd
	if a := w.send(t, "POST", "/api/anforderung", anders, w.betreiber); a.Code != http.StatusBadRequest || !strings.Contains(a.Body.String(), jahresbericht.MsgMessstelle) {
		t.Errorf("foreign measuring point: %d %s", a.Code, a.Body.String())
	}
	// staff keep the report too, but the parameter is the operator role's
	aendern := map[string]any{"jahresbericht": w.bericht, "version": version(w.lies(t, w.sbs)), "parameterId": pid, "parameterNr": "201",
		"einheit": "µg/l", "messstelle": w.messstelle}
	a = w.send(t, "PUT", "/api/anforderung", aendern, w.sbs)
	if a.Code != http.StatusBadRequest || !strings.Contains(a.Body.String(), "Keine Berechtigung vorhanden") {
		t.Errorf("zust_sbs changes the operator's parameter: %d %s", a.Code, a.Body.String())
	}
	a = w.send(t, "DELETE", fmt.Sprintf("/api/anforderung/%d?version=%d", pid, version(w.lies(t, w.sbs))), nil, w.sbs)
	if a.Code != http.StatusBadRequest || !strings.Contains(a.Body.String(), "Keine Berechtigung vorhanden") {
		t.Errorf("zust_sbs deletes the operator's parameter: %d %s", a.Code, a.Body.String())
	}
	// a Selbstüberwachungsauflage is the Bescheid's
	a = w.send(t, "DELETE", fmt.Sprintf("/api/anforderung/%d?version=%d", w.parameterID(t, "301"), version(w.lies(t, w.betreiber))), nil, w.betreiber)
	if a.Code != http.StatusBadRequest || !strings.Contains(a.Body.String(), jahresbericht.MsgAuflage) {
		t.Errorf("delete a Selbstüberwachungsauflage: %d %s", a.Code, a.Body.String())
	}
	aendern["version"] = version(w.lies(t, w.betreiber))
	if a := w.send(t, "PUT", "/api/anforderung", aendern, w.betreiber); a.Code != 200 {
		t.Errorf("operator changes his parameter: %d %s", a.Code, a.Body.String())
	}
	a = w.send(t, "DELETE", fmt.Sprintf("/api/anforderung/%d?version=%d", pid, version(w.lies(t, w.betreiber))), nil, w.betreiber)
	if a.Code != 200 || a.json(t)["message"] != "Anforderung erfolgreich gelöscht" {
		t.Fatalf("operator deletes his parameter: %d %s", a.Code, a.Body.String())
	}
	if strings.Contains(fmt.Sprint(w.lies(t, w.betreiber)["parameter"]), fmt.Sprint(pid)) {
		t.Errorf("deleted parameter still there")
	}
	// copied into the next year with the copier as its creator
	neu["version"] = version(w.lies(t, w.betreiber))
	delete(neu, "gueltigAb")
	if a := w.send(t, "POST", "/api/anforderung", neu, w.betreiber); a.Code != http.StatusCreated {
		t.Fatalf("supplementary parameter again: %d %s", a.Code, a.Body.String())
	}
	a = w.send(t, "POST", fmt.Sprintf("/api/jahresbericht/uebernahme/%d", w.bericht), map[string]any{"anlage": map[string]any{"id": w.anlage}, "jahr": 2027}, w.fachadmin)
	if a.Code != http.StatusCreated {
		t.Fatalf("copy: %d %s", a.Code, a.Body.String())
	}
	kopie := w.send(t, "GET", fmt.Sprintf("/api/jahresbericht/id/%d", int64(a.json(t)["id"].(float64))), nil, w.fachadmin).json(t)
	var ergaenzend []map[string]any
	for _, x := range kopie["parameter"].([]any) {
		if x.(map[string]any)["art"] == jahresbericht.Ergaenzend {
			ergaenzend = append(ergaenzend, x.(map[string]any))
		}
	}
	if len(ergaenzend) != 1 || ergaenzend[0]["parameterNr"] != "201" || ergaenzend[0]["erstelltRolle"] != "FACHADMIN" || kopie["uebernahme"] != float64(w.bericht) {
		t.Errorf("copied parameters: %v", kopie["parameter"])
	}
	// from another plant's report: no
	var andere int64
	if err := w.dienst.Store.Pool().QueryRow(t.Context(), `SELECT a.id FROM anlage a WHERE a.anlagentyp = 'ABWASSERBEHANDLUNG' AND a.id <> $1 ORDER BY a.id LIMIT 1`, w.anlage).Scan(&andere); err != nil {
		t.Fatal(err)
	}
	a = w.send(t, "POST", fmt.Sprintf("/api/jahresbericht/uebernahme/%d", w.bericht), map[string]any{"anlage": map[string]any{"id": andere}, "jahr": 2024}, w.fachadmin)
	if a.Code != http.StatusBadRequest || !strings.Contains(a.Body.String(), "derselben Anlage") {
		t.Errorf("copy from another plant's report: %d %s", a.Code, a.Body.String())
	}
}

func TestJahresbericht_DateienUndExterneStoffe(t *testing.T) {
	w := neueBerichtsWelt(t)
	basis := fmt.Sprintf("/api/jahresbericht/%d/", w.bericht)
	hochladen := func(pfad, bezeichnung, token string) antwort {
		return w.hochladen(t, basis+pfad, token, teil{name: "bezeichnung", inhalt: bezeichnung}, teil{name: "file", dateiname: "anlage.pdf", inhalt: pdf})
	}
	if a := hochladen("upload-file", "Betriebstagebuch 2026", w.betreiber); a.Code != 201 || a.json(t)["message"] != textDateiHochgeladen {
		t.Fatalf("upload: %d %s", a.Code, a.Body.String())
	}
	a := hochladen("externe-upload-file", "Lieferscheine Fremdschlamm", w.betreiber)
	if a.Code != 201 {
		t.Fatalf("upload of an external substance: %d %s", a.Code, a.Body.String())
	}
	extern := int64(a.json(t)["id"].(float64))
	// two tables: each lists its own files, for the keeper and for staff
	for _, token := range []string{w.betreiber, w.sbs} {
		if d := w.dateien(t, basis+"dateien", token); len(d) != 1 || d[0].Bezeichnung != "Betriebstagebuch 2026" || d[0].UploadVon == "" {
			t.Errorf("Dateien: %+v", d)
		}
		if d := w.dateien(t, basis+"externe-dateien", token); len(d) != 1 || d[0].Bezeichnung != "Lieferscheine Fremdschlamm" {
			t.Errorf("Externe Stoffe: %+v", d)
		}
	}
	// another operator sees neither the report nor its files
	const nichtDa = "Das angeforderte Objekt existiert nicht."
	wantFehler(t, w.send(t, "GET", basis+"externe-dateien", nil, w.betreiber2), 404, nichtDa)
	wantFehler(t, w.send(t, "DELETE", fmt.Sprintf("/api/jahresbericht/deleteDateiExterne/%d", extern), nil, w.betreiber2), 404, nichtDa)
	wantFehler(t, w.send(t, "GET", fmt.Sprintf("/api/datei/%d", extern), nil, w.betreiber2), 404, nichtDa)
	if d := w.send(t, "GET", fmt.Sprintf("/api/datei/%d", extern), nil, w.sbs); d.Code != 200 || d.Body.String() != pdf {
		t.Errorf("staff's download: %d", d.Code)
	}
	// the spec's delete path of an external substance
	if d := w.send(t, "DELETE", fmt.Sprintf("/api/jahresbericht/deleteDateiExterne/%d", extern), nil, w.betreiber); d.Code != 200 || d.json(t)["message"] != textDateiGeloescht {
		t.Fatalf("delete: %d %s", d.Code, d.Body.String())
	}
	if d := w.dateien(t, basis+"externe-dateien", w.betreiber); len(d) != 0 {
		t.Errorf("after the delete: %+v", d)
	}
	// once submitted, the operator's side changes nothing that hangs on the report; staff may
	if a := w.send(t, "PUT", "/api/jahresbericht/einreichen", w.form(t, w.betreiber, nil), w.betreiber); a.Code != 200 {
		t.Fatalf("submit: %d %s", a.Code, a.Body.String())
	}
	wantFehler(t, hochladen("externe-upload-file", "Nachtrag", w.betreiber), 403, "Sie sind nicht berechtigt, diese Aktion auszuführen.")
	if a := hochladen("externe-upload-file", "Prüfvermerk", w.sbs); a.Code != 201 {
		t.Errorf("staff's upload to a submitted report: %d %s", a.Code, a.Body.String())
	}
}

// ueberschreitungen reads an operation's exceedances.
func (w berichtsWelt) ueberschreitungen(t *testing.T, betriebID int64, jahr int, token string) []map[string]any {
	t.Helper()
	pfad := fmt.Sprintf("/api/betrieb/%d/ueberschreitungen", betriebID)
	if jahr != 0 {
		pfad += fmt.Sprintf("?jahr=%d", jahr)
	}
	a := w.send(t, "GET", pfad, nil, token)
	if a.Code != 200 {
		t.Fatalf("exceedances: %d %s", a.Code, a.Body.String())
	}
	var out []map[string]any
	for _, z := range a.json(t)["zeilen"].([]any) {
		out = append(out, z.(map[string]any))
	}
	return out
}

// The limit-value checks' read model (issue 31): the demo's exceedances of the paper mill's AOX
// (0,62 in August 2024 kept by the 4-of-5 rule, 1,12 in March 2025 above twice the limit) and of
// Musterhausen's CSB and NH4-N; a new value above the limit appears once the projector has it;
// operators see their own operations only, staff what they see (the specialist administrator all).
func TestJahresbericht_Ueberschreitungen(t *testing.T) {
	w := neueBerichtsWelt(t)
	fange := func() {
		testdb.WarteAufSichtbarkeit(t, w.dienst.Store.Pool())
		if _, err := projections.CatchUp(t.Context(), w.dienst.Store, ueberschreitung.Projection); err != nil {
			t.Fatal(err)
		}
	}
	fange()
	var papier, musterhausen int64
	if err := w.dienst.Store.Pool().QueryRow(t.Context(), `SELECT a.betrieb_id, (SELECT betrieb_id FROM anlage WHERE bezeichnung = 'Kläranlage Musterhausen' LIMIT 1)
		FROM anlage a WHERE a.id = $1`, w.anlage).Scan(&papier, &musterhausen); err != nil {
		t.Fatal(err)
	}
	aox := func(jahr int) map[string]any {
		t.Helper()
		zeilen := w.ueberschreitungen(t, papier, jahr, w.betreiber)
		if len(zeilen) != 1 || zeilen[0]["parameterNr"] != "304" || zeilen[0]["parameterName"] == "" || zeilen[0]["messstellenNr"] != "1110000109" ||
			zeilen[0]["art"] != jahresbericht.Ueberwachungswert || zeilen[0]["grenzwert"] != "0,5" {
			t.Fatalf("AOX %d: %v", jahr, zeilen)
		}
		return zeilen[0]
	}
	if z := aox(2024); z["wert"] != "0,62" || z["eingehalten"] != true || z["ueberHundertProzent"] != false {
		t.Errorf("2024: %v", z)
	}
	if z := aox(2025); z["wert"] != "1,12" || z["eingehalten"] != false || z["ueberHundertProzent"] != true {
		t.Errorf("2025: %v", z)
	}

	// the start page's list: operators their own operations, staff both
	betriebe := func(token string) map[float64]map[string]any {
		t.Helper()
		a := w.send(t, "GET", "/api/ueberschreitung/betriebe?jahr=2025", nil, token)
		if a.Code != 200 {
			t.Fatalf("list: %d %s", a.Code, a.Body.String())
		}
		out := map[float64]map[string]any{}
		for _, z := range a.json(t)["content"].([]any) {
			out[z.(map[string]any)["betriebId"].(float64)] = z.(map[string]any)
		}
		return out
	}
	if b := betriebe(w.betreiber); len(b) != 1 || b[float64(papier)]["nichtEingehalten"] != float64(1) {
		t.Errorf("betreiber's list: %v", b)
	}
	if b := betriebe(w.betreiber2); len(b) != 1 || b[float64(musterhausen)] == nil {
		t.Errorf("betreiber2's list: %v", b)
	}
	if b := betriebe(w.fachadmin); b[float64(papier)] == nil || b[float64(musterhausen)] == nil ||
		b[float64(musterhausen)]["ueberschreitungen"].(float64) < 3 || b[float64(musterhausen)]["nichtEingehalten"].(float64) < 1 {
		t.Errorf("staff's list: %v", b)
	}
	wantFehler(t, w.send(t, "GET", fmt.Sprintf("/api/betrieb/%d/ueberschreitungen", papier), nil, w.betreiber2), 404,
		"Das angeforderte Objekt existiert nicht.")
	if a := w.send(t, "GET", "/api/ueberschreitung/betriebe?jahr=zwanzig", nil, w.sbs); a.Code != 400 || !strings.Contains(a.Body.String(), textJahrUngueltig) {
		t.Errorf("a year that is none: %d %s", a.Code, a.Body.String())
	}

	// a CSB sample of 2026 above the Überwachungswert of 350 mg/l: with fewer than five results
	// the rule cannot keep it
	csb := w.parameterID(t, "301")
	a := w.send(t, "PUT", fmt.Sprintf("/api/jahresbericht/%d/messstelle/%d/parameter-messwert/%d", w.bericht, w.messstelle, csb),
		map[string]any{"version": version(w.lies(t, w.betreiber)), "anzahlWerte": 2, "status": "ABGESCHLOSSEN", "vorlageMesswerteId": w.vorlage(t, "Stichproben mit Uhrzeit"),
			"messwerte": []map[string]any{{"datum": "06.01.2026", "uhrzeit": "08:00", "wert": "45"}, {"datum": "13.01.2026", "uhrzeit": "08:00", "wert": "420"}}}, w.betreiber)
	if a.Code != 200 {
		t.Fatalf("save: %d %s", a.Code, a.Body.String())
	}
	fange()
	zeilen := w.ueberschreitungen(t, papier, 2026, w.sbs)
	if len(zeilen) != 1 || zeilen[0]["wert"] != "420" || zeilen[0]["datum"] != "2026-01-13" || zeilen[0]["uhrzeit"] != "08:00" ||
		zeilen[0]["eingehalten"] != false || zeilen[0]["zeile"] != float64(1) || zeilen[0]["jahresberichtId"] != float64(w.bericht) {
		t.Errorf("2026: %v", zeilen)
	}
	if alle := w.ueberschreitungen(t, papier, 0, w.sbs); len(alle) != 3 || alle[0]["jahr"] != float64(2026) {
		t.Errorf("every year, the newest first: %v", alle)
	}
}

// The annual report area's rows of the permission matrix (TestBerechtigung_EveryRouteTimesEveryRoleAndOrganisation).
var _ = regelnDes("jahresbericht", func() map[string]regel {
	// annual reports (issue 31, docs/decisions.md "Annual reports (issue 31): service and API"):
	// who creates one by the table; every other route answers by the report's status and the
	// caller's side in the service (the matrix calls them on no report: 404)
	anlegen := regel{aktion: berechtigung.JahresberichtAnlegen,
		nur: []berechtigung.Rolle{berechtigung.Betreiber, berechtigung.ZustSBS, berechtigung.Fachadmin, berechtigung.Systemadmin}}
	return map[string]regel{
		"POST /api/jahresbericht": anlegen, "POST /api/jahresbericht/uebernahme/{id}": anlegen,
		"GET /api/jahresbericht/suevoaEnabled": angemeldet, "PUT /api/jahresbericht": angemeldet,
		"PUT /api/jahresbericht/einreichen": angemeldet, "PUT /api/jahresbericht/{id}/freigabe": angemeldet,
		"DELETE /api/jahresbericht/{id}": angemeldet, "GET /api/jahresbericht/id/{id}": angemeldet,
		"GET /api/jahresbericht/{id}": angemeldet, "GET /api/jahresbericht/betrieb/{id}/parameter-messwert": angemeldet,
		"GET /api/jahresbericht/{id}/messstelle/{mid}/parameter-messwert":       angemeldet,
		"GET /api/jahresbericht/{id}/messstelle/{mid}/parameter-messwert/{pid}": angemeldet,
		"PUT /api/jahresbericht/{id}/messstelle/{mid}/parameter-messwert/{pid}": angemeldet,
		"GET /api/messwert/jahresbericht/{id}/parameter/{pid}/export-messwerte": angemeldet,
		"GET /api/messwert/jahresbericht/{id}/parameter/{pid}/export-vorlage":   angemeldet,
		"POST /api/messwert/{pid}/import-messwerte":                             mitAktion(berechtigung.MesswerteImportieren),
		// files and Externe Stoffe ask for the report first (none here: 404 for everyone)
		"GET /api/jahresbericht/{id}/dateien": angemeldet, "POST /api/jahresbericht/{id}/upload-file": angemeldet,
		"GET /api/jahresbericht/{id}/externe-dateien": angemeldet, "POST /api/jahresbericht/{id}/externe-upload-file": angemeldet,
		// its reminders ask for the report first too (issue 32)
		"GET /api/jahresbericht/{id}/wiedervorlage": angemeldet, "POST /api/jahresbericht/{id}/wiedervorlage": angemeldet,
		"DELETE /api/jahresbericht/deleteDateiExterne/{id}": mitAktion(berechtigung.DateiHochladen),
		// the limit-value checks: whoever sees the operation
		"GET /api/betrieb/{id}/ueberschreitungen": amBetrieb(""), "GET /api/ueberschreitung/betriebe": angemeldet,
		// the prints (issue 33): who reads the operation file or the report prints it
		"POST /api/betrieb/{id}/print": amBetrieb(""), "GET /api/jahresbericht/{id}/print": angemeldet,
		"GET /api/jahresbericht/{id}/verlauf":         mitAktion(berechtigung.BetriebVerlaufLesen),
		"GET /api/jahresbericht/{id}/stand/{version}": mitAktion(berechtigung.BetriebVerlaufLesen),
		// the report tree: by the operation (the matrix names a plant's id: 404 for everyone) and
		// by the plant (whoever sees its operation)
		"GET /api/anlage/abwasserbehandlung/getJahresberichtAnlagenForBetrieb/{id}": angemeldet,
		"GET /api/anlage/abwasserbehandlung/getJahresberichtJahreForAnlage/{id}":    amBetrieb(""),
		"GET /api/anlage/kanalnetz/selbstueberwachungspflichtForAnlage/{id}":        amBetrieb(""),
	}
})

// The jahresbericht area's rows of the list walk (TestListen_EveryListAndExportShowsOnlyRowsOfObjectsTheCallerSees).
var _ = listenDes("jahresbericht", map[string]listenRoute{
	// the demo's exceedances hang on none of this walk's objects: TestJahresbericht_Ueberschreitungen
	// proves their visibility
	"GET /api/betrieb/{id}/ueberschreitungen": {art: artAmObjekt, objekt: "betrieb"},
	"GET /api/ueberschreitung/betriebe": {art: artListe, aufrufe: []string{"/api/ueberschreitung/betriebe?jahr=2025",
		"/api/ueberschreitung/betriebe?jahr=2024"}},
	// annual reports (issue 31): the lists of an operation's and a plant's reports
	"GET /api/jahresbericht/{id}":                                               {art: artAmObjekt, objekt: "betrieb"},
	"GET /api/jahresbericht/betrieb/{id}/parameter-messwert":                    {art: artAmObjekt, objekt: "betrieb"},
	"GET /api/anlage/abwasserbehandlung/getJahresberichtAnlagenForBetrieb/{id}": {art: artAmObjekt, objekt: "betrieb"},
	"GET /api/anlage/abwasserbehandlung/getJahresberichtJahreForAnlage/{id}":    {art: artAmObjekt, objekt: "anlage"},
	"GET /api/anlage/kanalnetz/selbstueberwachungspflichtForAnlage/{id}":        {art: artEinzeln},
	"GET /api/jahresbericht/suevoaEnabled":                                      {art: artAnderes},
	"GET /api/jahresbericht/id/{id}":                                            {art: artEinzeln},
	"GET /api/jahresbericht/{id}/verlauf":                                       {art: artEinzeln},
	"GET /api/jahresbericht/{id}/stand/{version}":                               {art: artEinzeln},
	"GET /api/jahresbericht/{id}/messstelle/{mid}/parameter-messwert":           {art: artEinzeln},
	"GET /api/jahresbericht/{id}/messstelle/{mid}/parameter-messwert/{pid}":     {art: artEinzeln},
	// one parameter's values as a spreadsheet (its report's visibility, as the page)
	"GET /api/messwert/jahresbericht/{id}/parameter/{pid}/export-messwerte": {art: artEinzeln},
	"GET /api/messwert/jahresbericht/{id}/parameter/{pid}/export-vorlage":   {art: artEinzeln},
})
