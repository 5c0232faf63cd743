package httpapi

import (
	"errors"
	"io"
	"net/http"
	"time"
)

// Zeitlimits are the timeouts of the HTTP server (issue 11): a client that sends its headers
// or its body slowly, or stops, loses the connection instead of holding it.
type Zeitlimits struct {
	Kopf      time.Duration // ReadHeaderTimeout: request line and headers
	Lesen     time.Duration // ReadTimeout: the whole request of an ordinary route; on long routes the longest pause in a body
	Schreiben time.Duration // WriteTimeout: from the end of the headers to the end of the answer of an ordinary route
	Leerlauf  time.Duration // IdleTimeout: a keep-alive connection waiting for the next request
	Lang      time.Duration // uploads, downloads and exports: the longest one may take in all
}

// StandardZeitlimits are the timeouts of `eabwasser serve`. An ordinary request has a minute
// to arrive (its body is at most 1 MB) and two to be answered; an upload of 100 MB, a file
// download or a spreadsheet export gets half an hour, as long as the body keeps coming.
var StandardZeitlimits = Zeitlimits{
	Kopf:      10 * time.Second,
	Lesen:     time.Minute,
	Schreiben: 2 * time.Minute,
	Leerlauf:  2 * time.Minute,
	Lang:      30 * time.Minute,
}

// mitStandard fills the zero fields from StandardZeitlimits.
func (z Zeitlimits) mitStandard() Zeitlimits {
	s := StandardZeitlimits
	for _, p := range []struct{ d, s *time.Duration }{{&z.Kopf, &s.Kopf}, {&z.Lesen, &s.Lesen},
		{&z.Schreiben, &s.Schreiben}, {&z.Leerlauf, &s.Leerlauf}, {&z.Lang, &s.Lang}} {
		if *p.d <= 0 {
			*p.d = *p.s
		}
	}
	return z
}

// Server returns the HTTP server of handler on addr with the timeouts z (zero fields:
// StandardZeitlimits). The handler of New must be given the same Zeitlimits in Deps, so its
// long routes stretch exactly these.
func Server(addr string, handler http.Handler, z Zeitlimits) *http.Server {
	z = z.mitStandard()
	return &http.Server{Addr: addr, Handler: handler, ReadHeaderTimeout: z.Kopf, ReadTimeout: z.Lesen,
		WriteTimeout: z.Schreiben, IdleTimeout: z.Leerlauf}
}

// lang stretches the server's timeouts for an upload (up to 100 MB): the answer may take Zeitlimits.Lang; a
// body may, too, but only while it keeps coming: each read that brings data allows the next
// pause of Zeitlimits.Lesen, so a client that stops sending still loses the connection soon.
// (Without a larger read deadline the server would also cancel the request's context once
// ReadTimeout has passed, while it waits for the client in the background.)
func (a *api) lang(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		z := a.deps.Zeitlimits
		rc := http.NewResponseController(w)
		ende := time.Now().Add(z.Lang)
		// Errors only mean the writer cannot (httptest); the server's limits then stay.
		_ = rc.SetWriteDeadline(ende)
		if r.Body == nil || r.Body == http.NoBody {
			_ = rc.SetReadDeadline(ende)
		} else {
			_ = rc.SetReadDeadline(time.Now().Add(z.Lesen))
			r.Body = &fortschrittBody{ReadCloser: r.Body, rc: rc, pause: z.Lesen, ende: ende}
		}
		next.ServeHTTP(w, r)
	})
}

// langeAntwort stretches the server's timeouts for an answer that may take long to produce or
// to send (spreadsheet exports, file downloads): Zeitlimits.Lang from now.
func (a *api) langeAntwort(w http.ResponseWriter) {
	rc := http.NewResponseController(w)
	ende := time.Now().Add(a.deps.Zeitlimits.Lang)
	_ = rc.SetWriteDeadline(ende)
	_ = rc.SetReadDeadline(ende) // the request is read; see lang for why it still matters
}

// fortschrittBody moves the read deadline on while the body keeps coming (see lang).
type fortschrittBody struct {
	io.ReadCloser
	rc    *http.ResponseController
	pause time.Duration
	ende  time.Time
}

func (b *fortschrittBody) Read(p []byte) (int, error) {
	n, err := b.ReadCloser.Read(p)
	switch {
	case errors.Is(err, io.EOF):
		_ = b.rc.SetReadDeadline(b.ende) // all there: the handler may work on in peace
	case n > 0:
		_ = b.rc.SetReadDeadline(frueher(time.Now().Add(b.pause), b.ende))
	}
	return n, err
}

func frueher(a, b time.Time) time.Time {
	if a.Before(b) {
		return a
	}
	return b
}
