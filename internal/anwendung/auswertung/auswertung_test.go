package auswertung

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/eabwasser/eabwasser/domain/berechtigung"
	betriebe "github.com/eabwasser/eabwasser/internal/dokumente/betrieb"
	"github.com/eabwasser/eabwasser/internal/zugriff"
)

// Tables that hold operations, what hangs on them, accounts or the audit trail: a query that
// reads them whole is for administrators only; everybody else reads operations through the Sicht.
var geschuetzt = regexp.MustCompile(`\b(betrieb|arbeitsliste\.\w+|wiedervorlage|datei|anwender|audit\.\w+|nachrichten\.\w+|lokale_rolle|mail_ausgang|events)\b`)

func TestAbfragen_WholeTablesOnlyForAdministrators(t *testing.T) {
	for _, a := range Abfragen {
		nurAdmins := !slices.ContainsFunc(a.Rollen(), func(r berechtigung.Rolle) bool {
			return berechtigung.GlobaleRolle(r) != berechtigung.GlobalAdmin
		})
		if a.Umfang == Gesamt && !nurAdmins && geschuetzt.MatchString(a.SQL) {
			t.Errorf("query %d reads %q whole for %v", a.ID, geschuetzt.FindString(a.SQL), a.Rollen())
		}
		if a.Umfang == SichtbareBetriebe && (strings.Contains(a.SQL, "arbeitsliste.") || !strings.Contains(a.SQL, "sichtbare_betriebe")) {
			t.Errorf("query %d must read operations through sichtbare_betriebe", a.ID)
		}
		if len(a.Rollen()) == 0 || a.Aktion == "" {
			t.Errorf("query %d declares no roles", a.ID)
		}
	}
}

func TestAbfragen_PersonalDataAndAuditForAdministratorsOnly(t *testing.T) {
	for _, id := range []int64{1, 2, 3, 5, 6} {
		a, _ := Nach(id)
		if got := a.Rollen(); !slices.Equal(got, []berechtigung.Rolle{berechtigung.Fachadmin, berechtigung.Systemadmin}) {
			t.Errorf("query %d (%s): %v", id, a.AbfrageBez, got)
		}
	}
	if _, err := Fuer(1, []string{"BETREIBER"}); err == nil {
		t.Error("BETREIBER may run query 1")
	}
	if _, err := Fuer(99, []string{"SYSTEMADMIN"}); err == nil {
		t.Error("unknown query found")
	}
}

func TestAbfragen_IdsUniqueAndSichtAsParameters(t *testing.T) {
	ids := map[int64]bool{}
	for _, a := range Abfragen {
		if ids[a.ID] {
			t.Errorf("id %d twice", a.ID)
		}
		ids[a.ID] = true
		text, args := a.sql(zugriff.Nutzer{}, betriebe.Sicht{OrganisationID: 7, Regionalstellen: []int64{3}})
		if a.Umfang == SichtbareBetriebe && (len(args) != 4 || !strings.Contains(text, "l.betreiber_id = $1")) {
			t.Errorf("query %d: Sicht not applied: %s %v", a.ID, text, args)
		}
		if a.Umfang == Gesamt && args != nil {
			t.Errorf("query %d: arguments %v", a.ID, args)
		}
	}
}

// The Bescheide's queries (issue 30) are for the authority's staff and read only what the
// caller sees: the Bescheid tables through the runner's sichtbare_bescheide and
// sichtbare_anforderungen, which join sichtbare_betriebe.
func TestAbfragen_BescheideForTheStaffOverWhatTheySee(t *testing.T) {
	for _, id := range []int64{12, 13} {
		a, ok := Nach(id)
		if !ok {
			t.Fatalf("query %d missing", id)
		}
		want := []berechtigung.Rolle{berechtigung.ZustSBD, berechtigung.ZustSBB, berechtigung.ZustSBS, berechtigung.ZustSBA,
			berechtigung.LeserBehoerde, berechtigung.Fachadmin, berechtigung.Systemadmin}
		got := a.Rollen()
		slices.Sort(got)
		slices.Sort(want)
		if !slices.Equal(got, want) || a.Umfang != SichtbareBetriebe {
			t.Errorf("query %d: roles %v, Umfang %d", id, got, a.Umfang)
		}
		text, _ := a.sql(zugriff.Nutzer{}, betriebe.Sicht{OrganisationID: 7})
		if !strings.Contains(text, "JOIN sichtbare_betriebe s ON s.id = x.betrieb_id") || !strings.Contains(a.SQL, "sichtbare_") {
			t.Errorf("query %d does not read through the Sicht: %s", id, text)
		}
	}
}
