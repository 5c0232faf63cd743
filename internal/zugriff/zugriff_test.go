package zugriff

import (
	"reflect"
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
