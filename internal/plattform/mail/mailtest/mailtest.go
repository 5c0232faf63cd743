// Package mailtest runs a real SMTP server inside a test process, so tests can send through the
// production SMTP path and then read the mail as a user would: the decoded subject, the decoded
// text and the link in it.
package mailtest

import (
	"bytes"
	"context"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"mime/quotedprintable"
	"net"
	netmail "net/mail"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-smtp"
)

// Empfangen is one received mail as seen by one recipient.
type Empfangen struct {
	An      string // envelope recipient (RCPT TO)
	Von     string // envelope sender (MAIL FROM)
	Betreff string // decoded Subject
	Text    string // decoded text/plain body, line ends as "\n"
	Roh     []byte // the message as received, for debugging a failed assertion
}

// Server is an SMTP server on 127.0.0.1 without TLS and without authentication.
type Server struct {
	smtp *smtp.Server
	addr string

	mu      sync.Mutex
	post    []Empfangen   // received and not yet taken by Warte
	neu     chan struct{} // closed (and replaced) whenever post grows
	beendet bool
}

// Start listens on a free port; the server stops when the test ends.
func Start(t testing.TB) *Server {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatalf("mailtest: %v", err)
	}
	s := &Server{addr: l.Addr().String(), neu: make(chan struct{})}
	s.smtp = smtp.NewServer(smtp.BackendFunc(func(*smtp.Conn) (smtp.Session, error) {
		return &sitzung{server: s}, nil
	}))
	s.smtp.Domain = "localhost"
	s.smtp.ReadTimeout = 30 * time.Second
	s.smtp.WriteTimeout = 30 * time.Second
	s.smtp.MaxMessageBytes = 10 << 20
	s.smtp.ErrorLog = &testLog{t: t, server: s}
	go func() { _ = s.smtp.Serve(l) }()
	t.Cleanup(func() {
		s.mu.Lock()
		s.beendet = true
		s.mu.Unlock()
		_ = s.smtp.Close()
	})
	return s
}

// URL is the SMTP URL to hand to mail.Neu.
func (s *Server) URL() string { return "smtp://" + s.addr + "?tls=none" }

// Addr is host:port.
func (s *Server) Addr() string { return s.addr }

// Warte returns the oldest mail to an that no earlier Warte returned, waiting for it if need be.
// an may be a bare address or "Name <address>"; case does not matter.
func (s *Server) Warte(ctx context.Context, an string) (Empfangen, error) {
	gesucht := adresse(an)
	for {
		s.mu.Lock()
		for i, e := range s.post {
			if adresse(e.An) == gesucht {
				s.post = append(s.post[:i], s.post[i+1:]...)
				s.mu.Unlock()
				return e, nil
			}
		}
		neu := s.neu
		s.mu.Unlock()
		select {
		case <-neu:
		case <-ctx.Done():
			return Empfangen{}, fmt.Errorf("mailtest: keine Mail an %s: %w", an, ctx.Err())
		}
	}
}

// Anzahl counts the received mails to an that no Warte has taken yet.
func (s *Server) Anzahl(an string) int {
	gesucht := adresse(an)
	s.mu.Lock()
	defer s.mu.Unlock()
	n := 0
	for _, e := range s.post {
		if adresse(e.An) == gesucht {
			n++
		}
	}
	return n
}

func (s *Server) ablegen(mails []Empfangen) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.post = append(s.post, mails...)
	close(s.neu)
	s.neu = make(chan struct{})
}

func adresse(a string) string {
	if p, err := netmail.ParseAddress(a); err == nil {
		a = p.Address
	}
	return strings.ToLower(strings.TrimSpace(a))
}

// sitzung is one SMTP session; a session may carry several mails (RSET between them).
type sitzung struct {
	server *Server
	von    string
	an     []string
}

func (z *sitzung) Mail(from string, _ *smtp.MailOptions) error {
	z.von = from
	return nil
}

func (z *sitzung) Rcpt(to string, _ *smtp.RcptOptions) error {
	z.an = append(z.an, to)
	return nil
}

func (z *sitzung) Data(r io.Reader) error {
	roh, err := io.ReadAll(r)
	if err != nil {
		return err
	}
	gelesen, err := Lies(bytes.NewReader(roh))
	if err != nil {
		// Rejecting the mail makes the sender's test fail at the send, where the cause is.
		return &smtp.SMTPError{Code: 554, EnhancedCode: smtp.EnhancedCode{5, 6, 0}, Message: err.Error()}
	}
	mails := make([]Empfangen, 0, len(z.an))
	for _, an := range z.an {
		e := gelesen
		e.An, e.Von, e.Roh = an, z.von, roh
		mails = append(mails, e)
	}
	z.server.ablegen(mails)
	return nil
}

func (z *sitzung) Reset() {
	z.von, z.an = "", nil
}

func (z *sitzung) Logout() error { return nil }

// Lies decodes a raw RFC 5322 message: the RFC 2047 subject and the text/plain body (also
// inside multipart/*), undoing quoted-printable or base64. An and Von stay empty. The Postfach
// tests use it on the .eml files.
func Lies(r io.Reader) (Empfangen, error) {
	m, err := netmail.ReadMessage(r)
	if err != nil {
		return Empfangen{}, fmt.Errorf("Mail nicht lesbar: %w", err)
	}
	var dec mime.WordDecoder
	betreff, err := dec.DecodeHeader(m.Header.Get("Subject"))
	if err != nil {
		return Empfangen{}, fmt.Errorf("Betreff nicht lesbar: %w", err)
	}
	text, err := textteil(m.Header, m.Body)
	if err != nil {
		return Empfangen{}, err
	}
	return Empfangen{Betreff: betreff, Text: strings.ReplaceAll(text, "\r\n", "\n")}, nil
}

var errKeinText = errors.New("Mail ohne text/plain-Teil")

// kopf is what netmail.Header and textproto.MIMEHeader have in common.
type kopf interface{ Get(string) string }

func textteil(h kopf, body io.Reader) (string, error) {
	ct := h.Get("Content-Type")
	if ct == "" {
		ct = "text/plain; charset=us-ascii" // RFC 2045 default
	}
	art, params, err := mime.ParseMediaType(ct)
	if err != nil {
		return "", fmt.Errorf("Content-Type %q: %w", ct, err)
	}
	switch {
	case strings.HasPrefix(art, "multipart/"):
		mr := multipart.NewReader(body, params["boundary"])
		for {
			teil, err := mr.NextPart()
			if errors.Is(err, io.EOF) {
				return "", errKeinText
			}
			if err != nil {
				return "", fmt.Errorf("multipart: %w", err)
			}
			text, err := textteil(teil.Header, teil)
			if errors.Is(err, errKeinText) {
				continue
			}
			return text, err
		}
	case art == "text/plain":
		inhalt, err := io.ReadAll(entpackt(h.Get("Content-Transfer-Encoding"), body))
		if err != nil {
			return "", fmt.Errorf("Text nicht dekodierbar: %w", err)
		}
		return zeichensatz(params["charset"], inhalt)
	default:
		return "", errKeinText
	}
}

// entpackt undoes the transfer encoding. multipart.Reader already decodes quoted-printable
// parts itself and then drops the header, so a missing header is the normal case there.
func entpackt(cte string, r io.Reader) io.Reader {
	switch strings.ToLower(strings.TrimSpace(cte)) {
	case "quoted-printable":
		return quotedprintable.NewReader(r)
	case "base64":
		return base64.NewDecoder(base64.StdEncoding, r) // skips the line breaks itself
	default:
		return r
	}
}

func zeichensatz(charset string, b []byte) (string, error) {
	switch strings.ToLower(charset) {
	case "", "utf-8", "us-ascii":
		return string(b), nil
	case "iso-8859-1", "latin1":
		r := make([]rune, len(b))
		for i, c := range b {
			r[i] = rune(c)
		}
		return string(r), nil
	default:
		return "", fmt.Errorf("Zeichensatz %q wird von mailtest nicht unterstützt", charset)
	}
}

var urlMuster = regexp.MustCompile(`https?://[^\s<>"']+`)

// Link returns the first http(s) URL in text that contains enthaelt, or "" if there is none.
// Trailing sentence punctuation is not part of the URL.
func Link(text, enthaelt string) string {
	for _, u := range urlMuster.FindAllString(text, -1) {
		u = strings.TrimRight(u, ".,;:!?)]}")
		if strings.Contains(u, enthaelt) {
			return u
		}
	}
	return ""
}

// testLog sends the SMTP server's complaints to the test log, but only while the test runs:
// testing panics on a log call after the test has finished.
type testLog struct {
	t      testing.TB
	server *Server
}

func (l *testLog) Printf(format string, v ...any) {
	l.server.mu.Lock()
	defer l.server.mu.Unlock()
	if !l.server.beendet {
		l.t.Logf("mailtest: "+format, v...)
	}
}

func (l *testLog) Println(v ...any) {
	l.server.mu.Lock()
	defer l.server.mu.Unlock()
	if !l.server.beendet {
		l.t.Log(append([]any{"mailtest:"}, v...)...)
	}
}
