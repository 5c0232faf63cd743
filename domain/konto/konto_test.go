package konto

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/eabwasser/eabwasser/domain/ereignis"
	"github.com/eabwasser/eabwasser/domain/ereignis/ereignistest"
	"github.com/eabwasser/eabwasser/domain/validierung"
)

var given = ereignistest.Gegeben(Evolve)

var (
	jetzt  = time.Date(2026, 11, 21, 10, 0, 0, 0, time.UTC)
	person = Person{Anrede: "Frau", Name: "Muster", Vorname: "Erika", Email: "erika@example.org", Telefon: "0261-12345", OrganisationID: 3}
	token  = Token{Hash: "abc", Ablauf: jetzt.Add(48 * time.Hour)}
)

func feldfehler(t *testing.T, err error) map[string]string {
	t.Helper()
	var f *validierung.Fehler
	if !errors.As(err, &f) {
		t.Fatalf("err = %v, want validation error", err)
	}
	return f.Felder
}

func registriert() AnwenderRegistriert {
	ev, _ := Decide(Anwender{}, Registriere{Person: person, FunktionaleRollen: []string{"BETREIBER"}, Dsgvo: true, Bestaetigung: token, Jetzt: jetzt})
	return ev[0].(AnwenderRegistriert)
}

func TestRegistrierung_CreatesDoubleOptInAccountValidFor12Months(t *testing.T) {
	r := registriert()
	a := given(r)
	if a.Status != DoubleOptIn || a.Benutzername != "erika@example.org" || !a.GueltigBis.Equal(jetzt.AddDate(1, 0, 0)) {
		t.Fatalf("state = %+v", a)
	}
	if msg := a.Anmeldbar(jetzt); msg == "" {
		t.Fatal("unconfirmed account may log in")
	}
}

func TestRegistrierung_Rules(t *testing.T) {
	_, err := Decide(Anwender{}, Registriere{Person: Person{Email: "kaputt", Telefon: "12a"}, Jetzt: jetzt})
	f := feldfehler(t, err)
	want := map[string]string{
		"organisation": validierung.Pflichtfeld, "funktionaleRolle": MsgFunktion, "anrede": validierung.Pflichtfeld, "name": validierung.Pflichtfeld,
		"vorname": validierung.Pflichtfeld, "email": MsgEmail, "telefon": MsgTelefon, "dsgvo": MsgDsgvo,
	}
	for k, v := range want {
		if f[k] != v {
			t.Errorf("%s: %q, want %q", k, f[k], v)
		}
	}
	_, err = Decide(Anwender{}, Registriere{Person: person, FunktionaleRollen: []string{"SYSTEMADMIN"}, Dsgvo: true, Jetzt: jetzt})
	if feldfehler(t, err)["funktionaleRolle"] == "" {
		t.Fatal("registration with an admin role accepted")
	}
}

func TestBestaetigung_TokenWorksOnceAndExpires(t *testing.T) {
	a := given(registriert())
	if _, err := Decide(a, BestaetigeEmail{TokenHash: "falsch", Jetzt: jetzt}); err == nil || err.Error() != MsgUngueltigerLink {
		t.Fatalf("wrong token: %v", err)
	}
	if _, err := Decide(a, BestaetigeEmail{TokenHash: "abc", Jetzt: jetzt.Add(49 * time.Hour)}); err == nil {
		t.Fatal("expired token accepted")
	}
	ev, err := Decide(a, BestaetigeEmail{TokenHash: "abc", Jetzt: jetzt})
	if err != nil || ev[0].(EmailBestaetigt).Status != Bestaetigt {
		t.Fatalf("%v %v", ev, err)
	}
	a = Evolve(a, ev[0])
	if _, err := Decide(a, BestaetigeEmail{TokenHash: "abc", Jetzt: jetzt}); err == nil {
		t.Fatal("token used twice")
	}
	if a.Anmeldbar(jetzt) == "" {
		t.Fatal("confirmed but not activated account may log in")
	}
	ev, _ = Decide(a, Aktiviere{Jetzt: jetzt.Add(24 * time.Hour)})
	a = Evolve(a, ev[0])
	if a.Status != Aktiv || a.Anmeldbar(jetzt.Add(25*time.Hour)) != "" {
		t.Fatalf("activated: %+v %q", a, a.Anmeldbar(jetzt))
	}
	if !a.GueltigBis.Equal(jetzt.Add(24*time.Hour).AddDate(1, 0, 0)) {
		t.Fatalf("validity restarts at activation: %v", a.GueltigBis)
	}
	if a.Anmeldbar(a.GueltigBis) == "" {
		t.Fatal("expired account may log in")
	}
}

func TestZuruecksetzen_TokenWorksOnce(t *testing.T) {
	a := given(AnwenderAngelegt{Benutzername: "betreiber", PasswortHash: "alt", Person: person, FunktionaleRollen: []string{"BETREIBER"}})
	ev, _ := Decide(a, FordereZuruecksetzenAn{Token: token})
	a = Evolve(a, ev[0])
	if _, err := Decide(a, SetzePasswortZurueck{TokenHash: "abc", Passwort: "kurz", PasswortHash: "neu", Jetzt: jetzt}); err == nil {
		t.Fatal("weak password accepted")
	}
	ev, err := Decide(a, SetzePasswortZurueck{TokenHash: "abc", Passwort: "Neues-Passwort-2", PasswortHash: "neu", Jetzt: jetzt})
	if err != nil {
		t.Fatal(err)
	}
	a = Evolve(a, ev[0])
	if a.PasswortHash != "neu" {
		t.Fatal("password not set")
	}
	if _, err := Decide(a, SetzePasswortZurueck{TokenHash: "abc", Passwort: "Neues-Passwort-3", PasswortHash: "x", Jetzt: jetzt}); err == nil || err.Error() != MsgUngueltigerLink {
		t.Fatalf("second use: %v", err)
	}
}

func TestProfil_ChangedEmailNeedsConfirmationAndEndsSession(t *testing.T) {
	a := given(AnwenderAngelegt{Benutzername: "betreiber", PasswortHash: "alt", Person: person, FunktionaleRollen: []string{"BETREIBER"}})
	neu := person
	neu.Email = "neu@example.org"
	ev, err := Decide(a, AendereProfil{Benutzername: "betreiber", Person: neu, Bestaetigung: token, AktuellesPasswort: PasswortBestaetigt})
	if err != nil || len(ev) != 1 {
		t.Fatalf("%v %v", ev, err)
	}
	if !AbmeldungNoetig(ev, a) {
		t.Fatal("changed e-mail must end the session")
	}
	b := Evolve(a, ev[0])
	if b.Status != DoubleOptInChangedEmail || b.Person.Email != person.Email || b.Anmeldbar(jetzt) == "" {
		t.Fatalf("after change: %+v", b)
	}
	ev, _ = Decide(b, BestaetigeEmail{TokenHash: "abc", Jetzt: jetzt})
	b = Evolve(b, ev[0])
	if b.Status != Aktiv || b.Person.Email != "neu@example.org" {
		t.Fatalf("after confirmation: %+v", b)
	}
	// Only the phone number: no logout.
	tel := person
	tel.Telefon = "0261-999"
	ev, _ = Decide(a, AendereProfil{Benutzername: "betreiber", Person: tel})
	if len(ev) != 1 || AbmeldungNoetig(ev, a) {
		t.Fatalf("phone change: %v", ev)
	}
}

func TestDeaktiviere_NotOnesOwnAccount(t *testing.T) {
	a := given(registriert())
	if _, err := Decide(a, Deaktiviere{Selbst: true}); err == nil || err.Error() != MsgSelbstDeaktivieren {
		t.Fatalf("own account deactivated: %v", err)
	}
	if ev, err := Decide(a, Deaktiviere{}); err != nil || len(ev) != 1 {
		t.Fatalf("deactivate: %v %v", ev, err)
	}
}

func TestAnwenderformular_AnredeIsNotRequired(t *testing.T) {
	ohne := person
	ohne.Anrede = ""
	if _, err := Decide(Anwender{}, LegeAn{Benutzername: "erika", Passwort: "Trabbi-Fahrrad-84", Person: ohne,
		FunktionaleRollen: []string{"BETREIBER"}, Jetzt: jetzt}); err != nil {
		t.Fatalf("user form without Anrede refused: %v", err)
	}
	a := given(registriert())
	if _, err := Decide(a, AendereProfil{Benutzername: a.Benutzername, Person: ohne}); err != nil {
		t.Fatalf("profile without Anrede refused: %v", err)
	}
}

func TestLegeAn_AuthorityUserNeedsDatascoutID(t *testing.T) {
	_, err := Decide(Anwender{}, LegeAn{Benutzername: "zust", Passwort: "Trabbi-Fahrrad-84", Person: person, FunktionaleRollen: []string{"ZUST_SBD"}, Jetzt: jetzt})
	if feldfehler(t, err)["datascoutId"] != validierung.Pflichtfeld {
		t.Fatal("datascoutId not required")
	}
	_, err = Decide(Anwender{}, LegeAn{Benutzername: "zust", Passwort: "Trabbi-Fahrrad-84", Person: person, FunktionaleRollen: []string{"ZUST_SBD"}, DatascoutID: "DS1", Jetzt: jetzt})
	if feldfehler(t, err)["lokaleRollen"] != MsgDienststelle {
		t.Fatal("authority user without a Dienststelle role accepted")
	}
	ev, err := Decide(Anwender{}, LegeAn{Benutzername: "zust", Passwort: "Trabbi-Fahrrad-84", Person: person, FunktionaleRollen: []string{"ZUST_SBD"},
		DatascoutID: "DS1", LokaleRollen: []int64{1}, Dienststellenrolle: true, Jetzt: jetzt})
	if err != nil || !ev[0].(AnwenderAngelegt).GueltigBis.Equal(Unbegrenzt) {
		t.Fatalf("%v %v", ev, err)
	}
}

func TestPasswort_PolicyRefusesCommonPaddedDemoPersonalAndOverlongPasswords(t *testing.T) {
	persoenlich := []string{"betreiber", "michael.wagner@example.org", "Michael", "Wagner"}
	for _, tc := range []struct {
		pw, want string
	}{
		{"password12", MsgPasswortSchwach},
		{"Passwort1234", MsgPasswortSchwach},
		{"qwertz12345", MsgPasswortSchwach},
		{"Sommer2024!", MsgPasswortSchwach},
		{"          1a", MsgPasswortRegel},
		{"a b c d e 1 2 3", MsgPasswortRegel},
		{"kurz1", MsgPasswortRegel},
		{"nurbuchstabenhier", MsgPasswortRegel},
		{"Demo-Passwort-1", MsgPasswortDemo},
		{"demo passwort 2026 Koblenz", MsgPasswortDemo},
		{"Betreiber-Rhein-47", MsgPasswortPersoenlich},
		{"Michael.Wagner-Rhein-7", MsgPasswortPersoenlich},
		{strings.Repeat("Ab1-", 18) + "x", MsgPasswortZuLang}, // 73 bytes
		{strings.Repeat("ä", 36) + "1", MsgPasswortZuLang},    // 37 characters, 73 bytes
		{"Trabbi-Fahrrad-84", ""},
		{"Rhein-Mosel-Ufer-7", ""},
		{"Neues-Passwort-9", ""},
		{"Trabbi-Fahrrad-84-Lindenbluete-Uhu-5-Kaffeetasse-Nord-73-Rhein-Mosel-Ufer-7"[:72], ""}, // 72 bytes
	} {
		err := PruefePasswort(tc.pw, persoenlich...)
		got := ""
		if err != nil {
			got = feldfehler(t, err)["passwort"]
		}
		if got != tc.want {
			t.Errorf("%q: %q, want %q", tc.pw, got, tc.want)
		}
	}
}

func TestPasswort_DemoPasswordOnlyThroughTheDemoSeedCommand(t *testing.T) {
	cmd := LegeAn{Benutzername: "betreiber", Passwort: "Demo-Passwort-1", PasswortHash: "h", Person: person,
		FunktionaleRollen: []string{"BETREIBER"}, Jetzt: jetzt}
	if _, err := Decide(Anwender{}, cmd); feldfehler(t, err)["passwort"] != MsgPasswortDemo {
		t.Fatalf("administrator may create an account with the demo password: %v", err)
	}
	if ev, err := Decide(Anwender{}, LegeDemoAnwenderAn{LegeAn: cmd}); err != nil || len(ev) != 1 {
		t.Fatalf("demo seed: %v %v", ev, err)
	}
	a := given(AnwenderAngelegt{Benutzername: "betreiber", PasswortHash: "alt", Person: person, FunktionaleRollen: []string{"BETREIBER"}})
	if _, err := Decide(a, AendereAlsAdmin{Benutzername: "betreiber", Passwort: "Demo-Passwort-1", Person: person,
		FunktionaleRollen: []string{"BETREIBER"}}); feldfehler(t, err)["passwort"] != MsgPasswortDemo {
		t.Fatalf("administrator may set the demo password: %v", err)
	}
	a = Evolve(a, PasswortZuruecksetzenAngefordert{Token: token})
	if _, err := Decide(a, SetzePasswortZurueck{TokenHash: "abc", Passwort: "Demo-Passwort-1", PasswortHash: "x", Jetzt: jetzt}); feldfehler(t, err)["passwort"] != MsgPasswortDemo {
		t.Fatalf("reset to the demo password: %v", err)
	}
	if _, err := Decide(a, SetzePasswortZurueck{TokenHash: "abc", Passwort: "Erika-Rhein-2026", PasswortHash: "x", Jetzt: jetzt}); feldfehler(t, err)["passwort"] != MsgPasswortPersoenlich {
		t.Fatalf("reset to a password with the first name: %v", err)
	}
}

func TestProfil_SignInDataChangeOnlyWithTheCurrentPassword(t *testing.T) {
	a := given(AnwenderAngelegt{Benutzername: "betreiber", PasswortHash: "alt", Person: person, FunktionaleRollen: []string{"BETREIBER"}})
	neueMail := person
	neueMail.Email = "neu@example.org"
	tel := person
	tel.Telefon = "0261-999"
	aenderungen := map[string]AendereProfil{
		"user name": {Benutzername: "betreiber-neu", Person: person},
		"e-mail":    {Benutzername: "betreiber", Person: neueMail, Bestaetigung: token},
		"password":  {Benutzername: "betreiber", Person: person, Passwort: "Trabbi-Fahrrad-84", PasswortHash: "neu"},
	}
	for name, c := range aenderungen {
		for nachweis, want := range map[PasswortNachweis]string{
			KeinPasswortEingegeben: MsgAktuellesPasswortPflicht,
			FalschesPasswort:       MsgAktuellesPasswortFalsch,
			PasswortBestaetigt:     "",
		} {
			c.AktuellesPasswort = nachweis
			ev, err := Decide(a, c)
			if want == "" {
				if err != nil || !AbmeldungNoetig(ev, a) {
					t.Errorf("%s with the current password: %v %v", name, ev, err)
				}
				continue
			}
			if got := feldfehler(t, err)["aktuellesPasswort"]; got != want {
				t.Errorf("%s, %d: %q, want %q", name, nachweis, got, want)
			}
		}
		// an account without a password (single sign-on only) cannot change them here
		c.AktuellesPasswort = PasswortBestaetigt
		ohne := a
		ohne.PasswortHash = ""
		if _, err := Decide(ohne, c); feldfehler(t, err)["aktuellesPasswort"] != MsgOhnePasswort {
			t.Errorf("%s without a password: %v", name, err)
		}
	}
	// other fields need no password, and a wrong one does not matter there
	for _, n := range []PasswortNachweis{KeinPasswortEingegeben, FalschesPasswort} {
		if ev, err := Decide(a, AendereProfil{Benutzername: "betreiber", Person: tel, AktuellesPasswort: n}); err != nil || len(ev) != 1 {
			t.Errorf("phone change, %d: %v %v", n, ev, err)
		}
	}
}

func TestSitzung_ThirdWrongCurrentPasswordEndsEverySession(t *testing.T) {
	a := given(AnwenderAngelegt{Benutzername: "betreiber", PasswortHash: "alt", Person: person, FunktionaleRollen: []string{"BETREIBER"}})
	start := a.Sitzung
	for i := 1; i <= MaxFalscheEingaben; i++ {
		ev, err := Decide(a, VermerkeFalschesPasswort{})
		if err != nil {
			t.Fatal(err)
		}
		a = Evolve(a, ev[0])
		if ended := a.Sitzung != start; ended != (i == MaxFalscheEingaben) {
			t.Fatalf("after %d wrong passwords: session %d (was %d)", i, a.Sitzung, start)
		}
	}
	if a.FalscheEingaben != 0 {
		t.Fatalf("counter not reset: %d", a.FalscheEingaben)
	}
}

func TestSitzung_LogoutAndChangesOfOrganisationRolesAndStatusEndEverySession(t *testing.T) {
	angelegt := AnwenderAngelegt{Benutzername: "betreiber", PasswortHash: "alt", Person: person, FunktionaleRollen: []string{"BETREIBER"},
		LokaleRollen: []int64{1}}
	geaendert := func(f func(*AnwenderGeaendert)) AnwenderGeaendert {
		e := AnwenderGeaendert{Benutzername: "betreiber", Person: person, FunktionaleRollen: []string{"BETREIBER"}, LokaleRollen: []int64{1}}
		f(&e)
		return e
	}
	andereOrg := person
	andereOrg.OrganisationID = 4
	andereTel := person
	andereTel.Telefon = "0261-999"
	for name, tc := range map[string]struct {
		e     ereignis.DomainEvent
		endet bool
	}{
		"logout":               {AnwenderAbgemeldet{}, true},
		"organisation (merge)": {OrganisationGewechselt{OrganisationID: 4}, true},
		"organisation (admin)": {geaendert(func(e *AnwenderGeaendert) { e.Person = andereOrg }), true},
		"functional roles":     {geaendert(func(e *AnwenderGeaendert) { e.FunktionaleRollen = []string{"LESER_ORGANISATION"} }), true},
		"local roles":          {geaendert(func(e *AnwenderGeaendert) { e.LokaleRollen = []int64{1, 2} }), true},
		"authority":            {geaendert(func(e *AnwenderGeaendert) { e.Behoerde = "Regionalstelle Trier" }), true},
		"deactivated":          {AnwenderDeaktiviert{}, true},
		"activated":            {AnwenderAktiviert{GueltigBis: Unbegrenzt}, true},
		"phone by admin":       {geaendert(func(e *AnwenderGeaendert) { e.Person = andereTel }), false},
	} {
		a := given(angelegt)
		b := Evolve(a, tc.e)
		if ended := b.Sitzung != a.Sitzung; ended != tc.endet {
			t.Errorf("%s: session ended %v, want %v", name, ended, tc.endet)
		}
	}
	if ev, err := Decide(given(angelegt), MeldeAb{}); err != nil || len(ev) != 1 {
		t.Fatalf("logout: %v %v", ev, err)
	}
	if _, err := Decide(Anwender{}, MeldeAb{}); !errors.Is(err, validierung.NichtGefunden) {
		t.Fatalf("logout of an unknown account: %v", err)
	}
}
