package berechtigung

import (
	"slices"
	"testing"
)

func TestTabelle_SpecRows(t *testing.T) {
	tests := []struct {
		aktion Aktion
		darf   []Rolle
	}{
		// spec 000 §6
		{AnlageAnlegen, []Rolle{ZustSBD, Fachadmin, Systemadmin}},
		{BescheidAnlegen, []Rolle{ZustSBB, Fachadmin, Systemadmin}},
		{JahresberichtAnlegen, []Rolle{Betreiber, ZustSBS, Fachadmin, Systemadmin}},
		{BearbeitungsmodusNutzen, []Rolle{ZustSBD, ZustSBB, ZustSBS, Fachadmin, Systemadmin, Betreiber, Beauftragter}},
		{EntlastungsanlageBenennen, []Rolle{ZustSBD, Fachadmin, Systemadmin, Betreiber}},
		{DateiHochladen, []Rolle{Systemadmin, Fachadmin, Betreiber, Beauftragter, ZustSBD, ZustSBB, ZustSBS, ZustSBA}},
		{AntragsdateiHochladen, []Rolle{Systemadmin, Fachadmin, Betreiber, Beauftragter}},
		// spec 000 §6: three admin-like roles review and save as admin; two of them approve
		{BetriebAlsAdminBearbeiten, []Rolle{ZustSBD, Fachadmin, Systemadmin}},
		{AenderungsantragPruefen, []Rolle{ZustSBD, Fachadmin, Systemadmin}},
		{BetriebFreigeben, []Rolle{ZustSBD, Fachadmin}},
		// spec 000 §6 creates measuring points by three roles; issue 29 lets them save, and the
		// two who approve an operation approve a measuring point (docs/decisions.md)
		{MessstelleAnlegen, []Rolle{ZustSBD, Fachadmin, Systemadmin}},
		{MessstelleBearbeiten, []Rolle{ZustSBD, Fachadmin, Systemadmin}},
		{MessstelleFreigeben, []Rolle{ZustSBD, Fachadmin}},
		// issue 31: who keeps, checks and deletes annual reports (docs/decisions.md)
		{JahresberichtBearbeiten, []Rolle{Betreiber, Beauftragter, ZustSBS, Fachadmin, Systemadmin}},
		{JahresberichtPlausibilisieren, []Rolle{ZustSBS, Fachadmin, Systemadmin}},
		{JahresberichtLoeschen, []Rolle{Fachadmin, Systemadmin}},
		{MesswerteImportieren, []Rolle{Betreiber, Beauftragter, ZustSBS, Fachadmin, Systemadmin}},
		// spec 002 §6: business creation from the start page, three roles (settled in issue 14)
		{BetriebBeantragen, []Rolle{Betreiber, Beauftragter, ZustSBD}},
		// spec 002 §6: administration for the admin role alone; query export for admin plus six
		{SystemverwaltungOeffnen, []Rolle{Fachadmin, Systemadmin}},
		// changes in the Systemverwaltung: the Systemadmin (docs/decisions.md, issue 4), but the
		// parameters' significant digits are "maintained by the Fachadmin" (issue 43, item 3)
		{SystemverwaltungBearbeiten, []Rolle{Systemadmin}},
		{ParameterStellenPflegen, []Rolle{Fachadmin, Systemadmin}},
		{AuswertungExportieren, []Rolle{Fachadmin, Systemadmin, ZustSBD, ZustSBB, ZustSBS, ZustSBA, LeserBehoerde, Betreiber}},
	}
	for _, tt := range tests {
		for _, r := range Alle {
			want := slices.Contains(tt.darf, r)
			if got := Darf([]string{string(r)}, tt.aktion); got != want {
				t.Errorf("%s × %s = %v, want %v", tt.aktion, r, got, want)
			}
		}
	}
}

func TestReaderRolesNeverWrite(t *testing.T) {
	lesend := map[Aktion]bool{AuswertungExportieren: true, BetriebVerlaufLesen: true, AufgabenLesen: true}
	for _, r := range []Rolle{LeserOrganisation, LeserBehoerde} {
		for _, a := range Aktionen([]string{string(r)}) {
			if !lesend[a] {
				t.Errorf("reader role %s may %s", r, a)
			}
		}
	}
}

func TestGlobaleRolle(t *testing.T) {
	if GlobaleRolle(Beauftragter) != GlobalOrganisation || GlobaleRolle(ZustSBA) != GlobalBehoerde ||
		GlobaleRolle(Fachadmin) != GlobalAdmin || GlobaleRolle("X") != "" {
		t.Fatal("wrong global role")
	}
}

// Whoever decides an application reads the Aufgaben view, and so do the operator side's roles
// (their own applications); nobody else.
func TestAufgabenLesen_DecidersAndOrganisationRoles(t *testing.T) {
	for _, r := range Alle {
		want := GlobaleRolle(r) == GlobalOrganisation
		for _, a := range Entscheidungen {
			want = want || Darf([]string{string(r)}, a)
		}
		if got := Darf([]string{string(r)}, AufgabenLesen); got != want {
			t.Errorf("AUFGABEN_LESEN × %s = %v, want %v", r, got, want)
		}
	}
}
