package httpapi

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"net"
	"net/http"
	"strings"

	"github.com/jackc/pgx/v5/pgconn"

	"github.com/eabwasser/eabwasser/domain/validierung"
	"github.com/eabwasser/eabwasser/eventstore"
	"github.com/eabwasser/eabwasser/internal/anwendung/verlauf"
)

// The German texts of the answers that no domain error carries.
const (
	textInternerFehler   = "Interner Serverfehler"
	textNichtAngemeldet  = "Sie sind nicht angemeldet oder Ihre Sitzung ist abgelaufen."
	textZuGross          = "Die Anfrage ist zu groß."
	textUngueltig        = "Ungültige Anfrage."
	textUnbekannt        = "Die angeforderte Adresse existiert nicht."
	textMethodeUnerlaubt = "Diese Methode ist für diese Adresse nicht erlaubt."
	textDatumUngueltig   = "Ungültiges Datumsformat"
	textZahlUngueltig    = "Ungültige Zahl"
	textNichtVerfuegbar  = "Der Dienst ist vorübergehend nicht erreichbar. Bitte versuchen Sie es in wenigen Minuten erneut."
	textKeinJSON         = "Die Anfrage muss JSON enthalten (Content-Type application/json)."
)

// ErrNichtAngemeldet is the answer to a protected route without a valid token (401).
var ErrNichtAngemeldet = errors.New(textNichtAngemeldet)

// ErrUngueltigeAnfrage is the answer to a body that is not the JSON a route expects (400).
var ErrUngueltigeAnfrage = errors.New(textUngueltig)

// ErrZuGross is the answer to a body above the route's limit (413).
var ErrZuGross = errors.New(textZuGross)

// Antwortfehler is an error that names its HTTP answer itself. Areas use it for answers the
// general mapping cannot know, above all the specification's special members of the error
// body (possibleSuppressorFlag, auditInfoViolation, anlageToAufnehmendeanlage):
//
//	return &Antwortfehler{Status: 400, Err: fehler, Zusatz: map[string]any{"possibleSuppressorFlag": true}}
//
// Status 0 means: map Err as usual and only add Zusatz. Message empty means: take it from Err.
type Antwortfehler struct {
	Status           int
	Message          string
	ValidationErrors map[string]string
	Zusatz           map[string]any // further members of the body; never message/validationErrors/traceId
	Err              error          // the cause; logged for 5xx, mapped when Status is 0
}

func (e *Antwortfehler) Error() string {
	if e.Message != "" {
		return e.Message
	}
	if e.Err != nil {
		return e.Err.Error()
	}
	return http.StatusText(e.Status)
}

func (e *Antwortfehler) Unwrap() error { return e.Err }

// Zusatzmitglieder may be implemented by any error (for example of a domain package) that
// wants further members in the error body without knowing this package.
type Zusatzmitglieder interface {
	ErrorMembers() map[string]any
}

// fehlerAntwort is what an error becomes: status and the members of the body.
type fehlerAntwort struct {
	status           int
	message          string
	validationErrors map[string]string
	zusatz           map[string]any
	loggen           bool // an unexpected error: log it with its cause
}

// antwortAuf maps an error to its answer. The order matters: the most specific wins.
func antwortAuf(err error) fehlerAntwort {
	var af *Antwortfehler
	if errors.As(err, &af) && af.Status != 0 {
		a := fehlerAntwort{status: af.Status, message: af.Message, validationErrors: af.ValidationErrors}
		if a.message == "" {
			if a.status >= 500 {
				a.message = textInternerFehler
			} else if af.Err != nil {
				// A known error keeps its text; any other error the area chose to show
				// with a 4xx status is a user-facing one.
				if inner := antwortAuf(af.Err); inner.status < 500 {
					a.message = inner.message
				} else {
					a.message = af.Err.Error()
				}
			} else {
				a.message = http.StatusText(a.status)
			}
		}
		a.loggen = a.status >= 500
		return mitZusatz(a, err)
	}

	var a fehlerAntwort
	var vf *validierung.Fehler
	var mbe *http.MaxBytesError
	var kf *validierung.Konflikt
	switch {
	case errors.As(err, &kf):
		a = fehlerAntwort{status: http.StatusConflict, message: kf.Message}
	case errors.As(err, &vf):
		a = fehlerAntwort{status: http.StatusBadRequest, message: vf.Error(), validationErrors: vf.Felder}
	case errors.Is(err, eventstore.ErrConflict):
		a = fehlerAntwort{status: http.StatusConflict, message: eventstore.ErrConflict.Error()}
	case verlauf.IstNichtZumStand(err):
		a = fehlerAntwort{status: http.StatusNotFound, message: verlauf.MsgNichtZumStand}
	case errors.Is(err, validierung.NichtGefunden):
		a = fehlerAntwort{status: http.StatusNotFound, message: validierung.NichtGefunden.Error()}
	case errors.Is(err, validierung.NichtErlaubt):
		a = fehlerAntwort{status: http.StatusForbidden, message: validierung.NichtErlaubt.Error()}
	case errors.Is(err, ErrNichtAngemeldet):
		a = fehlerAntwort{status: http.StatusUnauthorized, message: textNichtAngemeldet}
	case errors.As(err, &mbe), errors.Is(err, ErrZuGross):
		a = fehlerAntwort{status: http.StatusRequestEntityTooLarge, message: textZuGross}
	case errors.Is(err, ErrUngueltigeAnfrage):
		a = fehlerAntwort{status: http.StatusBadRequest, message: textUngueltig}
	case errors.Is(err, errKeinJSON):
		a = fehlerAntwort{status: http.StatusUnsupportedMediaType, message: textKeinJSON}
	case datenbankNichtErreichbar(err):
		a = fehlerAntwort{status: http.StatusServiceUnavailable, message: textNichtVerfuegbar, loggen: true}
	default:
		a = fehlerAntwort{status: http.StatusInternalServerError, message: textInternerFehler, loggen: true}
	}
	if af != nil { // Status 0: the usual mapping plus the area's members
		if af.Message != "" && a.status < 500 {
			a.message = af.Message
		}
		if af.ValidationErrors != nil {
			a.validationErrors = af.ValidationErrors
		}
	}
	return mitZusatz(a, err)
}

func mitZusatz(a fehlerAntwort, err error) fehlerAntwort {
	if a.status >= 500 {
		return a // a 500 carries the traceId only
	}
	var af *Antwortfehler
	if errors.As(err, &af) && len(af.Zusatz) > 0 {
		a.zusatz = af.Zusatz
	}
	var zm Zusatzmitglieder
	if errors.As(err, &zm) {
		a.zusatz = mergeMembers(zm.ErrorMembers(), a.zusatz)
	}
	return a
}

func mergeMembers(a, b map[string]any) map[string]any {
	out := make(map[string]any, len(a)+len(b))
	for k, v := range a {
		out[k] = v
	}
	for k, v := range b {
		out[k] = v
	}
	return out
}

// writeError is the one error mapper: it answers err as the JSON error body
// {"message", "validationErrors", "traceId", …} with the status its type stands for.
// Unexpected errors are logged and answered as 500 with the traceId only.
func (a *api) writeError(w http.ResponseWriter, r *http.Request, err error) {
	if errors.Is(err, context.Canceled) && r.Context().Err() != nil {
		// The client has gone; nobody reads an answer. 499 only marks it in the access log.
		a.log.LogAttrs(r.Context(), slog.LevelDebug, "Anfrage vom Client abgebrochen",
			slog.String("requestId", RequestID(r.Context())), slog.String("error", err.Error()))
		w.WriteHeader(499)
		return
	}
	antwort := antwortAuf(err)
	traceID := RequestID(r.Context())
	if antwort.loggen {
		a.log.LogAttrs(r.Context(), slog.LevelError, "Fehler bei der Bearbeitung einer Anfrage",
			slog.String("requestId", traceID), slog.String("method", r.Method),
			slog.String("path", r.URL.Path), slog.String("error", err.Error()))
	}
	if antwort.status == http.StatusUnauthorized {
		w.Header().Set("WWW-Authenticate", `Bearer realm="eAbwasser"`)
	}
	writeFehler(w, antwort, traceID)
}

func writeFehler(w http.ResponseWriter, a fehlerAntwort, traceID string) {
	body := make(map[string]any, 3+len(a.zusatz))
	for k, v := range a.zusatz {
		body[k] = v
	}
	body["message"] = a.message
	if len(a.validationErrors) > 0 {
		body["validationErrors"] = a.validationErrors
	} else {
		delete(body, "validationErrors")
	}
	body["traceId"] = traceID
	writeJSON(w, a.status, body)
}

// datenbankNichtErreichbar tells whether err means Postgres cannot be reached right now (no
// connection, the session was terminated, the server shuts down): answered 503, the client
// may try again; the pool reconnects by itself.
func datenbankNichtErreichbar(err error) bool {
	var ce *pgconn.ConnectError
	var pe *pgconn.PgError
	var ne net.Error
	switch {
	case errors.As(err, &ce), errors.As(err, &ne), errors.Is(err, io.ErrUnexpectedEOF), pgconn.Timeout(err):
		return true
	case errors.As(err, &pe):
		// class 08: connection exception; 57P0x: admin shutdown, crash shutdown, cannot connect now
		return strings.HasPrefix(pe.Code, "08") || strings.HasPrefix(pe.Code, "57P")
	}
	return strings.Contains(err.Error(), "conn closed") || strings.Contains(err.Error(), "closed pool")
}
