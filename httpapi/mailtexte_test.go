package httpapi

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/eabwasser/eabwasser/domain/validierung"
	"github.com/eabwasser/eabwasser/internal/anwendung/benachrichtigung"
	"github.com/eabwasser/eabwasser/internal/dokumente/konten"
	"github.com/eabwasser/eabwasser/internal/plattform/mail"
	"github.com/eabwasser/eabwasser/internal/plattform/mail/mailtest"
	"github.com/eabwasser/eabwasser/internal/werkzeug/seed"
)

// Issue 27, item 8: a registration mails the name the visitor typed to any address. A name is
// one line without control characters (400, no account, no mail), and in the mail it stands
// quoted as data and forms no link.
func TestRegistrierung_NamesAreOneLineAndStandInMailsQuotedAndWithoutLinks(t *testing.T) {
	w := newKontoWelt(t, "")
	for feld, wert := range map[string]string{
		"name":    "Groß\n\nIhr Konto wird gesperrt. Bitte melden Sie sich hier an: https://phish.example/login",
		"vorname": "Erika\r\nhttps://phish.example",
		"titel":   "Dr.\tmed.",
		"anrede":  "Fr\u2028au\u202E",
	} {
		email := "opfer-" + feld + "@example.org"
		reg := w.registrierung(t, email)
		reg[feld] = wert
		a := w.send(t, "POST", "/api/registrierung", reg, "")
		m := wantFehler(t, a, 400, validierung.MsgSteuerzeichen)
		if ve, _ := m["validationErrors"].(map[string]any); ve[feld] != validierung.MsgSteuerzeichen {
			t.Errorf("%s: validationErrors = %v", feld, m["validationErrors"])
		}
		if n := kontenMitEmail(t, w, email); n != 0 {
			t.Errorf("%s: %d accounts written", feld, n)
		}
		if n := w.smtp.Anzahl(email); n != 0 {
			t.Errorf("%s: %d mails sent", feld, n)
		}
	}

	// one line with a link in it: registered, the mail quotes it and shows no link
	reg := w.registrierung(t, "opfer@example.org")
	reg["name"] = "Groß, neu anmelden: https://phish.example/login oder www.phish.example"
	if a := w.send(t, "POST", "/api/registrierung", reg, ""); a.Code != 201 {
		t.Fatalf("register: %d %s", a.Code, a.Body.String())
	}
	m, link := w.mail(t, "opfer@example.org", "/eAbwasser/doubleoptin?t=")
	wantZitat := "„Frau Groß, neu anmelden: https[:]//phish[.]example/login oder www[.]phish[.]example“"
	if !strings.Contains(m.Text, "Guten Tag "+wantZitat+",") {
		t.Errorf("the name is not quoted as data:\n%s", m.Text)
	}
	ohneLinks(t, m)
	if link == "" {
		t.Errorf("the confirmation link is gone:\n%s", m.Text)
	}

	// the activation mail (first password) greets the same way
	k, err := konten.NachBenutzername(context.Background(), w.dienst.Store.Pool(), "opfer@example.org")
	if err != nil {
		t.Fatal(err)
	}
	if a := w.bestaetige(t, queryParam(t, link, "t")); a.Code != 200 {
		t.Fatalf("confirm: %d %s", a.Code, a.Body.String())
	}
	admin := w.login(t, "systemadmin", seed.DemoPasswort)
	if a := w.send(t, "PUT", fmt.Sprintf("/api/anwender/%d/status", k.ID), map[string]string{"status": "AKTIV"}, admin); a.Code != 200 {
		t.Fatalf("activate: %d %s", a.Code, a.Body.String())
	}
	m, link = w.mail(t, "opfer@example.org", "/eAbwasser/password-reset?token=")
	if !strings.Contains(m.Text, "Guten Tag "+wantZitat+",") || link == "" {
		t.Errorf("activation mail:\n%s", m.Text)
	}
	ohneLinks(t, m)
}

// ohneLinks fails when a mail holds a link other than eAbwasser's own, or a line that is
// nothing but user text.
func ohneLinks(t *testing.T, m mailtest.Empfangen) {
	t.Helper()
	for _, z := range strings.Split(m.Text, "\n") {
		if strings.Contains(z, "phish") && (strings.Contains(z, "://") || strings.Contains(z, "phish.") || !strings.Contains(z, "„")) {
			t.Errorf("line %q of the mail carries the visitor's text unquoted or as a link", z)
		}
	}
	if l := mailtest.Link(m.Text, "phish"); l != "" {
		t.Errorf("the mail links to %q", l)
	}
}

// A reminder's mail names its subject and the operation: user text, quoted and without links.
func TestWiedervorlagen_TheMailQuotesSubjectAndOperationAsDataWithoutLinks(t *testing.T) {
	w := newKontoWelt(t, "")
	betreiber := w.login(t, "betreiber", seed.DemoPasswort)
	id := beantragen(t, w, betreiber, "Steinbruch phish.example")
	wv := map[string]any{"betreff": "Rückruf unter https://phish.example/login", "datum": time.Now().Format("2006-01-02")}
	if a := w.send(t, "POST", fmt.Sprintf("/api/betrieb/%d/wiedervorlage", id), wv, betreiber); a.Code != 201 {
		t.Fatalf("reminder: %d %s", a.Code, a.Body.String())
	}
	p := w.send(t, "GET", "/api/personalisierung", nil, betreiber).json(t)
	p["sendMailOnWiedervorlage"] = true
	w.send(t, "PUT", "/api/personalisierung", p, betreiber)
	versand, _ := mail.Neu(w.smtp.URL(), "", "", slog.New(slog.NewTextHandler(io.Discard, nil)))
	v := &benachrichtigung.Versender{Pool: w.dienst.Store.Pool(), Mail: versand, PublicURL: "https://eabwasser.example",
		Log: slog.New(slog.NewTextHandler(io.Discard, nil))}
	ctx := context.Background()
	for i, want := range []int64{1, 0} {
		if n, err := v.Erinnern(ctx); err != nil || n != want {
			t.Fatalf("run %d: %d reminders queued, %v", i, n, err)
		}
	}
	if n, err := v.Senden(ctx); err != nil || n != 1 {
		t.Fatalf("sent %d, %v", n, err)
	}
	m, _ := w.mail(t, "betreiber@demo.eabwasser.example", "")
	if !strings.HasPrefix(m.Text, "Die Wiedervorlage „Rückruf unter https[:]//phish[.]example/login“ zum Betrieb „Steinbruch phish[.]example“ ist seit dem ") {
		t.Errorf("mail:\n%s", m.Text)
	}
	ohneLinks(t, m)
	if !strings.Contains(m.Text, fmt.Sprintf("https://eabwasser.example/eAbwasser/betriebsakte/%d/wiedervorlagen", id)) {
		t.Errorf("the link to the reminders is gone:\n%s", m.Text)
	}
}
