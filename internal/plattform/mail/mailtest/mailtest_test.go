package mailtest_test

import (
	"context"
	"net/smtp"
	"strings"
	"testing"
	"time"

	"github.com/eabwasser/eabwasser/internal/plattform/mail/mailtest"
)

// Mail clients other than go-mail send base64 and multipart/alternative; the server must read
// those too, or a test would silently depend on one library's encoding choices.
func TestServer_LiestBase64MultipartUndKodiertenBetreff(t *testing.T) {
	srv := mailtest.Start(t)
	roh := strings.ReplaceAll(`From: =?ISO-8859-1?Q?Beh=F6rde?= <behoerde@example.org>
To: betrieb@example.org, zweiter@example.org
Subject: =?UTF-8?B?UHLDvGZ1bmc=?= der =?utf-8?q?Abw=C3=A4sser?=
MIME-Version: 1.0
Content-Type: multipart/alternative; boundary="GRENZE"

--GRENZE
Content-Type: text/html; charset=utf-8

<p>HTML</p>
--GRENZE
Content-Type: text/plain; charset=utf-8
Content-Transfer-Encoding: base64

R3LDvMOfZSwgYml0dGUgaGllciBrbGlja2VuOiBodHRwczovL2VhYndhc3Nlci5leGFtcGxlL3B3
P3Q9YWJjLgpad2VpdGVyIExpbms6IGh0dHA6Ly9sb2NhbGhvc3Q6ODA4MC9iZXRyaWViLzQy
--GRENZE--
`, "\n", "\r\n")
	err := smtp.SendMail(srv.Addr(), nil, "behoerde@example.org",
		[]string{"betrieb@example.org", "zweiter@example.org"}, []byte(roh))
	if err != nil {
		t.Fatal(err)
	}

	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	for _, an := range []string{"Betrieb <BETRIEB@example.org>", "zweiter@example.org"} {
		e, err := srv.Warte(ctx, an)
		if err != nil {
			t.Fatal(err)
		}
		if e.Betreff != "Prüfung der Abwässer" {
			t.Errorf("Betreff = %q", e.Betreff)
		}
		want := "Grüße, bitte hier klicken: https://eabwasser.example/pw?t=abc.\nZweiter Link: http://localhost:8080/betrieb/42"
		if e.Text != want {
			t.Errorf("Text = %q, want %q", e.Text, want)
		}
		if e.Von != "behoerde@example.org" {
			t.Errorf("Von = %q", e.Von)
		}
	}
}

func TestServer_WarteEndetMitDemKontext(t *testing.T) {
	srv := mailtest.Start(t)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Millisecond)
	defer cancel()
	if _, err := srv.Warte(ctx, "niemand@example.org"); err == nil {
		t.Fatal("Warte returned without a mail")
	}
}

func TestServer_WarteWartetAufSpaetereMail(t *testing.T) {
	srv := mailtest.Start(t)
	go func() {
		time.Sleep(50 * time.Millisecond)
		_ = smtp.SendMail(srv.Addr(), nil, "a@example.org", []string{"spaet@example.org"},
			[]byte("Subject: spät\r\n\r\nendlich\r\n"))
	}()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	e, err := srv.Warte(ctx, "spaet@example.org")
	if err != nil {
		t.Fatal(err)
	}
	// A raw 8-bit header is not RFC 2047 but arrives in practice; it must pass through unchanged.
	if e.Betreff != "spät" || e.Text != "endlich\n" {
		t.Errorf("got %q / %q", e.Betreff, e.Text)
	}
}

func TestLink(t *testing.T) {
	text := "Siehe https://a.example/start. Dann (https://a.example/konto/passwort?t=1&x=2), " +
		"sonst <http://localhost:8080/registrierung/bestaetigen?token=xyz>."
	for _, tc := range []struct{ enthaelt, want string }{
		{"", "https://a.example/start"},
		{"passwort", "https://a.example/konto/passwort?t=1&x=2"},
		{"bestaetigen", "http://localhost:8080/registrierung/bestaetigen?token=xyz"},
		{"gibtsnicht", ""},
	} {
		if got := mailtest.Link(text, tc.enthaelt); got != tc.want {
			t.Errorf("Link(%q) = %q, want %q", tc.enthaelt, got, tc.want)
		}
	}
}
