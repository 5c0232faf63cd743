package httpapi

// Tests of issue 32's small gaps in the pickers: the Bearbeiter picker names the functional
// roles (spec 000 §3), and the operators a caller may choose (spec 000 §7,
// /organisation/betreiberPersonalisiert).

import (
	"fmt"
	"slices"
	"testing"

	"github.com/eabwasser/eabwasser/internal/werkzeug/seed"
)

func TestAuswahl_TheBearbeiterPickerNamesEachUsersFunctionalRoles(t *testing.T) {
	w := newKontoWelt(t, "")
	var zeilen []struct {
		ID                int64
		Bearbeiter        string
		Name              string
		FunktionaleRollen []string
	}
	a := w.send(t, "GET", "/api/bearbeiter", nil, w.login(t, "zust_sbs", seed.DemoPasswort))
	if a.Code != 200 {
		t.Fatalf("GET /api/bearbeiter: %d %s", a.Code, a.Body.String())
	}
	a.decode(t, &zeilen)
	i := slices.IndexFunc(zeilen, func(z struct {
		ID                int64
		Bearbeiter        string
		Name              string
		FunktionaleRollen []string
	}) bool {
		return z.ID == kontoID(t, w, "zust_sbd")
	})
	if i < 0 || zeilen[i].Name != "Claudia Schneider" || zeilen[i].Bearbeiter == "" || !slices.Equal(zeilen[i].FunktionaleRollen, []string{"ZUST_SBD"}) {
		t.Fatalf("the picker's row of zust_sbd: %s", a.Body.String())
	}
	for _, z := range zeilen {
		if z.FunktionaleRollen == nil {
			t.Errorf("row without funktionaleRollen: %+v", z)
		}
	}
}

func TestAuswahl_BetreiberPersonalisiertOffersStaffEveryActiveOperatorAndAnOrganisationOnlyItsOwn(t *testing.T) {
	w := newKontoWelt(t, "")
	admin := w.login(t, "systemadmin", seed.DemoPasswort)
	ids := func(wer string) []int64 {
		t.Helper()
		a := w.send(t, "GET", "/api/organisation/betreiberPersonalisiert", nil, wer)
		if a.Code != 200 {
			t.Fatalf("betreiberPersonalisiert: %d %s", a.Code, a.Body.String())
		}
		var zeilen []struct {
			ID     int64
			Status string
		}
		a.decode(t, &zeilen)
		out := []int64{}
		for _, z := range zeilen {
			if z.Status != "AKTIV" {
				t.Errorf("an inactive organisation offered: %s", a.Body.String())
			}
			out = append(out, z.ID)
		}
		return out
	}
	inaktiv := neueOrganisation(t, w, admin, "Abwasserverband Stillgelegt", false)
	org := w.send(t, "GET", fmt.Sprintf("/api/organisation/%d", inaktiv), nil, admin).json(t)
	org["status"] = "INAKTIV"
	org["auditInfo"] = map[string]any{"gueltigAb": w.jetzt.Format("2006-01-02"), "aenderungsgrund": "Aufgelöst", "ueberschreiben": true}
	if a := w.send(t, "PUT", fmt.Sprintf("/api/organisation/%d", inaktiv), org, admin); a.Code != 200 {
		t.Fatalf("deactivate: %d %s", a.Code, a.Body.String())
	}

	var aktive []struct{ ID int64 }
	w.send(t, "GET", "/api/organisation?status=AKTIV", nil, admin).decode(t, &aktive)
	alle := []int64{}
	for _, o := range aktive {
		alle = append(alle, o.ID)
	}
	if len(alle) < 2 || slices.Contains(alle, inaktiv) {
		t.Fatalf("active organisations: %v", alle)
	}
	for _, wer := range []string{"zust_sbd", "zust_sba", "fachadmin"} {
		if got := ids(w.login(t, wer, seed.DemoPasswort)); !slices.Equal(got, alle) {
			t.Errorf("%s: %v, want every active organisation %v", wer, got, alle)
		}
	}
	rheinaue := orgID(t, w, "Klärwerk Rheinaue GmbH")
	for _, wer := range []string{"betreiber", "beauftragter", "leser_organisation"} {
		if got := ids(w.login(t, wer, seed.DemoPasswort)); !slices.Equal(got, []int64{rheinaue}) {
			t.Errorf("%s: %v, want only his organisation %d", wer, got, rheinaue)
		}
	}
	if got := ids(w.login(t, "betreiber2", seed.DemoPasswort)); len(got) != 1 || got[0] == rheinaue {
		t.Errorf("betreiber2: %v, want only his own organisation", got)
	}
	if a := w.send(t, "GET", "/api/organisation/betreiberPersonalisiert", nil, ""); a.Code != 401 {
		t.Errorf("without login: %d", a.Code)
	}
}
