package httpapi

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/eabwasser/eabwasser/domain/berechtigung"
	anlagedienst "github.com/eabwasser/eabwasser/internal/anwendung/anlage"
	"github.com/eabwasser/eabwasser/internal/anwendung/benachrichtigung"
	bescheiddienst "github.com/eabwasser/eabwasser/internal/anwendung/bescheid"
	betriebdienst "github.com/eabwasser/eabwasser/internal/anwendung/betrieb"
	berichtdienst "github.com/eabwasser/eabwasser/internal/anwendung/jahresbericht"
	messstelledienst "github.com/eabwasser/eabwasser/internal/anwendung/messstelle"
	"github.com/eabwasser/eabwasser/internal/anwendung/verwaltung"
	"github.com/eabwasser/eabwasser/internal/anwendung/zugang"
	"github.com/eabwasser/eabwasser/internal/dokumente/konten"
	"github.com/eabwasser/eabwasser/internal/plattform/drossel"
	"github.com/eabwasser/eabwasser/internal/plattform/mail"
	"github.com/eabwasser/eabwasser/internal/plattform/mail/mailtest"
	"github.com/eabwasser/eabwasser/internal/verdrahtung/schreibmodell"
	"github.com/eabwasser/eabwasser/internal/werkzeug/seed"
	"github.com/eabwasser/eabwasser/internal/werkzeug/testdb"
	"github.com/eabwasser/eabwasser/internal/zugriff"
	"github.com/eabwasser/eabwasser/projections"
	"github.com/eabwasser/eabwasser/projections/arbeitsliste"
	"github.com/eabwasser/eabwasser/projections/audit"
	"github.com/eabwasser/eabwasser/projections/ueberschreitung"
)

type kontoWelt struct {
	*testServer
	smtp   *mailtest.Server
	dienst *zugang.Dienst
	akte   *betriebdienst.Dienst
	anlage *anlagedienst.Dienst
	// beginn is when the demo data were through (the tests' own events come later).
	beginn time.Time
	// messstellen is the measuring point service on the world's clock.
	messstellen *messstelledienst.Dienst
	// bescheide is the Bescheid service on the world's clock.
	bescheide      *bescheiddienst.Dienst
	jahresberichte *berichtdienst.Dienst
	warte          func(ctx context.Context, name string, pos int64) error
	jetzt          time.Time
}

// newKontoWelt is the real router with the real access service on a fresh database with the
// demo data, mails going over SMTP to a server of the test.
func newKontoWelt(t testing.TB, ssoURL string) *kontoWelt {
	t.Helper()
	pool, _ := testdb.New(t)
	store := schreibmodell.Store(pool)
	if _, err := seed.Demo(context.Background(), store); err != nil {
		t.Fatal(err)
	}
	testdb.WarteAufSichtbarkeit(t, pool)
	for _, p := range []projections.Projection{audit.Projection, arbeitsliste.Projection, lesemodelle.Nachrichten(), lesemodelle.Aufgaben(),
		ueberschreitung.Projection} {
		if _, err := projections.CatchUp(context.Background(), store, p); err != nil {
			t.Fatal(err)
		}
	}
	smtp := mailtest.Start(t)
	versand, err := mail.Neu(smtp.URL(), "", "", slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err != nil {
		t.Fatal(err)
	}
	w := &kontoWelt{smtp: smtp, jetzt: time.Now(), beginn: time.Now()}
	dr := drossel.Neu(pool)
	dr.Jetzt = func() time.Time { return w.jetzt }
	w.dienst = &zugang.Dienst{Store: store, Mail: versand, Drossel: dr, SSOValidateURL: ssoURL,
		Log: slog.New(slog.NewTextHandler(io.Discard, nil)), PublicURL: "https://eabwasser.example",
		Jetzt: func() time.Time { return w.jetzt }}
	jetzt := func() time.Time { return w.jetzt }
	verwaltungsDienst := &verwaltung.Dienst{Store: store, Jetzt: jetzt}
	w.akte = &betriebdienst.Dienst{Store: store, Jetzt: jetzt}
	w.anlage = &anlagedienst.Dienst{Store: store, Jetzt: jetzt}
	w.messstellen = &messstelledienst.Dienst{Store: store, Jetzt: jetzt}
	w.bescheide = &bescheiddienst.Dienst{Store: store, Jetzt: jetzt}
	w.jahresberichte = &berichtdienst.Dienst{Store: store, Suevoa: true}
	w.testServer = newTestServer(t, Deps{Pool: pool, Store: store, Zugang: w.dienst, Betriebsakte: w.akte, Anlage: w.anlage,
		Messstelle:       w.messstellen,
		Bescheid:         w.bescheide,
		Jahresbericht:    w.jahresberichte,
		Benachrichtigung: &benachrichtigung.Dienst{Store: store},
		Verwaltung:       verwaltungsDienst,
		PruefeSitzung: func(ctx context.Context, b Benutzer, n zugriff.Nutzer) (zugriff.Nutzer, error) {
			return w.dienst.PruefeSitzung(ctx, n, b.Sitzung)
		},
		WaitForProjection: func(ctx context.Context, name string, pos int64) error {
			if w.warte == nil {
				return nil // no projector runs unless a test starts one
			}
			return w.warte(ctx, name, pos)
		},
		Ablage:         ablageFuer(t, store, w.akte, w.anlage, w.messstellen),
		Wasserbuch:     wasserbuchAttrappe(t),
		TrustedProxies: testProxy,
	}, nil)
	return w
}

func (w *kontoWelt) send(t testing.TB, method, path string, body any, token string) antwort {
	t.Helper()
	var r io.Reader
	switch b := body.(type) {
	case nil:
	case string:
		r = strings.NewReader(b)
	default:
		j, _ := json.Marshal(b)
		r = strings.NewReader(string(j))
	}
	h := []string{"Content-Type", "application/json"}
	if token != "" {
		h = append(h, "Authorization", "Bearer "+token)
	}
	a := w.do(t, method, path, r, h...)
	// an answer the read model gave before it reached minPosition is asked again, as the client
	// does (lib/api.ts: six tries, 250 ms apart): a loaded machine may take longer than the
	// server's two seconds of waiting
	for versuch := 1; method == http.MethodGet && a.Code == http.StatusOK && a.Header().Get(headerVeraltet) != "" && versuch < 6; versuch++ {
		time.Sleep(250 * time.Millisecond)
		a = w.do(t, method, path, nil, h...)
	}
	return a
}

// bestaetige confirms an e-mail address with the token of the mail, sent as text as the client does.
func (w *kontoWelt) bestaetige(t testing.TB, token string) antwort {
	t.Helper()
	return w.do(t, http.MethodPost, "/api/doubleoptin/confirm/", strings.NewReader(token), "Content-Type", "text/plain")
}

func (w *kontoWelt) login(t testing.TB, name, passwort string) string {
	t.Helper()
	a := w.send(t, "POST", "/api/authenticate/", map[string]string{"username": name, "password": passwort}, "")
	if a.Code != 200 {
		t.Fatalf("login %s: %d %s", name, a.Code, a.Body.String())
	}
	return a.json(t)["token"].(string)
}

func (w *kontoWelt) mail(t testing.TB, an, linkTeil string) (mailtest.Empfangen, string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	m, err := w.smtp.Warte(ctx, an)
	if err != nil {
		t.Fatalf("no mail to %s: %v", an, err)
	}
	return m, mailtest.Link(m.Text, linkTeil)
}

func queryParam(t testing.TB, link, name string) string {
	t.Helper()
	u, err := url.Parse(link)
	if err != nil || u.Query().Get(name) == "" {
		t.Fatalf("link %q has no %s", link, name)
	}
	return u.Query().Get(name)
}

func TestLogin_RequiredFieldsWrongPasswordAndRateLimit(t *testing.T) {
	w := newKontoWelt(t, "")
	a := w.send(t, "POST", "/api/authenticate", map[string]string{}, "")
	m := wantFehler(t, a, 400, "Dieses Feld ist ein Pflichtfeld.")
	if ve := m["validationErrors"].(map[string]any); ve["username"] != "Dieses Feld ist ein Pflichtfeld." || ve["password"] != "Dieses Feld ist ein Pflichtfeld." {
		t.Fatalf("validationErrors = %v", ve)
	}
	for _, name := range []string{"betreiber", "gibt-es-nicht"} {
		a = w.send(t, "POST", "/api/authenticate/", map[string]string{"username": name, "password": "falsch"}, "")
		wantFehler(t, a, 401, "Benutzername oder Passwort ist falsch.")
		if strings.Contains(a.Body.String(), "token") {
			t.Fatal("token in a refused login")
		}
	}
	// the third failure from this client delays its next attempt by a second (no lock)
	for i := 0; i < 2; i++ {
		w.send(t, "POST", "/api/authenticate/", map[string]string{"username": "betreiber", "password": "falsch"}, "")
	}
	a = w.send(t, "POST", "/api/authenticate/", map[string]string{"username": "betreiber", "password": "falsch"}, "")
	wantFehler(t, a, 429, "Zu viele fehlgeschlagene Anmeldeversuche. Bitte versuchen Sie es in einer Sekunde erneut.")
	if a.Header().Get("Retry-After") != "1" {
		t.Fatalf("Retry-After = %q", a.Header().Get("Retry-After"))
	}
	a = w.send(t, "POST", "/api/authenticate/", map[string]string{"username": "betreiber", "password": seed.DemoPasswort}, "")
	if a.Code != 429 {
		t.Fatalf("delayed client logged in: %d", a.Code)
	}
	w.jetzt = w.jetzt.Add(time.Second)
	w.login(t, "betreiber", seed.DemoPasswort)
	tok := w.login(t, "fachadmin", seed.DemoPasswort)
	me := w.send(t, "GET", "/api/me", nil, tok).json(t)
	if me["benutzername"] != "fachadmin" || me["globaleRolle"] != "ADMIN" || !strings.Contains(fmt.Sprint(me["aktionen"]), "AUDIT_LESEN") {
		t.Fatalf("me = %v", me)
	}
}

func TestLogin_InactiveAndExpiredAccountsCannotLogIn(t *testing.T) {
	w := newKontoWelt(t, "")
	admin := w.login(t, "systemadmin", seed.DemoPasswort)
	k, _ := konten.NachBenutzername(context.Background(), w.dienst.Store.Pool(), "leser_organisation")
	betreiberToken := w.login(t, "leser_organisation", seed.DemoPasswort)
	a := w.send(t, "PUT", "/api/anwender/"+strconv.FormatInt(k.ID, 10)+"/status", map[string]string{"status": "INAKTIV"}, admin)
	if a.Code != 200 {
		t.Fatalf("deactivate: %d %s", a.Code, a.Body.String())
	}
	wantFehler(t, w.send(t, "POST", "/api/authenticate/", map[string]string{"username": "leser_organisation", "password": seed.DemoPasswort}, ""),
		401, "Ihr Zugang ist deaktiviert. Bitte wenden Sie sich an die Administration.")
	// the session of the deactivated account ends at once
	wantFehler(t, w.send(t, "GET", "/api/me", nil, betreiberToken), 401, textNichtAngemeldet)

	w.jetzt = w.jetzt.AddDate(1, 0, 1) // organisation accounts are valid 12 months
	wantFehler(t, w.send(t, "POST", "/api/authenticate/", map[string]string{"username": "beauftragter", "password": seed.DemoPasswort}, ""),
		401, "Ihr Zugang ist abgelaufen. Bitte wenden Sie sich an die Administration.")
	w.login(t, "zust_sbd", seed.DemoPasswort) // authority accounts until 3000

	wantFehler(t, w.send(t, "PUT", "/api/anwender/"+strconv.FormatInt(k.ID, 10)+"/status", map[string]string{"status": "AKTIV"},
		w.login(t, "fachadmin", seed.DemoPasswort)), 403, "Sie sind nicht berechtigt, diese Aktion auszuführen.")
}

func TestRegistrierung_MailConfirmActivateSetPasswordLogin(t *testing.T) {
	w := newKontoWelt(t, "")
	a := w.send(t, "POST", "/api/registrierung/", map[string]any{"email": "kaputt", "telefon": "12a"}, "")
	m := wantFehler(t, a, 400, a.json(t)["message"].(string))
	ve := m["validationErrors"].(map[string]any)
	for k, v := range map[string]string{"organisation": "Dieses Feld ist ein Pflichtfeld.", "funktionaleRolle": "Es muss mindestens ein Element ausgewaehlt werden",
		"anrede": "Dieses Feld ist ein Pflichtfeld.", "name": "Dieses Feld ist ein Pflichtfeld.", "vorname": "Dieses Feld ist ein Pflichtfeld.",
		"email": "Das Feld muss eine gültige E-Mail Adresse enthalten!", "telefon": "Nur Ziffern und als Trennzeichen „-“ sind zulässig.",
		"dsgvo": "Bitte stimmen Sie der Verarbeitung Ihrer Daten zu."} {
		if ve[k] != v {
			t.Errorf("%s: %v, want %q", k, ve[k], v)
		}
	}
	orgs := w.send(t, "GET", "/api/organisation/auswahlRegistrierung/", nil, "")
	var liste []struct {
		ID          int64
		Bezeichnung string
	}
	_ = json.Unmarshal(orgs.Body.Bytes(), &liste)
	if len(liste) != 2 || liste[0].Bezeichnung != "Klärwerk Rheinaue GmbH" {
		t.Fatalf("organisations = %s", orgs.Body.String())
	}
	reg := map[string]any{"organisation": liste[0].ID, "funktionaleRolle": []string{"BETREIBER"}, "anrede": "Frau",
		"name": "Groß", "vorname": "Jürgen", "email": "juergen.gross@example.org", "telefon": "0261-4711", "dsgvo": true}
	if a := w.send(t, "POST", "/api/registrierung", reg, ""); a.Code != 201 {
		t.Fatalf("register: %d %s", a.Code, a.Body.String())
	}
	mailText, link := w.mail(t, "juergen.gross@example.org", "/eAbwasser/doubleoptin?t=")
	if !strings.HasPrefix(link, "https://eabwasser.example/eAbwasser/doubleoptin?t=") || !strings.Contains(mailText.Text, "Groß") {
		t.Fatalf("mail: %q link %q", mailText.Text, link)
	}
	// a second registration is answered the same; the mail tells the owner
	if a := w.send(t, "POST", "/api/registrierung", reg, ""); a.Code != 201 {
		t.Fatalf("second registration: %d %s", a.Code, a.Body.String())
	}
	if m, _ := w.mail(t, "juergen.gross@example.org", ""); !strings.Contains(m.Text, "bereits ein Konto") {
		t.Fatalf("second mail: %q", m.Text)
	}
	t0 := queryParam(t, link, "t")
	if a := w.bestaetige(t, "falsch"); strings.TrimSpace(a.Body.String()) != "false" {
		t.Fatalf("wrong token confirmed: %s", a.Body.String())
	}
	if a := w.bestaetige(t, t0); a.Code != 200 || strings.TrimSpace(a.Body.String()) != "true" {
		t.Fatalf("confirm: %d %s", a.Code, a.Body.String())
	}
	if a := w.bestaetige(t, t0); strings.TrimSpace(a.Body.String()) != "false" {
		t.Fatal("token used twice")
	}
	k, _ := konten.NachBenutzername(context.Background(), w.dienst.Store.Pool(), "juergen.gross@example.org")
	if k.Status != "BESTAETIGT" {
		t.Fatalf("status %s", k.Status)
	}
	admin := w.login(t, "systemadmin", seed.DemoPasswort)
	if a := w.send(t, "PUT", fmt.Sprintf("/api/anwender/%d/status", k.ID), map[string]string{"status": "AKTIV"}, admin); a.Code != 200 {
		t.Fatalf("activate: %d %s", a.Code, a.Body.String())
	}
	m2, link := w.mail(t, "juergen.gross@example.org", "/eAbwasser/password-reset?token=")
	if m2.Betreff != "Ihr Zugang zu eAbwasser wurde freigeschaltet" {
		t.Fatalf("subject %q", m2.Betreff)
	}
	tok := queryParam(t, link, "token")
	if a := w.send(t, "PUT", "/api/resetPassword/", map[string]string{"password": "Erstes-Passwort-7", "token": tok}, ""); a.Code != 200 {
		t.Fatalf("set password: %d %s", a.Code, a.Body.String())
	}
	w.login(t, "Juergen.Gross@example.org", "Erstes-Passwort-7")
}

func TestPasswortReset_TokenWorksOnceAndUnknownUserIsNotRevealed(t *testing.T) {
	w := newKontoWelt(t, "")
	for _, name := range []string{"gibt-es-nicht", "betreiber2"} {
		a := w.send(t, "POST", "/api/sendPasswordResetMail/", map[string]string{"username": name}, "")
		if a.Code != 200 || a.json(t)["message"] != "Email zum Zurücksetzen des Passworts gesendet." {
			t.Fatalf("%s: %d %s", name, a.Code, a.Body.String())
		}
	}
	_, link := w.mail(t, "betreiber2@demo.eabwasser.example", "/eAbwasser/password-reset?token=")
	tok := queryParam(t, link, "token")
	a := w.send(t, "PUT", "/api/resetPassword/", map[string]string{"password": "kurz", "token": tok}, "")
	if a.Code != 400 || a.json(t)["validationErrors"].(map[string]any)["passwort"] == nil {
		t.Fatalf("weak password: %d %s", a.Code, a.Body.String())
	}
	wantFehler(t, w.send(t, "PUT", "/api/resetPassword/", map[string]string{"password": "Neues-Passwort-9", "token": "falsch"}, ""), 400, "Ungültiger Link.")
	if a := w.send(t, "PUT", "/api/resetPassword/", map[string]string{"password": "Neues-Passwort-9", "token": tok}, ""); a.Code != 200 ||
		a.json(t)["message"] != "Passwort erfolgreich geändert." {
		t.Fatalf("reset: %d %s", a.Code, a.Body.String())
	}
	wantFehler(t, w.send(t, "PUT", "/api/resetPassword/", map[string]string{"password": "Neues-Passwort-10", "token": tok}, ""), 400, "Ungültiger Link.")
	w.login(t, "betreiber2", "Neues-Passwort-9")
	// an expired link
	w.send(t, "POST", "/api/sendPasswordResetMail/", map[string]string{"username": "betreiber2"}, "")
	_, link = w.mail(t, "betreiber2@demo.eabwasser.example", "token=")
	w.dienst.Warte()
	w.jetzt = w.jetzt.Add(25 * time.Hour)
	wantFehler(t, w.send(t, "PUT", "/api/resetPassword/", map[string]string{"password": "Neues-Passwort-11", "token": queryParam(t, link, "token")}, ""), 400, "Ungültiger Link.")
}

func TestProfil_ChangedEmailEndsSessionAndNeedsConfirmation(t *testing.T) {
	w := newKontoWelt(t, "")
	tok := w.login(t, "betreiber", seed.DemoPasswort)
	p := w.send(t, "GET", "/api/profil/", nil, tok).json(t)
	person := p["person"].(map[string]any)
	if p["benutzername"] != "betreiber" || person["organisation"].(map[string]any)["bezeichnung"] != "Klärwerk Rheinaue GmbH" {
		t.Fatalf("profil = %v", p)
	}
	person["telefon"] = "0261-999"
	a := w.send(t, "PUT", "/api/profil/", p, tok)
	if a.Code != 200 || a.json(t)["abgemeldet"] != false || a.json(t)["message"] != "Das Profil wurde erfolgreich aktualisiert." {
		t.Fatalf("phone change: %d %s", a.Code, a.Body.String())
	}
	// the version the client saw is stale now: a second save with it is a conflict
	a = w.send(t, "PUT", "/api/profil/", p, tok)
	if a.Code != 409 {
		t.Fatalf("stale save: %d %s", a.Code, a.Body.String())
	}
	p = w.send(t, "GET", "/api/profil/", nil, tok).json(t)
	p["person"].(map[string]any)["email"] = "neu@example.org"
	p["aktuellesPasswort"] = seed.DemoPasswort
	a = w.send(t, "PUT", "/api/profil/", p, tok)
	if a.Code != 200 || a.json(t)["abgemeldet"] != true {
		t.Fatalf("e-mail change: %d %s", a.Code, a.Body.String())
	}
	wantFehler(t, w.send(t, "GET", "/api/me", nil, tok), 401, textNichtAngemeldet)
	wantFehler(t, w.send(t, "POST", "/api/authenticate/", map[string]string{"username": "betreiber", "password": seed.DemoPasswort}, ""),
		401, "Ihre E-Mail-Adresse ist noch nicht bestätigt. Bitte folgen Sie dem Link in der Bestätigungsmail.")
	_, link := w.mail(t, "neu@example.org", "doubleoptin?t=")
	if a := w.bestaetige(t, queryParam(t, link, "t")); strings.TrimSpace(a.Body.String()) != "true" {
		t.Fatalf("confirm: %s", a.Body.String())
	}
	tok = w.login(t, "betreiber", seed.DemoPasswort)
	if me := w.send(t, "GET", "/api/me", nil, tok).json(t); me["email"] != "neu@example.org" {
		t.Fatalf("me = %v", me)
	}
}

func TestSSO_ValidTicketLogsInInvalidTicketOrUnknownUserIs403(t *testing.T) {
	cas := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Query().Get("ticket") {
		case "ST-gut":
			fmt.Fprint(w, `<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas"><cas:authenticationSuccess><cas:user>zust_sbb</cas:user></cas:authenticationSuccess></cas:serviceResponse>`)
		case "ST-fremd":
			fmt.Fprint(w, `<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas"><cas:authenticationSuccess><cas:user>niemand</cas:user></cas:authenticationSuccess></cas:serviceResponse>`)
		default:
			fmt.Fprint(w, `<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas"><cas:authenticationFailure code="INVALID_TICKET">nein</cas:authenticationFailure></cas:serviceResponse>`)
		}
	}))
	defer cas.Close()
	w := newKontoWelt(t, cas.URL+"/serviceValidate")
	a := w.send(t, "POST", "/api/sso/", map[string]string{"ticket": "ST-gut"}, "")
	if a.Code != 200 {
		t.Fatalf("sso: %d %s", a.Code, a.Body.String())
	}
	if me := w.send(t, "GET", "/api/me", nil, a.json(t)["token"].(string)).json(t); me["benutzername"] != "zust_sbb" {
		t.Fatalf("me = %v", me)
	}
	for _, ticket := range []string{"ST-kaputt", "ST-fremd", ""} {
		wantFehler(t, w.send(t, "POST", "/api/sso/", map[string]string{"ticket": ticket}, ""), 403, "Sie konnten nicht per SSO angemeldet werden")
	}
}

func TestWertelisten_AnredeUndTitel(t *testing.T) {
	w := newKontoWelt(t, "")
	a := w.send(t, "GET", "/api/anrede/", nil, "")
	if a.Code != 200 || !strings.Contains(a.Body.String(), `"value":"Frau"`) {
		t.Fatalf("anrede: %d %s", a.Code, a.Body.String())
	}
	if a := w.send(t, "GET", "/api/titel", nil, ""); !strings.Contains(a.Body.String(), `"value":"Dr."`) {
		t.Fatalf("titel: %s", a.Body.String())
	}
}

// The konto area's rows of the list walk (TestListen_EveryListAndExportShowsOnlyRowsOfObjectsTheCallerSees).
var _ = listenDes("konto", map[string]listenRoute{
	"GET /api/me":     {art: artAnderes},
	"GET /api/profil": {art: artAnderes},
})

// The konto area's rows of the permission matrix (TestBerechtigung_EveryRouteTimesEveryRoleAndOrganisation).
var _ = regelnDes("konto", func() map[string]regel {
	return map[string]regel{
		"POST /api/authenticate":          offen,
		"POST /api/sso":                   offen,
		"POST /api/registrierung":         offen,
		"POST /api/doubleoptin/confirm":   offen,
		"POST /api/sendPasswordResetMail": offen,
		"PUT /api/resetPassword":          offen,
		"GET /api/me":                     angemeldet,
		"GET /api/profil":                 angemeldet,
		"PUT /api/profil":                 angemeldet,
		"POST /api/logout":                angemeldet,
		"PUT /api/anwender/{id}/status":   mitAktion(berechtigung.SystemverwaltungBearbeiten),
	}
})
