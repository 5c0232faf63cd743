package httpapi

import (
	"context"
	"errors"
	"net/http"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/eabwasser/eabwasser/internal/werkzeug/testdb"
)

func TestHealth_OKOnlyWhenPostgresAndNATSAnswer(t *testing.T) {
	pool, _ := testdb.New(t)
	// Nothing listens on port 1: the pool connects lazily, so Ping fails fast.
	tot, err := pgxpool.New(context.Background(), "postgres://postgres@127.0.0.1:1/x?sslmode=disable&connect_timeout=1")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(tot.Close)
	natsOK := func(context.Context) error { return nil }
	natsWeg := func(context.Context) error { return errors.New("nats: no servers available for connection") }
	natsHaengt := func(ctx context.Context) error { <-ctx.Done(); return ctx.Err() }

	tests := []struct {
		name     string
		pool     *pgxpool.Pool
		nats     func(context.Context) error
		status   int
		postgres string
		natsText string
	}{
		{"both answer", pool, natsOK, 200, "ok", "ok"},
		{"NATS fails", pool, natsWeg, 503, "ok", "Das Nachrichtensystem (NATS) ist nicht erreichbar."},
		{"NATS hangs past the bound", pool, natsHaengt, 503, "ok", "Das Nachrichtensystem (NATS) ist nicht erreichbar."},
		{"NATS not configured", pool, nil, 503, "ok", "Das Nachrichtensystem (NATS) ist nicht erreichbar."},
		{"Postgres fails", tot, natsOK, 503, "Die Datenbank ist nicht erreichbar.", "ok"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := newTestServer(t, Deps{Pool: tt.pool, NATSPing: tt.nats}, nil)
			start := time.Now()
			for _, p := range []string{"/api/health", "/api/health/"} {
				a := s.do(t, http.MethodGet, p, nil)
				if a.Code != tt.status {
					t.Fatalf("%s: status %d, want %d: %s", p, a.Code, tt.status, a.Body.String())
				}
				m := a.json(t)
				wantStatus := "ok"
				if tt.status != 200 {
					wantStatus = "fehler"
				}
				if m["status"] != wantStatus || m["postgres"] != tt.postgres || m["nats"] != tt.natsText {
					t.Errorf("%s: body %v", p, m)
				}
			}
			if d := time.Since(start); d > 2*(healthTimeout+time.Second) {
				t.Errorf("health took %v, want it bounded by %v per call", d, healthTimeout)
			}
		})
	}
}

// The system area's rows of the list walk (TestListen_EveryListAndExportShowsOnlyRowsOfObjectsTheCallerSees).
var _ = listenDes("system", map[string]listenRoute{
	"GET /api/health":        {art: artAnderes},
	"GET /api/konfiguration": {art: artAnderes},
	"GET /api/openapi.yaml":  {art: artAnderes},
})

// The system area's rows of the permission matrix (TestBerechtigung_EveryRouteTimesEveryRoleAndOrganisation).
var _ = regelnDes("system", func() map[string]regel {
	return map[string]regel{
		"GET /api/health":        offen,
		"GET /api/openapi.yaml":  offen,
		"GET /api/konfiguration": offen,
	}
})
