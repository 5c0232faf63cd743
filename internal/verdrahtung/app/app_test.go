package app_test

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/eabwasser/eabwasser/internal/plattform/config"
	"github.com/eabwasser/eabwasser/internal/verdrahtung/app"
	"github.com/eabwasser/eabwasser/internal/werkzeug/seed"
	"github.com/eabwasser/eabwasser/internal/werkzeug/testdb"
)

func freeAddr(t *testing.T) string {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().String()
}

type instance struct {
	addr   string
	secret string
	cfg    config.Config
	app    *app.App
	done   chan error
	stop   context.CancelFunc
}

// start runs a whole server (embedded NATS, relay, projectors, HTTP) on its own database and
// data directory.
func start(t *testing.T) *instance { return startMit(t, nil) }

// startMit is start with a configuration changed by aendere.
func startMit(t *testing.T, aendere func(*config.Config)) *instance {
	t.Helper()
	_, url := testdb.New(t)
	in := &instance{addr: freeAddr(t), secret: zufallsSchluessel(t), done: make(chan error, 1)}
	cfg := config.Config{DatabaseURL: url, HTTPAddr: in.addr, DataDir: t.TempDir(), JWTSecret: in.secret}
	if aendere != nil {
		aendere(&cfg)
	}
	in.cfg = cfg
	log := slog.New(slog.NewJSONHandler(io.Discard, nil))
	ctx, cancel := context.WithCancel(context.Background())
	in.stop = cancel
	a, err := app.Open(ctx, cfg, log)
	if err != nil {
		t.Fatal(err)
	}
	in.app = a
	go func() { in.done <- a.Serve(ctx) }()
	t.Cleanup(func() {
		cancel()
		<-in.done
		a.Close()
	})
	deadline := time.Now().Add(20 * time.Second)
	for {
		resp, err := http.Get("http://" + in.addr + "/api/health")
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == 200 {
				return in
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("server not healthy: %v", err)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// login logs a demo account in through the API and returns its token.
func (in *instance) login(t *testing.T, name string) string {
	t.Helper()
	resp, err := http.Post("http://"+in.addr+"/api/authenticate/", "application/json",
		strings.NewReader(`{"username":"`+name+`","password":"`+seed.DemoPasswort+`"}`))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var out struct{ Token string }
	if err := json.NewDecoder(resp.Body).Decode(&out); err != nil || resp.StatusCode != 200 || out.Token == "" {
		t.Fatalf("login %s: %d %v", name, resp.StatusCode, err)
	}
	return out.Token
}

func (in *instance) get(t *testing.T, path, token string) (*http.Response, []byte) {
	t.Helper()
	req, _ := http.NewRequest("GET", "http://"+in.addr+path, nil)
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	return resp, body
}

func TestServe_TwoInstancesSideBySide_CommandsReachTheAuditTrailOfTheirOwn(t *testing.T) {
	a, b := start(t), start(t)
	n, err := seed.Demo(context.Background(), a.app.Store)
	if err != nil || n == 0 {
		t.Fatalf("seed: %d %v", n, err)
	}
	head, _, _ := a.app.Store.Head(context.Background())
	resp, body := a.get(t, fmt.Sprintf("/api/audit?size=5&minPosition=%d", head.Position), a.login(t, "fachadmin"))
	if resp.StatusCode != 200 {
		t.Fatalf("audit: %d %s", resp.StatusCode, body)
	}
	var page struct {
		Content []struct {
			Position        int64  `json:"position"`
			Zusammenfassung string `json:"zusammenfassung"`
			BenutzerName    string `json:"benutzerName"`
		} `json:"content"`
		TotalElements int `json:"totalElements"`
	}
	if err := json.Unmarshal(body, &page); err != nil {
		t.Fatal(err)
	}
	var events int
	_ = a.app.Pool.QueryRow(context.Background(), `SELECT count(*) FROM events`).Scan(&events)
	// the demo ends with Musterhausen's annual report of 2025, kept by betreiber2
	if page.TotalElements != events || len(page.Content) != 5 || page.Content[0].Position != head.Position ||
		page.Content[0].BenutzerName != "Petra Zimmermann" {
		t.Fatalf("page = %+v", page)
	}
	if _, err := seed.Demo(context.Background(), b.app.Store); err != nil {
		t.Fatal(err)
	}
	resp, body = b.get(t, "/api/audit?streamId=werteliste-1", b.login(t, "systemadmin"))
	if resp.StatusCode != 200 || !json.Valid(body) {
		t.Fatalf("second instance: %d %s", resp.StatusCode, body)
	}
	var other struct{ TotalElements int }
	_ = json.Unmarshal(body, &other)
	if other.TotalElements > 1 {
		t.Fatalf("second instance sees %d entries for one stream", other.TotalElements)
	}
	if resp, _ := a.get(t, "/api/audit", ""); resp.StatusCode != 401 {
		t.Fatalf("audit without token: %d", resp.StatusCode)
	}
	if resp, _ := a.get(t, "/api/audit", a.login(t, "betreiber")); resp.StatusCode != 403 {
		t.Fatalf("audit as betreiber: %d", resp.StatusCode)
	}
	if resp, _ := a.get(t, "/metrics", ""); resp.StatusCode != 404 {
		t.Fatalf("/metrics on the public listener: %d", resp.StatusCode)
	}
}

func TestServe_StopsGracefullyOnSignal(t *testing.T) {
	in := start(t)
	in.stop()
	select {
	case err := <-in.done:
		if err != nil {
			t.Fatalf("Serve returned %v", err)
		}
		in.done <- nil // for the cleanup
	case <-time.After(60 * time.Second):
		// the HTTP shutdown alone may take its 15 s; 20 s were too few once under a full CI run
		t.Fatal("Serve did not stop")
	}
	if _, err := http.Get("http://" + in.addr + "/api/health"); err == nil {
		t.Fatal("server still answers after shutdown")
	}
}

// zufallsSchluessel is a JWT_SECRET as the README tells operators to make one (openssl rand
// -hex 32): a fixed or patterned test secret is refused by the secret check (issue 42).
func zufallsSchluessel(t testing.TB) string {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		t.Fatal(err)
	}
	return hex.EncodeToString(b)
}
