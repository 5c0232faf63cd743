// Package app assembles eAbwasser from its parts — database, event store with its inline
// projections, NATS, relay, projector runtime and HTTP API — for the CLI's commands.
package app

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"os"
	"path/filepath"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/nats-io/nats.go"
	"github.com/prometheus/client_golang/prometheus"

	"github.com/eabwasser/eabwasser/eventstore"
	"github.com/eabwasser/eabwasser/httpapi"
	"github.com/eabwasser/eabwasser/internal/anwendung/aufbau"
	"github.com/eabwasser/eabwasser/internal/plattform/config"
	"github.com/eabwasser/eabwasser/internal/plattform/natsbus"
	"github.com/eabwasser/eabwasser/internal/plattform/schema"
	"github.com/eabwasser/eabwasser/internal/verdrahtung/schreibmodell"
	"github.com/eabwasser/eabwasser/projections"
	"github.com/eabwasser/eabwasser/projections/audit"
)

// Projections are all asynchronous read models, in the order they are started. The read
// models over every area are built from what the areas' Setups registered
// (aufbau.Lesemodelle); registering needs no database.
func Projections() []projections.Projection {
	l := schreibmodell.Aufbauen(nil).Lesemodelle
	return []projections.Projection{audit.Projection, l.Arbeitsliste(), l.Nachrichten(), l.Aufgaben(), l.Ueberschreitung()}
}

// NewStore returns the event store on pool with every area's Setup done
// (internal/verdrahtung/schreibmodell).
func NewStore(pool *pgxpool.Pool) *eventstore.Store { return schreibmodell.Store(pool) }

// App is an opened database (and, for Serve, NATS).
type App struct {
	Config config.Config
	Log    *slog.Logger
	Pool   *pgxpool.Pool
	Store  *eventstore.Store
	// Aufbau is the write model with every area's Setup done (Store is its store).
	Aufbau  *aufbau.Aufbau
	closers []func()

	// Zeitlimits are the HTTP server's timeouts; zero fields take httpapi.StandardZeitlimits
	// (tests shorten them).
	Zeitlimits httpapi.Zeitlimits
}

// Open connects to the database (starting a private cluster if need be).
func Open(ctx context.Context, cfg config.Config, log *slog.Logger) (*App, error) {
	a := &App{Config: cfg, Log: log}
	url, stop, err := resolveDatabase(ctx, cfg.DatabaseURL, cfg.DataDir, log)
	if err != nil {
		return nil, fmt.Errorf("Datenbank: %w", err)
	}
	a.closers = append(a.closers, stop)
	pcfg, err := pgxpool.ParseConfig(url)
	if err != nil {
		a.Close()
		return nil, fmt.Errorf("DATABASE_URL: %w", err)
	}
	if pcfg.MaxConns < 16 {
		pcfg.MaxConns = 16
	}
	a.Pool, err = pgxpool.NewWithConfig(ctx, pcfg)
	if err == nil {
		err = a.Pool.Ping(ctx)
	}
	if err != nil {
		a.Close()
		return nil, fmt.Errorf("Datenbank nicht erreichbar: %w", err)
	}
	a.closers = append(a.closers, a.Pool.Close)
	a.Aufbau = schreibmodell.Aufbauen(a.Pool)
	a.Store = a.Aufbau.Store
	return a, nil
}

// Migrate brings the database schema up to date.
func (a *App) Migrate(ctx context.Context) error { return schema.Migrate(ctx, a.Pool) }

// Close releases everything Open and Serve acquired, newest first.
func (a *App) Close() {
	for i := len(a.closers) - 1; i >= 0; i-- {
		a.closers[i]()
	}
	a.closers = nil
}

// connectNATS connects to NATS_URL or starts an embedded server under DATA_DIR/nats.
func (a *App) connectNATS() (*nats.Conn, error) {
	url := a.Config.NATSURL
	if url == "" {
		ns, err := natsbus.StartEmbedded(filepath.Join(a.Config.DataDir, "nats"), 0)
		if err != nil {
			return nil, err
		}
		a.closers = append(a.closers, func() { ns.Shutdown(); ns.WaitForShutdown() })
		url = ns.ClientURL()
		a.Log.Info("NATS: eingebetteter Server mit JetStream", "url", url)
	}
	nc, err := natsbus.Connect(url, "eabwasser", a.Log)
	if err != nil {
		return nil, err
	}
	a.closers = append(a.closers, nc.Close)
	return nc, nil
}

// jwtSecret is JWT_SECRET, or a random secret kept in DATA_DIR/jwt-secret across restarts.
func (a *App) jwtSecret() ([]byte, error) {
	if a.Config.JWTSecret != "" {
		return []byte(a.Config.JWTSecret), nil
	}
	path := filepath.Join(a.Config.DataDir, "jwt-secret")
	if b, err := os.ReadFile(path); err == nil && len(b) >= 32 {
		return b, nil
	}
	buf := make([]byte, 32)
	if _, err := rand.Read(buf); err != nil {
		return nil, err
	}
	secret := []byte(hex.EncodeToString(buf))
	if err := os.MkdirAll(a.Config.DataDir, 0o700); err != nil {
		return nil, err
	}
	if err := os.WriteFile(path, secret, 0o600); err != nil {
		return nil, err
	}
	a.Log.Warn("JWT_SECRET ist nicht gesetzt: zufälliges Geheimnis in " + path)
	return secret, nil
}

// metrikServer opens the listener of /metrics on METRICS_ADDR, apart from the public one so
// that only the machine (or the network the operator chooses) sees it; nil when it is off.
// The default address may be taken by another instance on the same machine: then this one
// runs without metrics and says so. An address the operator set must work.
func (a *App) metrikServer(g prometheus.Gatherer) (*metrikListener, error) {
	if a.Config.MetricsAddr == "" {
		return nil, nil
	}
	l, err := net.Listen("tcp", a.Config.MetricsAddr)
	if err != nil {
		if a.Config.MetricsAddrStandard {
			a.Log.Warn("Metriken abgeschaltet: Standardadresse belegt (METRICS_ADDR setzen)", "adresse", a.Config.MetricsAddr, "error", err)
			return nil, nil
		}
		return nil, fmt.Errorf("METRICS_ADDR: %w", err)
	}
	a.Log.Info("Metriken", "adresse", l.Addr().String())
	return &metrikListener{l: l, srv: httpapi.Server("", httpapi.MetrikHandler(g), a.Zeitlimits)}, nil
}

type metrikListener struct {
	l   net.Listener
	srv *http.Server
}

func (m *metrikListener) Serve() error { return m.srv.Serve(m.l) }
func (m *metrikListener) Close() error { return m.srv.Close() }
