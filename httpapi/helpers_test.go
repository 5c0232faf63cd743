package httpapi

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/go-chi/chi/v5"

	"github.com/eabwasser/eabwasser/domain/konto"
	"github.com/eabwasser/eabwasser/eventstore"
	"github.com/eabwasser/eabwasser/internal/anwendung/ablage"
	anlagedienst "github.com/eabwasser/eabwasser/internal/anwendung/anlage"
	"github.com/eabwasser/eabwasser/internal/anwendung/benachrichtigung"
	bescheiddienst "github.com/eabwasser/eabwasser/internal/anwendung/bescheid"
	betriebdienst "github.com/eabwasser/eabwasser/internal/anwendung/betrieb"
	berichtdienst "github.com/eabwasser/eabwasser/internal/anwendung/jahresbericht"
	messstelledienst "github.com/eabwasser/eabwasser/internal/anwendung/messstelle"
)

var testSecret = []byte("test-geheimnis-nur-fuer-tests-0123456789")

// syncBuffer collects log lines of handlers that may run in other goroutines.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// lines returns the JSON log records.
func (s *syncBuffer) lines(t testing.TB) []map[string]any {
	t.Helper()
	var out []map[string]any
	for _, l := range strings.Split(strings.TrimSpace(s.String()), "\n") {
		if l == "" {
			continue
		}
		var m map[string]any
		if err := json.Unmarshal([]byte(l), &m); err != nil {
			t.Fatalf("log line is not JSON: %q", l)
		}
		out = append(out, m)
	}
	return out
}

type testServer struct {
	h    http.Handler
	logs *syncBuffer
}

// alleBereiche are the Deps of every area with services of no database: the router's whole set
// of routes, for the tests that walk it (a new area adds its service here once).
func alleBereiche() Deps {
	return Deps{Betriebsakte: &betriebdienst.Dienst{}, Anlage: &anlagedienst.Dienst{}, Messstelle: &messstelledienst.Dienst{},
		Bescheid: &bescheiddienst.Dienst{}, Jahresbericht: &berichtdienst.Dienst{}, Ablage: &ablage.Dienst{},
		Benachrichtigung: &benachrichtigung.Dienst{}}
}

// newTestServer builds the real router on d; zusatz adds test-only /api routes.
func newTestServer(t testing.TB, d Deps, zusatz func(*api, chi.Router)) *testServer {
	t.Helper()
	logs := &syncBuffer{}
	d.Logger = newTestLogger(logs)
	if d.JWTSecret == nil {
		d.JWTSecret = testSecret
	}
	return &testServer{h: newAPI(d).routes(zusatz), logs: logs}
}

type antwort struct {
	*httptest.ResponseRecorder
}

func (a antwort) json(t testing.TB) map[string]any {
	t.Helper()
	if ct := a.Header().Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
		t.Fatalf("Content-Type = %q, want JSON; body %s", ct, a.Body.String())
	}
	var m map[string]any
	if err := json.Unmarshal(a.Body.Bytes(), &m); err != nil {
		t.Fatalf("body is not a JSON object: %v: %s", err, a.Body.String())
	}
	return m
}

// decode reads a JSON body of any shape into v.
func (a antwort) decode(t testing.TB, v any) {
	t.Helper()
	if err := json.Unmarshal(a.Body.Bytes(), v); err != nil {
		t.Fatalf("body: %v: %s", err, a.Body.String())
	}
}

// do sends a request; header pairs follow as "Name", "value", ….
func (s *testServer) do(t testing.TB, method, target string, body io.Reader, header ...string) antwort {
	t.Helper()
	// the body is read first, so that the contract check sees what the server read
	var gelesen []byte
	if body != nil {
		var err error
		if gelesen, err = io.ReadAll(body); err != nil {
			t.Fatal(err)
		}
	}
	req := httptest.NewRequest(method, target, bytes.NewReader(gelesen))
	switch body.(type) {
	case nil, *bytes.Reader, *bytes.Buffer, *strings.Reader:
	default:
		req.ContentLength = -1 // a reader of unknown length stays one
	}
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	rec := httptest.NewRecorder()
	s.h.ServeHTTP(rec, req)
	pruefeVertrag(t, req, gelesen, rec)
	return antwort{rec}
}

func token(t testing.TB, b Benutzer) string {
	t.Helper()
	tok, err := SignToken(testSecret, b, time.Hour)
	if err != nil {
		t.Fatal(err)
	}
	return tok
}

func bearer(t testing.TB, rollen ...string) string {
	t.Helper()
	return "Bearer " + token(t, Benutzer{ID: "u-1", Name: "Erika Mustermann", FunktionaleRollen: rollen,
		Behoerde: "LfU", Organisation: "Amt für Umwelt"})
}

// wantFehler checks the error body: status, message, and a traceId equal to the request id.
func wantFehler(t testing.TB, a antwort, status int, message string) map[string]any {
	t.Helper()
	if a.Code != status {
		t.Fatalf("status = %d, want %d; body %s", a.Code, status, a.Body.String())
	}
	m := a.json(t)
	if m["message"] != message {
		t.Errorf("message = %q, want %q", m["message"], message)
	}
	if id := a.Header().Get("X-Request-Id"); id == "" || m["traceId"] != id {
		t.Errorf("traceId = %v, X-Request-Id = %q; want equal and set", m["traceId"], id)
	}
	return m
}

func newTestLogger(w io.Writer) *slog.Logger {
	return slog.New(slog.NewJSONHandler(w, &slog.HandlerOptions{Level: slog.LevelDebug}))
}

// setzeRollen gives an account local roles through the command path.
func setzeRollen(t testing.TB, w *kontoWelt, id int64, rollen []int64) {
	t.Helper()
	if _, err := eventstore.Befehle(w.dienst.Store, konto.Decider).Handle(context.Background(), id, eventstore.VersionUnbekannt, konto.SetzeLokaleRollen{LokaleRollen: rollen}, eventstore.Metadata{}); err != nil {
		t.Fatal(err)
	}
}

func jsonUnmarshal(b []byte, v any) error { return json.Unmarshal(b, v) }
