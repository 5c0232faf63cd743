// Package mail sends eAbwasser's outgoing mail: over SMTP when a server is configured, otherwise
// into a local Postfach (.eml files plus a log line), so that a development run needs no mail
// server and its users still find the links they were sent.
package mail

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"log/slog"
	netmail "net/mail"
	"strings"
	"time"

	gomail "github.com/wneessen/go-mail"
)

// StandardAbsender is used when no sender is configured.
const StandardAbsender = "eAbwasser <noreply@eabwasser.example>"

// Nachricht is one plain-text mail to one recipient.
type Nachricht struct {
	An      string // recipient address, e.g. "betrieb@example.org" or "Name <betrieb@example.org>"
	Betreff string
	Text    string // UTF-8 plain text
}

// Versand delivers a Nachricht; the SMTP sender and the Postfach both implement it.
type Versand interface {
	Senden(ctx context.Context, n Nachricht) error
}

// Neu returns the SMTP sender when smtpURL is set and the Postfach in mailboxDir otherwise.
//
// smtpURL forms:
//
//	smtp://user:pass@host:port        STARTTLS when the server offers it (default port 25)
//	smtp://host:port?tls=starttls     STARTTLS required
//	smtp://host:port?tls=none         no TLS at all, for local mail sinks and tests
//	smtps://user:pass@host:port       implicit TLS (default port 465)
//
// User and password are optional; with them the best mechanism the server offers is used.
// An empty absender means StandardAbsender; a nil log means slog.Default().
func Neu(smtpURL, absender, mailboxDir string, log *slog.Logger) (Versand, error) {
	if log == nil {
		log = slog.Default()
	}
	if absender == "" {
		absender = StandardAbsender
	}
	von, err := netmail.ParseAddress(absender)
	if err != nil {
		return nil, fmt.Errorf("Absender %q ist keine gültige Adresse: %w", absender, err)
	}
	if smtpURL == "" {
		return NeuesPostfach(mailboxDir, von, log)
	}
	return neuerSMTPVersand(smtpURL, von)
}

// nachrichtBauen turns n into a go-mail message, so that the SMTP sender and the Postfach write
// byte-for-byte the same kind of RFC 5322 message (UTF-8, quoted-printable, RFC 2047 subject).
func nachrichtBauen(von *netmail.Address, n Nachricht, jetzt time.Time) (*gomail.Msg, error) {
	if strings.TrimSpace(n.An) == "" {
		return nil, errors.New("Nachricht ohne Empfänger")
	}
	an, err := netmail.ParseAddress(n.An)
	if err != nil {
		return nil, fmt.Errorf("Empfänger %q ist keine gültige Adresse: %w", n.An, err)
	}
	m := gomail.NewMsg(gomail.WithNoDefaultUserAgent())
	m.FromMailAddress(von)
	m.ToMailAddress(an)
	m.Subject(n.Betreff)
	m.SetDateWithValue(jetzt)
	// The Message-ID carries the sender's domain rather than this machine's host name, which
	// go-mail would use and which receiving spam filters hold against us.
	m.SetMessageIDWithValue(rand.Text() + "@" + domain(von.Address))
	m.SetBodyString(gomail.TypeTextPlain, n.Text)
	return m, nil
}

func domain(adresse string) string {
	if i := strings.LastIndexByte(adresse, '@'); i >= 0 && i < len(adresse)-1 {
		return adresse[i+1:]
	}
	return "eabwasser.example"
}
