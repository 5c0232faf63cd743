package httpapi

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/url"
	"regexp"
	"runtime/debug"
	"strings"
	"time"

	"github.com/go-chi/chi/v5/middleware"
	"github.com/google/uuid"

	"github.com/eabwasser/eabwasser/internal/plattform/config"
)

type ctxKey int

const (
	requestIDKey ctxKey = iota
	benutzerKey
	protokollKey
)

// RequestID is the id of the request in ctx (header X-Request-Id); error bodies call it traceId.
func RequestID(ctx context.Context) string {
	id, _ := ctx.Value(requestIDKey).(string)
	return id
}

// saneRequestID accepts what a proxy or client typically sends (uuids, hex, ulids …) and
// nothing that could forge log lines or headers.
var saneRequestID = regexp.MustCompile(`^[A-Za-z0-9._:-]{8,128}$`)

// requestID takes a sane incoming X-Request-Id or makes one, answers it in the header of the
// same name and puts it into the context.
func requestID(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		id := r.Header.Get("X-Request-Id")
		if !saneRequestID.MatchString(id) {
			id = uuid.NewString()
		}
		w.Header().Set("X-Request-Id", id)
		next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), requestIDKey, id)))
	})
}

// protokoll is what inner handlers tell the access log (the user is known only after auth).
type protokoll struct{ benutzerID string }

// accessLog writes one JSON line per request: method, path, status, duration, request id, user.
func (a *api) accessLog(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		p := &protokoll{}
		ww := middleware.NewWrapResponseWriter(w, r.ProtoMajor)
		path := r.URL.Path // before any rewriting: what the client asked for
		next.ServeHTTP(ww, r.WithContext(context.WithValue(r.Context(), protokollKey, p)))
		status := ww.Status()
		if status == 0 {
			status = http.StatusOK
		}
		level := slog.LevelInfo
		if status >= 500 && status != 503 {
			level = slog.LevelError
		}
		a.log.LogAttrs(r.Context(), level, "http",
			slog.String("method", r.Method),
			slog.String("path", path),
			slog.Int("status", status),
			slog.Duration("duration", time.Since(start)),
			slog.Int("bytes", ww.BytesWritten()),
			slog.String("requestId", RequestID(r.Context())),
			slog.String("userId", p.benutzerID),
			slog.String("client", ClientAdresse(r)),
		)
	})
}

// contentSecurityPolicy fits the Vite build of the React app: scripts, styles and fetches from
// the own origin only, inline styles (Tailwind, libraries) and data: images allowed, no framing.
// The map window's background layers (MAP_LAYERS) add their origins to images (the tiles) and
// fetches (a WMTS service's capabilities), and nothing else.
func contentSecurityPolicy(ebenen []config.Kartenebene) string {
	quellen := ""
	gesehen := map[string]bool{}
	for _, e := range ebenen {
		u, err := url.Parse(e.URL)
		if err != nil || u.Host == "" {
			continue // config.Kartenebenen checked it; a broken one gets no exception
		}
		herkunft := u.Scheme + "://" + u.Host
		if !gesehen[herkunft] {
			gesehen[herkunft] = true
			quellen += " " + herkunft
		}
	}
	return "default-src 'self'; img-src 'self' data:" + quellen + "; style-src 'self' 'unsafe-inline'; " +
		"connect-src 'self'" + quellen + "; " +
		"object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'"
}

func securityHeaders(csp string) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			h := w.Header()
			h.Set("Content-Security-Policy", csp)
			h.Set("X-Content-Type-Options", "nosniff")
			h.Set("Referrer-Policy", "same-origin")
			h.Set("X-Frame-Options", "DENY")
			h.Set("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=(), usb=()")
			h.Set("Cross-Origin-Opener-Policy", "same-origin")
			next.ServeHTTP(w, r)
		})
	}
}

// recoverer turns a panic into 500 with the traceId only and logs the panic with its stack.
func (a *api) recoverer(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer func() {
			v := recover()
			if v == nil {
				return
			}
			if v == http.ErrAbortHandler { //nolint:errorlint // the sentinel is compared as net/http does
				panic(v)
			}
			traceID := RequestID(r.Context())
			a.log.LogAttrs(r.Context(), slog.LevelError, "panic bei der Bearbeitung einer Anfrage",
				slog.String("requestId", traceID), slog.String("method", r.Method),
				slog.String("path", r.URL.Path), slog.String("panic", fmt.Sprint(v)),
				slog.String("stack", string(debug.Stack())))
			writeFehler(w, fehlerAntwort{status: http.StatusInternalServerError, message: textInternerFehler}, traceID)
		}()
		next.ServeHTTP(w, r)
	})
}

// ohneSchraegstrichAmEnde makes every /api path work with and without a trailing slash (the
// specification writes both): the router only knows the form without it.
func ohneSchraegstrichAmEnde(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		p := r.URL.Path
		if strings.HasPrefix(p, "/api/") && strings.HasSuffix(p, "/") {
			r2 := new(http.Request)
			*r2 = *r
			u := *r.URL
			u.Path = strings.TrimRight(p, "/")
			if u.RawPath != "" {
				u.RawPath = strings.TrimRight(u.RawPath, "/")
			}
			r2.URL = &u
			r = r2
		}
		next.ServeHTTP(w, r)
	})
}

// DefaultBodyLimit is the largest request body a route accepts unless it says otherwise.
const DefaultBodyLimit int64 = 1 << 20

// begrenzterBody remembers the original body, so a route may set a different limit
// (uploads, bodyBis) than the one every request gets.
type begrenzterBody struct {
	io.ReadCloser
	original io.ReadCloser
}

// zuLangerBody is the body of a request that declared more than the limit: its first read
// fails without reading anything (→ 413), unless the route sets a larger limit of its own.
type zuLangerBody struct {
	io.ReadCloser
	limit int64
}

func (z zuLangerBody) Read([]byte) (int, error) { return 0, &http.MaxBytesError{Limit: z.limit} }

// bodyLimit limits the request body to n bytes: a longer body fails while reading with
// *http.MaxBytesError (→ 413 in writeError); the body of a declared length above n fails at
// its first read, before anything is read. It is not answered at once, so that a route with a
// larger limit of its own (bodyBis) still gets to read it.
func (a *api) bodyLimit(n int64) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			begrenze(w, r, n)
			next.ServeHTTP(w, r)
		})
	}
}

// bodyBis is the limit of a route that accepts more (or less) than every request: it replaces
// the general one; a declared length above n is answered 413 at once.
func (a *api) bodyBis(n int64) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.ContentLength > n {
				a.writeError(w, r, ErrZuGross)
				return
			}
			begrenze(w, r, n)
			next.ServeHTTP(w, r)
		})
	}
}

// begrenze puts the limit n on the original body of r.
func begrenze(w http.ResponseWriter, r *http.Request, n int64) {
	if r.Body == nil || r.Body == http.NoBody {
		return
	}
	original := r.Body
	if b, ok := r.Body.(*begrenzterBody); ok {
		original = b.original
	}
	var begrenzt io.ReadCloser = zuLangerBody{ReadCloser: original, limit: n}
	if r.ContentLength <= n {
		begrenzt = http.MaxBytesReader(w, original, n)
	}
	r.Body = &begrenzterBody{ReadCloser: begrenzt, original: original}
}

// noStore keeps API answers (personal, changing data) out of every cache.
func noStore(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "no-store")
		next.ServeHTTP(w, r)
	})
}
