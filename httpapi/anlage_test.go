package httpapi

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/eabwasser/eabwasser/domain/berechtigung"
	"github.com/eabwasser/eabwasser/domain/historie"
	"github.com/eabwasser/eabwasser/internal/dokumente/konten"
	"github.com/eabwasser/eabwasser/internal/werkzeug/seed"
)

// idVon is the id of the row of tabelle named name.
func idVon(t testing.TB, w *kontoWelt, tabelle, name string) int64 {
	t.Helper()
	var id int64
	if err := w.dienst.Store.Pool().QueryRow(t.Context(), `SELECT id FROM `+tabelle+` WHERE bezeichnung = $1 ORDER BY id LIMIT 1`, name).Scan(&id); err != nil {
		t.Fatalf("%s %s: %v", tabelle, name, err)
	}
	return id
}

func neueKlaeranlage(betriebID, pflichtiger int64, name string) map[string]any {
	return map[string]any{"betrieb": map[string]any{"id": betriebID}, "bezeichnung": name, "anlagenart": "ABWASSERBEHANDLUNG",
		"lage":                           map[string]float64{"hochwert": 5582900.5, "rechtswert": 398100.25},
		"abwasserbeseitigungspflichtige": []map[string]any{{"organisation": pflichtiger, "startJahr": 2024}}}
}

func TestAnlage_CreateReadSaveWithHistorisierungAndConflict(t *testing.T) {
	w := newKontoWelt(t, "")
	sbd, betreiber := w.login(t, "zust_sbd", seed.DemoPasswort), w.login(t, "betreiber", seed.DemoPasswort)
	papier := idVon(t, w, "betrieb", "Papierfabrik Rheinaue – Werk Koblenz")
	org := orgID(t, w, "Klärwerk Rheinaue GmbH")

	// only staff create, only under a released operation, with the rules of spec 000 §5
	wantFehler(t, w.send(t, "POST", "/api/anlage/abwasserbehandlung", neueKlaeranlage(papier, org, "Nachklärung Süd"), betreiber),
		403, "Sie sind nicht berechtigt, diese Aktion auszuführen.")
	brauerei := idVon(t, w, "betrieb", "Brauerei am Deutschen Eck")
	wantFehler(t, w.send(t, "POST", "/api/anlage/abwasserbehandlung", neueKlaeranlage(brauerei, org, "Brauerei-Kläranlage"), sbd),
		400, "Anlagen können erst angelegt werden, wenn der Betrieb freigegeben ist.")
	ohnePflichtigen := neueKlaeranlage(papier, org, "Nachklärung Süd")
	delete(ohnePflichtigen, "abwasserbeseitigungspflichtige")
	m := wantFehler(t, w.send(t, "POST", "/api/anlage/abwasserbehandlung", ohnePflichtigen, sbd), 400,
		"Es muss ein Abwasserbeseitigungspflichtiger ausgewählt werden")
	if m["validationErrors"].(map[string]any)["abwasserbeseitigungspflichtige"] == nil {
		t.Fatalf("field error: %v", m)
	}
	// a relief plant is an indirect discharger by default: it needs its receiving plant
	a := w.send(t, "POST", "/api/anlage/entlastung", map[string]any{"betrieb": map[string]any{"id": papier}, "bezeichnung": "RÜB Werk", "anlagenart": "MISCHWASSER",
		"lage": map[string]float64{"hochwert": 5582900.5, "rechtswert": 398100.25}, "entlastungssystem": "Mischsystem",
		"entlastungstyp": "Regenüberlaufbecken", "wasserbuchnummer": "X12"}, sbd)
	ve := wantFehler(t, a, 400, a.json(t)["message"].(string))["validationErrors"].(map[string]any)
	if ve["aufnahme"] != "Es muss eine aufnehmende Anlage ausgewählt werden" || ve["wasserbuchnummer"] != "Wasserbuchnummer ungültig" {
		t.Fatalf("relief plant errors: %v", ve)
	}

	a = w.send(t, "POST", "/api/anlage/abwasserbehandlung", neueKlaeranlage(papier, org, "Nachklärung Süd"), sbd)
	if a.Code != 201 || a.json(t)["message"] != "Anlage erfolgreich gespeichert" || a.Header().Get("X-Event-Position") == "" {
		t.Fatalf("create: %d %s", a.Code, a.Body.String())
	}
	id := int64(a.json(t)["id"].(float64))
	anl := w.send(t, "GET", fmt.Sprintf("/api/anlage/%d", id), nil, sbd).json(t)
	if anl["anlagenstatus"] != "GEPLANT" || anl["anlagentyp"] != "ABWASSERBEHANDLUNG" || anl["behoerdenkennung"] != "RLP" ||
		anl["betrieb"].(map[string]any)["id"].(float64) != float64(papier) || anl["rechte"].(map[string]any)["speichern"] != true {
		t.Fatalf("plant: %v", anl)
	}
	// the operator sees it, another organisation does not
	if b := w.send(t, "GET", fmt.Sprintf("/api/anlage/%d", id), nil, betreiber).json(t); b["rechte"].(map[string]any)["speichern"] != false ||
		b["rechte"].(map[string]any)["alsBetreiber"] != true {
		t.Fatalf("operator's rights: %v", b["rechte"])
	}
	wantFehler(t, w.send(t, "GET", fmt.Sprintf("/api/anlage/%d", id), nil, w.login(t, "betreiber2", seed.DemoPasswort)), 404,
		"Das angeforderte Objekt existiert nicht.")

	// a historised change needs its date; then it opens a version and sets the status change
	anl["anlagenstatus"] = "IN_BETRIEB"
	if m := wantFehler(t, w.send(t, "PUT", fmt.Sprintf("/api/anlage/abwasserbehandlung/%d", id), anl, sbd), 400,
		"Die Änderung muss historisiert werden: Bitte geben Sie an, ab wann sie gilt, und einen Änderungsgrund."); m["auditInfoViolation"] != "MISSING" {
		t.Fatalf("violation: %v", m)
	}
	// the type is part of the path
	wantFehler(t, w.send(t, "PUT", fmt.Sprintf("/api/anlage/entlastung/%d", id), anl, sbd), 404, "Das angeforderte Objekt existiert nicht.")
	heute := w.jetzt.Format("2006-01-02")
	anl["auditInfo"] = map[string]any{"gueltigAb": heute, "aenderungsgrund": "Inbetriebnahme", "ueberschreiben": true}
	if a = w.send(t, "PUT", fmt.Sprintf("/api/anlage/abwasserbehandlung/%d", id), anl, sbd); a.Code != 200 || a.json(t)["message"] != "Anlage erfolgreich gespeichert" {
		t.Fatalf("save: %d %s", a.Code, a.Body.String())
	}
	// the form of before is stale now: 409, nothing lost
	anl["bezeichnung"] = "Überholt"
	m = wantFehler(t, w.send(t, "PUT", fmt.Sprintf("/api/anlage/abwasserbehandlung/%d", id), anl, sbd), 409,
		"Die Daten wurden inzwischen von jemand anderem geändert. Bitte laden Sie die Seite neu und wiederholen Sie Ihre Änderung.")
	// … and names the change since the version the form was loaded with
	if s, ok := m["aenderungen"].([]any); !ok || len(s) != 1 || s[0].(map[string]any)["akteur"] == "" || len(s[0].(map[string]any)["aenderungen"].([]any)) == 0 {
		t.Fatalf("aenderungen: %v", m["aenderungen"])
	}
	anl = w.send(t, "GET", fmt.Sprintf("/api/anlage/%d", id), nil, sbd).json(t)
	if anl["bezeichnung"] != "Nachklärung Süd" || anl["anlagenstatus"] != "IN_BETRIEB" || anl["statuswechsel"] != heute {
		t.Fatalf("after conflict: %v %v %v", anl["bezeichnung"], anl["anlagenstatus"], anl["statuswechsel"])
	}

	// the operator keeps plannings up to date, but not the status
	b := w.send(t, "GET", fmt.Sprintf("/api/anlage/%d", id), nil, betreiber).json(t)
	b["planungen"] = []map[string]any{{"status": "geplant", "massnahme": "Erweiterung der Nachklärung", "plandatum": "2027-05-01"}}
	if a = w.send(t, "PUT", fmt.Sprintf("/api/anlage/abwasserbehandlung/%d", id), b, betreiber); a.Code != 200 {
		t.Fatalf("operator save: %d %s", a.Code, a.Body.String())
	}
	b = w.send(t, "GET", fmt.Sprintf("/api/anlage/%d", id), nil, betreiber).json(t)
	if p := b["planungen"].([]any)[0].(map[string]any); p["geaendertVon"] == "" || p["geaendertVon"] == nil || p["geaendertAm"] != heute {
		t.Fatalf("planning not stamped: %v", p)
	}
	betreiberName := b["planungen"].([]any)[0].(map[string]any)["geaendertVon"]
	b["anlagenstatus"] = "STILLGELEGT"
	wantFehler(t, w.send(t, "PUT", fmt.Sprintf("/api/anlage/abwasserbehandlung/%d", id), b, betreiber), 400,
		"Diese Angabe ändern Sie über einen Änderungsantrag.")

	// list, search in any word order, history, Verlauf
	var liste []map[string]any
	_ = json.Unmarshal(w.send(t, "GET", fmt.Sprintf("/api/anlage?betrieb=%d", papier), nil, sbd).Body.Bytes(), &liste)
	var namen []string
	for _, z := range liste {
		namen = append(namen, z["bezeichnung"].(string))
	}
	if strings.Join(namen, "|") != "Betriebskläranlage Papierfabrik|Kühlwasserkreislauf Papiermaschine 2|Nachklärung Süd" {
		t.Fatalf("list: %v", namen)
	}
	// the worklist of the start page: words in any order, visible as the operation
	w.arbeitsliste(t)
	var seite struct {
		Content       []map[string]any
		TotalElements int
	}
	_ = json.Unmarshal(w.send(t, "GET", "/api/anlage/search?query=s%C3%BCd+nachkl", nil, sbd).Body.Bytes(), &seite)
	if seite.TotalElements != 1 || seite.Content[0]["id"].(float64) != float64(id) || seite.Content[0]["anlagenstatus"] != "IN_BETRIEB" {
		t.Fatalf("search: %+v", seite)
	}
	_ = json.Unmarshal(w.send(t, "GET", "/api/anlage/search?anlagentyp=KANALNETZ,ENTLASTUNG", nil, sbd).Body.Bytes(), &seite)
	if seite.TotalElements != 0 {
		t.Fatalf("Koblenz staff see Musterhausen's plants (Trier): %+v", seite)
	}
	_ = json.Unmarshal(w.send(t, "GET", "/api/anlage/search?anlagentyp=KANALNETZ,ENTLASTUNG", nil, w.login(t, "betreiber2", seed.DemoPasswort)).Body.Bytes(), &seite)
	if seite.TotalElements != 2 {
		t.Fatalf("Musterhausen's operator: %+v", seite)
	}
	var versionen []map[string]any
	_ = json.Unmarshal(w.send(t, "GET", fmt.Sprintf("/api/anlage/%d/historie", id), nil, sbd).Body.Bytes(), &versionen)
	if len(versionen) != 1 || versionen[0]["aktuell"] != true || versionen[0]["aenderungsgrund"] != "Inbetriebnahme" {
		t.Fatalf("history (same day replaces): %v", versionen)
	}
	var schritte []map[string]any
	_ = json.Unmarshal(w.send(t, "GET", fmt.Sprintf("/api/anlage/%d/verlauf", id), nil, sbd).Body.Bytes(), &schritte)
	if len(schritte) != 3 || schritte[0]["zusammenfassung"] != "Anlage angelegt" || !strings.HasPrefix(schritte[1]["zusammenfassung"].(string), "Anlage geändert") {
		t.Fatalf("verlauf: %v", schritte)
	}
	wantFehler(t, w.send(t, "GET", fmt.Sprintf("/api/anlage/%d/verlauf", id), nil, betreiber), 403, "Sie sind nicht berechtigt, diese Aktion auszuführen.")

	// issue 42: a planning staff added names its editor as the Historie does — "Behörde" to the
	// operator, by name to staff; the operator's own stays his name; who changed it (account,
	// side, organisation) is never shown
	s := w.send(t, "GET", fmt.Sprintf("/api/anlage/%d", id), nil, sbd).json(t)
	s["planungen"] = append(s["planungen"].([]any), map[string]any{"status": "geplant", "massnahme": "Neuer Sandfang", "plandatum": "2028-03-01"})
	if a = w.send(t, "PUT", fmt.Sprintf("/api/anlage/abwasserbehandlung/%d", id), s, sbd); a.Code != 200 {
		t.Fatalf("staff save: %d %s", a.Code, a.Body.String())
	}
	for _, c := range []struct {
		token           string
		eigen, behoerde string
	}{{betreiber, fmt.Sprint(betreiberName), "Behörde"}, {sbd, fmt.Sprint(betreiberName), "Claudia Schneider"}} {
		a := w.send(t, "GET", fmt.Sprintf("/api/anlage/%d", id), nil, c.token)
		if strings.Contains(a.Body.String(), "geaendertVonKonto") || strings.Contains(a.Body.String(), "geaendertVonSeite") {
			t.Errorf("the stamp's account or side is shown: %s", a.Body.String())
		}
		var von []string
		for _, p := range a.json(t)["planungen"].([]any) {
			von = append(von, fmt.Sprint(p.(map[string]any)["geaendertVon"]))
		}
		if strings.Join(von, "|") != c.eigen+"|"+c.behoerde {
			t.Errorf("plannings' editors as seen: %v, want %s|%s", von, c.eigen, c.behoerde)
		}
	}
}

func TestAnlage_ChangeRequestReviewedFieldByField(t *testing.T) {
	w := newKontoWelt(t, "")
	fachadmin, betreiber := w.login(t, "fachadmin", seed.DemoPasswort), w.login(t, "betreiber", seed.DemoPasswort)
	id := idVon(t, w, "anlage", "Kühlwasserkreislauf Papiermaschine 2")
	pfad := fmt.Sprintf("/api/anlage/kuehlwasser/%d/aenderungsantrag", id)
	antrag := map[string]any{"bezeichnung": "Kühlkreislauf PM 2", "kuehlart": "Kreislaufkühlung", "kommentar": "Umbau 2026"}
	wantFehler(t, w.send(t, "POST", pfad, antrag, fachadmin), 403, "Sie sind nicht berechtigt, diese Aktion auszuführen.")
	if a := w.send(t, "POST", pfad, antrag, betreiber); a.Code != 201 || a.json(t)["message"] != "Änderungsantrag erfolgreich eingereicht." {
		t.Fatalf("request: %d %s", a.Code, a.Body.String())
	}
	wantFehler(t, w.send(t, "POST", pfad, antrag, betreiber), 409, "Es existiert bereits ein Änderungsantrag. Bitte warten Sie auf dessen Bearbeitung.")
	wantFehler(t, w.send(t, "GET", fmt.Sprintf("/api/anlage/%d/aenderungsantrag", id), nil, betreiber), 403,
		"Sie sind nicht berechtigt, diese Aktion auszuführen.")
	offen := w.send(t, "GET", fmt.Sprintf("/api/anlage/%d/aenderungsantrag", id), nil, fachadmin).json(t)["aenderungsantrag"].(map[string]any)
	if offen["kuehlart"] != "Kreislaufkühlung" || offen["gestelltVon"] == "" {
		t.Fatalf("open request: %v", offen)
	}
	// staff adopt the cooling type only; the refused name needs a reason
	if a := w.send(t, "POST", fmt.Sprintf("/api/anlage/%d/aenderungsantrag/uebernahme", id), map[string]any{"felder": []string{"kuehlart"},
		"begruendungen": map[string]string{"bezeichnung": "Name bleibt"}}, fachadmin); a.Code != 200 ||
		a.json(t)["message"] != "Daten wurden übernommen und der Antrag gelöscht" {
		t.Fatalf("adopt: %d %s", a.Code, a.Body.String())
	}
	anl := w.send(t, "GET", fmt.Sprintf("/api/anlage/%d", id), nil, fachadmin).json(t)
	if anl["kuehlart"] != "Kreislaufkühlung" || anl["bezeichnung"] != "Kühlwasserkreislauf Papiermaschine 2" || anl["aenderungsantrag"] != nil {
		t.Fatalf("after adoption: %v %v %v", anl["kuehlart"], anl["bezeichnung"], anl["aenderungsantrag"])
	}
	// a second request is rejected as a whole
	if a := w.send(t, "POST", pfad, map[string]any{"bezeichnung": "PM 2"}, betreiber); a.Code != 201 {
		t.Fatalf("second request: %d %s", a.Code, a.Body.String())
	}
	if a := w.send(t, "DELETE", fmt.Sprintf("/api/anlage/%d/aenderungsantrag", id), map[string]any{"begruendungen": map[string]string{"bezeichnung": "Name bleibt", "kuehlart": "Kühlart bleibt"}}, fachadmin); a.Code != 200 ||
		a.json(t)["message"] != "Daten wurden abgelehnt und der Antrag gelöscht" {
		t.Fatalf("reject: %d %s", a.Code, a.Body.String())
	}
	wantFehler(t, w.send(t, "DELETE", fmt.Sprintf("/api/anlage/%d/aenderungsantrag", id), nil, fachadmin), 400,
		"Es liegt kein offener Änderungsantrag zur Anlage vor.")
	// sewer networks have no change request
	kanal := idVon(t, w, "anlage", "Kanalnetz Musterhausen")
	wantFehler(t, w.send(t, "POST", fmt.Sprintf("/api/anlage/kanalnetz/%d/aenderungsantrag", kanal), antrag, w.login(t, "betreiber2", seed.DemoPasswort)), 403,
		"Sie sind nicht berechtigt, diese Aktion auszuführen.")
}

func TestAnlage_FilesRemindersAndTheOperationsShutDownAndObligees(t *testing.T) {
	w := newKontoWelt(t, "")
	sbd, betreiber := w.login(t, "zust_sbd", seed.DemoPasswort), w.login(t, "betreiber", seed.DemoPasswort)
	id := idVon(t, w, "anlage", "Betriebskläranlage Papierfabrik")
	papier := idVon(t, w, "betrieb", "Papierfabrik Rheinaue – Werk Koblenz")

	// files and reminders of a plant (404 before this area existed)
	if a := w.hochladen(t, fmt.Sprintf("/api/anlage/%d/upload-file", id), betreiber, teil{name: "bezeichnung", inhalt: "Betriebstagebuch"},
		teil{name: "file", dateiname: "tagebuch.pdf", typ: "application/pdf", inhalt: "%PDF-1.4 Tagebuch"}); a.Code != 201 {
		t.Fatalf("upload: %d %s", a.Code, a.Body.String())
	}
	var dateien []map[string]any
	_ = json.Unmarshal(w.send(t, "GET", fmt.Sprintf("/api/anlage/%d/dateien", id), nil, sbd).Body.Bytes(), &dateien)
	if len(dateien) != 1 || dateien[0]["bezeichnung"] != "Betriebstagebuch" {
		t.Fatalf("files: %v", dateien)
	}
	if a := w.send(t, "POST", fmt.Sprintf("/api/anlage/%d/wiedervorlage", id), map[string]any{"betreff": "Wartung prüfen"}, sbd); a.Code != 201 {
		t.Fatalf("reminder: %d %s", a.Code, a.Body.String())
	}
	wantFehler(t, w.send(t, "GET", fmt.Sprintf("/api/anlage/%d/dateien", id), nil, w.login(t, "betreiber2", seed.DemoPasswort)), 404,
		"Das angeforderte Objekt existiert nicht.")

	// the operator is the plant's obligee: the operation file asks before an operator change
	if a := w.send(t, "GET", fmt.Sprintf("/api/betrieb/%d/isBetreiberAbwasserbeseitigungspflichtigerInAnlage", papier), nil, sbd); a.Body.String() != "true\n" {
		t.Fatalf("obligee: %s", a.Body.String())
	}
	// the organisation cannot be deleted while a plant names it
	wantFehler(t, w.send(t, "DELETE", fmt.Sprintf("/api/organisation/%d", orgID(t, w, "Klärwerk Rheinaue GmbH")), nil,
		w.login(t, "systemadmin", seed.DemoPasswort)), 400, "Die Organisation wird noch von Anwendern oder Betrieben verwendet und kann deshalb nicht gelöscht werden.")

	// shutting the operation down shuts its plants down in the same transaction
	b := w.betrieb(t, papier, sbd)
	b["betriebsstatus"] = map[string]any{"id": "STILLGELEGT"}
	heute := w.jetzt.Format("2006-01-02")
	b["auditInfo"] = map[string]any{"gueltigAb": heute, "aenderungsgrund": "Werk geschlossen", "ueberschreiben": true}
	if a := w.send(t, "PUT", fmt.Sprintf("/api/betrieb/%d", papier), b, sbd); a.Code != 200 {
		t.Fatalf("shut-down: %d %s", a.Code, a.Body.String())
	}
	for _, name := range []string{"Betriebskläranlage Papierfabrik", "Kühlwasserkreislauf Papiermaschine 2"} {
		anl := w.send(t, "GET", fmt.Sprintf("/api/anlage/%d", idVon(t, w, "anlage", name)), nil, sbd).json(t)
		if anl["anlagenstatus"] != "STILLGELEGT" || anl["statuswechsel"] != heute {
			t.Errorf("%s: %v since %v", name, anl["anlagenstatus"], anl["statuswechsel"])
		}
	}
	var schritte []map[string]any
	_ = json.Unmarshal(w.send(t, "GET", fmt.Sprintf("/api/anlage/%d/verlauf", id), nil, sbd).Body.Bytes(), &schritte)
	if last := schritte[len(schritte)-1]; last["zusammenfassung"] != "Anlage mit dem Betrieb stillgelegt" {
		t.Fatalf("verlauf: %v", last)
	}
}

func TestAnlage_DisposalAreaResponsiblesAndTheAuditorsStand(t *testing.T) {
	w := newKontoWelt(t, "")
	fachadmin := w.login(t, "fachadmin", seed.DemoPasswort)
	id := idVon(t, w, "anlage", "Kläranlage Musterhausen")
	pfad := fmt.Sprintf("/api/anlage/abwasserbehandlung/%d", id)
	anl := w.send(t, "GET", fmt.Sprintf("/api/anlage/%d", id), nil, fachadmin).json(t)
	raum, _ := anl["entsorgungsraum"].(map[string]any)
	if anl["mitEntsorgungsraum"] != true || anl["betriebstyp"] != "KOMMUNAL" || raum == nil || raum["bezugsparameter"] != "Einwohnerwerte" {
		t.Fatalf("municipal treatment plant: %v %v %v", anl["mitEntsorgungsraum"], anl["betriebstyp"], raum)
	}
	// the relief plant and the sewer network discharge into it: the tree counts them, the list names them
	var zeile map[string]any
	var zeilen []map[string]any
	liste := w.send(t, "GET", fmt.Sprintf("/api/anlage?betrieb=%d", int64(anl["betrieb"].(map[string]any)["id"].(float64))), nil, fachadmin)
	if err := json.Unmarshal(liste.Body.Bytes(), &zeilen); err != nil {
		t.Fatal(err)
	}
	for _, z := range zeilen {
		if z["id"].(float64) == float64(id) {
			zeile = z
		}
	}
	var indirekt []map[string]any
	if err := json.Unmarshal(w.send(t, "GET", fmt.Sprintf("/api/anlage/%d/indirekteinleiter", id), nil, fachadmin).Body.Bytes(), &indirekt); err != nil {
		t.Fatal(err)
	}
	if zeile["anzahlIndirekteinleiter"] != float64(2) || zeile["anzahlMessstellen"] != float64(1) || len(indirekt) != 2 { // the demo's final control
		t.Fatalf("indirect dischargers: %v %v", zeile, indirekt)
	}
	// a second administrative unit, a responsible person of the operator and an authority user
	konto := func(name string) int64 {
		k, err := konten.NachBenutzername(t.Context(), w.dienst.Store.Pool(), name)
		if err != nil {
			t.Fatal(err)
		}
		return k.ID
	}
	person := konto("betreiber2")
	raum["entsorgungsraeume"] = append(raum["entsorgungsraeume"].([]any), map[string]any{"verwaltungseinheitSchluessel": "07211000",
		"verwaltungseinheitBezeichnung": "Trier"})
	anl["zustaendigePersonen"] = []map[string]any{{"id": person, "zustaendig": []string{"Betriebsleitung"}}}
	anl["zustaendigeBearbeiter"] = []map[string]any{{"id": konto("zust_sbd"), "bearbeiter": "DS-4711"}}
	if a := w.send(t, "PUT", pfad, anl, fachadmin); a.Code != 200 {
		t.Fatalf("save: %d %s", a.Code, a.Body.String())
	}
	anl = w.send(t, "GET", fmt.Sprintf("/api/anlage/%d", id), nil, fachadmin).json(t)
	personen, bearbeiter := anl["zustaendigePersonen"].([]any), anl["zustaendigeBearbeiter"].([]any)
	if len(anl["entsorgungsraum"].(map[string]any)["entsorgungsraeume"].([]any)) != 2 || len(personen) != 1 ||
		personen[0].(map[string]any)["person"] != "Petra Zimmermann" || len(bearbeiter) != 1 || bearbeiter[0].(map[string]any)["name"] != "Claudia Schneider" {
		t.Fatalf("after save: %v %v %v", anl["entsorgungsraum"], personen, bearbeiter)
	}
	// a person needs a Zuständigkeit; a unit is named once
	anl["zustaendigePersonen"] = []map[string]any{{"id": person, "zustaendig": []string{}}}
	ve := wantFehler(t, w.send(t, "PUT", pfad, anl, fachadmin), 400, "Es muss mindestens eine Zuständigkeit ausgewählt werden.")["validationErrors"].(map[string]any)
	if ve["zustaendigePersonen[0].zustaendig"] == nil {
		t.Fatalf("person without Zuständigkeit: %v", ve)
	}

	// the auditor replays the plant as it was created (the seed's first event) — staff who may
	// not read the Verlauf get 403, a version past the end 404
	leser := w.login(t, "leser_behoerde", seed.DemoPasswort)
	stand := w.send(t, "GET", fmt.Sprintf("/api/anlage/%d/stand/1", id), nil, fachadmin)
	if stand.Code != 200 || stand.json(t)["anlagenstatus"] != "GEPLANT" || stand.json(t)["version"].(float64) != 1 {
		t.Fatalf("stand 1: %d %s", stand.Code, stand.Body.String())
	}
	wantFehler(t, w.send(t, "GET", fmt.Sprintf("/api/anlage/%d/stand/1", id), nil, w.login(t, "betreiber2", seed.DemoPasswort)), 403,
		"Sie sind nicht berechtigt, diese Aktion auszuführen.")
	wantFehler(t, w.send(t, "GET", fmt.Sprintf("/api/anlage/%d/stand/99", id), nil, fachadmin), 404, "Das angeforderte Objekt existiert nicht.")
	// leser_behoerde sees the operations of his Regionalstelle only: Musterhausen is not one of them
	wantFehler(t, w.send(t, "GET", fmt.Sprintf("/api/anlage/%d/stand/1", id), nil, leser), 404, "Das angeforderte Objekt existiert nicht.")
	papier := idVon(t, w, "anlage", "Betriebskläranlage Papierfabrik")
	if a := w.send(t, "GET", fmt.Sprintf("/api/anlage/%d/stand/1", papier), nil, leser); a.Code != 200 || a.json(t)["entsorgungsraum"] != nil ||
		a.json(t)["mitEntsorgungsraum"] != false {
		t.Fatalf("auditor's stand: %d %s", a.Code, a.Body.String())
	}
}

// A version of the plant's Historie names who opened it, when and why, and apart from that the
// last correction with its own author and time: staff put a plant into operation (a historised
// change with its reason), the operator later corrects its plannings; the reason stays with
// staff, the correction is the operator's. The operator sees staff by their side only.
func TestAnlage_HistorieKeepsTheOpenerWithHisReasonAndTheCorrectionApart(t *testing.T) {
	w := newKontoWelt(t, "")
	sbd, betreiber := w.login(t, "zust_sbd", seed.DemoPasswort), w.login(t, "betreiber", seed.DemoPasswort)
	papier := idVon(t, w, "betrieb", "Papierfabrik Rheinaue – Werk Koblenz")
	a := w.send(t, "POST", "/api/anlage/abwasserbehandlung", neueKlaeranlage(papier, orgID(t, w, "Klärwerk Rheinaue GmbH"), "Nachklärung Nord"), sbd)
	if a.Code != 201 {
		t.Fatalf("create: %d %s", a.Code, a.Body.String())
	}
	id := int64(a.json(t)["id"].(float64))
	pfad := fmt.Sprintf("/api/anlage/abwasserbehandlung/%d", id)

	// given a historised change by staff with its reason
	anl := w.send(t, "GET", fmt.Sprintf("/api/anlage/%d", id), nil, sbd).json(t)
	anl["anlagenstatus"] = "IN_BETRIEB"
	anl["auditInfo"] = map[string]any{"gueltigAb": w.jetzt.Format("2006-01-02"), "aenderungsgrund": "Inbetriebnahme", "ueberschreiben": true}
	if a = w.send(t, "PUT", pfad, anl, sbd); a.Code != 200 {
		t.Fatalf("historised change: %d %s", a.Code, a.Body.String())
	}
	// when the operator corrects the plannings
	b := w.send(t, "GET", fmt.Sprintf("/api/anlage/%d", id), nil, betreiber).json(t)
	b["planungen"] = []map[string]any{{"status": "geplant", "massnahme": "Erweiterung der Nachklärung", "plandatum": "2027-05-01"}}
	if a = w.send(t, "PUT", pfad, b, betreiber); a.Code != 200 {
		t.Fatalf("correction: %d %s", a.Code, a.Body.String())
	}

	// then staff see the opener with the reason and the correction with its own author
	var versionen []map[string]any
	w.send(t, "GET", fmt.Sprintf("/api/anlage/%d/historie", id), nil, sbd).decode(t, &versionen)
	if len(versionen) != 1 {
		t.Fatalf("versions: %v", versionen)
	}
	v := versionen[0]
	if v["aenderungsgrund"] != "Inbetriebnahme" || v["geaendertVon"] != "Claudia Schneider" || v["korrigiertVon"] != "Michael Wagner" ||
		v["geaendertAm"] == nil || v["korrigiertAm"] == nil || v["korrigiertAm"].(string) < v["geaendertAm"].(string) {
		t.Fatalf("version: %v", v)
	}
	if p := v["anlage"].(map[string]any)["planungen"].([]any); len(p) != 1 {
		t.Fatalf("the version holds the corrected state: %v", p)
	}
	// the Verlauf names the obligee by its name, not by its number (issue 28, 10c)
	var schritte []historie.Verlaufsschritt
	w.send(t, "GET", fmt.Sprintf("/api/anlage/%d/verlauf", id), nil, sbd).decode(t, &schritte)
	var pflichtiger string
	for _, a := range schritte[0].Aenderungen {
		if a.Feld == "abwasserbeseitigungspflichtige[0].organisation" {
			pflichtiger = a.Neu
		}
	}
	if pflichtiger != "Klärwerk Rheinaue GmbH" {
		t.Fatalf("obligee in the Verlauf: %q in %+v", pflichtiger, schritte[0].Aenderungen)
	}
	// the operator sees staff as their side, himself by name — both authors through his view
	w.send(t, "GET", fmt.Sprintf("/api/anlage/%d/historie", id), nil, betreiber).decode(t, &versionen)
	if v := versionen[0]; v["geaendertVon"] != "Behörde" || v["korrigiertVon"] != "Michael Wagner" || v["aenderungsgrund"] != "Inbetriebnahme" {
		t.Fatalf("operator's view: %v", v)
	}
}

// The plant area's rows of the permission matrix (TestBerechtigung_EveryRouteTimesEveryRoleAndOrganisation).
var _ = regelnDes("anlage", func() map[string]regel {
	anlagentyp := "{typ:abwasserbehandlung|entlastung|kanalnetz|kuehlwasser}"
	return map[string]regel{
		"GET /api/anlage": angemeldet, "GET /api/anlage/search": angemeldet, "POST /api/anlage/export": angemeldet,
		"GET /api/messstelle/search": angemeldet, "POST /api/messstelle/export": angemeldet,
		"GET /api/jahresbericht/search": angemeldet, "POST /api/jahresbericht/export": angemeldet,
		"POST /api/anlage/" + anlagentyp:                                                               mitAktion(berechtigung.AnlageAnlegen),
		"GET /api/anlage/moeglicheAufnehmendeAnlagen":                                                  mitAktion(berechtigung.BearbeitungsmodusNutzen),
		"GET /api/anlage/abwasserbehandlung/alleVonAktivenBetriebenKommunalAbwasserbehandlungsanlagen": mitAktion(berechtigung.BearbeitungsmodusNutzen),
		"GET /api/anlage/entlastung/drosselablauf/{anlagenart}":                                        mitAktion(berechtigung.BearbeitungsmodusNutzen),
		"GET /api/anlage/entlastung/drosselablauf-betrieb/{betriebId}/{anlagenart}":                    amBetrieb(berechtigung.BearbeitungsmodusNutzen),
		"PUT /api/anlage/" + anlagentyp + "/{id}":                                                      amBetrieb(berechtigung.BearbeitungsmodusNutzen),
		"POST /api/anlage/" + anlagentyp + "/{id}/aenderungsantrag":                                    amBetrieb(berechtigung.AenderungsantragStellen),
		"GET /api/anlage/{id}":                                                                         amBetrieb(""),
		"GET /api/anlage/{id}/historie":                                                                amBetrieb(""),
		"GET /api/anlage/{id}/indirekteinleiter":                                                       amBetrieb(""),
		"GET /api/anlage/{id}/hasIndirektEinleiter":                                                    amBetrieb(""),
		"GET /api/anlage/entlastung/uebersicht/{id}":                                                   amBetrieb(""),
		"GET /api/betrieb/{id}/export-entlastungsanlagen":                                              amBetrieb(""),
		"GET /api/anlage/abwasserbehandlung/{id}/export":                                               amBetrieb(""),
		// the disposal area is a staff field (anlage.Schreibbar): the file is refused before it is read
		"POST /api/anlage/abwasserbehandlung/{id}/import": {aktion: berechtigung.BearbeitungsmodusNutzen, betrieb: true,
			nur: []berechtigung.Rolle{berechtigung.ZustSBD, berechtigung.ZustSBB, berechtigung.ZustSBS, berechtigung.Fachadmin, berechtigung.Systemadmin}},
		"POST /api/betrieb/{id}/import-entlastungsanlagen":  amBetrieb(berechtigung.EntlastungsanlagenImportieren),
		"GET /api/anlage/kanalnetz/uebersicht/{id}":         amBetrieb(""),
		"GET /api/anlage/{id}/verlauf":                      amBetrieb(berechtigung.BetriebVerlaufLesen),
		"GET /api/anlage/{id}/stand/{version}":              amBetrieb(berechtigung.BetriebVerlaufLesen),
		"GET /api/anlage/{id}/aenderungsantrag":             amBetrieb(berechtigung.AenderungsantragPruefen),
		"DELETE /api/anlage/{id}/aenderungsantrag":          amBetrieb(berechtigung.AenderungsantragPruefen),
		"POST /api/anlage/{id}/aenderungsantrag/uebernahme": amBetrieb(berechtigung.AenderungsantragPruefen),
		"GET /api/anlage/{id}/dateien":                      amBetrieb(""),
		"POST /api/anlage/{id}/upload-file":                 amBetrieb(berechtigung.DateiHochladen),
		"GET /api/anlage/{id}/wiedervorlage":                amBetrieb(berechtigung.WiedervorlagenLesen),
		"POST /api/anlage/{id}/wiedervorlage":               amBetrieb(berechtigung.WiedervorlagenLesen),
	}
})

// The anlage area's rows of the list walk (TestListen_EveryListAndExportShowsOnlyRowsOfObjectsTheCallerSees).
var _ = listenDes("anlage", map[string]listenRoute{
	"GET /api/anlage":                             {art: artListe, zeilen: true, aufrufe: []string{"/api/anlage?betrieb={betrieb}"}},
	"GET /api/anlage/{id}/indirekteinleiter":      {art: artAmObjekt, objekt: "anlage", zeilen: true},
	"GET /api/anlage/{id}/hasIndirektEinleiter":   {art: artEinzeln},
	"GET /api/anlage/moeglicheAufnehmendeAnlagen": {art: artFremdeNamen},
	"GET /api/anlage/abwasserbehandlung/alleVonAktivenBetriebenKommunalAbwasserbehandlungsanlagen": {art: artFremdeNamen},
	"GET /api/anlage/entlastung/drosselablauf/{anlagenart}":                                        {art: artFremdeNamen},
	"GET /api/anlage/entlastung/drosselablauf-betrieb/{betriebId}/{anlagenart}":                    {art: artFremdeNamen},
	"GET /api/anlage/entlastung/uebersicht/{id}":                                                   {art: artAmObjekt, objekt: "betrieb", zeilen: true},
	"GET /api/betrieb/{id}/export-entlastungsanlagen":                                              {art: artExport, objekt: "betrieb", zeilen: true},
	"GET /api/anlage/abwasserbehandlung/{id}/export":                                               {art: artExport, objekt: "anlage"},
	"POST /api/anlage/abwasserbehandlung/{id}/import":                                              {art: artBefehl},
	"POST /api/betrieb/{id}/import-entlastungsanlagen":                                             {art: artBefehl},
	"GET /api/anlage/kanalnetz/uebersicht/{id}":                                                    {art: artAmObjekt, objekt: "anlage", zeilen: true},
	"GET /api/anlage/{id}":                                                                         {art: artEinzeln},
	"GET /api/anlage/{id}/historie":                                                                {art: artEinzeln},
	"GET /api/anlage/{id}/aenderungsantrag":                                                        {art: artEinzeln},
	"GET /api/anlage/{id}/stand/{version}":                                                         {art: artEinzeln},
	"GET /api/anlage/{id}/verlauf":                                                                 {art: artEinzeln},
})
