// Package wasserbuch asks the water book (Wasserbuch, DigiWab) whether a water right exists and
// builds the link to its entry (spec 001 §2, §7 "Water book"). The register's address is
// configuration (DIGIWAB_URL), never taken from a request; a water right is the page
// <DIGIWAB_URL>/wasserrechte/<Nummer>, answered 200 when it exists and 404 when not. Every
// question ends after a time limit (5 s by default), so a slow register never holds a request.
package wasserbuch

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"time"
)

// The German messages of the water book's failures.
const (
	TextNichtErreichbar = "Das Wasserbuch ist zurzeit nicht erreichbar. Bitte versuchen Sie es später erneut."
	TextFehler          = "Das Wasserbuch hat die Anfrage nicht beantwortet. Bitte versuchen Sie es später erneut."
	TextNummer          = "Die Wasserrechtsnummer ist ungültig."
)

var (
	// ErrNichtErreichbar: the register did not answer in time or refused the connection.
	ErrNichtErreichbar = errors.New(TextNichtErreichbar)
	// ErrFehler: the register answered, but neither "exists" nor "does not exist".
	ErrFehler = errors.New(TextFehler)
	// ErrNummer: the number is not of the form of a water-right number.
	ErrNummer = errors.New(TextNummer)
)

// StandardZeitlimit bounds one question to the register.
const StandardZeitlimit = 5 * time.Second

// nummer is the form of a water-right number: letters, digits, "-", "_" and "." (at most 50,
// starting with a letter or digit), so it is one path segment of the register as written.
var nummer = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._-]{0,49}$`)

// GueltigeNummer reports whether n has the form of a water-right number ("WR-2350-001").
func GueltigeNummer(n string) bool { return nummer.MatchString(n) }

// Auskunft is the answer about one water right: the link to its entry in the water book and
// whether the register knows it. Without a configured register both are empty.
type Auskunft struct {
	URL       string `json:"url"`
	Vorhanden bool   `json:"vorhanden"`
}

// Register is the water book at a configured address. The zero value and nil are a register
// that is not configured: no links, nothing exists, no question leaves the server.
type Register struct {
	basis  *url.URL
	client *http.Client
}

// Neu returns the register at basis (DIGIWAB_URL; "" : not configured). zeitlimit bounds one
// question (0: StandardZeitlimit).
func Neu(basis string, zeitlimit time.Duration) (*Register, error) {
	basis = strings.TrimSpace(basis)
	if basis == "" {
		return &Register{}, nil
	}
	u, err := PruefeAdresse(basis)
	if err != nil {
		return nil, err
	}
	if zeitlimit <= 0 {
		zeitlimit = StandardZeitlimit
	}
	return &Register{basis: u, client: &http.Client{
		Timeout: zeitlimit,
		// a redirect may lead anywhere (a login page, another host): it is no answer
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}}, nil
}

// PruefeAdresse checks a register address: http(s), a host, no user, query or fragment.
func PruefeAdresse(basis string) (*url.URL, error) {
	u, err := url.Parse(basis)
	if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" || u.User != nil || u.RawQuery != "" || u.Fragment != "" {
		return nil, fmt.Errorf("DIGIWAB_URL %q ist keine Adresse der Form https://host/pfad", basis)
	}
	u.Path = strings.TrimRight(u.Path, "/")
	u.RawPath = ""
	return u, nil
}

// URL is the configured address of the water book ("" when not configured).
func (r *Register) URL() string {
	if r == nil || r.basis == nil {
		return ""
	}
	return r.basis.String()
}

// Link is the address of the water right's entry ("" when no register is configured).
func (r *Register) Link(n string) (string, error) {
	if !GueltigeNummer(n) {
		return "", ErrNummer
	}
	if r == nil || r.basis == nil {
		return "", nil
	}
	return r.basis.JoinPath("wasserrechte", n).String(), nil
}

// Frage asks the register about the water right n: the link to its entry and whether it
// exists. Without a configured register the answer is empty and nobody is asked.
func (r *Register) Frage(ctx context.Context, n string) (Auskunft, error) {
	link, err := r.Link(n)
	if err != nil || link == "" {
		return Auskunft{}, err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, link, nil)
	if err != nil {
		return Auskunft{}, err
	}
	req.Header.Set("Accept", "text/html, application/json")
	res, err := r.client.Do(req)
	if err != nil {
		if errors.Is(ctx.Err(), context.Canceled) {
			return Auskunft{}, ctx.Err() // the caller went away
		}
		// time limit, refused connection, unknown host, broken TLS: the register is not reachable
		return Auskunft{}, fmt.Errorf("%w (%v)", ErrNichtErreichbar, err)
	}
	defer res.Body.Close()
	_, _ = io.Copy(io.Discard, io.LimitReader(res.Body, 64<<10))
	switch {
	case res.StatusCode >= 200 && res.StatusCode < 300:
		return Auskunft{URL: link, Vorhanden: true}, nil
	case res.StatusCode == http.StatusNotFound || res.StatusCode == http.StatusGone:
		return Auskunft{URL: link}, nil
	case res.StatusCode == http.StatusServiceUnavailable || res.StatusCode == http.StatusGatewayTimeout:
		return Auskunft{}, fmt.Errorf("%w (HTTP %d)", ErrNichtErreichbar, res.StatusCode)
	}
	return Auskunft{}, fmt.Errorf("%w (HTTP %d)", ErrFehler, res.StatusCode)
}
