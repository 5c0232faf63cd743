package zugriff

import (
	"reflect"
	"strings"
	"testing"

	"github.com/eabwasser/eabwasser/domain/berechtigung"
)

func TestBedingung_AdministratorSeesAll(t *testing.T) {
	var args []any
	if got := (Sicht{Alle: true}).Bedingung(Betriebsspalten("b."), Platzhalter(&args)); got != "true" || len(args) != 0 {
		t.Fatalf("got %q %v", got, args)
	}
}

func TestBedingung_OrganisationAndLocalRolesOverTheRowsColumns(t *testing.T) {
	// given a caller of organisation 4 with a local role naming Regionalstelle 2 and operation 9
	s := Sicht{OrganisationID: 4, Regionalstellen: []int64{2}, Betriebe: []int64{9}}
	// when the condition is made for a plant row that carries its operation's columns
	args := []any{"schon da"}
	got := s.Bedingung(Spalten{Betrieb: "a.betrieb_id", Betreiber: "a.betreiber_id", Regionalstelle: "a.regionalstelle_id"},
		Platzhalter(&args))
	// then it reads those columns, with the placeholders after those already there
	want := "(a.betreiber_id = $2 OR a.regionalstelle_id = ANY($3) OR a.betrieb_id = ANY($4) OR a.betreiber_id = ANY($5))"
	if got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	if !reflect.DeepEqual(args, []any{"schon da", int64(4), []int64{2}, []int64{9}, []int64{}}) {
		t.Errorf("args %v", args)
	}
}

func TestLokaleRolleDeckt_SameRuleOverTheRolesColumns(t *testing.T) {
	got := LokaleRolleDeckt("r", Betriebsspalten("b."))
	want := "(r.alle_regionalstellen OR b.regionalstelle_id = ANY(r.regionalstelle_ids) OR b.id = ANY(r.betriebe) OR b.betreiber_id = ANY(r.organisationen))"
	if got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}

func TestNutzer_DarfFollowsThePermissionTable(t *testing.T) {
	sbd := Nutzer{Rollen: []string{string(berechtigung.ZustSBD)}}
	leser := Nutzer{Rollen: []string{string(berechtigung.LeserBehoerde)}}
	if !sbd.Darf(berechtigung.BetriebFreigeben) || leser.Darf(berechtigung.BetriebFreigeben) {
		t.Error("ZUST_SBD approves, LESER_BEHOERDE does not")
	}
	if !(Nutzer{Rollen: []string{"BETREIBER"}}).Organisationsseitig() || !(Nutzer{Rollen: []string{"FACHADMIN"}}).Admin() {
		t.Error("global roles")
	}
}

func TestZustaendige_WhoMayApproveAndSeesTheOperation(t *testing.T) {
	// given the permission table (ZUST_SBD and FACHADMIN approve operations)
	// when the recipients of an application are picked
	got := Zustaendige("a", berechtigung.BetriebFreigeben, Betriebsspalten("b."))
	// then FACHADMIN sees every operation, ZUST_SBD those his local roles cover
	want := "a.funktionale_rollen && ARRAY['ZUST_SBD', 'FACHADMIN']::text[] AND (a.funktionale_rollen && ARRAY['FACHADMIN']::text[] OR " +
		"(a.funktionale_rollen && ARRAY['ZUST_SBD']::text[] AND EXISTS (SELECT 1 FROM public.lokale_rolle r WHERE r.id = ANY(a.lokale_rollen) AND " +
		"(r.alle_regionalstellen OR b.regionalstelle_id = ANY(r.regionalstelle_ids) OR b.id = ANY(r.betriebe) OR b.betreiber_id = ANY(r.organisationen)))))"
	if got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}

// The change of operator (issue 42): the current operator does not see another organisation's
// drafts; a previous operator sees what it submitted on the operations it operated before.
func TestBedingung_ChangeOfOperatorDraftsStayWithTheirAuthorSubmissionsWithThePreviousOperator(t *testing.T) {
	sp := Spalten{Betrieb: "d.betrieb_id", Betreiber: "b.betreiber_id", Regionalstelle: "b.regionalstelle_id",
		Verfasser: "v(d.id)", Entwurf: "d.status = 'ANGELEGT'", Eingereicht: "d.status <> 'ANGELEGT'"}
	var args []any
	got := (Sicht{OrganisationID: 4, Frueher: []int64{9}}).Bedingung(sp, Platzhalter(&args))
	want := "((b.betreiber_id = $1 AND NOT (d.status = 'ANGELEGT' AND v(d.id) IS DISTINCT FROM $1)) OR " +
		"(d.betrieb_id = ANY($2) AND d.status <> 'ANGELEGT' AND v(d.id) = $1) OR " +
		"b.regionalstelle_id = ANY($3) OR d.betrieb_id = ANY($4) OR b.betreiber_id = ANY($5))"
	if got != want || !reflect.DeepEqual(args[:2], []any{int64(4), []int64{9}}) {
		t.Errorf("got  %s %v\nwant %s", got, args, want)
	}
	// staff (no organisation) and an organisation without previous operations: the rule adds nothing
	args = nil
	if got := (Sicht{Regionalstellen: []int64{2}}).Bedingung(sp, Platzhalter(&args)); strings.Contains(got, "ANGELEGT") {
		t.Errorf("staff: %s", got)
	}
	if got := (Sicht{OrganisationID: 4}).Bedingung(sp, Platzhalter(&args)); strings.Contains(got, "<> 'ANGELEGT'") {
		t.Errorf("no previous operations: %s", got)
	}
}
