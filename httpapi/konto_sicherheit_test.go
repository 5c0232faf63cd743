package httpapi

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/eabwasser/eabwasser/domain/konto"
	"github.com/eabwasser/eabwasser/internal/dokumente/konten"
	"github.com/eabwasser/eabwasser/internal/werkzeug/seed"
)

// feldfehlerVon reads validationErrors[feld] of a 400 answer.
func feldfehlerVon(t *testing.T, a antwort, feld string) string {
	t.Helper()
	if a.Code != 400 {
		t.Fatalf("status = %d, want 400; %s", a.Code, a.Body.String())
	}
	ve, _ := a.json(t)["validationErrors"].(map[string]any)
	s, _ := ve[feld].(string)
	return s
}

func TestProfil_PasswordUserNameAndEmailChangeOnlyWithTheCurrentPassword(t *testing.T) {
	w := newKontoWelt(t, "")
	tok := w.login(t, "betreiber", seed.DemoPasswort)
	profil := func() map[string]any { return w.send(t, "GET", "/api/profil/", nil, tok).json(t) }

	aenderungen := map[string]func(p map[string]any){
		"password":  func(p map[string]any) { p["passwort"] = "Trabbi-Fahrrad-84" },
		"user name": func(p map[string]any) { p["benutzername"] = "betreiber-neu" },
		"e-mail":    func(p map[string]any) { p["person"].(map[string]any)["email"] = "neu@example.org" },
	}
	for name, aendere := range aenderungen {
		p := profil()
		aendere(p)
		if got := feldfehlerVon(t, w.send(t, "PUT", "/api/profil/", p, tok), "aktuellesPasswort"); got != konto.MsgAktuellesPasswortPflicht {
			t.Errorf("%s without the current password: %q", name, got)
		}
		p["aktuellesPasswort"] = "Falsches-Passwort-9"
		if got := feldfehlerVon(t, w.send(t, "PUT", "/api/profil/", p, tok), "aktuellesPasswort"); got != konto.MsgAktuellesPasswortFalsch {
			t.Errorf("%s with a wrong current password: %q", name, got)
		}
	}
	// three wrong current passwords in a row: the token is worth nothing any more
	wantFehler(t, w.send(t, "GET", "/api/me", nil, tok), 401, textNichtAngemeldet)
	k, _ := konten.NachBenutzername(context.Background(), w.dienst.Store.Pool(), "betreiber")
	if k.Person.Email != "betreiber@demo.eabwasser.example" || w.login(t, "betreiber", seed.DemoPasswort) == "" {
		t.Fatalf("something changed: %+v", k)
	}

	// other fields need no password; a wrong one there is ignored (no oracle, no counter)
	tok = w.login(t, "betreiber", seed.DemoPasswort)
	p := profil()
	p["person"].(map[string]any)["telefon"] = "0261-999"
	p["aktuellesPasswort"] = "Falsches-Passwort-9"
	if a := w.send(t, "PUT", "/api/profil/", p, tok); a.Code != 200 || a.json(t)["abgemeldet"] != false {
		t.Fatalf("phone change: %d %s", a.Code, a.Body.String())
	}

	// with the current password the new password counts and the session ends
	p = profil()
	p["passwort"], p["aktuellesPasswort"] = "Trabbi-Fahrrad-84", seed.DemoPasswort
	if a := w.send(t, "PUT", "/api/profil/", p, tok); a.Code != 200 || a.json(t)["abgemeldet"] != true {
		t.Fatalf("password change: %d %s", a.Code, a.Body.String())
	}
	wantFehler(t, w.send(t, "GET", "/api/me", nil, tok), 401, textNichtAngemeldet)
	w.login(t, "betreiber", "Trabbi-Fahrrad-84")
}

func TestKonto_LogoutEndsTheSessionOnTheServer(t *testing.T) {
	w := newKontoWelt(t, "")
	tok := w.login(t, "betreiber", seed.DemoPasswort)
	zweites := w.login(t, "betreiber", seed.DemoPasswort) // another browser of the same account
	andere := w.login(t, "beauftragter", seed.DemoPasswort)
	if a := w.send(t, "POST", "/api/logout", nil, tok); a.Code != 200 || a.json(t)["message"] != "Sie wurden abgemeldet." {
		t.Fatalf("logout: %d %s", a.Code, a.Body.String())
	}
	wantFehler(t, w.send(t, "GET", "/api/me", nil, tok), 401, textNichtAngemeldet)
	wantFehler(t, w.send(t, "GET", "/api/profil", nil, zweites), 401, textNichtAngemeldet)
	wantFehler(t, w.send(t, "POST", "/api/logout", nil, tok), 401, textNichtAngemeldet)
	wantFehler(t, w.send(t, "POST", "/api/logout", nil, ""), 401, textNichtAngemeldet)
	if w.send(t, "GET", "/api/me", nil, andere).Code != 200 {
		t.Fatal("the logout of one account ended another's session")
	}
	if w.send(t, "GET", "/api/me", nil, w.login(t, "betreiber", seed.DemoPasswort)).Code != 200 {
		t.Fatal("no new login after logout")
	}
	var n int
	_ = w.dienst.Store.Pool().QueryRow(context.Background(), `SELECT count(*) FROM events WHERE event_type = 'AnwenderAbgemeldet'`).Scan(&n)
	if n != 1 {
		t.Fatalf("%d logout events", n)
	}
}

// An administrator's change of a user's organisation, roles or status ends that user's sessions:
// the token carries organisation and roles, and an old one would write them into new events.
func TestKonto_AdminChangesOfOrganisationRolesAndStatusEndTheSession(t *testing.T) {
	w := newKontoWelt(t, "")
	admin := w.login(t, "systemadmin", seed.DemoPasswort)
	k, _ := konten.NachBenutzername(context.Background(), w.dienst.Store.Pool(), "betreiber")
	pfad := fmt.Sprintf("/api/anwender/%d", k.ID)
	andereOrg := orgID(t, w, "Verbandsgemeinde Musterhausen")

	for name, aendere := range map[string]func(row map[string]any){
		"organisation": func(row map[string]any) {
			row["person"].(map[string]any)["organisation"] = map[string]any{"id": andereOrg}
		},
		"roles": func(row map[string]any) { row["funktionaleRolle"] = []string{"LESER_ORGANISATION"} },
	} {
		tok := w.login(t, "betreiber", seed.DemoPasswort)
		row := w.send(t, "GET", pfad, nil, admin).json(t)
		row["passwort"] = ""
		aendere(row)
		if a := w.send(t, "PUT", pfad, row, admin); a.Code != 200 {
			t.Fatalf("%s: %d %s", name, a.Code, a.Body.String())
		}
		if a := w.send(t, "GET", "/api/me", nil, tok); a.Code != 401 {
			t.Errorf("old token after a change of %s: %d %s", name, a.Code, a.Body.String())
		}
	}

	tok := w.login(t, "betreiber", seed.DemoPasswort)
	if a := w.send(t, "PUT", pfad+"/status", map[string]string{"status": "INAKTIV"}, admin); a.Code != 200 {
		t.Fatalf("deactivate: %d %s", a.Code, a.Body.String())
	}
	if a := w.send(t, "PUT", pfad+"/status", map[string]string{"status": "AKTIV"}, admin); a.Code != 200 {
		t.Fatalf("activate: %d %s", a.Code, a.Body.String())
	}
	wantFehler(t, w.send(t, "GET", "/api/me", nil, tok), 401, textNichtAngemeldet)

	// the merge of organisations moves betreiber2: its old token names the old organisation
	tok = w.login(t, "betreiber2", seed.DemoPasswort)
	a := w.send(t, "POST", "/api/organisation/merge", map[string]any{"sourceOrganisationId": andereOrg,
		"destinationOrganisationId": orgID(t, w, "Klärwerk Rheinaue GmbH"), "mergeDate": w.jetzt.Format("2006-01-02"), "includePersonen": true}, admin)
	if a.Code != 200 {
		t.Fatalf("merge: %d %s", a.Code, a.Body.String())
	}
	wantFehler(t, w.send(t, "GET", "/api/me", nil, tok), 401, textNichtAngemeldet)
}

func TestKonto_PasswordPolicyOnEveryPathAndTheBcryptLimit(t *testing.T) {
	w := newKontoWelt(t, "")
	zuLang := strings.Repeat("Kx7-Rhein-", 7) + "abc" // 73 bytes
	genau72 := zuLang[:72]

	// reset link
	w.send(t, "POST", "/api/sendPasswordResetMail/", map[string]string{"username": "betreiber2"}, "")
	_, link := w.mail(t, "betreiber2@demo.eabwasser.example", "/eAbwasser/password-reset?token=")
	resetToken := queryParam(t, link, "token")
	for pw, want := range map[string]string{
		"password12":                    konto.MsgPasswortSchwach,
		seed.DemoPasswort:               konto.MsgPasswortDemo,
		strings.Repeat(" ", 10) + "1a":  konto.MsgPasswortRegel,
		"Betreiber2-am-Rhein":           konto.MsgPasswortPersoenlich,
		zuLang:                          konto.MsgPasswortZuLang,
		strings.Repeat("ü", 36) + "1ab": konto.MsgPasswortZuLang,
	} {
		a := w.send(t, "PUT", "/api/resetPassword/", map[string]string{"password": pw, "token": resetToken}, "")
		if got := feldfehlerVon(t, a, "passwort"); got != want {
			t.Errorf("reset to %q: %q, want %q", pw, got, want)
		}
	}
	if a := w.send(t, "PUT", "/api/resetPassword/", map[string]string{"password": genau72, "token": resetToken}, ""); a.Code != 200 {
		t.Fatalf("reset to 72 bytes: %d %s", a.Code, a.Body.String())
	}
	w.login(t, "betreiber2", genau72)
	// bcrypt ignores everything after byte 72: a longer login must not pass as the same password
	wantFehler(t, w.send(t, "POST", "/api/authenticate/", map[string]string{"username": "betreiber2", "password": genau72 + "x"}, ""),
		401, "Benutzername oder Passwort ist falsch.")

	// profile
	tok := w.login(t, "betreiber", seed.DemoPasswort)
	p := w.send(t, "GET", "/api/profil/", nil, tok).json(t)
	p["aktuellesPasswort"] = seed.DemoPasswort
	for pw, want := range map[string]string{"password12": konto.MsgPasswortSchwach, seed.DemoPasswort: konto.MsgPasswortDemo, zuLang: konto.MsgPasswortZuLang} {
		p["passwort"] = pw
		if got := feldfehlerVon(t, w.send(t, "PUT", "/api/profil/", p, tok), "passwort"); got != want {
			t.Errorf("profile password %q: %q, want %q", pw, got, want)
		}
	}

	// administration: create and edit
	admin := w.login(t, "systemadmin", seed.DemoPasswort)
	neu := map[string]any{"benutzername": "org-neu", "funktionaleRolle": []string{"BETREIBER"},
		"person": map[string]any{"anrede": "Herr", "name": "Keller", "vorname": "Jan", "email": "jan.keller@example.org", "telefon": "0261-1",
			"organisation": map[string]any{"id": orgID(t, w, "Klärwerk Rheinaue GmbH")}}}
	for pw, want := range map[string]string{"password12": konto.MsgPasswortSchwach, seed.DemoPasswort: konto.MsgPasswortDemo, zuLang: konto.MsgPasswortZuLang} {
		neu["passwort"] = pw
		if got := feldfehlerVon(t, w.send(t, "POST", "/api/anwender", neu, admin), "passwort"); got != want {
			t.Errorf("new user with %q: %q, want %q", pw, got, want)
		}
	}
	k, _ := konten.NachBenutzername(context.Background(), w.dienst.Store.Pool(), "betreiber")
	row := w.send(t, "GET", fmt.Sprintf("/api/anwender/%d", k.ID), nil, admin).json(t)
	row["passwort"] = zuLang
	if got := feldfehlerVon(t, w.send(t, "PUT", fmt.Sprintf("/api/anwender/%d", k.ID), row, admin), "passwort"); got != konto.MsgPasswortZuLang {
		t.Errorf("admin edit with 73 bytes: %q", got)
	}
}
