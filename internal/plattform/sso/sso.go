// Package sso validates the tickets of the state's single sign-on, a CAS server: the browser
// comes back from the login page with a one-time ticket, and only the ticket service can say
// which user it belongs to.
package sso

import (
	"context"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"
)

// ErrUngueltigesTicket means the ticket service rejected the ticket: unknown, already used,
// expired or issued for another service. The user has to log in again; nothing is broken.
var ErrUngueltigesTicket = errors.New("Ungültiges oder abgelaufenes SSO-Ticket.")

// Ablehnung is a CAS authenticationFailure; errors.Is(err, ErrUngueltigesTicket) holds for it.
// Its code matters to operators: INVALID_SERVICE on every login means our service URL is not
// the one registered with the CAS server.
type Ablehnung struct {
	Code    string // e.g. INVALID_TICKET, INVALID_SERVICE
	Meldung string
}

func (a *Ablehnung) Error() string {
	detail := strings.TrimSpace(a.Code + " " + strings.TrimSpace(a.Meldung))
	if detail == "" {
		return ErrUngueltigesTicket.Error()
	}
	return fmt.Sprintf("%s (CAS: %s)", ErrUngueltigesTicket, detail)
}

func (a *Ablehnung) Unwrap() error { return ErrUngueltigesTicket }

// zeitlimit bounds the whole check, so a slow ticket service fails the login instead of
// holding the request.
var zeitlimit = 10 * time.Second

// maxAntwort caps what is read from the ticket service; a CAS answer is a few hundred bytes.
const maxAntwort = 1 << 20

// Pruefe asks the ticket service at validateURL whom ticket belongs to. validateURL is the
// CAS endpoint itself: …/serviceValidate or …/p3/serviceValidate (XML) or …/validate (CAS 1.0
// text); the answer's shape is recognised, not configured. service must be the exact URL the
// browser was sent back to. client nil means http.DefaultClient.
//
// A rejected ticket yields ErrUngueltigesTicket; an unreachable, slow or confused ticket
// service yields another error, because then logging in again will not help.
func Pruefe(ctx context.Context, client *http.Client, validateURL, service, ticket string) (benutzername string, err error) {
	if ticket == "" {
		return "", ErrUngueltigesTicket
	}
	if client == nil {
		client = http.DefaultClient
	}
	u, err := url.Parse(validateURL)
	if err != nil {
		return "", fmt.Errorf("SSO-Prüfadresse %q: %w", validateURL, err)
	}
	q := u.Query()
	q.Set("service", service)
	q.Set("ticket", ticket)
	u.RawQuery = q.Encode()
	// Error messages name the endpoint without the query: a ticket does not belong in the log.
	ziel := validateURL
	if i := strings.IndexByte(ziel, '?'); i >= 0 {
		ziel = ziel[:i]
	}

	ctx, cancel := context.WithTimeout(ctx, zeitlimit)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u.String(), nil)
	if err != nil {
		return "", fmt.Errorf("SSO-Ticketprüfung bei %s: %w", ziel, err)
	}
	req.Header.Set("Accept", "application/xml, text/xml, text/plain")
	resp, err := client.Do(req)
	if err != nil {
		var uerr *url.Error
		if errors.As(err, &uerr) {
			err = uerr.Err // url.Error repeats the URL, ticket included
		}
		return "", fmt.Errorf("SSO-Ticketprüfung bei %s: %w", ziel, err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return "", fmt.Errorf("SSO-Ticketprüfung bei %s: Antwort %s", ziel, resp.Status)
	}
	body, err := io.ReadAll(io.LimitReader(resp.Body, maxAntwort))
	if err != nil {
		return "", fmt.Errorf("SSO-Ticketprüfung bei %s: Antwort nicht lesbar: %w", ziel, err)
	}

	text := strings.TrimSpace(string(body))
	if strings.HasPrefix(text, "<") {
		benutzername, err = ausXML(body)
	} else {
		benutzername, err = ausText(text)
	}
	if err != nil && !errors.Is(err, ErrUngueltigesTicket) {
		return "", fmt.Errorf("SSO-Ticketprüfung bei %s: %w", ziel, err)
	}
	return benutzername, err
}

// casAntwort is the CAS 2.0/3.0 serviceResponse. The tags name no namespace, so a server that
// forgets xmlns:cas or uses another prefix is understood as well.
type casAntwort struct {
	XMLName xml.Name `xml:"serviceResponse"`
	Erfolg  *struct {
		Benutzer string `xml:"user"`
	} `xml:"authenticationSuccess"`
	Fehler *struct {
		Code    string `xml:"code,attr"`
		Meldung string `xml:",chardata"`
	} `xml:"authenticationFailure"`
}

func ausXML(body []byte) (string, error) {
	var a casAntwort
	if err := xml.Unmarshal(body, &a); err != nil {
		return "", fmt.Errorf("keine CAS-Antwort: %w", err)
	}
	switch {
	case a.Fehler != nil:
		return "", &Ablehnung{Code: a.Fehler.Code, Meldung: a.Fehler.Meldung}
	case a.Erfolg != nil:
		name := strings.TrimSpace(a.Erfolg.Benutzer)
		if name == "" {
			return "", errors.New("CAS-Antwort ohne Benutzername")
		}
		return name, nil
	default:
		return "", errors.New("CAS-Antwort weder Erfolg noch Ablehnung")
	}
}

// ausText reads CAS 1.0: "yes\n<user>\n" or "no\n".
func ausText(text string) (string, error) {
	zeilen := strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n")
	switch strings.TrimSpace(zeilen[0]) {
	case "no":
		return "", ErrUngueltigesTicket // CAS 1.0 gives no reason
	case "yes":
		if len(zeilen) < 2 || strings.TrimSpace(zeilen[1]) == "" {
			return "", errors.New("CAS-1.0-Antwort ohne Benutzername")
		}
		return strings.TrimSpace(zeilen[1]), nil
	default:
		return "", fmt.Errorf("keine CAS-Antwort: %.40q", text)
	}
}
