package wasserbuch

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
)

// The water-register viewer (spec 002 §2): an entry's page and its documents, read from the
// register at DIGIWAB_URL. The entry wbbId is the water right's page
// <DIGIWAB_URL>/wasserrechte/<wbbId> (the page the existence check asks for), a document
// <DIGIWAB_URL>/dokumente/<entryId>/<dokId>.pdf; both names follow the form of a water-right
// number (GueltigeNummer), so each is one path segment.

// The German messages of the viewer besides TextNichtErreichbar and TextFehler.
const (
	TextUnbekannt          = "Der Eintrag ist im Wasserbuch nicht vorhanden."
	TextDokumentUnbekannt  = "Das Dokument ist im Wasserbuch nicht vorhanden."
	TextNichtKonfiguriert  = "Es ist kein Wasserbuch angebunden."
	TextDokumentKennungen  = "Eintrag und Dokument müssen angegeben sein (Buchstaben, Ziffern, „-“, „_“ und „.“)."
	MaxSeite               = 1 << 20  // an entry's page
	MaxDokument            = 20 << 20 // a document
	pdfAnfang              = "%PDF-"
	textDokumentZuGross    = "zu groß"
	textDokumentKeinPDF    = "kein PDF"
	textSeiteZuGross       = "Seite zu groß"
	textAntwortUnerwartet  = "unerwartete Antwort"
	textUmleitungUnzulaess = "Umleitung"
)

var (
	// ErrUnbekannt: the register does not know the entry or the document (404/410).
	ErrUnbekannt = errors.New(TextUnbekannt)
	// ErrNichtKonfiguriert: no DIGIWAB_URL, nobody to ask.
	ErrNichtKonfiguriert = errors.New(TextNichtKonfiguriert)
)

// Seite is an entry's page for the viewer: its HTML, sanitised (Bereinige).
type Seite struct {
	WbbID string `json:"wbbId"`
	HTML  string `json:"html"`
}

// Eintrag reads the page of entry wbbID and returns it sanitised, its document links made
// references by verweis.
func (r *Register) Eintrag(ctx context.Context, wbbID string, verweis Verweis) (Seite, error) {
	if !GueltigeNummer(wbbID) {
		return Seite{}, ErrNummer
	}
	if r == nil || r.basis == nil {
		return Seite{}, ErrNichtKonfiguriert
	}
	adresse := r.basis.JoinPath("wasserrechte", wbbID)
	res, err := r.hole(ctx, adresse, "text/html")
	if err != nil {
		return Seite{}, err
	}
	defer res.Body.Close()
	roh, err := io.ReadAll(io.LimitReader(res.Body, MaxSeite+1))
	if err != nil {
		return Seite{}, fmt.Errorf("%w (%v)", ErrNichtErreichbar, err)
	}
	if len(roh) > MaxSeite {
		return Seite{}, fmt.Errorf("%w (%s)", ErrFehler, textSeiteZuGross)
	}
	return Seite{WbbID: wbbID, HTML: Bereinige(roh, adresse, r.basis, verweis)}, nil
}

// Dokument opens document dokID of entry entryID: a PDF of at most MaxDokument bytes. The
// caller streams it and closes it; reading past the bound is an error (ErrFehler), and so is
// an answer that does not begin like a PDF.
func (r *Register) Dokument(ctx context.Context, entryID, dokID string) (io.ReadCloser, error) {
	if !GueltigeNummer(entryID) || !GueltigeNummer(dokID) {
		return nil, ErrNummer
	}
	if r == nil || r.basis == nil {
		return nil, ErrNichtKonfiguriert
	}
	res, err := r.hole(ctx, r.basis.JoinPath("dokumente", entryID, dokID+".pdf"), "application/pdf")
	if err != nil {
		return nil, err
	}
	if res.ContentLength > MaxDokument {
		res.Body.Close()
		return nil, fmt.Errorf("%w (%s: %d)", ErrFehler, textDokumentZuGross, res.ContentLength)
	}
	anfang := make([]byte, len(pdfAnfang))
	if _, err := io.ReadFull(res.Body, anfang); err != nil || !bytes.Equal(anfang, []byte(pdfAnfang)) {
		res.Body.Close()
		if err != nil && !errors.Is(err, io.ErrUnexpectedEOF) && !errors.Is(err, io.EOF) {
			return nil, fmt.Errorf("%w (%v)", ErrNichtErreichbar, err)
		}
		return nil, fmt.Errorf("%w (%s)", ErrFehler, textDokumentKeinPDF)
	}
	return &begrenzt{r: io.MultiReader(bytes.NewReader(anfang), res.Body), c: res.Body, rest: MaxDokument}, nil
}

// begrenzt reads at most rest bytes and fails past them.
type begrenzt struct {
	r    io.Reader
	c    io.Closer
	rest int64
}

func (b *begrenzt) Read(p []byte) (int, error) {
	if b.rest <= 0 {
		var eins [1]byte
		if n, _ := b.r.Read(eins[:]); n > 0 {
			return 0, fmt.Errorf("%w (%s)", ErrFehler, textDokumentZuGross)
		}
		return 0, io.EOF
	}
	if int64(len(p)) > b.rest {
		p = p[:b.rest]
	}
	n, err := b.r.Read(p)
	b.rest -= int64(n)
	return n, err
}

func (b *begrenzt) Close() error { return b.c.Close() }

// hole asks the register for adresse: a 2xx answer, or the error that says why not (404/410:
// ErrUnbekannt; 503/504, time limit, no connection: ErrNichtErreichbar; anything else ErrFehler).
func (r *Register) hole(ctx context.Context, adresse *url.URL, accept string) (*http.Response, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, adresse.String(), nil)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Accept", accept)
	res, err := r.client.Do(req)
	if err != nil {
		if errors.Is(ctx.Err(), context.Canceled) {
			return nil, ctx.Err()
		}
		return nil, fmt.Errorf("%w (%v)", ErrNichtErreichbar, err)
	}
	if res.StatusCode >= 200 && res.StatusCode < 300 {
		return res, nil
	}
	_, _ = io.Copy(io.Discard, io.LimitReader(res.Body, 64<<10))
	res.Body.Close()
	switch {
	case res.StatusCode == http.StatusNotFound || res.StatusCode == http.StatusGone:
		return nil, ErrUnbekannt
	case res.StatusCode == http.StatusServiceUnavailable || res.StatusCode == http.StatusGatewayTimeout:
		return nil, fmt.Errorf("%w (HTTP %d)", ErrNichtErreichbar, res.StatusCode)
	case res.StatusCode >= 300 && res.StatusCode < 400:
		return nil, fmt.Errorf("%w (%s, HTTP %d)", ErrFehler, textUmleitungUnzulaess, res.StatusCode)
	}
	return nil, fmt.Errorf("%w (%s, HTTP %d)", ErrFehler, textAntwortUnerwartet, res.StatusCode)
}
