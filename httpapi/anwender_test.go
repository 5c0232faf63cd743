package httpapi

import (
	"bytes"
	"context"
	"fmt"
	"testing"

	"github.com/xuri/excelize/v2"

	"github.com/eabwasser/eabwasser/domain/berechtigung"
	"github.com/eabwasser/eabwasser/internal/dokumente/konten"
	"github.com/eabwasser/eabwasser/internal/werkzeug/seed"
)

type anwenderSeite struct {
	Content []struct {
		ID           int64
		Benutzername string
		GlobaleRolle string
		Person       struct{ Name string }
		Version      int
	}
	TotalElements int64
}

func TestAnwender_ListFiltersPagingAndSorting(t *testing.T) {
	w := newKontoWelt(t, "")
	fach := w.login(t, "fachadmin", seed.DemoPasswort)
	var s anwenderSeite
	get := func(q string) anwenderSeite {
		t.Helper()
		a := w.send(t, "GET", "/api/anwender?"+q, nil, fach)
		if a.Code != 200 {
			t.Fatalf("%s: %d %s", q, a.Code, a.Body.String())
		}
		var out anwenderSeite
		if err := jsonUnmarshal(a.Body.Bytes(), &out); err != nil {
			t.Fatal(err)
		}
		return out
	}
	if s = get(""); s.TotalElements != 11 || len(s.Content) != 10 || s.Content[0].Person.Name != "Adler" {
		t.Fatalf("defaults: %+v", s)
	}
	if s = get("page=1&size=10"); len(s.Content) != 1 {
		t.Fatalf("page 2: %+v", s)
	}
	if s = get("page=5&size=10"); len(s.Content) != 0 || s.TotalElements != 11 {
		t.Fatalf("past the last page: %+v", s)
	}
	if s = get("sortProperty=name&sortDirection=DESC&size=1"); s.Content[0].Person.Name != "Zimmermann" {
		t.Fatalf("sorted desc: %+v", s)
	}
	if s = get("rolleOrganisation=false&rolleBehoerde=false"); s.TotalElements != 2 || s.Content[0].GlobaleRolle != "ADMIN" {
		t.Fatalf("admins only: %+v", s)
	}
	if s = get("organisation=musterhausen"); s.TotalElements != 1 || s.Content[0].Benutzername != "betreiber2" {
		t.Fatalf("organisation filter: %+v", s)
	}
	if s = get("statusAktiv=false"); s.TotalElements != 0 {
		t.Fatalf("no active: %+v", s)
	}
	if s = get("vorname=jul&name=hoff"); s.TotalElements != 1 {
		t.Fatalf("names: %+v", s)
	}
	wantFehler(t, w.send(t, "GET", "/api/anwender", nil, w.login(t, "zust_sbd", seed.DemoPasswort)), 403, "Sie sind nicht berechtigt, diese Aktion auszuführen.")
}

func TestAnwender_FormRulesCreateEditDeleteAndExport(t *testing.T) {
	w := newKontoWelt(t, "")
	admin := w.login(t, "systemadmin", seed.DemoPasswort)
	a := w.send(t, "POST", "/api/anwender/", map[string]any{"funktionaleRolle": []string{}}, admin)
	ve := wantFehler(t, a, 400, a.json(t)["message"].(string))["validationErrors"].(map[string]any)
	for k, v := range map[string]string{"benutzername": "Dieses Feld ist ein Pflichtfeld.", "passwort": "Dieses Feld ist ein Pflichtfeld.",
		"funktionaleRolle": "Es muss mindestens ein Element ausgewaehlt werden", "person.name": "Dieses Feld ist ein Pflichtfeld.",
		"person.vorname": "Dieses Feld ist ein Pflichtfeld.", "person.email": "Dieses Feld ist ein Pflichtfeld.",
		"person.telefon": "Dieses Feld ist ein Pflichtfeld."} {
		if ve[k] != v {
			t.Errorf("%s: %v, want %q", k, ve[k], v)
		}
	}
	person := map[string]any{"anrede": "Herr", "name": "Keller", "vorname": "Jan", "email": "jan.keller@sgdnord.example", "telefon": "0261-1"}
	neu := map[string]any{"benutzername": "jkeller", "passwort": "Start-Passwort-1", "funktionaleRolle": []string{"ZUST_SBD"}, "person": person}
	ve = w.send(t, "POST", "/api/anwender", neu, admin).json(t)["validationErrors"].(map[string]any)
	if ve["datascoutId"] != "Dieses Feld ist ein Pflichtfeld." ||
		ve["lokaleRollen"] != "Ein Behoerdenanwender benoetigt mindestens eine lokale Rolle, welche die Dienststelle repraesentiert." {
		t.Fatalf("authority rules: %v", ve)
	}
	orgUser := map[string]any{"benutzername": "org", "passwort": "Start-Passwort-1", "funktionaleRolle": []string{"BETREIBER"}, "person": person}
	if ve = w.send(t, "POST", "/api/anwender", orgUser, admin).json(t)["validationErrors"].(map[string]any); ve["person.organisation"] != "Dieses Feld ist ein Pflichtfeld." {
		t.Fatalf("organisation rule: %v", ve)
	}
	var dienststelle int64
	_ = w.dienst.Store.Pool().QueryRow(context.Background(), `SELECT id FROM lokale_rolle WHERE systemrolle`).Scan(&dienststelle)
	neu["datascoutId"], neu["lokaleRollen"] = "DS-77", []int64{dienststelle}
	a = w.send(t, "POST", "/api/anwender", neu, admin)
	if a.Code != 201 {
		t.Fatalf("create: %d %s", a.Code, a.Body.String())
	}
	id := int64(a.json(t)["id"].(float64))
	if a := w.send(t, "POST", "/api/anwender", neu, admin); a.Code != 400 || a.json(t)["validationErrors"].(map[string]any)["benutzername"] != "Dieser Benutzername ist bereits vergeben." {
		t.Fatalf("duplicate: %d %s", a.Code, a.Body.String())
	}
	tok := w.login(t, "jkeller", "Start-Passwort-1") // created active

	row := w.send(t, "GET", fmt.Sprintf("/api/anwender/%d", id), nil, admin).json(t)
	row["passwort"] = ""
	row["person"].(map[string]any)["telefon"] = "0261-2"
	if a := w.send(t, "PUT", fmt.Sprintf("/api/anwender/%d", id), row, admin); a.Code != 200 {
		t.Fatalf("edit: %d %s", a.Code, a.Body.String())
	}
	if w.send(t, "GET", "/api/me", nil, tok).Code != 200 {
		t.Fatal("a phone change ended the session")
	}
	row["funktionaleRolle"] = []string{"ZUST_SBD", "ZUST_SBB"}
	if a := w.send(t, "PUT", fmt.Sprintf("/api/anwender/%d", id), row, admin); a.Code != 409 {
		t.Fatalf("stale edit: %d %s", a.Code, a.Body.String())
	}
	row = w.send(t, "GET", fmt.Sprintf("/api/anwender/%d", id), nil, admin).json(t)
	row["funktionaleRolle"] = []string{"ZUST_SBD", "ZUST_SBB"}
	if a := w.send(t, "PUT", fmt.Sprintf("/api/anwender/%d", id), row, admin); a.Code != 200 {
		t.Fatalf("roles edit: %d %s", a.Code, a.Body.String())
	}
	wantFehler(t, w.send(t, "GET", "/api/me", nil, tok), 401, textNichtAngemeldet) // roles changed: new login

	self, _ := konten.NachBenutzername(context.Background(), w.dienst.Store.Pool(), "systemadmin")
	wantFehler(t, w.send(t, "DELETE", fmt.Sprintf("/api/anwender/%d", self.ID), nil, admin), 400, "Sie können Ihr eigenes Konto nicht löschen.")
	wantFehler(t, w.send(t, "PUT", fmt.Sprintf("/api/anwender/%d/status", self.ID), map[string]string{"status": "INAKTIV"}, admin), 400,
		"Sie können Ihr eigenes Konto nicht deaktivieren.")

	x := w.send(t, "POST", "/api/anwender/export", map[string]any{"ids": []int64{id, self.ID}}, admin)
	f, err := excelize.OpenReader(bytes.NewReader(x.Body.Bytes()))
	if err != nil {
		t.Fatalf("export: %v (%s)", err, x.Header().Get("Content-Type"))
	}
	rows, _ := f.GetRows("Anwender")
	if len(rows) != 3 || rows[0][1] != "Benutzername" || rows[1][1] != "systemadmin" || rows[2][1] != "jkeller" {
		t.Fatalf("rows = %v", rows)
	}
	// issue 43: the dates are dates (an open-ended account "unbefristet"), the table as every export's
	pruefeTabellenform(t, f, x.Body.Bytes(), "Anwender", rows)
	pruefeZellarten(t, x.Body.Bytes(), "Anwender", map[string]zellart{"A2": zahlZelle, "M2": datumZelle, "M3": datumZelle})
	for i, r := range rows[1:] {
		if r[13] != "unbefristet" && zellartVon(t, f, "Anwender", fmt.Sprint("N", i+2)) != datumZelle {
			t.Errorf("Gültig bis: %q", r[13])
		}
	}
	if a := w.send(t, "DELETE", fmt.Sprintf("/api/anwender/%d", id), nil, admin); a.Code != 200 {
		t.Fatalf("delete: %d %s", a.Code, a.Body.String())
	}
	wantFehler(t, w.send(t, "GET", fmt.Sprintf("/api/anwender/%d", id), nil, admin), 404, "Das angeforderte Objekt existiert nicht.")
	wantFehler(t, w.send(t, "POST", "/api/authenticate", map[string]string{"username": "jkeller", "password": "Start-Passwort-1"}, ""),
		401, "Benutzername oder Passwort ist falsch.")
}

// The anwender area's rows of the list walk (TestListen_EveryListAndExportShowsOnlyRowsOfObjectsTheCallerSees).
var _ = listenDes("anwender", map[string]listenRoute{
	"POST /api/anwender/export": {art: artExport},
	"GET /api/anwender":         {art: artStammdaten},
	"GET /api/anwender/{id}":    {art: artEinzeln},
})

// The anwender area's rows of the permission matrix (TestBerechtigung_EveryRouteTimesEveryRoleAndOrganisation).
var _ = regelnDes("anwender", func() map[string]regel {
	return map[string]regel{
		"GET /api/anwender":         mitAktion(berechtigung.SystemverwaltungOeffnen),
		"GET /api/anwender/{id}":    mitAktion(berechtigung.SystemverwaltungOeffnen),
		"POST /api/anwender/export": mitAktion(berechtigung.SystemverwaltungOeffnen),
		"POST /api/anwender":        mitAktion(berechtigung.SystemverwaltungBearbeiten),
		"PUT /api/anwender/{id}":    mitAktion(berechtigung.SystemverwaltungBearbeiten),
		"DELETE /api/anwender/{id}": mitAktion(berechtigung.SystemverwaltungBearbeiten),
	}
})
