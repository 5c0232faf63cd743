package httpapi

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"github.com/eabwasser/eabwasser/domain/berechtigung"
	"github.com/eabwasser/eabwasser/internal/dokumente/konten"
	"github.com/eabwasser/eabwasser/internal/werkzeug/seed"
)

func orgID(t testing.TB, w *kontoWelt, name string) int64 {
	t.Helper()
	id, err := konten.OrganisationNachBezeichnung(context.Background(), w.dienst.Store.Pool(), name)
	if err != nil {
		t.Fatal(err)
	}
	return id
}

func neueOrganisation(t testing.TB, w *kontoWelt, admin, name string, pflicht bool) int64 {
	t.Helper()
	a := w.send(t, "POST", "/api/organisation/", map[string]any{"bezeichnung": name, "abwasserbeseitigungspflicht": pflicht,
		"adresse": map[string]string{"strasse": "Hauptstraße", "hausnummer": "5", "plz": "54290", "ort": "Trier"}}, admin)
	if a.Code != 201 || a.Header().Get("X-Event-Position") == "" {
		t.Fatalf("create %s: %d %s", name, a.Code, a.Body.String())
	}
	return int64(a.json(t)["id"].(float64))
}

func TestOrganisation_CreateValidationHistoryAndAuditRules(t *testing.T) {
	w := newKontoWelt(t, "")
	admin := w.login(t, "systemadmin", seed.DemoPasswort)
	a := w.send(t, "POST", "/api/organisation", map[string]any{"adresse": map[string]string{"ort": "Trier"}}, admin)
	ve := wantFehler(t, a, 400, a.json(t)["message"].(string))["validationErrors"].(map[string]any)
	for _, f := range []string{"bezeichnung", "adresse.strasse", "adresse.hausnummer", "adresse.plz"} {
		if ve[f] != "Dieses Feld ist ein Pflichtfeld." {
			t.Errorf("%s: %v", f, ve[f])
		}
	}
	wantFehler(t, w.send(t, "POST", "/api/organisation", map[string]any{"bezeichnung": "X"}, w.login(t, "fachadmin", seed.DemoPasswort)),
		403, "Sie sind nicht berechtigt, diese Aktion auszuführen.")

	id := neueOrganisation(t, w, admin, "Zweckverband Abwasser Mosel", true)
	org := w.send(t, "GET", fmt.Sprintf("/api/organisation/%d", id), nil, admin).json(t)
	org["bezeichnung"] = "Zweckverband Abwasser Mosel-Saar"
	a = w.send(t, "PUT", fmt.Sprintf("/api/organisation/%d", id), org, admin)
	if m := wantFehler(t, a, 400, "Die Änderung muss historisiert werden: Bitte geben Sie an, ab wann sie gilt, und einen Änderungsgrund."); m["auditInfoViolation"] != "MISSING" {
		t.Fatalf("violation = %v", m["auditInfoViolation"])
	}
	morgen := w.jetzt.AddDate(0, 0, 1).Format("2006-01-02")
	org["auditInfo"] = map[string]any{"gueltigAb": morgen, "aenderungsgrund": "Fusion"}
	wantFehler(t, w.send(t, "PUT", fmt.Sprintf("/api/organisation/%d", id), org, admin), 400, "'Gültig ab' darf nicht in der Zukunft liegen.")
	heute := w.jetzt.Format("2006-01-02")
	org["auditInfo"] = map[string]any{"gueltigAb": heute, "aenderungsgrund": "Fusion"}
	a = w.send(t, "PUT", fmt.Sprintf("/api/organisation/%d", id), org, admin)
	if m := wantFehler(t, a, 400, "Für diesen Tag gibt es bereits einen Eintrag. Soll er überschrieben werden?"); m["auditInfoViolation"] != "SAME_DATE_PRESENT" {
		t.Fatalf("violation = %v", m["auditInfoViolation"])
	}
	org["auditInfo"] = map[string]any{"gueltigAb": heute, "aenderungsgrund": "Fusion", "ueberschreiben": true}
	if a = w.send(t, "PUT", fmt.Sprintf("/api/organisation/%d", id), org, admin); a.Code != 200 {
		t.Fatalf("save: %d %s", a.Code, a.Body.String())
	}
	// stale version
	wantFehler(t, w.send(t, "PUT", fmt.Sprintf("/api/organisation/%d", id), org, admin), 409,
		"Die Daten wurden inzwischen von jemand anderem geändert. Bitte laden Sie die Seite neu und wiederholen Sie Ihre Änderung.")
	// a later version
	w.jetzt = w.jetzt.AddDate(0, 2, 0)
	org = w.send(t, "GET", fmt.Sprintf("/api/organisation/%d", id), nil, admin).json(t)
	org["adresse"].(map[string]any)["hausnummer"] = "7"
	gestern := w.jetzt.AddDate(0, 0, -1).Format("2006-01-02")
	org["auditInfo"] = map[string]any{"gueltigAb": heute, "aenderungsgrund": "Umzug"}
	a = w.send(t, "PUT", fmt.Sprintf("/api/organisation/%d", id), org, admin)
	if m := wantFehler(t, a, 400, "Für diesen Tag gibt es bereits einen Eintrag. Soll er überschrieben werden?"); m["auditInfoViolation"] != "SAME_DATE_PRESENT" {
		t.Fatal(m)
	}
	org["auditInfo"] = map[string]any{"gueltigAb": gestern, "aenderungsgrund": "Umzug"}
	if a = w.send(t, "PUT", fmt.Sprintf("/api/organisation/%d", id), org, admin); a.Code != 200 {
		t.Fatalf("second version: %d %s", a.Code, a.Body.String())
	}
	org = w.send(t, "GET", fmt.Sprintf("/api/organisation/%d", id), nil, admin).json(t)
	org["auditInfo"] = map[string]any{"gueltigAb": heute, "aenderungsgrund": "zurück"}
	org["adresse"].(map[string]any)["hausnummer"] = "9"
	wantFehler(t, w.send(t, "PUT", fmt.Sprintf("/api/organisation/%d", id), org, admin), 400,
		"Eine Historisierung kann nicht rückwirkend, sondern immer nur aufbauend auf dem Enddatum des zeitlich letzten Eintrages erfolgen.")

	var versionen []struct {
		GueltigAb, GueltigBis, Aenderungsgrund string
		Aktuell                                bool
		Organisation                           struct{ Bezeichnung string }
	}
	h := w.send(t, "GET", fmt.Sprintf("/api/organisation/%d/historie/", id), nil, admin)
	_ = json.Unmarshal(h.Body.Bytes(), &versionen)
	if len(versionen) != 2 || versionen[0].Organisation.Bezeichnung != "Zweckverband Abwasser Mosel-Saar" ||
		versionen[0].Aenderungsgrund != "Fusion" || versionen[1].GueltigAb != gestern || !versionen[1].Aktuell ||
		versionen[1].GueltigBis != "3000-01-01" || versionen[0].GueltigBis >= gestern {
		t.Fatalf("historie = %s", h.Body.String())
	}
	wantFehler(t, w.send(t, "GET", fmt.Sprintf("/api/organisation/%d/historie", id), nil, w.login(t, "betreiber", seed.DemoPasswort)),
		403, "Sie sind nicht berechtigt, diese Aktion auszuführen.")
}

func TestOrganisation_DeleteRefusedWhileReferenced(t *testing.T) {
	w := newKontoWelt(t, "")
	admin := w.login(t, "systemadmin", seed.DemoPasswort)
	wantFehler(t, w.send(t, "DELETE", fmt.Sprintf("/api/organisation/%d", orgID(t, w, "Klärwerk Rheinaue GmbH")), nil, admin), 400,
		"Die Organisation wird noch von Anwendern oder Betrieben verwendet und kann deshalb nicht gelöscht werden.")
	id := neueOrganisation(t, w, admin, "Leere GmbH", false)
	if a := w.send(t, "DELETE", fmt.Sprintf("/api/organisation/%d", id), nil, admin); a.Code != 200 || a.json(t)["message"] != "Gelöscht" {
		t.Fatalf("delete: %d %s", a.Code, a.Body.String())
	}
	wantFehler(t, w.send(t, "GET", fmt.Sprintf("/api/organisation/%d", id), nil, admin), 404, "Das angeforderte Objekt existiert nicht.")
}

func TestOrganisation_MergeMovesUsersAndDeactivatesTheSource(t *testing.T) {
	w := newKontoWelt(t, "")
	admin := w.login(t, "systemadmin", seed.DemoPasswort)
	quelle, ziel := orgID(t, w, "Verbandsgemeinde Musterhausen"), orgID(t, w, "Klärwerk Rheinaue GmbH")
	morgen := w.jetzt.AddDate(0, 0, 1).Format("2006-01-02")
	a := w.send(t, "POST", "/api/organisation/merge", map[string]any{"sourceOrganisationId": quelle, "destinationOrganisationId": ziel, "mergeDate": morgen}, admin)
	if a.Code != 400 || !strings.Contains(a.Body.String(), "Zukunft") {
		t.Fatalf("future merge: %d %s", a.Code, a.Body.String())
	}
	wantFehler(t, w.send(t, "POST", "/api/organisation/merge", map[string]any{"sourceOrganisationId": quelle, "destinationOrganisationId": quelle,
		"mergeDate": w.jetzt.Format("2006-01-02")}, admin), 400, "Eine Organisation kann nicht mit sich selbst zusammengeführt werden.")
	a = w.send(t, "POST", "/api/organisation/merge", map[string]any{"sourceOrganisationId": quelle, "destinationOrganisationId": ziel,
		"mergeDate": w.jetzt.Format("2006-01-02"), "includePersonen": true}, admin)
	if a.Code != 200 || a.json(t)["message"] != "Die Organisationen wurden erfolgreich zusammengeführt." {
		t.Fatalf("merge: %d %s", a.Code, a.Body.String())
	}
	k, _ := konten.NachBenutzername(context.Background(), w.dienst.Store.Pool(), "betreiber2")
	if k.Person.OrganisationID != ziel {
		t.Fatalf("betreiber2 still in %d", k.Person.OrganisationID)
	}
	src := w.send(t, "GET", fmt.Sprintf("/api/organisation/%d", quelle), nil, admin).json(t)
	if src["status"] != "INAKTIV" {
		t.Fatalf("source = %v", src)
	}
	aktiv := w.send(t, "GET", "/api/organisation?status=AKTIV", nil, admin)
	if strings.Contains(aktiv.Body.String(), "Musterhausen") {
		t.Fatal("merged organisation still listed as active")
	}
	if hist := w.send(t, "GET", "/api/organisation/abwasserbeseitigungspflichtigeIncludeHistory", nil, admin); !strings.Contains(hist.Body.String(), "Musterhausen") {
		t.Fatalf("history list: %s", hist.Body.String())
	}
	// one correlation id ties the events of the merge together: the source, its user betreiber2,
	// its operation and the plant that names it as obligee
	var n int
	_ = w.dienst.Store.Pool().QueryRow(context.Background(), `SELECT count(*) FROM events WHERE metadata->>'correlationId' = $1`,
		fmt.Sprintf("zusammenfuehrung-%d-%d", quelle, ziel)).Scan(&n)
	if n != 4 {
		t.Fatalf("%d events in the merge", n)
	}
}

func TestOrganisation_ExportIsARealSpreadsheet(t *testing.T) {
	w := newKontoWelt(t, "")
	a := w.send(t, "POST", "/api/organisation/export", "[]", w.login(t, "fachadmin", seed.DemoPasswort))
	if a.Code != 200 || a.Header().Get("Content-Type") != "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" {
		t.Fatalf("export: %d %s", a.Code, a.Header().Get("Content-Type"))
	}
	f, err := excelize.OpenReader(bytes.NewReader(a.Body.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	rows, err := f.GetRows("Organisationen")
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 3 || rows[0][1] != "Bezeichnung" || rows[1][1] != "Klärwerk Rheinaue GmbH" || rows[2][3] != "ja" {
		t.Fatalf("rows = %v", rows)
	}
	pruefeTabellenform(t, f, a.Body.Bytes(), "Organisationen", rows)
	pruefeZellarten(t, a.Body.Bytes(), "Organisationen", map[string]zellart{"A2": zahlZelle, "G2": textZelle})
}

func TestOrganisation_VerlaufNamesEveryEventWhoAndTheChangedFields(t *testing.T) {
	w := newKontoWelt(t, "")
	admin := w.login(t, "systemadmin", seed.DemoPasswort)
	id := neueOrganisation(t, w, admin, "Abwasserverband Saar", false)
	w.jetzt = w.jetzt.AddDate(0, 1, 0)
	org := w.send(t, "GET", fmt.Sprintf("/api/organisation/%d", id), nil, admin).json(t)
	org["adresse"].(map[string]any)["ort"] = "Saarburg"
	org["status"] = "INAKTIV"
	org["auditInfo"] = map[string]any{"gueltigAb": w.jetzt.Format("2006-01-02"), "aenderungsgrund": "Umzug"}
	if a := w.send(t, "PUT", fmt.Sprintf("/api/organisation/%d", id), org, admin); a.Code != 200 {
		t.Fatalf("save: %d %s", a.Code, a.Body.String())
	}

	a := w.send(t, "GET", fmt.Sprintf("/api/organisation/%d/verlauf", id), nil, admin)
	var schritte []struct {
		Version         int
		Akteur          string
		Zusammenfassung string
		Aenderungen     []struct{ Feld, Bezeichnung, Alt, Neu string }
	}
	if err := json.Unmarshal(a.Body.Bytes(), &schritte); err != nil || a.Code != 200 || len(schritte) != 2 {
		t.Fatalf("verlauf: %d %s", a.Code, a.Body.String())
	}
	if schritte[0].Zusammenfassung != "Organisation angelegt" || schritte[0].Akteur == "" ||
		!strings.HasPrefix(schritte[1].Zusammenfassung, "Organisation geändert, gültig ab ") {
		t.Errorf("steps = %+v", schritte)
	}
	geaendert := map[string][2]string{}
	for _, x := range schritte[1].Aenderungen {
		geaendert[x.Bezeichnung] = [2]string{x.Alt, x.Neu}
	}
	if geaendert["Anschrift › Ort"] != [2]string{"Trier", "Saarburg"} || geaendert["Status"] != [2]string{"Aktiv", "Inaktiv"} {
		t.Errorf("changes = %+v", schritte[1].Aenderungen)
	}
	if _, ok := geaendert["Bezeichnung"]; ok {
		t.Errorf("unchanged name listed: %+v", schritte[1].Aenderungen)
	}
	wantFehler(t, w.send(t, "GET", fmt.Sprintf("/api/organisation/%d/verlauf", id), nil, w.login(t, "betreiber", seed.DemoPasswort)),
		403, "Sie sind nicht berechtigt, diese Aktion auszuführen.")
	wantFehler(t, w.send(t, "GET", "/api/organisation/999999/verlauf", nil, admin), 404, "Das angeforderte Objekt existiert nicht.")
}

// The organisation area's rows of the list walk (TestListen_EveryListAndExportShowsOnlyRowsOfObjectsTheCallerSees).
var _ = listenDes("organisation", map[string]listenRoute{
	"POST /api/organisation/export":                                      {art: artExport},
	"GET /api/organisation":                                              {art: artStammdaten},
	"GET /api/organisation/betreiber":                                    {art: artStammdaten},
	"GET /api/organisation/abwasserbeseitigungspflichtige":               {art: artStammdaten},
	"GET /api/organisation/abwasserbeseitigungspflichtigeIncludeHistory": {art: artStammdaten},
	"GET /api/organisation/auswahlRegistrierung":                         {art: artStammdaten},
	"GET /api/organisation/betreiberPersonalisiert":                      {art: artStammdaten},
	"GET /api/organisation/betreiberByBetriebstyp/{typ}": {art: artStammdaten,
		aufrufe: []string{"/api/organisation/betreiberByBetriebstyp/INDUSTRIE", "/api/organisation/betreiberByBetriebstyp/KOMMUNAL"}},
	"GET /api/organisation/{id}":          {art: artEinzeln},
	"GET /api/organisation/{id}/historie": {art: artEinzeln},
	"GET /api/organisation/{id}/verlauf":  {art: artEinzeln},
})

// The organisation area's rows of the permission matrix (TestBerechtigung_EveryRouteTimesEveryRoleAndOrganisation).
var _ = regelnDes("organisation", func() map[string]regel {
	return map[string]regel{
		"GET /api/organisation/auswahlRegistrierung":                         offen,
		"GET /api/organisation":                                              angemeldet,
		"GET /api/organisation/{id}":                                         angemeldet,
		"GET /api/organisation/betreiber":                                    angemeldet,
		"GET /api/organisation/betreiberByBetriebstyp/{typ}":                 angemeldet,
		"GET /api/organisation/betreiberPersonalisiert":                      angemeldet,
		"GET /api/organisation/abwasserbeseitigungspflichtige":               angemeldet,
		"GET /api/organisation/abwasserbeseitigungspflichtigeIncludeHistory": angemeldet,
		"GET /api/organisation/{id}/historie":                                mitAktion(berechtigung.SystemverwaltungOeffnen),
		"GET /api/organisation/{id}/verlauf":                                 mitAktion(berechtigung.SystemverwaltungOeffnen),
		"POST /api/organisation/export":                                      mitAktion(berechtigung.SystemverwaltungOeffnen),
		"POST /api/organisation":                                             mitAktion(berechtigung.SystemverwaltungBearbeiten),
		"PUT /api/organisation/{id}":                                         mitAktion(berechtigung.SystemverwaltungBearbeiten),
		"DELETE /api/organisation/{id}":                                      mitAktion(berechtigung.SystemverwaltungBearbeiten),
		"POST /api/organisation/merge":                                       mitAktion(berechtigung.SystemverwaltungBearbeiten),
	}
})
