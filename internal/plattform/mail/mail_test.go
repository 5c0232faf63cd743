package mail_test

import (
	"bytes"
	"context"
	"io/fs"
	"log/slog"
	"net"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/eabwasser/eabwasser/internal/plattform/mail"
	"github.com/eabwasser/eabwasser/internal/plattform/mail/mailtest"
)

// A link longer than a quoted-printable line (76 characters) is split by a soft line break on
// the wire; the test proves it arrives whole.
const bestaetigungsLink = "https://eabwasser.example/registrierung/bestaetigen?token=" +
	"c3VwZXJsYW5nZXMtdG9rZW4tZGFzLWVpbmUtcXVvdGVkLXByaW50YWJsZS1aZWlsZS1zcHJlbmd0"

var registrierung = mail.Nachricht{
	An:      "Jürgen Müller <juergen.mueller@klärwerk.example>",
	Betreff: "Bestätigung Ihrer Registrierung – Kläranlage Großhöchstädt",
	Text: "Guten Tag Herr Müller,\n\n" +
		"bitte bestätigen Sie Ihre Registrierung über diesen Link:\n" +
		bestaetigungsLink + "\n\n" +
		"Grüße aus der Wasserwirtschaftsbehörde (äöüÄÖÜß €)\n",
}

func kontext(t *testing.T) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	t.Cleanup(cancel)
	return ctx
}

func TestSMTPVersand_UmlauteUndLinkKommenUnverändertAn(t *testing.T) {
	srv := mailtest.Start(t)
	n := registrierung
	n.An = "Jürgen Müller <juergen.mueller@klaerwerk.example>"
	for _, tc := range []struct{ name, url string }{
		{"ohne TLS", srv.URL()},
		// The default STARTTLS policy is opportunistic: a server without STARTTLS still gets the mail.
		{"STARTTLS wenn angeboten", "smtp://" + srv.Addr()},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ctx := kontext(t)
			v, err := mail.Neu(tc.url, "", "", nil)
			if err != nil {
				t.Fatal(err)
			}
			if err := v.Senden(ctx, n); err != nil {
				t.Fatal(err)
			}
			e, err := srv.Warte(ctx, "JUERGEN.MUELLER@klaerwerk.example")
			if err != nil {
				t.Fatal(err)
			}
			if e.Betreff != n.Betreff {
				t.Errorf("Betreff = %q, want %q", e.Betreff, n.Betreff)
			}
			if strings.TrimRight(e.Text, "\n") != strings.TrimRight(n.Text, "\n") {
				t.Errorf("Text = %q, want %q", e.Text, n.Text)
			}
			if got := mailtest.Link(e.Text, "/registrierung/bestaetigen"); got != bestaetigungsLink {
				t.Errorf("Link = %q, want %q", got, bestaetigungsLink)
			}
			if e.Von != "noreply@eabwasser.example" {
				t.Errorf("Umschlag-Absender = %q, want the default sender", e.Von)
			}
			if !bytes.Contains(e.Roh, []byte("From: \"eAbwasser\" <noreply@eabwasser.example>")) {
				t.Errorf("From header missing the default sender:\n%s", e.Roh)
			}
		})
	}
}

func TestSMTPVersand_GleichzeitigeMailsGehenAlleAn(t *testing.T) {
	srv := mailtest.Start(t)
	ctx := kontext(t)
	v, err := mail.Neu(srv.URL(), "Behörde <behoerde@eabwasser.example>", "", nil)
	if err != nil {
		t.Fatal(err)
	}
	empfaenger := []string{"a@example.org", "b@example.org", "c@example.org", "a@example.org"}
	var wg sync.WaitGroup
	for _, an := range empfaenger {
		wg.Go(func() {
			if err := v.Senden(ctx, mail.Nachricht{An: an, Betreff: "Freigabe", Text: "Ihr Betrieb ist freigegeben."}); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	for _, an := range empfaenger {
		e, err := srv.Warte(ctx, an)
		if err != nil {
			t.Fatal(err)
		}
		if e.Von != "behoerde@eabwasser.example" {
			t.Errorf("Von = %q", e.Von)
		}
	}
	kurz, cancel := context.WithTimeout(ctx, 50*time.Millisecond)
	defer cancel()
	if e, err := srv.Warte(kurz, "a@example.org"); err == nil {
		t.Errorf("a third mail to a@example.org arrived: %+v", e)
	}
}

func TestSMTPVersand_ServerNichtErreichbarIstEinFehler(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()
	v, err := mail.Neu("smtp://"+addr+"?tls=none", "", "", nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := v.Senden(kontext(t), registrierung); err == nil {
		t.Fatal("Senden to a closed port succeeded")
	}
}

func TestNeu_UngueltigeKonfigurationIstEinFehler(t *testing.T) {
	for _, tc := range []struct{ name, url, absender, dir string }{
		{"falsches Schema", "http://mail.example:25", "", ""},
		{"ohne Schema", "mail.example:25", "", ""},
		{"ohne Host", "smtp://", "", ""},
		{"unbekannter TLS-Modus", "smtp://mail.example?tls=vielleicht", "", ""},
		{"smtps ohne TLS", "smtps://mail.example?tls=none", "", ""},
		{"Port keine Zahl", "smtp://mail.example:abc", "", ""},
		{"ungültiger Absender", "smtp://mail.example", "kein absender", ""},
		{"weder URL noch Postfach", "", "", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := mail.Neu(tc.url, tc.absender, tc.dir, nil); err == nil {
				t.Fatalf("Neu(%q, %q, %q) succeeded", tc.url, tc.absender, tc.dir)
			}
		})
	}
}

func TestNeu_FehlermeldungVerraetKeinPasswort(t *testing.T) {
	_, err := mail.Neu("ftp://nutzer:geheim123@mail.example:25", "", "", nil)
	if err == nil {
		t.Fatal("ftp scheme accepted")
	}
	if strings.Contains(err.Error(), "geheim123") {
		t.Errorf("error shows the password: %v", err)
	}
}

func TestNeu_GueltigeSMTPURLs(t *testing.T) {
	for _, u := range []string{
		"smtp://mail.example",
		"smtp://nutzer:pa%24%24@mail.example:587",
		"smtp://mail.example:587?tls=starttls",
		"smtps://nutzer:geheim@mail.example",
		"smtps://mail.example:465",
	} {
		if _, err := mail.Neu(u, "", "", nil); err != nil {
			t.Errorf("Neu(%q): %v", u, err)
		}
	}
}

func TestSenden_UngueltigerEmpfaengerIstEinFehler(t *testing.T) {
	srv := mailtest.Start(t)
	v, err := mail.Neu(srv.URL(), "", "", nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, an := range []string{"", "kein-at-zeichen", "a@b@c"} {
		if err := v.Senden(kontext(t), mail.Nachricht{An: an, Betreff: "x", Text: "y"}); err == nil {
			t.Errorf("Senden to %q succeeded", an)
		}
	}
}

func TestPostfach_SchreibtLesbareEMLUndProtokolliertDenText(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "mailbox")
	var logPuffer bytes.Buffer
	log := slog.New(slog.NewJSONHandler(&logPuffer, nil))

	v, err := mail.Neu("", "", dir, log)
	if err != nil {
		t.Fatal(err)
	}
	p, ok := v.(*mail.Postfach)
	if !ok {
		t.Fatalf("Neu without SMTP URL returned %T, want *mail.Postfach", v)
	}
	if err := v.Senden(kontext(t), registrierung); err != nil {
		t.Fatal(err)
	}

	info, err := os.Stat(dir)
	if err != nil {
		t.Fatal(err)
	}
	if info.Mode().Perm() != 0o700 {
		t.Errorf("mailbox mode = %v, want 0700", info.Mode().Perm())
	}
	dateien, err := p.Dateien()
	if err != nil {
		t.Fatal(err)
	}
	if len(dateien) != 1 {
		t.Fatalf("Dateien = %v, want one file", dateien)
	}
	name := filepath.Base(dateien[0])
	if !regexp.MustCompile(`^\d{8}-\d{6}\.\d{3}-juergen\.mueller@kl_rwerk\.example\.eml$`).MatchString(name) {
		t.Errorf("file name %q does not follow <yyyyMMdd-HHmmss.nnn>-<An>.eml with safe characters", name)
	}

	f, err := os.Open(dateien[0])
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	e, err := mailtest.Lies(f)
	if err != nil {
		t.Fatal(err)
	}
	if e.Betreff != registrierung.Betreff {
		t.Errorf("Betreff = %q, want %q", e.Betreff, registrierung.Betreff)
	}
	if strings.TrimRight(e.Text, "\n") != strings.TrimRight(registrierung.Text, "\n") {
		t.Errorf("Text = %q, want %q", e.Text, registrierung.Text)
	}

	protokoll := logPuffer.String()
	for _, teil := range []string{`"level":"INFO"`, `"betreff":"Bestätigung Ihrer Registrierung`, bestaetigungsLink, "Jürgen Müller"} {
		if !strings.Contains(protokoll, teil) {
			t.Errorf("log line lacks %q:\n%s", teil, protokoll)
		}
	}
}

func TestPostfach_GleicheMillisekundeUeberschreibtKeineMail(t *testing.T) {
	dir := t.TempDir()
	v, err := mail.Neu("", "", dir, slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	p := v.(*mail.Postfach)
	p.Jetzt = func() time.Time { return time.Date(2025, 3, 4, 5, 6, 7, 890_000_000, time.UTC) }
	for _, betreff := range []string{"erste", "zweite", "dritte"} {
		if err := p.Senden(kontext(t), mail.Nachricht{An: `"../../etc/passwd"@x.example`, Betreff: betreff, Text: "…"}); err != nil {
			t.Fatal(err)
		}
	}
	dateien, err := p.Dateien()
	if err != nil {
		t.Fatal(err)
	}
	if len(dateien) != 3 {
		t.Fatalf("Dateien = %v, want three files", dateien)
	}
	err = filepath.WalkDir(dir, func(pfad string, d fs.DirEntry, err error) error {
		if err == nil && d.IsDir() && pfad != dir {
			t.Errorf("unexpected directory %s", pfad)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if name := filepath.Base(dateien[0]); !strings.HasPrefix(name, "20250304-050607.890-") {
		t.Errorf("file name %q does not start with the time stamp", name)
	}
}
