package httpapi

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"net/netip"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"golang.org/x/crypto/bcrypt"

	"github.com/eabwasser/eabwasser/internal/anwendung/zugang"
	"github.com/eabwasser/eabwasser/internal/dokumente/konten"
	"github.com/eabwasser/eabwasser/internal/plattform/drossel"
	"github.com/eabwasser/eabwasser/internal/plattform/mail"
	"github.com/eabwasser/eabwasser/internal/werkzeug/seed"
)

// Tests of issue 11, points 6–8: no enumeration through registration, login or reset;
// throttles that slow guessing without locking the owner out; limits on unauthenticated mails.

// von sends a JSON request as if from client (the test router trusts its peer 192.0.2.1 as a
// proxy, so X-Forwarded-For names the client).
func (w *kontoWelt) von(t testing.TB, client, method, path string, body any) antwort {
	t.Helper()
	j := ""
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			t.Fatal(err)
		}
		j = string(b)
	}
	return w.do(t, method, path, strings.NewReader(j), "Content-Type", "application/json", "X-Forwarded-For", client)
}

// testProxy is the peer of every test request (httptest.NewRequest's RemoteAddr).
var testProxy = Proxys{netip.MustParsePrefix("192.0.2.1/32")}

// newKontoWeltAuf is a second instance (or the first after a restart) on w's database: a new
// router, service and throttle, the same clock and mail server.
func newKontoWeltAuf(t testing.TB, w *kontoWelt) *kontoWelt {
	t.Helper()
	dr := drossel.Neu(w.dienst.Store.Pool())
	dr.Jetzt = func() time.Time { return w.jetzt }
	d := &zugang.Dienst{Store: w.dienst.Store, Mail: w.dienst.Mail, Drossel: dr, Log: w.dienst.Log,
		PublicURL: w.dienst.PublicURL, Jetzt: w.dienst.Jetzt}
	w2 := &kontoWelt{smtp: w.smtp, dienst: d, jetzt: w.jetzt}
	w2.testServer = newTestServer(t, Deps{Pool: w.dienst.Store.Pool(), Store: w.dienst.Store, Zugang: d,
		TrustedProxies: testProxy}, nil)
	return w2
}

func (w *kontoWelt) registrierung(t testing.TB, email string) map[string]any {
	t.Helper()
	org, err := konten.OrganisationNachBezeichnung(context.Background(), w.dienst.Store.Pool(), "Klärwerk Rheinaue GmbH")
	if err != nil {
		t.Fatal(err)
	}
	return map[string]any{"organisation": org, "funktionaleRolle": []string{"BETREIBER"}, "anrede": "Frau",
		"name": "Groß", "vorname": "Erika", "email": email, "telefon": "0261-4711", "dsgvo": true}
}

func kontenMitEmail(t testing.TB, w *kontoWelt, email string) int {
	t.Helper()
	var n int
	if err := w.dienst.Store.Pool().QueryRow(context.Background(),
		`SELECT count(*) FROM anwender WHERE lower(email) = lower($1)`, email).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// Point 6: registration answers the same for an address with an account and a new one; the
// owner is told by mail, and no second account gets the address.
func TestRegistrierung_BestehendeAdresseAntwortetGleichUndSchreibtDemInhaber(t *testing.T) {
	w := newKontoWelt(t, "")
	neu := w.von(t, "203.0.113.1", "POST", "/api/registrierung", w.registrierung(t, "erika.gross@example.org"))
	if neu.Code != 201 {
		t.Fatalf("new address: %d %s", neu.Code, neu.Body.String())
	}
	w.mail(t, "erika.gross@example.org", "doubleoptin?t=")
	// the same address again (its user name exists), and the address of the demo user
	// "betreiber", whose user name is not the address
	for _, email := range []string{"Erika.Gross@example.org", "betreiber@demo.eabwasser.example"} {
		a := w.von(t, "203.0.113.1", "POST", "/api/registrierung", w.registrierung(t, email))
		want := strings.Replace(neu.Body.String(), "erika.gross@example.org", email, 1)
		if a.Code != neu.Code || a.Body.String() != want {
			t.Errorf("%s: %d %s; want the answer of a new address: %d %s", email, a.Code, a.Body.String(), neu.Code, want)
		}
		m, _ := w.mail(t, strings.ToLower(email), "")
		if !strings.Contains(m.Text, "Für diese Adresse besteht bereits ein Konto") || strings.Contains(m.Text, "doubleoptin") {
			t.Errorf("mail to the owner of %s: %q", email, m.Text)
		}
		if n := kontenMitEmail(t, w, email); n != 1 {
			t.Errorf("%d accounts with %s, want 1", n, email)
		}
	}
}

// Point 6: e-mail addresses are unique across accounts, also in the profile and the user form.
func TestEmail_EindeutigAuchImProfilUndImAnwenderformular(t *testing.T) {
	w := newKontoWelt(t, "")
	tok := w.login(t, "betreiber", seed.DemoPasswort)
	p := w.send(t, "GET", "/api/profil/", nil, tok).json(t)
	p["person"].(map[string]any)["email"] = "BEAUFTRAGTER@demo.eabwasser.example"
	p["aktuellesPasswort"] = seed.DemoPasswort
	if a := w.send(t, "PUT", "/api/profil/", p, tok); a.Code != 400 ||
		a.json(t)["validationErrors"].(map[string]any)["email"] != "Für diese E-Mail-Adresse besteht bereits ein Konto." {
		t.Fatalf("profile with another user's address: %d %s", a.Code, a.Body.String())
	}
	admin := w.login(t, "systemadmin", seed.DemoPasswort)
	org, _ := konten.OrganisationNachBezeichnung(context.Background(), w.dienst.Store.Pool(), "Klärwerk Rheinaue GmbH")
	neu := map[string]any{"benutzername": "zweiter", "passwort": "Start-Passwort-1", "funktionaleRolle": []string{"BETREIBER"},
		"person": map[string]any{"anrede": "Herr", "name": "Keller", "vorname": "Jan", "email": "betreiber@demo.eabwasser.example",
			"telefon": "0261-1", "organisation": map[string]any{"id": org}}}
	if a := w.send(t, "POST", "/api/anwender", neu, admin); a.Code != 400 ||
		a.json(t)["validationErrors"].(map[string]any)["person.email"] != "Für diese E-Mail-Adresse besteht bereits ein Konto." {
		t.Fatalf("user form with another user's address: %d %s", a.Code, a.Body.String())
	}
	if n := kontenMitEmail(t, w, "beauftragter@demo.eabwasser.example") + kontenMitEmail(t, w, "betreiber@demo.eabwasser.example"); n != 2 {
		t.Fatalf("%d accounts with the two addresses, want 2", n)
	}
	// a pending change reserves the new address too
	p = w.send(t, "GET", "/api/profil/", nil, tok).json(t)
	p["person"].(map[string]any)["email"] = "neu.betreiber@example.org"
	p["aktuellesPasswort"] = seed.DemoPasswort
	if a := w.send(t, "PUT", "/api/profil/", p, tok); a.Code != 200 {
		t.Fatalf("own change: %d %s", a.Code, a.Body.String())
	}
	w.mail(t, "neu.betreiber@example.org", "doubleoptin")
	w.von(t, "203.0.113.2", "POST", "/api/registrierung", w.registrierung(t, "neu.betreiber@example.org"))
	if m, _ := w.mail(t, "neu.betreiber@example.org", ""); !strings.Contains(m.Text, "bereits ein Konto") {
		t.Fatalf("registration with a pending address: %q", m.Text)
	}
}

// Point 6: unknown names, accounts without a password yet and known accounts all cost one
// bcrypt comparison, counted through the service's comparer.
func TestAnmeldung_JederWegVergleichtGenauEinPasswort(t *testing.T) {
	w := newKontoWelt(t, "")
	if a := w.von(t, "203.0.113.3", "POST", "/api/registrierung", w.registrierung(t, "ohne.passwort@example.org")); a.Code != 201 {
		t.Fatalf("register: %d %s", a.Code, a.Body.String())
	}
	var vergleiche atomic.Int32
	w.dienst.Vergleiche = func(hash, pw []byte) error {
		vergleiche.Add(1)
		if _, err := bcrypt.Cost(hash); err != nil {
			t.Errorf("compared against something that is no bcrypt hash: %q", hash)
		}
		return bcrypt.CompareHashAndPassword(hash, pw)
	}
	for i, tc := range []struct {
		name, passwort string
		status         int
	}{
		{"gibt-es-nicht", "Falsches-Passwort-1", 401},
		{"ohne.passwort@example.org", "Falsches-Passwort-1", 401},
		{"betreiber", "Falsches-Passwort-1", 401},
		{"betreiber", seed.DemoPasswort, 200},
	} {
		vorher := vergleiche.Load()
		a := w.von(t, fmt.Sprint("198.51.100.", i+10), "POST", "/api/authenticate", map[string]string{"username": tc.name, "password": tc.passwort})
		if a.Code != tc.status {
			t.Fatalf("%s: %d %s", tc.name, a.Code, a.Body.String())
		}
		if n := vergleiche.Load() - vorher; n != 1 {
			t.Errorf("%s: %d bcrypt comparisons, want 1", tc.name, n)
		}
	}
}

// Point 6, measured: a login of an account without a password takes about as long as one of
// a known account (before the fix it skipped bcrypt and answered many times faster). The
// fastest of a few runs is compared with a generous ratio, so load on the machine does not
// make it flaky.
func TestAnmeldung_OhnePasswortDauertSoLangeWieMitPasswort(t *testing.T) {
	w := newKontoWelt(t, "")
	if a := w.send(t, "POST", "/api/registrierung", w.registrierung(t, "ohne.passwort@example.org"), ""); a.Code != 201 {
		t.Fatalf("register: %d %s", a.Code, a.Body.String())
	}
	ctx := context.Background()
	schnellste := map[string]time.Duration{}
	for i := range 5 {
		for _, name := range []string{"gibt-es-nicht", "ohne.passwort@example.org", "betreiber"} {
			start := time.Now()
			_, err := w.dienst.Anmelden(ctx, name, "Falsches-Passwort-1", fmt.Sprintf("198.51.%d.%d", i, len(name)))
			d := time.Since(start)
			if err == nil || !strings.Contains(err.Error(), "falsch") {
				t.Fatalf("%s: %v", name, err)
			}
			if s, ok := schnellste[name]; !ok || d < s {
				schnellste[name] = d
			}
		}
	}
	for _, name := range []string{"gibt-es-nicht", "ohne.passwort@example.org"} {
		if schnellste[name]*3 < schnellste["betreiber"] {
			t.Errorf("login of %s takes %v, a known user %v: timing tells them apart", name, schnellste[name], schnellste["betreiber"])
		}
	}
}

// gehalteneMail holds every mail until the test lets go, then sends it on.
type gehalteneMail struct {
	mail.Versand
	los chan struct{}
}

func (g gehalteneMail) Senden(ctx context.Context, n mail.Nachricht) error {
	<-g.los
	return g.Versand.Senden(ctx, n)
}

// Point 6: the reset answer does not wait for looking up the user and sending the mail, so it
// takes as long for a known user as for an unknown one.
func TestPasswortVergessen_AntwortWartetNichtAufDieMail(t *testing.T) {
	w := newKontoWelt(t, "")
	g := gehalteneMail{Versand: w.dienst.Mail, los: make(chan struct{})}
	w.dienst.Mail = g
	fertig := make(chan antwort, 1)
	go func() {
		fertig <- w.send(t, "POST", "/api/sendPasswordResetMail", map[string]string{"username": "betreiber2"}, "")
	}()
	select {
	case a := <-fertig:
		if a.Code != 200 || a.json(t)["message"] != "Email zum Zurücksetzen des Passworts gesendet." {
			t.Fatalf("answer: %d %s", a.Code, a.Body.String())
		}
	case <-time.After(10 * time.Second):
		close(g.los)
		<-fertig
		t.Fatal("the answer for a known user waited for the mail")
	}
	close(g.los)
	w.mail(t, "betreiber2@demo.eabwasser.example", "password-reset?token=")
}

// Point 7: wrong passwords from one client slow that client with growing delays (429 with
// Retry-After); the owner logs in from elsewhere at once; the counters survive a restart.
func TestAnmeldung_FehlversucheAnderswoSperrenDenInhaberNicht(t *testing.T) {
	w := newKontoWelt(t, "")
	falsch := map[string]string{"username": "betreiber", "password": "Falsches-Passwort-1"}
	for i := range 10 {
		a := w.von(t, "203.0.113.66", "POST", "/api/authenticate", falsch)
		if a.Code != 401 && a.Code != 429 {
			t.Fatalf("attempt %d: %d", i, a.Code)
		}
		w.jetzt = w.jetzt.Add(time.Second)
	}
	a := w.von(t, "203.0.113.66", "POST", "/api/authenticate", falsch)
	// failures at 0–9 s: the 3rd allows the next after 1 s, the 4th (at 3 s) after 2 s, the 5th
	// (at 5 s) after 4 s, the 6th (at 9 s) after 8 s, i. e. at 17 s; it is 10 s now
	wantFehler(t, a, 429, "Zu viele fehlgeschlagene Anmeldeversuche. Bitte versuchen Sie es in 7 Sekunden erneut.")
	if ra := a.Header().Get("Retry-After"); ra != "7" {
		t.Errorf("Retry-After = %q, want 7", ra)
	}
	richtig := map[string]string{"username": "betreiber", "password": seed.DemoPasswort}
	if a := w.von(t, "198.51.100.7", "POST", "/api/authenticate", richtig); a.Code != 200 {
		t.Fatalf("the owner from another client: %d %s", a.Code, a.Body.String())
	}
	// a restarted (or second) instance on the same database knows the delay
	w2 := newKontoWeltAuf(t, w)
	if a := w2.von(t, "203.0.113.66", "POST", "/api/authenticate", richtig); a.Code != 429 {
		t.Fatalf("after a restart: %d %s", a.Code, a.Body.String())
	}
	w.jetzt = w.jetzt.Add(7 * time.Second)
	if a := w.von(t, "203.0.113.66", "POST", "/api/authenticate", richtig); a.Code != 200 {
		t.Fatalf("after the delay: %d %s", a.Code, a.Body.String())
	}
}

// Point 7: X-Forwarded-For counts only from a trusted proxy, and then its right-most address
// that is not a trusted proxy is the client.
func TestClientAdresse_NurHinterVertrauenswuerdigenProxys(t *testing.T) {
	proxys, err := ParseProxys(" 10.0.0.0/8, 192.0.2.1 ,2001:db8::/32")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := ParseProxys("10.0.0.0/8,kein-proxy"); err == nil || !strings.Contains(err.Error(), "kein-proxy") {
		t.Errorf("bad TRUSTED_PROXIES: %v", err)
	}
	for _, tc := range []struct {
		proxys     Proxys
		remoteAddr string
		xff        []string
		want       string
	}{
		{nil, "192.0.2.1:1234", []string{"198.51.100.7"}, "192.0.2.1"},                          // none trusted by default
		{proxys, "203.0.113.9:1234", []string{"198.51.100.7"}, "203.0.113.9"},                   // untrusted peer: header ignored
		{proxys, "192.0.2.1:1234", nil, "192.0.2.1"},                                            // trusted, no header
		{proxys, "192.0.2.1:1234", []string{"198.51.100.7"}, "198.51.100.7"},                    // one proxy
		{proxys, "192.0.2.1:1234", []string{"6.6.6.6, 198.51.100.7, 10.1.2.3"}, "198.51.100.7"}, // forged left part ignored
		{proxys, "192.0.2.1:1234", []string{"6.6.6.6", "198.51.100.7,10.1.2.3"}, "198.51.100.7"},
		{proxys, "192.0.2.1:1234", []string{"10.9.9.9, 10.1.2.3"}, "10.9.9.9"}, // all trusted: the left-most
		{proxys, "192.0.2.1:1234", []string{"198.51.100.7, kaputt"}, "192.0.2.1"},
		{proxys, "[2001:db8::5]:443", []string{"2001:db9::7"}, "2001:db9::7"},
		{proxys, "[::ffff:192.0.2.1]:80", []string{"198.51.100.8"}, "198.51.100.8"},
	} {
		r := httptest.NewRequest("GET", "/", nil)
		r.RemoteAddr = tc.remoteAddr
		for _, h := range tc.xff {
			r.Header.Add("X-Forwarded-For", h)
		}
		if got := tc.proxys.Client(r); got != tc.want {
			t.Errorf("%v %s %v: %q, want %q", tc.proxys, tc.remoteAddr, tc.xff, got, tc.want)
		}
	}
	// the access log names the resolved client
	w := newKontoWelt(t, "")
	w.von(t, "198.51.100.9", "GET", "/api/health", nil)
	if !slices.ContainsFunc(w.logs.lines(t), func(l map[string]any) bool { return l["client"] == "198.51.100.9" }) {
		t.Errorf("access log without the client: %s", w.logs.String())
	}
}

// Point 8: reset and registration mails are limited per address (the answer stays the same)
// and per client (429).
func TestMails_JeAdresseUndJeClientBegrenzt(t *testing.T) {
	w := newKontoWelt(t, "")
	for i := range 10 {
		a := w.von(t, fmt.Sprint("198.51.100.", i+1), "POST", "/api/sendPasswordResetMail", map[string]string{"username": "betreiber2"})
		if a.Code != 200 || a.json(t)["message"] != "Email zum Zurücksetzen des Passworts gesendet." {
			t.Fatalf("reset %d: %d %s", i, a.Code, a.Body.String())
		}
		b := w.von(t, fmt.Sprint("198.51.101.", i+1), "POST", "/api/registrierung", w.registrierung(t, "opfer@example.org"))
		if b.Code != 201 {
			t.Fatalf("registration %d: %d %s", i, b.Code, b.Body.String())
		}
	}
	w.dienst.Warte()
	if n := w.smtp.Anzahl("betreiber2@demo.eabwasser.example"); n != 3 {
		t.Errorf("%d reset mails to one address, want 3", n)
	}
	if n := w.smtp.Anzahl("opfer@example.org"); n != 3 {
		t.Errorf("%d registration mails to one address, want 3", n)
	}
	// one client, many addresses: 20 requests an hour, then 429
	for i := range 20 {
		var a antwort
		if i%2 == 0 {
			a = w.von(t, "203.0.113.77", "POST", "/api/sendPasswordResetMail", map[string]string{"username": fmt.Sprint("name", i)})
		} else {
			a = w.von(t, "203.0.113.77", "POST", "/api/registrierung", w.registrierung(t, fmt.Sprintf("person%d@example.org", i)))
		}
		if a.Code != 200 && a.Code != 201 {
			t.Fatalf("request %d: %d %s", i, a.Code, a.Body.String())
		}
	}
	a := w.von(t, "203.0.113.77", "POST", "/api/sendPasswordResetMail", map[string]string{"username": "betreiber"})
	wantFehler(t, a, 429, "Zu viele Anfragen. Bitte versuchen Sie es in 60 Minuten erneut.")
	if a.Header().Get("Retry-After") != "3600" {
		t.Errorf("Retry-After = %q", a.Header().Get("Retry-After"))
	}
	wantFehler(t, w.von(t, "203.0.113.77", "POST", "/api/registrierung", w.registrierung(t, "noch.eine@example.org")), 429,
		"Zu viele Anfragen. Bitte versuchen Sie es in 60 Minuten erneut.")
	if a := w.von(t, "203.0.113.78", "POST", "/api/sendPasswordResetMail", map[string]string{"username": "betreiber"}); a.Code != 200 {
		t.Fatalf("another client: %d", a.Code)
	}
	w.dienst.Warte()
}
