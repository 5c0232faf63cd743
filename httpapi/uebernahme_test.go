package httpapi

import (
	"fmt"
	"slices"
	"testing"

	"github.com/eabwasser/eabwasser/internal/werkzeug/seed"
)

// Issue 27, item 10: staff adopt the fields of an application they choose; a choice naming a
// field twice (500 times) or a field the application does not have is refused with a German
// 400 on every adoption route, and the application stays open.
func TestUebernahme_EveryAdoptionRouteRefusesDuplicateAndUnknownFields(t *testing.T) {
	w := newKontoWelt(t, "")
	betreiber, sbd := w.login(t, "betreiber", seed.DemoPasswort), w.login(t, "zust_sbd", seed.DemoPasswort)

	anlage := idVon(t, w, "anlage", "Kühlwasserkreislauf Papiermaschine 2")
	if a := w.send(t, "POST", fmt.Sprintf("/api/anlage/kuehlwasser/%d/aenderungsantrag", anlage),
		map[string]any{"bezeichnung": "Kühlkreislauf PM 2", "kuehlart": "Kreislaufkühlung"}, betreiber); a.Code != 201 {
		t.Fatalf("change request: %d %s", a.Code, a.Body.String())
	}
	betrieb := beantragen(t, w, betreiber, "Molkerei Ehrenbreitstein")
	w.send(t, "POST", "/api/betrieb/freigabe", map[string]any{"betriebId": betrieb, "neuerStatus": "FREIGEGEBEN"}, sbd)
	if a := w.send(t, "POST", fmt.Sprintf("/api/betrieb/%d/stammdaten", betrieb), map[string]any{"bezeichnung": "Molkerei Ehrenbreitstein eG",
		"strasse": "Hafenstraße", "hausnummer": "1", "plz": "56068", "ort": "Koblenz"}, betreiber); a.Code != 201 {
		t.Fatalf("Stammdaten-Antrag: %d %s", a.Code, a.Body.String())
	}

	for _, r := range []struct {
		pfad, feld, anderes string
		offen               func() bool
	}{
		{fmt.Sprintf("/api/anlage/%d/aenderungsantrag/uebernahme", anlage), "kuehlart", "bezeichnung", func() bool {
			return w.send(t, "GET", fmt.Sprintf("/api/anlage/%d/aenderungsantrag", anlage), nil, sbd).json(t)["aenderungsantrag"] != nil
		}},
		{fmt.Sprintf("/api/betrieb/%d/stammdaten-antrag/uebernahme", betrieb), "bezeichnung", "strasse", func() bool {
			return w.send(t, "GET", fmt.Sprintf("/api/betrieb/%d/stammdaten-antrag", betrieb), nil, sbd).json(t)["stammdaten"] != nil
		}},
	} {
		for _, c := range []struct {
			felder []string
			want   string
		}{
			{slices.Repeat([]string{r.feld}, 500), fmt.Sprintf("Das Feld „%s“ ist mehrfach ausgewählt.", r.feld)},
			{[]string{r.feld, r.anderes, r.feld}, fmt.Sprintf("Das Feld „%s“ ist mehrfach ausgewählt.", r.feld)},
			{[]string{r.feld, "passwortHash"}, "Das Feld „passwortHash“ gehört nicht zum Antrag."},
			{[]string{}, "Es muss mindestens ein Element ausgewaehlt werden"},
		} {
			m := wantFehler(t, w.send(t, "POST", r.pfad, map[string]any{"felder": c.felder}, sbd), 400, c.want)
			if ve, _ := m["validationErrors"].(map[string]any); ve["felder"] != c.want {
				t.Errorf("%s %d fields: validationErrors %v", r.pfad, len(c.felder), m["validationErrors"])
			}
			if !r.offen() {
				t.Fatalf("%s: a refused adoption closed the application", r.pfad)
			}
		}
	}
}
