package httpapi

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/eabwasser/eabwasser/domain/berechtigung"
	"github.com/eabwasser/eabwasser/internal/dokumente/konten"
	"github.com/eabwasser/eabwasser/internal/werkzeug/seed"
)

func TestLokaleRolle_CRUDSystemrolleAndLastRoleWarning(t *testing.T) {
	w := newKontoWelt(t, "")
	admin := w.login(t, "systemadmin", seed.DemoPasswort)
	fach := w.login(t, "fachadmin", seed.DemoPasswort)

	a := w.send(t, "POST", "/api/lokaleRolle/", map[string]any{}, admin)
	ve := wantFehler(t, a, 400, a.json(t)["message"].(string))["validationErrors"].(map[string]any)
	if ve["bezeichnung"] != "Dieses Feld ist ein Pflichtfeld." || ve["globaleRolle"] != "Dieses Feld ist ein Pflichtfeld." {
		t.Fatalf("validationErrors = %v", ve)
	}
	wantFehler(t, w.send(t, "POST", "/api/lokaleRolle", map[string]any{"bezeichnung": "X", "globaleRolle": "BEHOERDE"}, fach),
		403, "Sie sind nicht berechtigt, diese Aktion auszuführen.")
	// operations a role names must exist (issue 14: no silent typo)
	a = w.send(t, "POST", "/api/lokaleRolle", map[string]any{"bezeichnung": "Vertipper", "globaleRolle": "BEHOERDE", "betriebe": []int64{999999}}, admin)
	if ve := wantFehler(t, a, 400, a.json(t)["message"].(string))["validationErrors"].(map[string]any); ve["betriebe"] != "Diese Betriebe gibt es nicht: 999999." {
		t.Fatalf("unknown operation: %v", ve)
	}
	a = w.send(t, "POST", "/api/lokaleRolle", map[string]any{"bezeichnung": "Landesweit", "globaleRolle": "BEHOERDE",
		"alleRegionalstellen": true, "betriebe": []int64{7}}, admin)
	if a.Code != 201 {
		t.Fatalf("create: %d %s", a.Code, a.Body.String())
	}
	id := int64(a.json(t)["id"].(float64))

	var rollen []konten.LokaleRolleZeile
	l := w.send(t, "GET", "/api/lokaleRolle/", nil, fach)
	_ = json.Unmarshal(l.Body.Bytes(), &rollen)
	var landesweit, dienststelle konten.LokaleRolleZeile
	for _, r := range rollen {
		switch r.Bezeichnung {
		case "Landesweit":
			landesweit = r
		case seed.Dienststelle:
			dienststelle = r
		}
	}
	if landesweit.ID != id || len(landesweit.Betriebe) != 0 || !dienststelle.Systemrolle {
		t.Fatalf("roles = %s", l.Body.String())
	}
	landesweit.Bezeichnung = "Landesweite Auswertung"
	if a := w.send(t, "PUT", fmt.Sprintf("/api/lokaleRolle/%d", id), landesweit, admin); a.Code != 200 {
		t.Fatalf("edit: %d %s", a.Code, a.Body.String())
	}
	wantFehler(t, w.send(t, "PUT", fmt.Sprintf("/api/lokaleRolle/%d", id), landesweit, admin), 409,
		"Die Daten wurden inzwischen von jemand anderem geändert. Bitte laden Sie die Seite neu und wiederholen Sie Ihre Änderung.")

	wantFehler(t, w.send(t, "DELETE", fmt.Sprintf("/api/lokaleRolle/%d?ignoreWarning=true", dienststelle.ID), nil, admin), 400,
		"Eine Systemrolle kann nicht gelöscht werden.")

	// a non-system role that is the last role of one user
	a = w.send(t, "POST", "/api/lokaleRolle", map[string]any{"bezeichnung": "Kreis Cochem", "globaleRolle": "ORGANISATION"}, admin)
	kreis := int64(a.json(t)["id"].(float64))
	k, _ := konten.NachBenutzername(context.Background(), w.dienst.Store.Pool(), "leser_organisation")
	setzeRollen(t, w, k.ID, []int64{kreis})
	a = w.send(t, "DELETE", fmt.Sprintf("/api/lokaleRolle/%d", kreis), nil, admin)
	m := wantFehler(t, a, 400, "Die Rolle ist für 1 Anwender die letzte lokale Rolle. Wollen Sie sie trotzdem löschen?")
	if m["warnung"] != "LETZTE_ROLLE" {
		t.Fatalf("warnung = %v", m["warnung"])
	}
	if a := w.send(t, "DELETE", fmt.Sprintf("/api/lokaleRolle/%d?ignoreWarning=true", kreis), nil, admin); a.Code != 200 {
		t.Fatalf("confirmed delete: %d %s", a.Code, a.Body.String())
	}
	var rest []int64
	_ = w.dienst.Store.Pool().QueryRow(context.Background(), `SELECT lokale_rollen FROM anwender WHERE id = $1`, k.ID).Scan(&rest)
	if len(rest) != 0 {
		t.Fatalf("deleted role still held: %v", rest)
	}
	if l := w.send(t, "GET", "/api/lokaleRolle", nil, admin); strings.Contains(l.Body.String(), "Kreis Cochem") {
		t.Fatal("deleted role still listed")
	}
}

// The lokaleRolle area's rows of the list walk (TestListen_EveryListAndExportShowsOnlyRowsOfObjectsTheCallerSees).
var _ = listenDes("lokaleRolle", map[string]listenRoute{
	"GET /api/lokaleRolle": {art: artStammdaten},
})

// The lokaleRolle area's rows of the permission matrix (TestBerechtigung_EveryRouteTimesEveryRoleAndOrganisation).
var _ = regelnDes("lokaleRolle", func() map[string]regel {
	return map[string]regel{
		"GET /api/lokaleRolle":         mitAktion(berechtigung.SystemverwaltungOeffnen),
		"POST /api/lokaleRolle":        mitAktion(berechtigung.SystemverwaltungBearbeiten),
		"PUT /api/lokaleRolle/{id}":    mitAktion(berechtigung.SystemverwaltungBearbeiten),
		"DELETE /api/lokaleRolle/{id}": mitAktion(berechtigung.SystemverwaltungBearbeiten),
	}
})
