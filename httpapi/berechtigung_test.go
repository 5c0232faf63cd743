package httpapi

import (
	"fmt"
	"net/http"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/go-chi/chi/v5"

	"github.com/eabwasser/eabwasser/domain/berechtigung"
	"github.com/eabwasser/eabwasser/internal/werkzeug/seed"
)

// regel is what a route demands.
type regel struct {
	oeffentlich bool                 // no login needed
	aktion      berechtigung.Aktion  // "": any logged-in user
	betrieb     bool                 // on one operation: users of another organisation get 404
	fehlt       bool                 // an area that has not arrived (plants, …): 404 for everybody
	nur         []berechtigung.Rolle // the roles settled in docs/decisions.md; nil: the table's
}

// darf tells whether roles pass the rule's action: the roles the rule names where a decision
// settled them (so a change of the table alone fails here), else the permission table.
func (rg regel) darf(rollen []string) bool {
	if rg.nur == nil {
		return berechtigung.Darf(rollen, rg.aktion)
	}
	for _, r := range rg.nur {
		if slices.Contains(rollen, string(r)) {
			return true
		}
	}
	return false
}

var (
	offen      = regel{oeffentlich: true}
	angemeldet = regel{}
	mitAktion  = func(a berechtigung.Aktion) regel { return regel{aktion: a} }
	amBetrieb  = func(a berechtigung.Aktion) regel { return regel{aktion: a, betrieb: true} }
)

// bereichsRegeln are the areas' rows of the matrix, each registered by its area's test file
// (regelnDes), so a new area adds its rows in its own files.
var bereichsRegeln = map[string]func() map[string]regel{}

// regelnDes registers the rows of an area (the result only serves a package-level var _).
func regelnDes(bereich string, r func() map[string]regel) bool {
	if bereichsRegeln[bereich] != nil {
		panic("the permission matrix's rows of " + bereich + " twice")
	}
	bereichsRegeln[bereich] = r
	return true
}

// regeln is the expected access of every route, from the permission table
// (domain/berechtigung) and docs/decisions.md. A route without a rule fails the test.
func regeln() map[string]regel {
	r := map[string]regel{}
	for bereich, zeilen := range bereichsRegeln {
		for route, rg := range zeilen() {
			if _, ok := r[route]; ok {
				panic("the permission matrix names " + route + " twice (" + bereich + ")")
			}
			r[route] = rg
		}
	}
	return r
}

// TestBerechtigung_EveryRouteTimesEveryRoleAndOrganisation calls every route of the router as
// every demo account and anonymously, on an operation of betreiber's organisation, and checks
// the answer against the rule: 401 without login, 403 without the action, 404 for users of
// another organisation on an operation, and neither for the others.
func TestBerechtigung_EveryRouteTimesEveryRoleAndOrganisation(t *testing.T) {
	w := newKontoWelt(t, "")
	var betriebID, anlageID int64
	if err := w.dienst.Store.Pool().QueryRow(t.Context(), `SELECT id FROM betrieb WHERE bezeichnung = 'Brauerei am Deutschen Eck'`).Scan(&betriebID); err != nil {
		t.Fatal(err)
	}
	// a treatment plant of an approved operation of the same organisation
	if err := w.dienst.Store.Pool().QueryRow(t.Context(), `SELECT id FROM anlage WHERE bezeichnung = 'Betriebskläranlage Papierfabrik'`).Scan(&anlageID); err != nil {
		t.Fatal(err)
	}
	// a measuring point of that plant, still requested (the decision's rule applies to it)
	var messstelleID int64
	if err := w.dienst.Store.Pool().QueryRow(t.Context(), `SELECT id FROM messstelle WHERE bezeichnung = 'Zulauf Betriebskläranlage'`).Scan(&messstelleID); err != nil {
		t.Fatal(err)
	}
	alle := regeln()
	anlagentyp := "{typ:abwasserbehandlung|entlastung|kanalnetz|kuehlwasser}"
	type route struct{ method, pattern string }
	var routen []route
	mux := newAPI(alleBereiche()).routes(nil)
	_ = chi.Walk(mux, func(method, pattern string, _ http.Handler, _ ...func(http.Handler) http.Handler) error {
		if !strings.HasPrefix(pattern, "/api/") || method == http.MethodHead {
			return nil
		}
		pattern = strings.TrimSuffix(pattern, "/")
		if _, ok := alle[method+" "+pattern]; !ok {
			t.Errorf("route without a rule in the permission matrix: %s %s", method, pattern)
		}
		routen = append(routen, route{method, pattern})
		return nil
	})
	if t.Failed() {
		return
	}
	// logging out ends the caller's session: it comes last, so every other route still sees a
	// valid token
	sort.SliceStable(routen, func(i, j int) bool {
		return routen[i].pattern != "/api/logout" && routen[j].pattern == "/api/logout"
	})

	konten := []struct {
		name   string
		fremd  bool // another organisation than the operation's operator
		rollen []string
	}{{"", false, nil}}
	for _, k := range []string{"systemadmin", "fachadmin", "zust_sbd", "zust_sbb", "zust_sbs", "zust_sba", "leser_behoerde",
		"betreiber", "beauftragter", "leser_organisation", "betreiber2"} {
		konten = append(konten, struct {
			name   string
			fremd  bool
			rollen []string
		}{k, k == "betreiber2", []string{strings.ToUpper(k)}})
	}
	konten[len(konten)-1].rollen = []string{"BETREIBER"}
	tokens := map[string]string{}
	for _, k := range konten[1:] {
		tokens[k.name] = w.login(t, k.name, seed.DemoPasswort)
	}

	geprueft := 0
	for _, rt := range routen {
		rg := alle[rt.method+" "+rt.pattern]
		pfad := rt.pattern
		if strings.HasPrefix(pfad, "/api/betrieb/{id}") || strings.HasPrefix(pfad, "/api/person/lokaleRolle/{id}") {
			pfad = strings.Replace(pfad, "{id}", fmt.Sprint(betriebID), 1)
		}
		pfad = strings.NewReplacer("{anlagenart}", "MISCHWASSER", "{betriebId}", fmt.Sprint(betriebID)).Replace(pfad)
		if strings.HasPrefix(pfad, "/api/anlage/entlastung/uebersicht/") {
			pfad = strings.Replace(pfad, "{id}", fmt.Sprint(betriebID), 1)
		}
		if strings.HasPrefix(pfad, "/api/messstelle/uebersicht/") {
			pfad = strings.Replace(pfad, "{id}", fmt.Sprint(anlageID), 1)
		}
		if strings.HasPrefix(pfad, "/api/messstelle/{id}") {
			pfad = strings.Replace(pfad, "{id}", fmt.Sprint(messstelleID), 1)
		}
		if strings.HasPrefix(pfad, "/api/anlage/") {
			pfad = strings.NewReplacer("{id}", fmt.Sprint(anlageID), anlagentyp, "abwasserbehandlung").Replace(pfad)
		}
		pfad = strings.NewReplacer("{id}", "999999", "{typ}", "INDUSTRIE", "{version}", "1", "{mid}", "999999", "{pid}", "999999", "{n}", "WR-2350-001", "{bescheidId}", "WR-1110-017").Replace(pfad)
		for _, k := range konten {
			var body any
			if rt.method != http.MethodGet && rt.method != http.MethodDelete {
				body = map[string]any{}
			}
			a := w.send(t, rt.method, pfad, body, tokens[k.name])
			wer := k.name
			if wer == "" {
				wer = "anonym"
			}
			fail := func(want string) {
				t.Errorf("%s %s as %s: %d, want %s; %s", rt.method, pfad, wer, a.Code, want, strings.TrimSpace(a.Body.String()))
			}
			geprueft++
			switch {
			case a.Code >= 500 && rt.pattern != "/api/health": // health answers 503 here: the test runs no NATS
				fail("no 5xx")
			case rg.oeffentlich:
			case k.name == "":
				if a.Code != http.StatusUnauthorized {
					fail("401")
				}
			case rg.fehlt:
				if a.Code != http.StatusNotFound && a.Code != http.StatusForbidden {
					fail("404 (area not there yet)")
				}
			case rg.aktion != "" && !rg.darf(k.rollen):
				if a.Code != http.StatusForbidden && !(rg.betrieb && k.fremd && a.Code == http.StatusNotFound) {
					fail("403")
				}
			case rg.betrieb && k.fremd:
				if a.Code != http.StatusNotFound {
					fail("404 (another organisation's operation)")
				}
			default:
				if a.Code == http.StatusUnauthorized || a.Code == http.StatusForbidden {
					fail("allowed")
				}
			}
		}
	}
	if geprueft < 1000 {
		t.Fatalf("only %d calls checked", geprueft)
	}
}
