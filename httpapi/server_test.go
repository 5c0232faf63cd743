package httpapi

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"

	"github.com/go-chi/chi/v5"
	"github.com/prometheus/client_golang/prometheus"

	"github.com/eabwasser/eabwasser/domain/berechtigung"
	"github.com/eabwasser/eabwasser/domain/validierung"
	"github.com/eabwasser/eabwasser/eventstore"
)

// testRoutes are /api routes that only tests have: a body decoder and a panic.
func testRoutes(a *api, r chi.Router) {
	r.Post("/test/echo", func(w http.ResponseWriter, r *http.Request) {
		var v struct {
			Bezeichnung string `json:"bezeichnung"`
		}
		if err := decodeJSON(r, &v); err != nil {
			a.writeError(w, r, err)
			return
		}
		writeJSON(w, http.StatusOK, v)
	})
	r.Get("/test/panik", func(http.ResponseWriter, *http.Request) {
		panic("kaputt: geheime Einzelheit")
	})
	r.Get("/test/angemeldet", func(w http.ResponseWriter, r *http.Request) {
		b, _ := BenutzerAus(r.Context())
		writeJSON(w, http.StatusOK, b)
	})
}

func TestRouting_APIPathsWorkWithAndWithoutTrailingSlash(t *testing.T) {
	s := newTestServer(t, Deps{NATSPing: func(context.Context) error { return nil }}, testRoutes)
	tok := bearer(t, string(berechtigung.Betreiber))
	for _, path := range []string{"/api/openapi.yaml", "/api/test/angemeldet"} {
		for _, p := range []string{path, path + "/", path + "//"} {
			t.Run(p, func(t *testing.T) {
				a := s.do(t, http.MethodGet, p, nil, "Authorization", tok)
				if a.Code != http.StatusOK {
					t.Fatalf("GET %s = %d, want 200; %s", p, a.Code, a.Body.String())
				}
			})
		}
	}
	for _, p := range []string{"/api/test/echo", "/api/test/echo/"} {
		a := s.do(t, http.MethodPost, p, strings.NewReader(`{"bezeichnung":"Kläranlage"}`))
		if a.Code != http.StatusOK || a.json(t)["bezeichnung"] != "Kläranlage" {
			t.Fatalf("POST %s = %d %s", p, a.Code, a.Body.String())
		}
	}
}

func TestRouting_UnknownAPIPathIsJSON404WithTraceId(t *testing.T) {
	s := newTestServer(t, Deps{}, nil)
	for _, p := range []string{"/api/gibt-es-nicht", "/api/gibt-es-nicht/", "/api/betrieb/17/historie/", "/api", "/api/"} {
		t.Run(p, func(t *testing.T) {
			wantFehler(t, s.do(t, http.MethodGet, p, nil), http.StatusNotFound, textUnbekannt)
		})
	}
}

func TestRouting_WrongMethodIs405WithAllow(t *testing.T) {
	s := newTestServer(t, Deps{}, nil)
	a := s.do(t, http.MethodDelete, "/api/openapi.yaml/", nil)
	wantFehler(t, a, http.StatusMethodNotAllowed, textMethodeUnerlaubt)
	if got := a.Header().Get("Allow"); got != "GET" {
		t.Errorf("Allow = %q, want GET", got)
	}
}

func TestFehler_PanicIs500WithTraceIdOnlyAndIsLogged(t *testing.T) {
	s := newTestServer(t, Deps{}, testRoutes)
	a := s.do(t, http.MethodGet, "/api/test/panik", nil)
	m := wantFehler(t, a, http.StatusInternalServerError, "Interner Serverfehler")
	if len(m) != 2 {
		t.Errorf("body has %d members, want only message and traceId: %v", len(m), m)
	}
	if strings.Contains(a.Body.String(), "geheime") {
		t.Errorf("the panic leaks into the answer: %s", a.Body.String())
	}
	var geloggt, zugriff bool
	for _, l := range s.logs.lines(t) {
		if strings.Contains(fmt.Sprint(l["panic"]), "geheime Einzelheit") && l["requestId"] == m["traceId"] &&
			strings.Contains(fmt.Sprint(l["stack"]), "server_test.go") {
			geloggt = true
		}
		if l["msg"] == "http" && l["status"] == float64(500) {
			zugriff = true
		}
	}
	if !geloggt || !zugriff {
		t.Errorf("panic logged with stack = %v, access log with 500 = %v; logs:\n%s", geloggt, zugriff, s.logs.String())
	}
}

func TestBody_LargerThanTheLimitIs413(t *testing.T) {
	s := newTestServer(t, Deps{}, testRoutes)
	gross := `{"bezeichnung":"` + strings.Repeat("x", int(DefaultBodyLimit)) + `"}`

	t.Run("declared length", func(t *testing.T) {
		wantFehler(t, s.do(t, http.MethodPost, "/api/test/echo", strings.NewReader(gross)),
			http.StatusRequestEntityTooLarge, "Die Anfrage ist zu groß.")
	})
	t.Run("streamed without length", func(t *testing.T) {
		req := httptest.NewRequest(http.MethodPost, "/api/test/echo", io.MultiReader(strings.NewReader(gross)))
		req.ContentLength = -1
		rec := httptest.NewRecorder()
		s.h.ServeHTTP(rec, req)
		wantFehler(t, antwort{rec}, http.StatusRequestEntityTooLarge, "Die Anfrage ist zu groß.")
	})
	t.Run("just below the limit is fine", func(t *testing.T) {
		ok := `{"bezeichnung":"` + strings.Repeat("x", int(DefaultBodyLimit)-100) + `"}`
		if a := s.do(t, http.MethodPost, "/api/test/echo", strings.NewReader(ok)); a.Code != http.StatusOK {
			t.Fatalf("status = %d", a.Code)
		}
	})
}

func TestBody_MalformedJSONIs400AndUnknownFieldsAreIgnored(t *testing.T) {
	s := newTestServer(t, Deps{}, testRoutes)
	for _, body := range []string{``, `{`, `{"bezeichnung": 5}`, `[1,2]x`, `{"bezeichnung":"a"} {"b":1}`, `nicht json`} {
		t.Run(body, func(t *testing.T) {
			wantFehler(t, s.do(t, http.MethodPost, "/api/test/echo", strings.NewReader(body)),
				http.StatusBadRequest, "Ungültige Anfrage.")
		})
	}
	a := s.do(t, http.MethodPost, "/api/test/echo", strings.NewReader(`{"bezeichnung":"A","unbekannt":{"x":1}}`))
	if a.Code != http.StatusOK {
		t.Fatalf("extra fields: status %d %s", a.Code, a.Body.String())
	}
}

func TestSicherheit_HeadersOnEveryAnswer(t *testing.T) {
	s := newTestServer(t, Deps{}, testRoutes)
	want := map[string]string{
		"X-Content-Type-Options": "nosniff",
		"Referrer-Policy":        "same-origin",
		"X-Frame-Options":        "DENY",
	}
	for _, p := range []string{"/api/openapi.yaml", "/api/gibt-es-nicht", "/api/test/panik", "/eAbwasser/", "/"} {
		t.Run(p, func(t *testing.T) {
			a := s.do(t, http.MethodGet, p, nil)
			for k, v := range want {
				if got := a.Header().Get(k); got != v {
					t.Errorf("%s = %q, want %q", k, got, v)
				}
			}
			csp := a.Header().Get("Content-Security-Policy")
			for _, d := range []string{"default-src 'self'", "img-src 'self' data:", "style-src 'self' 'unsafe-inline'", "frame-ancestors 'none'"} {
				if !strings.Contains(csp, d) {
					t.Errorf("CSP %q lacks %q", csp, d)
				}
			}
			if a.Header().Get("Permissions-Policy") == "" {
				t.Error("no Permissions-Policy")
			}
		})
	}
}

func TestRequestID_SaneIncomingIsKeptOtherwiseGenerated(t *testing.T) {
	s := newTestServer(t, Deps{}, nil)
	a := s.do(t, http.MethodGet, "/api/x", nil, "X-Request-Id", "abc-123-DEF_456")
	if got := a.Header().Get("X-Request-Id"); got != "abc-123-DEF_456" {
		t.Errorf("sane id replaced: %q", got)
	}
	wantFehler(t, a, http.StatusNotFound, textUnbekannt)
	for _, bad := range []string{"", "kurz", "mit leerzeichen und so", "a\"b<script>12345", strings.Repeat("a", 200)} {
		a := s.do(t, http.MethodGet, "/api/x", nil, "X-Request-Id", bad)
		if got := a.Header().Get("X-Request-Id"); got == bad || len(got) != 36 {
			t.Errorf("incoming %q: X-Request-Id = %q, want a generated uuid", bad, got)
		}
	}
}

func TestAccessLog_OneJSONLinePerRequestWithUser(t *testing.T) {
	s := newTestServer(t, Deps{}, testRoutes)
	s.do(t, http.MethodGet, "/api/test/angemeldet/", nil, "Authorization", bearer(t, string(berechtigung.Betreiber)), "X-Request-Id", "req-00000001")
	var found bool
	for _, l := range s.logs.lines(t) {
		if l["msg"] != "http" {
			continue
		}
		found = true
		for k, v := range map[string]any{"method": "GET", "path": "/api/test/angemeldet/", "status": float64(200),
			"requestId": "req-00000001", "userId": "u-1"} {
			if l[k] != v {
				t.Errorf("%s = %v, want %v", k, l[k], v)
			}
		}
		if _, ok := l["duration"]; !ok {
			t.Error("no duration")
		}
	}
	if !found {
		t.Fatalf("no access log line:\n%s", s.logs.String())
	}
}

// zusatzFehler is a domain-like error that brings its own members.
type zusatzFehler struct{}

func (zusatzFehler) Error() string { return "Bitte prüfen Sie die Anlage." }
func (zusatzFehler) ErrorMembers() map[string]any {
	return map[string]any{"anlageToAufnehmendeanlage": true}
}

func TestFehler_EachErrorTypeHasItsStatusAndBody(t *testing.T) {
	konflikt := &eventstore.ConflictError{StreamID: "betrieb-1", Expected: 1, Actual: 2}
	tests := []struct {
		name       string
		err        error
		status     int
		message    string
		felder     map[string]any
		zusatz     map[string]any
		wantLogged bool
	}{
		{"validation with fields", validierung.Feld("bezeichnung", "Dieses Feld ist ein Pflichtfeld."), 400,
			"Dieses Feld ist ein Pflichtfeld.", map[string]any{"bezeichnung": "Dieses Feld ist ein Pflichtfeld."}, nil, false},
		{"rule", fmt.Errorf("decide: %w", validierung.Regel("Der Betrieb ist bereits freigegeben.")), 400,
			"Der Betrieb ist bereits freigegeben.", nil, nil, false},
		{"conflict", fmt.Errorf("append: %w", konflikt), 409, eventstore.ErrConflict.Error(), nil, nil, false},
		{"not found", fmt.Errorf("betrieb 17: %w", validierung.NichtGefunden), 404, validierung.NichtGefunden.Error(), nil, nil, false},
		{"forbidden", validierung.NichtErlaubt, 403, "Sie sind nicht berechtigt, diese Aktion auszuführen.", nil, nil, false},
		{"not signed in", ErrNichtAngemeldet, 401, textNichtAngemeldet, nil, nil, false},
		{"too large", &http.MaxBytesError{Limit: 1}, 413, "Die Anfrage ist zu groß.", nil, nil, false},
		{"unexpected", errors.New("pq: relation betrieb does not exist"), 500, "Interner Serverfehler", nil, nil, true},
		{"special member via Antwortfehler", &Antwortfehler{Err: validierung.Feld("gueltigAb", "Das Datum liegt vor dem letzten Stand."),
			Zusatz: map[string]any{"auditInfoViolation": true}}, 400, "Das Datum liegt vor dem letzten Stand.",
			map[string]any{"gueltigAb": "Das Datum liegt vor dem letzten Stand."}, map[string]any{"auditInfoViolation": true}, false},
		{"Antwortfehler with own status", &Antwortfehler{Status: 400, Message: "Möglicher Unterdrücker",
			Zusatz: map[string]any{"possibleSuppressorFlag": true}}, 400, "Möglicher Unterdrücker", nil,
			map[string]any{"possibleSuppressorFlag": true}, false},
		{"domain error with members", &Antwortfehler{Status: 400, Err: zusatzFehler{}}, 400, "Bitte prüfen Sie die Anlage.", nil,
			map[string]any{"anlageToAufnehmendeanlage": true}, false},
		{"5xx Antwortfehler hides its members", &Antwortfehler{Status: 503, Err: errors.New("geheim"),
			Zusatz: map[string]any{"x": 1}}, 503, "Interner Serverfehler", nil, nil, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := newTestServer(t, Deps{}, func(a *api, r chi.Router) {
				r.Get("/test/fehler", func(w http.ResponseWriter, r *http.Request) { a.writeError(w, r, tt.err) })
			})
			a := s.do(t, http.MethodGet, "/api/test/fehler", nil)
			m := wantFehler(t, a, tt.status, tt.message)
			if tt.felder == nil {
				if _, ok := m["validationErrors"]; ok {
					t.Errorf("unexpected validationErrors: %v", m["validationErrors"])
				}
			} else if fmt.Sprint(m["validationErrors"]) != fmt.Sprint(tt.felder) {
				t.Errorf("validationErrors = %v, want %v", m["validationErrors"], tt.felder)
			}
			for k, v := range tt.zusatz {
				if m[k] != v {
					t.Errorf("%s = %v, want %v", k, m[k], v)
				}
			}
			if len(m) != 2+len(tt.zusatz)+min(len(tt.felder), 1) {
				t.Errorf("unexpected members: %v", m)
			}
			if logged := strings.Contains(s.logs.String(), "Fehler bei der Bearbeitung"); logged != tt.wantLogged {
				t.Errorf("logged = %v, want %v: %s", logged, tt.wantLogged, s.logs.String())
			}
			if tt.status == 401 && a.Header().Get("WWW-Authenticate") == "" {
				t.Error("401 without WWW-Authenticate")
			}
		})
	}
}

func TestFehler_CanceledRequestIsNotAnsweredAsError(t *testing.T) {
	a := newAPI(Deps{})
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	req := httptest.NewRequest(http.MethodGet, "/api/x", nil).WithContext(ctx)
	rec := httptest.NewRecorder()
	a.writeError(rec, req, fmt.Errorf("query: %w", context.Canceled))
	if rec.Code != 499 || rec.Body.Len() != 0 {
		t.Fatalf("status %d body %q, want 499 and nothing", rec.Code, rec.Body.String())
	}
}

func TestCommandResult_CarriesThePositionInHeaderAndBody(t *testing.T) {
	appended := eventstore.Appended{Version: 3, FirstPosition: 41, LastPosition: 42}
	rec := httptest.NewRecorder()
	writeCommandResult(rec, http.StatusCreated, appended, struct {
		ID          int64  `json:"id"`
		Bezeichnung string `json:"bezeichnung"`
	}{17, "Kläranlage Nord"})
	a := antwort{rec}
	m := a.json(t)
	if a.Code != 201 || a.Header().Get("X-Event-Position") != "42" || m["position"] != float64(42) ||
		m["id"] != float64(17) || m["bezeichnung"] != "Kläranlage Nord" {
		t.Fatalf("got %d %v %s", a.Code, a.Header(), a.Body.String())
	}
	rec = httptest.NewRecorder()
	writeCommandResult(rec, http.StatusOK, appended, nil)
	if m := (antwort{rec}).json(t); len(m) != 1 || m["position"] != float64(42) {
		t.Fatalf("nil body: %s", rec.Body.String())
	}
}

func TestMetadaten_NameActorRequestAndCorrelation(t *testing.T) {
	s := newTestServer(t, Deps{}, func(_ *api, r chi.Router) {
		r.Get("/test/metadaten", func(w http.ResponseWriter, r *http.Request) { writeJSON(w, 200, Metadaten(r)) })
	})
	a := s.do(t, http.MethodGet, "/api/test/metadaten", nil, "Authorization", bearer(t, string(berechtigung.ZustSBD), string(berechtigung.LeserBehoerde)),
		"X-Request-Id", "req-4711-abcdef")
	m := a.json(t)
	want := map[string]any{"actorId": "u-1", "actorName": "Erika Mustermann", "organisation": "Amt für Umwelt",
		"requestId": "req-4711-abcdef", "correlationId": "req-4711-abcdef"}
	for k, v := range want {
		if m[k] != v {
			t.Errorf("%s = %v, want %v", k, m[k], v)
		}
	}
	if fmt.Sprint(m["roles"]) != "[ZUST_SBD LESER_BEHOERDE]" {
		t.Errorf("roles = %v", m["roles"])
	}
	a = s.do(t, http.MethodGet, "/api/test/metadaten", nil, "X-Correlation-Id", "vorgang-00000042")
	if m := a.json(t); m["correlationId"] != "vorgang-00000042" || m["actorId"] != nil {
		t.Errorf("correlation/anonymous: %v", m)
	}
}

func TestMetrics_NotOnThePublicHandlerOnlyOnTheirOwn(t *testing.T) {
	reg := prometheus.NewRegistry()
	c := prometheus.NewCounter(prometheus.CounterOpts{Name: "eabwasser_test_total", Help: "test"})
	reg.MustRegister(c)
	c.Inc()
	s := newTestServer(t, Deps{}, nil)
	for _, p := range []string{"/metrics", "/metrics/", "/api/metrics"} {
		if a := s.do(t, http.MethodGet, p, nil); a.Code != http.StatusNotFound || strings.Contains(a.Body.String(), "go_goroutines") {
			t.Fatalf("public GET %s: %d %s", p, a.Code, a.Body.String())
		}
	}
	rec := httptest.NewRecorder()
	MetrikHandler(reg).ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/metrics", nil))
	if rec.Code != 200 || !strings.Contains(rec.Body.String(), "eabwasser_test_total 1") {
		t.Fatalf("metrics listener: %d %s", rec.Code, rec.Body.String())
	}
}

func TestOpenAPI_DocumentIsServed(t *testing.T) {
	s := newTestServer(t, Deps{}, nil)
	for _, p := range []string{"/api/openapi.yaml", "/api/openapi.yaml/"} {
		a := s.do(t, http.MethodGet, p, nil)
		if a.Code != 200 || !strings.HasPrefix(a.Header().Get("Content-Type"), "application/yaml") ||
			!slices.Equal(a.Body.Bytes(), OpenAPI) {
			t.Fatalf("%s: %d %q", p, a.Code, a.Header().Get("Content-Type"))
		}
	}
}
