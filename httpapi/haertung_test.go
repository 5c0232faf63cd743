package httpapi

// Tests of issue 11's points on configuration, server and input: links only from
// configuration, robust input on every route, server timeouts, file names.

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"mime/multipart"
	"net"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/go-chi/chi/v5"
	"gopkg.in/yaml.v3"

	"github.com/eabwasser/eabwasser/internal/anwendung/ablage"
	anlagedienst "github.com/eabwasser/eabwasser/internal/anwendung/anlage"
	"github.com/eabwasser/eabwasser/internal/anwendung/benachrichtigung"
	betriebdienst "github.com/eabwasser/eabwasser/internal/anwendung/betrieb"
	"github.com/eabwasser/eabwasser/internal/dokumente/konten"
	"github.com/eabwasser/eabwasser/internal/werkzeug/seed"
)

// resetMitHost asks for a password reset mail of name with the Host header host.
func (w *kontoWelt) resetMitHost(t testing.TB, host, name string) {
	t.Helper()
	body := `{"username":"` + name + `"}`
	req := httptest.NewRequest("POST", "http://"+host+"/api/sendPasswordResetMail", strings.NewReader(body))
	req.Host = host
	req.Header.Set("Content-Type", "application/json")
	rec := httptest.NewRecorder()
	w.h.ServeHTTP(rec, req)
	pruefeVertrag(t, req, []byte(body), rec)
	if rec.Code != 200 {
		t.Fatalf("reset %s via %s: %d %s", name, host, rec.Code, rec.Body.String())
	}
}

func TestMailLinks_WithoutPublicURLNeverPointToTheHostTheClientNames(t *testing.T) {
	w := newKontoWelt(t, "")
	w.dienst.PublicURL = ""
	for _, c := range []struct{ host, name, want string }{
		{"evil.example", "betreiber2", "http://localhost/eAbwasser/password-reset?token="},
		{"localhost:80@evil.example", "betreiber", "http://localhost/eAbwasser/password-reset?token="},
		{"127.0.0.1.evil.example:8080", "beauftragter", "http://localhost/eAbwasser/password-reset?token="},
		{"localhost:8080", "leser_organisation", "http://localhost:8080/eAbwasser/password-reset?token="},
		{"[::1]:8443", "zust_sbd", "http://[::1]:8443/eAbwasser/password-reset?token="},
	} {
		w.resetMitHost(t, c.host, c.name)
		m, link := w.mail(t, c.name+"@demo.eabwasser.example", "password-reset?token=")
		if strings.Contains(m.Text, "evil") || !strings.HasPrefix(link, c.want) {
			t.Errorf("Host %s: link %q, want prefix %q; mail:\n%s", c.host, link, c.want, m.Text)
		}
	}
	// with PUBLIC_URL the Host header plays no part at all
	w.dienst.PublicURL = "https://eabwasser.example/"
	w.resetMitHost(t, "localhost:8080", "zust_sbb")
	if _, link := w.mail(t, "zust_sbb@demo.eabwasser.example", "token="); !strings.HasPrefix(link, "https://eabwasser.example/eAbwasser/password-reset?token=") {
		t.Errorf("with PUBLIC_URL: %q", link)
	}
}

func TestSSO_ServiceURLWithoutPublicURLNeverNamesTheClientsHost(t *testing.T) {
	services := make(chan string, 1)
	cas := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		services <- r.URL.Query().Get("service")
		fmt.Fprint(w, `<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas"><cas:authenticationFailure code="INVALID_TICKET">nein</cas:authenticationFailure></cas:serviceResponse>`)
	}))
	defer cas.Close()
	w := newKontoWelt(t, cas.URL+"/serviceValidate")
	w.dienst.PublicURL = ""
	req := httptest.NewRequest("POST", "http://evil.example/api/sso", strings.NewReader(`{"ticket":"ST-1"}`))
	req.Header.Set("Content-Type", "application/json")
	rec := httptest.NewRecorder()
	w.h.ServeHTTP(rec, req)
	pruefeVertrag(t, req, []byte(`{"ticket":"ST-1"}`), rec)
	if rec.Code != 403 {
		t.Fatalf("sso: %d %s", rec.Code, rec.Body.String())
	}
	if s := <-services; s != "http://localhost/eAbwasser/login" {
		t.Fatalf("service = %q", s)
	}
}

func TestBasisURL_OnlyLoopbackHostsFromTheRequest(t *testing.T) {
	for host, want := range map[string]string{
		"localhost:8080":            "http://localhost:8080",
		"LOCALHOST":                 "http://LOCALHOST",
		"127.0.0.1:9000":            "http://127.0.0.1:9000",
		"127.1.2.3":                 "http://127.1.2.3",
		"[::1]:8080":                "http://[::1]:8080",
		"evil.example":              "http://localhost:4711",
		"localhost.evil.example":    "http://localhost:4711",
		"localhost:80@evil.example": "http://localhost:4711",
		"10.0.0.1:8080":             "http://localhost:4711",
		"":                          "http://localhost:4711",
	} {
		r := httptest.NewRequest("GET", "/", nil)
		r.Host = host
		r = r.WithContext(context.WithValue(r.Context(), http.LocalAddrContextKey, &net.TCPAddr{IP: net.IPv4(0, 0, 0, 0), Port: 4711}))
		if got := basisURL(r); got != want {
			t.Errorf("basisURL(Host %q) = %q, want %q", host, got, want)
		}
	}
}

// openAPIParameter is a documented parameter of an operation.
type openAPIParameter struct {
	Ref    string `yaml:"$ref"`
	Name   string `yaml:"name"`
	In     string `yaml:"in"`
	Schema struct {
		Type string `yaml:"type"`
	} `yaml:"schema"`
}

// queryParameter reads the documented query parameters of every GET path ("/api/…").
func queryParameter(t testing.TB) map[string][]openAPIParameter {
	t.Helper()
	var doc struct {
		Components struct {
			Parameters map[string]openAPIParameter `yaml:"parameters"`
		} `yaml:"components"`
		Paths map[string]struct {
			Parameters []openAPIParameter `yaml:"parameters"`
			Get        *struct {
				Parameters []openAPIParameter `yaml:"parameters"`
			} `yaml:"get"`
		} `yaml:"paths"`
	}
	if err := yaml.Unmarshal(OpenAPI, &doc); err != nil {
		t.Fatal(err)
	}
	out := map[string][]openAPIParameter{}
	for path, item := range doc.Paths {
		if item.Get == nil {
			continue
		}
		for _, p := range append(item.Parameters, item.Get.Parameters...) {
			if p.Ref != "" {
				p = doc.Components.Parameters[strings.TrimPrefix(p.Ref, "#/components/parameters/")]
			}
			if p.In == "query" {
				out["/api"+path] = append(out["/api"+path], p)
			}
		}
	}
	return out
}

// getRouten lists the pattern of every GET route of the router: the API's and the frontend's.
func getRouten(t testing.TB) []string {
	t.Helper()
	mux := newAPI(Deps{Betriebsakte: &betriebdienst.Dienst{}, Anlage: &anlagedienst.Dienst{}, Ablage: &ablage.Dienst{}, Benachrichtigung: &benachrichtigung.Dienst{}}).routes(nil)
	var out []string
	_ = chi.Walk(mux, func(method, route string, _ http.Handler, _ ...func(http.Handler) http.Handler) error {
		if method == http.MethodGet {
			out = append(out, route)
		}
		return nil
	})
	slices.Sort(out)
	return slices.Compact(out)
}

// fuelle puts existing ids into the path parameters of route; wert, when not empty, instead
// into every one of them.
func fuelle(route string, ids map[string]string, wert string) string {
	p := strings.TrimSuffix(route, "/")
	if p == "" {
		p = "/"
	}
	if strings.HasSuffix(p, "/*") {
		p = strings.TrimSuffix(p, "*") + "betriebsakte"
	}
	for strings.Contains(p, "{") {
		i, j := strings.Index(p, "{"), strings.Index(p, "}")
		v := wert
		if v == "" {
			v = "1"
			for prefix, id := range ids {
				if strings.HasPrefix(route, prefix) && p[i+1:j] == "id" {
					v = id
				}
			}
		}
		p = p[:i] + v + p[j+1:]
	}
	return p
}

func TestEingabe_EveryGETRouteAnswersNULInvalidUTF8AndOverflowingPagesWith400NeverA5xx(t *testing.T) {
	w := newKontoWelt(t, "")
	admin := w.login(t, "systemadmin", seed.DemoPasswort)
	betreiber := w.login(t, "betreiber", seed.DemoPasswort)
	betriebID := beantragen(t, w, betreiber, "Eingabe-Werk")
	hoch := w.hochladen(t, fmt.Sprintf("/api/betrieb/%d/upload-file", betriebID), betreiber,
		teil{name: "bezeichnung", inhalt: "Plan"}, teil{name: "file", dateiname: "plan.pdf", typ: "application/pdf", inhalt: pdf})
	if hoch.Code != 201 {
		t.Fatalf("upload: %d %s", hoch.Code, hoch.Body.String())
	}
	k, err := konten.NachBenutzername(t.Context(), w.dienst.Store.Pool(), "betreiber")
	if err != nil {
		t.Fatal(err)
	}
	ids := map[string]string{
		"/api/betrieb/":              fmt.Sprint(betriebID),
		"/api/datei/":                fmt.Sprint(int64(hoch.json(t)["id"].(float64))),
		"/api/anwender/":             fmt.Sprint(k.ID),
		"/api/person/lokaleRolle/":   fmt.Sprint(k.ID),
		"/api/organisation/":         fmt.Sprint(k.Person.OrganisationID),
		"/api/abfragen/abfrage/":     "1",
		"/api/organisation/betreibe": "INDIREKTEINLEITER",
	}
	var events int
	zaehle := func() int {
		var n int
		_ = w.dienst.Store.Pool().QueryRow(t.Context(), `SELECT count(*) FROM events`).Scan(&n)
		return n
	}
	events = zaehle()

	get := func(t *testing.T, target string) antwort {
		t.Helper()
		return w.do(t, "GET", target, nil, "Authorization", "Bearer "+admin)
	}
	params := queryParameter(t)
	routen := getRouten(t)
	if len(routen) < 80 {
		t.Fatalf("only %d GET routes", len(routen))
	}
	schlecht := []string{"%00", "a%00b", "%FF", "%C3%28", "Kl%E4ranlage"}
	zahlen := []string{"9223372036854775807", "-9223372036854775808", "99999999999999999999", "-1", "0"}
	for _, route := range routen {
		t.Run(route, func(t *testing.T) {
			pfad := fuelle(route, ids, "")
			// health without NATS and the frontend without a build answer 503 on purpose
			if a := get(t, pfad); a.Code >= 500 && (a.Code != 503 || route != "/api/health" && !strings.HasPrefix(route, "/eAbwasser")) {
				t.Fatalf("GET %s: %d %s", pfad, a.Code, a.Body.String())
			}
			namen := []string{"q", "x"}
			for _, p := range params[strings.TrimSuffix(route, "/")] {
				namen = append(namen, p.Name)
			}
			for _, name := range namen {
				for _, v := range schlecht {
					target := pfad + "?" + name + "=" + v
					a := get(t, target)
					if a.Code != 400 || a.json(t)["message"] != textUngueltigeZeichen {
						t.Errorf("GET %s: %d %s", target, a.Code, a.Body.String())
					}
				}
			}
			if a := get(t, pfad+"?%00=1"); a.Code != 400 {
				t.Errorf("a NUL in a parameter's name: %d", a.Code)
			}
			if strings.Contains(route, "{") || strings.HasSuffix(route, "*") {
				for _, v := range []string{"%00", "%FF"} {
					target := fuelle(route, ids, v)
					if strings.HasSuffix(route, "*") {
						target = pfad + v
					}
					if a := get(t, target); a.Code != 400 {
						t.Errorf("GET %s: %d %s", target, a.Code, a.Body.String())
					}
				}
			}
			for _, p := range params[strings.TrimSuffix(route, "/")] {
				if p.Schema.Type != "integer" {
					continue
				}
				for _, v := range zahlen {
					target := pfad + "?" + p.Name + "=" + v
					if a := get(t, target); a.Code >= 500 {
						t.Errorf("GET %s: %d %s", target, a.Code, a.Body.String())
					}
				}
			}
		})
	}

	// the examples, which were 500s
	for _, target := range []string{"/api/betrieb/search?q=%00", "/api/anwender?name=%FF", "/api/audit?eventType=%00",
		"/api/anwender?page=9223372036854775807", "/api/betrieb/search?page=9223372036854775807"} {
		if a := get(t, target); a.Code != 400 {
			t.Errorf("GET %s: %d %s", target, a.Code, a.Body.String())
		}
	}

	// the lists that page read page and size: what cannot be a page is a 400
	for _, liste := range []string{"/api/audit", "/api/anwender", "/api/betrieb/search"} {
		for _, q := range []string{"page=9223372036854775807", "page=2147483648", "page=-1", "page=1e3", "size=-1",
			"size=0", "size=99999999999999999999", "size=-9223372036854775808", "page=9223372036854775807&size=9223372036854775807",
			"page=4294967296&size=1"} {
			a := get(t, liste+"?"+q)
			if a.Code != 400 {
				t.Errorf("%s?%s: %d %s", liste, q, a.Code, a.Body.String())
				continue
			}
			ve, _ := a.json(t)["validationErrors"].(map[string]any)
			if len(ve) == 0 || ve["page"] == nil && ve["size"] == nil {
				t.Errorf("%s?%s: %s", liste, q, a.Body.String())
			}
		}
		for _, q := range []string{"page=0&size=1", "page=2147483647&size=1", "size=100000", "page=3"} {
			if a := get(t, liste+"?"+q); a.Code != 200 {
				t.Errorf("%s?%s: %d %s", liste, q, a.Code, a.Body.String())
			}
		}
	}
	if n := zaehle(); n != events {
		t.Fatalf("reading changed the event store: %d events before, %d after", events, n)
	}
}

func TestEingabe_JSONBodiesWithNULOrInvalidUTF8Are400AndChangeNothing(t *testing.T) {
	w := newKontoWelt(t, "")
	admin := w.login(t, "systemadmin", seed.DemoPasswort)
	betreiber := w.login(t, "betreiber", seed.DemoPasswort)
	betriebID := beantragen(t, w, betreiber, "Eingabe-Werk")
	zaehle := func() int {
		var n int
		_ = w.dienst.Store.Pool().QueryRow(t.Context(), `SELECT count(*) FROM events`).Scan(&n)
		return n
	}
	events := zaehle()
	neu := neuerBetrieb(w, t, "Werk")
	for _, c := range []struct {
		name string
		body func() string
	}{
		{"NUL in a value", func() string { return strings.Replace(jsonString(t, neu), `"Werk"`, `"Werk\u0000Süd"`, 1) }},
		{"NUL deep down", func() string { return strings.Replace(jsonString(t, neu), `{`, `{"x":[{"y":["\u0000"]}],`, 1) }},
		{"NUL in a key", func() string { return strings.Replace(jsonString(t, neu), `{`, `{"a\u0000b":1,`, 1) }},
		{"invalid UTF-8", func() string { return strings.Replace(jsonString(t, neu), `"Werk"`, "\"Werk \xff\xfe\"", 1) }},
	} {
		t.Run(c.name, func(t *testing.T) {
			a := w.send(t, "POST", "/api/betrieb?typ=INDUSTRIE", c.body(), betreiber)
			wantFehler(t, a, 400, textUngueltigeZeichen)
		})
	}
	// every command route, as the administrator: a 400 or another 4xx, never a 5xx
	for _, r := range schreibRouten(t, w, betriebID) {
		for _, body := range []string{`{"bezeichnung":"\u0000","name":"a\u0000","betreff":"\u0000"}`, "{\"bezeichnung\":\"\xff\"}", `"\u0000"`} {
			a := w.do(t, r[0], r[1], strings.NewReader(body), "Content-Type", "application/json", "Authorization", "Bearer "+admin)
			if a.Code >= 500 {
				t.Errorf("%s %s %q: %d %s", r[0], r[1], body, a.Code, a.Body.String())
			}
		}
	}
	if n := zaehle(); n != events {
		t.Fatalf("refused bodies changed the event store: %d events before, %d after", events, n)
	}
	// a text that merely mentions the escape stays as it is
	neu["bezeichnung"] = `Werk \u0000 (Text)`
	if a := w.send(t, "POST", "/api/betrieb?typ=INDUSTRIE", neu, betreiber); a.Code != 201 {
		t.Fatalf("escaped backslash: %d %s", a.Code, a.Body.String())
	}
}

func jsonString(t testing.TB, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// schnelleZeitlimits are short enough for a test to wait for.
var schnelleZeitlimits = Zeitlimits{Kopf: 300 * time.Millisecond, Lesen: 500 * time.Millisecond,
	Schreiben: 2 * time.Second, Leerlauf: time.Second, Lang: 10 * time.Second}

// serve runs handler in a real server with the timeouts z on a loopback port.
func serve(t testing.TB, handler http.Handler, z Zeitlimits) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := Server("", handler, z)
	go func() { _ = srv.Serve(l) }()
	t.Cleanup(func() { _ = srv.Close() })
	return l.Addr().String()
}

// bisGeschlossen reads from conn until the server closes it and tells how long that took
// (at most grenze).
func bisGeschlossen(t testing.TB, conn net.Conn, grenze time.Duration) (time.Duration, string) {
	t.Helper()
	start := time.Now()
	_ = conn.SetReadDeadline(start.Add(grenze))
	b, err := io.ReadAll(conn)
	if ne, ok := err.(net.Error); ok && ne.Timeout() {
		t.Fatalf("connection still open after %v; read %q", grenze, b)
	}
	return time.Since(start), string(b)
}

func TestZeitlimits_SlowOrStoppedBodyLosesItsConnection(t *testing.T) {
	s := newTestServer(t, Deps{Zeitlimits: schnelleZeitlimits}, testRoutes)
	addr := serve(t, s.h, schnelleZeitlimits)

	// headers, then a part of the body, then nothing
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	fmt.Fprint(conn, "POST /api/test/echo HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{\"bezeichnung\":\"")
	if d, antwort := bisGeschlossen(t, conn, 5*time.Second); d > 2*time.Second {
		t.Fatalf("closed only after %v (%q)", d, antwort)
	}

	// a body dribbled one byte every 100 ms: each byte comes in time, the whole does not
	conn2, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer conn2.Close()
	fmt.Fprint(conn2, "POST /api/test/echo HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n")
	stop := make(chan struct{})
	defer close(stop)
	go func() {
		for {
			select {
			case <-stop:
				return
			case <-time.After(100 * time.Millisecond):
				if _, err := conn2.Write([]byte(" ")); err != nil {
					return
				}
			}
		}
	}()
	if d, antwort := bisGeschlossen(t, conn2, 5*time.Second); d > 2*time.Second {
		t.Fatalf("dribbling client held the connection %v (%q)", d, antwort)
	}

	// slow headers
	conn3, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer conn3.Close()
	fmt.Fprint(conn3, "GET /api/health HTTP/1.1\r\nHost: loc")
	if d, _ := bisGeschlossen(t, conn3, 5*time.Second); d > 2*time.Second {
		t.Fatalf("slow headers held the connection %v", d)
	}

	// an idle keep-alive connection is closed too, after an answered request
	conn4, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer conn4.Close()
	fmt.Fprint(conn4, "GET /api/openapi.yaml HTTP/1.1\r\nHost: localhost\r\n\r\n")
	resp, err := http.ReadResponse(bufio.NewReader(conn4), nil)
	if err != nil || resp.StatusCode != 200 {
		t.Fatalf("keep-alive request: %v %v", resp, err)
	}
	_, _ = io.Copy(io.Discard, resp.Body)
	if d, _ := bisGeschlossen(t, conn4, 5*time.Second); d > 3*time.Second {
		t.Fatalf("idle connection held %v", d)
	}
}

func TestZeitlimits_UploadMayTakeLongerThanReadTimeoutWhileItKeepsComingButNotWhenItStops(t *testing.T) {
	w := newKontoWelt(t, "")
	betreiber := w.login(t, "betreiber", seed.DemoPasswort)
	pfad := fmt.Sprintf("/api/betrieb/%d/upload-file", beantragen(t, w, betreiber, "Langsam-Werk"))
	h := newAPI(Deps{Pool: w.dienst.Store.Pool(), Store: w.dienst.Store, Zugang: w.dienst, Betriebsakte: w.akte,
		Ablage: ablageFuer(t, w.dienst.Store, w.akte, w.anlage), Zeitlimits: schnelleZeitlimits, Logger: newTestLogger(io.Discard), JWTSecret: testSecret}).routes(nil)
	basis := "http://" + serve(t, h, schnelleZeitlimits)

	// upload streams 20 chunks, one every 100 ms (2 s, four times ReadTimeout), then stalls if told
	upload := func(haengen bool) (*http.Response, error) {
		pr, pw := io.Pipe()
		mw := multipart.NewWriter(pw)
		go func() {
			_ = mw.WriteField("bezeichnung", "Messreihe")
			fw, _ := mw.CreateFormFile("file", "Rechnung\u202Efdp.exe")
			for i := 0; i < 20; i++ {
				time.Sleep(100 * time.Millisecond)
				if _, err := fw.Write([]byte(strings.Repeat("x", 1000))); err != nil {
					pw.CloseWithError(err)
					return
				}
			}
			if haengen {
				time.Sleep(5 * time.Second)
			}
			pw.CloseWithError(mw.Close())
		}()
		req, _ := http.NewRequest("POST", basis+pfad, pr)
		req.Header.Set("Content-Type", mw.FormDataContentType())
		req.Header.Set("Authorization", "Bearer "+betreiber)
		return http.DefaultClient.Do(req)
	}
	resp, err := upload(false)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 201 {
		t.Fatalf("slow upload: %d %s", resp.StatusCode, body)
	}
	start := time.Now()
	resp, err = upload(true)
	if err == nil {
		body, _ = io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode < 400 {
			t.Fatalf("stalled upload: %d %s", resp.StatusCode, body)
		}
	}
	if d := time.Since(start); d > 4*time.Second {
		t.Fatalf("stalled upload held on for %v", d)
	}
	// the bidirectional override is gone from the stored name
	liste := w.dateien(t, strings.TrimSuffix(pfad, "/upload-file")+"/dateien", betreiber)
	if len(liste) != 1 || liste[0].Dateiname != "Rechnungfdp.exe" {
		t.Fatalf("files: %+v", liste)
	}
}
