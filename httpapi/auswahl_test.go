package httpapi

// Tests of issue 27, item 9: the account pickers offer only confirmed, active accounts, and the
// check of saved account ids (internal/anwendung/auswahl: the pickers' query with the ids added) answers
// with the same rule.

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/eabwasser/eabwasser/internal/anwendung/auswahl"
	"github.com/eabwasser/eabwasser/internal/werkzeug/seed"
)

func TestAuswahl_PickersOfferOnlyConfirmedActiveAccounts(t *testing.T) {
	w := newKontoWelt(t, "")
	admin, betreiber := w.login(t, "systemadmin", seed.DemoPasswort), w.login(t, "betreiber", seed.DemoPasswort)
	rheinaue := orgID(t, w, "Klärwerk Rheinaue GmbH")
	registriere := func(vorname, name, email string) {
		t.Helper()
		reg := map[string]any{"organisation": rheinaue, "funktionaleRolle": []string{"BETREIBER"}, "anrede": "Frau",
			"name": name, "vorname": vorname, "email": email, "telefon": "0261-4711", "dsgvo": true}
		if a := w.send(t, "POST", "/api/registrierung", reg, ""); a.Code != 201 {
			t.Fatalf("register: %d %s", a.Code, a.Body.String())
		}
	}
	// a registration never confirmed, one confirmed but not activated, an account deactivated
	registriere("Jürgen", "Groß", "juergen.gross@example.org")
	registriere("Erika", "Neumann", "erika.neumann@example.org")
	_, link := w.mail(t, "erika.neumann@example.org", "/eAbwasser/doubleoptin?t=")
	if a := w.bestaetige(t, queryParam(t, link, "t")); strings.TrimSpace(a.Body.String()) != "true" {
		t.Fatalf("confirm: %d %s", a.Code, a.Body.String())
	}
	for _, name := range []string{"leser_organisation", "zust_sbs"} {
		if a := w.send(t, "PUT", fmt.Sprintf("/api/anwender/%d/status", kontoID(t, w, name)), map[string]string{"status": "INAKTIV"}, admin); a.Code != 200 {
			t.Fatalf("deactivate %s: %d %s", name, a.Code, a.Body.String())
		}
	}

	papier := idVon(t, w, "betrieb", "Papierfabrik Rheinaue – Werk Koblenz")
	personen := w.send(t, "GET", fmt.Sprintf("/api/person/lokaleRolle/%d", papier), nil, betreiber)
	if personen.Code != 200 {
		t.Fatalf("persons: %d %s", personen.Code, personen.Body.String())
	}
	for _, nicht := range []string{"Groß", "juergen.gross", "Neumann", "erika.neumann", "Andreas Braun", "leser_organisation@"} {
		if strings.Contains(personen.Body.String(), nicht) {
			t.Errorf("the person picker offers %q: %s", nicht, personen.Body.String())
		}
	}
	var angeboten []struct{ ID int64 }
	personen.decode(t, &angeboten)
	var ids []int64
	for _, p := range angeboten {
		ids = append(ids, p.ID)
	}
	if !slices.Contains(ids, kontoID(t, w, "betreiber")) || !slices.Contains(ids, kontoID(t, w, "beauftragter")) {
		t.Fatalf("active accounts of the operator missing: %s", personen.Body.String())
	}

	bearbeiter := w.send(t, "GET", "/api/bearbeiter", nil, betreiber)
	if bearbeiter.Code != 200 || strings.Contains(bearbeiter.Body.String(), "Hoffmann") || !strings.Contains(bearbeiter.Body.String(), "Claudia Schneider") {
		t.Fatalf("Bearbeiter picker: %d %s", bearbeiter.Code, bearbeiter.Body.String())
	}

	// the check of saved ids answers with the pickers' rule
	pool := w.dienst.Store.Pool()
	var ausstehend []int64
	if err := pool.QueryRow(t.Context(), `SELECT array_agg(id ORDER BY id) FROM anwender WHERE email LIKE '%@example.org'`).Scan(&ausstehend); err != nil || len(ausstehend) != 2 {
		t.Fatalf("registrations: %v %v", ausstehend, err)
	}
	gefragt := append(slices.Clone(ids), append(ausstehend, kontoID(t, w, "leser_organisation"), kontoID(t, w, "betreiber2"), kontoID(t, w, "zust_sbd"), 999999)...)
	waehlbar, err := auswahl.Personen(t.Context(), pool, orgID(t, w, "Klärwerk Rheinaue GmbH"), papier, gefragt)
	gewaehlt := make([]int64, len(waehlbar))
	for i, p := range waehlbar {
		gewaehlt[i] = p.ID
	}
	if err != nil || !gleicheMenge(gewaehlt, ids) {
		t.Fatalf("auswahl.Personen(%v) = %v, %v; the picker offers %v", gefragt, gewaehlt, err, ids)
	}
	sbd, sbs := kontoID(t, w, "zust_sbd"), kontoID(t, w, "zust_sbs")
	bs, err := auswahl.Bearbeiter(t.Context(), pool, []int64{sbd, sbs, kontoID(t, w, "betreiber"), ausstehend[0]})
	if err != nil || len(bs) != 1 || bs[0].ID != sbd {
		t.Fatalf("auswahl.Bearbeiter = %v, %v", bs, err)
	}
}

func gleicheMenge(a, b []int64) bool {
	a, b = slices.Clone(a), slices.Clone(b)
	slices.Sort(a)
	slices.Sort(b)
	return slices.Equal(a, b)
}

// Issue 42, item 5: the Anrede (and the Titel) of a registration, a profile and an account the
// administration saves is an entry of its value list, not free text; nothing is created or
// sent for a refused one.
func TestAuswahl_AnredeUndTitelSindEintraegeIhrerListe(t *testing.T) {
	w := newKontoWelt(t, "")
	reg := w.registrierung(t, "frei.text@example.org")
	reg["anrede"], reg["titel"] = "Seine Exzellenz", "Graf"
	a := w.send(t, "POST", "/api/registrierung", reg, "")
	if a.Code != 400 || !strings.Contains(a.Body.String(), `"anrede":"`+auswahl.MsgListenwert+`"`) ||
		!strings.Contains(a.Body.String(), `"titel":"`+auswahl.MsgListenwert+`"`) {
		t.Fatalf("free text: %d %s", a.Code, a.Body.String())
	}
	if n := kontenMitEmail(t, w, "frei.text@example.org"); n != 0 {
		t.Fatalf("%d accounts created", n)
	}
	reg["anrede"], reg["titel"] = "Divers", ""
	if a := w.send(t, "POST", "/api/registrierung", reg, ""); a.Code != 201 {
		t.Fatalf("an entry of the list: %d %s", a.Code, a.Body.String())
	}

	// the profile: free text refused (PruefeListenwerte keeps a value the account holds)
	betreiber := w.login(t, "betreiber", seed.DemoPasswort)
	profil := w.send(t, "GET", "/api/profil", nil, betreiber).json(t)
	person := profil["person"].(map[string]any)
	person["anrede"] = "Exzellenz"
	if a := w.send(t, "PUT", "/api/profil", profil, betreiber); a.Code != 400 || !strings.Contains(a.Body.String(), auswahl.MsgListenwert) {
		t.Fatalf("profile with free text: %d %s", a.Code, a.Body.String())
	}
}
