package konto

import (
	"errors"
	"testing"
	"time"

	"github.com/eabwasser/eabwasser/domain/validierung"
	"github.com/eabwasser/eabwasser/eventstore"
)

var (
	jetzt  = time.Date(2026, 11, 21, 10, 0, 0, 0, time.UTC)
	person = Person{Anrede: "Frau", Name: "Muster", Vorname: "Erika", Email: "erika@example.org", Telefon: "0261-12345", OrganisationID: 3}
	token  = Token{Hash: "abc", Ablauf: jetzt.Add(48 * time.Hour)}
)

func given(events ...eventstore.DomainEvent) Anwender {
	a := Anwender{}
	for _, e := range events {
		a = Evolve(a, e)
	}
	return a
}

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
		"organisation": MsgPflicht, "funktionaleRolle": MsgFunktion, "anrede": MsgPflicht, "name": MsgPflicht,
		"vorname": MsgPflicht, "email": MsgEmail, "telefon": MsgTelefon, "dsgvo": MsgDsgvo,
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
	a := given(AnwenderAngelegt{Benutzername: "betreiber", Person: person, FunktionaleRollen: []string{"BETREIBER"}})
	neu := person
	neu.Email = "neu@example.org"
	ev, err := Decide(a, AendereProfil{Benutzername: "betreiber", Person: neu, Bestaetigung: token})
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

func TestLegeAn_AuthorityUserNeedsDatascoutID(t *testing.T) {
	_, err := Decide(Anwender{}, LegeAn{Benutzername: "zust", Passwort: "Demo-Passwort-1", Person: person, FunktionaleRollen: []string{"ZUST_SBD"}, Jetzt: jetzt})
	if feldfehler(t, err)["datascoutId"] != MsgPflicht {
		t.Fatal("datascoutId not required")
	}
	_, err = Decide(Anwender{}, LegeAn{Benutzername: "zust", Passwort: "Demo-Passwort-1", Person: person, FunktionaleRollen: []string{"ZUST_SBD"}, DatascoutID: "DS1", Jetzt: jetzt})
	if feldfehler(t, err)["lokaleRollen"] != MsgDienststelle {
		t.Fatal("authority user without a Dienststelle role accepted")
	}
	ev, err := Decide(Anwender{}, LegeAn{Benutzername: "zust", Passwort: "Demo-Passwort-1", Person: person, FunktionaleRollen: []string{"ZUST_SBD"},
		DatascoutID: "DS1", LokaleRollen: []int64{1}, Dienststellenrolle: true, Jetzt: jetzt})
	if err != nil || !ev[0].(AnwenderAngelegt).GueltigBis.Equal(Unbegrenzt) {
		t.Fatalf("%v %v", ev, err)
	}
}
