package httpapi

import (
	"fmt"
	"testing"

	"github.com/eabwasser/eabwasser/internal/werkzeug/seed"
)

// TestBetriebkatalog_FindsOperationsByNumberNameAndOperatorForTheRolePicker: the local roles
// pick operations from the catalogue (spec 002's betriebkatalog) instead of typed ids.
func TestBetriebkatalog_FindsOperationsByNumberNameAndOperatorForTheRolePicker(t *testing.T) {
	w := newKontoWelt(t, "")
	w.arbeitsliste(t)
	admin := w.login(t, "systemadmin", seed.DemoPasswort)

	var treffer []map[string]any
	w.send(t, "GET", "/api/betriebkatalog?q=eck+brauerei", nil, admin).decode(t, &treffer)
	if len(treffer) != 1 || treffer[0]["bezeichnung"] != "Brauerei am Deutschen Eck" || treffer[0]["betreiber"] != "Klärwerk Rheinaue GmbH" ||
		treffer[0]["betriebsId"] == "" {
		t.Fatalf("search: %v", treffer)
	}
	id := int64(treffer[0]["id"].(float64))
	// by its number, and by the operator's name
	var nummer, betreiber []map[string]any
	w.send(t, "GET", "/api/betriebkatalog?q="+treffer[0]["betriebsId"].(string), nil, admin).decode(t, &nummer)
	w.send(t, "GET", "/api/betriebkatalog?q=musterhausen", nil, admin).decode(t, &betreiber)
	if len(nummer) != 1 || nummer[0]["bezeichnung"] != "Brauerei am Deutschen Eck" || len(betreiber) == 0 {
		t.Fatalf("number: %v, operator: %v", nummer, betreiber)
	}
	// a role's choice is labelled by ids; an id nobody has is simply not there
	var gewaehlt []map[string]any
	w.send(t, "GET", fmt.Sprintf("/api/betriebkatalog?ids=%d,999999", id), nil, admin).decode(t, &gewaehlt)
	if len(gewaehlt) != 1 || gewaehlt[0]["bezeichnung"] != "Brauerei am Deutschen Eck" {
		t.Fatalf("ids: %v", gewaehlt)
	}
	wantFehler(t, w.send(t, "GET", "/api/betriebkatalog?ids=12a", nil, admin), 400,
		"Die Betriebe müssen als Nummern durch Komma getrennt angegeben werden (höchstens 1000).")
	wantFehler(t, w.send(t, "GET", "/api/betriebkatalog?q=eck", nil, w.login(t, "zust_sbd", seed.DemoPasswort)), 403,
		"Sie sind nicht berechtigt, diese Aktion auszuführen.")
}
