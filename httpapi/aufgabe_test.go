package httpapi

import (
	"context"
	"fmt"
	"testing"

	"github.com/eabwasser/eabwasser/domain/berechtigung"
	"github.com/eabwasser/eabwasser/internal/werkzeug/seed"
	"github.com/eabwasser/eabwasser/projections"
	"github.com/eabwasser/eabwasser/projections/aufgaben"
	"github.com/eabwasser/eabwasser/projections/projektortest"
)

// The Aufgaben view over HTTP: a request is in the deciders' list and count right after the
// command (minPosition), in its operator's list in every state, nowhere else; readers get 403.
func TestAufgaben_RequestReachesWhoDecides_ReadYourWrites(t *testing.T) {
	w := newKontoWelt(t, "")
	store := w.dienst.Store
	projektortest.Start(t, store, lesemodelle.Aufgaben())
	w.warte = func(ctx context.Context, name string, pos int64) error {
		return projections.WaitFor(ctx, store, name, pos)
	}
	var kopf int64
	_ = store.Pool().QueryRow(context.Background(), `SELECT max(global_position) FROM events`).Scan(&kopf)
	if err := projections.WaitFor(context.Background(), store, aufgaben.Name, kopf); err != nil {
		t.Fatal(err)
	}
	betreiber := w.login(t, "betreiber", seed.DemoPasswort)
	sbd := w.login(t, "zust_sbd", seed.DemoPasswort)
	b2 := w.login(t, "betreiber2", seed.DemoPasswort)
	leser := w.login(t, "leser_behoerde", seed.DemoPasswort)

	anzahl := func(token, pos string) float64 {
		t.Helper()
		a := w.send(t, "GET", "/api/aufgabe/count?minPosition="+pos, nil, token)
		if a.Code != 200 {
			t.Fatalf("count: %d %s", a.Code, a.Body.String())
		}
		return a.json(t)["count"].(float64)
	}
	liste := func(token, pos string) []any {
		t.Helper()
		a := w.send(t, "GET", "/api/aufgabe?size=100&minPosition="+pos, nil, token)
		if a.Code != 200 {
			t.Fatalf("list: %d %s", a.Code, a.Body.String())
		}
		return a.json(t)["content"].([]any)
	}
	vorher := anzahl(sbd, "")

	a := w.send(t, "POST", "/api/betrieb?typ=INDUSTRIE", neuerBetrieb(w, t, "Sektkellerei Güls"), betreiber)
	pos := a.Header().Get("X-Event-Position")
	if n := anzahl(sbd, pos); n != vorher+1 {
		t.Fatalf("zust_sbd's count right after the request: %v, want %v", n, vorher+1)
	}
	erste := liste(sbd, pos)
	if len(erste) != int(vorher)+1 {
		t.Fatalf("zust_sbd: %v", erste)
	}
	neu := erste[len(erste)-1].(map[string]any) // the one waiting longest first
	if neu["betrieb"] != "Sektkellerei Güls" || neu["art"] != "BETRIEB_FREIGABE" || neu["status"] != "OFFEN" || neu["beantragtVon"] != "Michael Wagner" {
		t.Fatalf("task: %v", neu)
	}
	for _, x := range liste(b2, pos) {
		if x.(map[string]any)["betrieb"] == "Sektkellerei Güls" {
			t.Fatal("betreiber2 sees Klärwerk Rheinaue's request")
		}
	}
	if a := w.send(t, "GET", "/api/aufgabe", nil, leser); a.Code != 403 {
		t.Fatalf("leser_behoerde: %d", a.Code)
	}

	// decided: gone from the deciders, with its decision at the operator's
	a = w.send(t, "POST", "/api/betrieb/freigabe", map[string]any{"betriebId": neu["betriebId"], "kommentar": "", "neuerStatus": "FREIGEGEBEN"}, sbd)
	if a.Code != 200 {
		t.Fatalf("Freigabe: %d %s", a.Code, a.Body.String())
	}
	pos = a.Header().Get("X-Event-Position")
	if n := anzahl(sbd, pos); n != vorher {
		t.Fatalf("zust_sbd's count after the decision: %v", n)
	}
	// the deciding official as the Historie names him to the operator (issue 42)
	for _, x := range liste(betreiber, pos) {
		if m := x.(map[string]any); m["betrieb"] == "Sektkellerei Güls" && (m["status"] != "FREIGEGEBEN" || m["entschiedenVon"] != "Behörde") {
			t.Fatalf("betreiber's task after the decision: %v", m)
		}
	}
}

// The four-eyes rule of measuring points in the Aufgaben: a request waits in the Aufgaben of
// every other decider and never among its requester's open tasks (nor in his badge).
func TestAufgaben_AMeasuringPointRequestWaitsForTheOtherDeciders_NotForItsRequester(t *testing.T) {
	w := newKontoWelt(t, "")
	store := w.dienst.Store
	projektortest.Start(t, store, lesemodelle.Aufgaben())
	w.warte = func(ctx context.Context, name string, pos int64) error {
		return projections.WaitFor(ctx, store, name, pos)
	}
	sbd, fach := w.login(t, "zust_sbd", seed.DemoPasswort), w.login(t, "fachadmin", seed.DemoPasswort)
	klaeranlage := idVon(t, w, "anlage", "Betriebskläranlage Papierfabrik")
	a := w.send(t, "POST", fmt.Sprintf("/api/anlage/%d/messstelle", klaeranlage), neueMessstelle("111000-02-09", "NR_9", "Probenahme Nord"), sbd)
	if a.Code != 201 {
		t.Fatalf("create: %d %s", a.Code, a.Body.String())
	}
	id, pos := a.json(t)["id"].(float64), a.Header().Get("X-Event-Position")
	offen := func(token string) (eigene, demo bool, anzahl float64) {
		r := w.send(t, "GET", "/api/aufgabe?size=100&minPosition="+pos, nil, token)
		if r.Code != 200 {
			t.Fatalf("Aufgaben: %d %s", r.Code, r.Body.String())
		}
		// the demo's submitted Bescheidsantrag and annual report: the Fachadmin's, not zust_sbd's
		andere := 0.0
		for _, x := range r.json(t)["content"].([]any) {
			if z := x.(map[string]any); z["art"] == "MESSSTELLE_FREIGABE" {
				eigene = eigene || z["objektId"].(float64) == id
				demo = demo || z["objekt"] == "Zulauf Betriebskläranlage" // requested by systemadmin
			} else if (z["art"] == "BESCHEIDSANTRAG" || z["art"] == "JAHRESBERICHT") && z["status"] == "OFFEN" {
				andere++
			}
		}
		return eigene, demo, w.send(t, "GET", "/api/aufgabe/count?minPosition="+pos, nil, token).json(t)["count"].(float64) - andere
	}
	e, d, nSbd := offen(sbd)
	if e || !d {
		t.Fatalf("zust_sbd: own request listed %v, the demo's %v", e, d)
	}
	e, d, nFach := offen(fach)
	if !e || !d || nFach != nSbd+1 {
		t.Fatalf("fachadmin: the request %v, the demo's %v, count %v against zust_sbd's %v", e, d, nFach, nSbd)
	}
}

// The aufgabe area's rows of the list walk (TestListen_EveryListAndExportShowsOnlyRowsOfObjectsTheCallerSees).
var _ = listenDes("aufgabe", map[string]listenRoute{
	"GET /api/aufgabe":       {art: artListe, zeilen: true},
	"GET /api/aufgabe/count": {art: artListe},
})

// The aufgabe area's rows of the permission matrix (TestBerechtigung_EveryRouteTimesEveryRoleAndOrganisation).
var _ = regelnDes("aufgabe", func() map[string]regel {
	return map[string]regel{
		"GET /api/aufgabe":       mitAktion(berechtigung.AufgabenLesen),
		"GET /api/aufgabe/count": mitAktion(berechtigung.AufgabenLesen),
	}
})
