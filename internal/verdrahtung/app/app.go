// Package app assembles eAbwasser from its parts — database, event store with its inline
// projections, NATS, relay, projector runtime and HTTP API — for the CLI's commands.
package app

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/nats-io/nats.go"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"

	"github.com/eabwasser/eabwasser/eventstore"
	"github.com/eabwasser/eabwasser/frontend"
	"github.com/eabwasser/eabwasser/httpapi"
	"github.com/eabwasser/eabwasser/internal/anwendung/ablage"
	anlagedienst "github.com/eabwasser/eabwasser/internal/anwendung/anlage"
	"github.com/eabwasser/eabwasser/internal/anwendung/aufbau"
	aufgabendienst "github.com/eabwasser/eabwasser/internal/anwendung/aufgaben"
	"github.com/eabwasser/eabwasser/internal/anwendung/benachrichtigung"
	bescheiddienst "github.com/eabwasser/eabwasser/internal/anwendung/bescheid"
	betriebdienst "github.com/eabwasser/eabwasser/internal/anwendung/betrieb"
	berichtdienst "github.com/eabwasser/eabwasser/internal/anwendung/jahresbericht"
	messstelledienst "github.com/eabwasser/eabwasser/internal/anwendung/messstelle"
	"github.com/eabwasser/eabwasser/internal/anwendung/verwaltung"
	"github.com/eabwasser/eabwasser/internal/anwendung/zugang"
	"github.com/eabwasser/eabwasser/internal/plattform/config"
	"github.com/eabwasser/eabwasser/internal/plattform/drossel"
	"github.com/eabwasser/eabwasser/internal/plattform/mail"
	"github.com/eabwasser/eabwasser/internal/plattform/natsbus"
	"github.com/eabwasser/eabwasser/internal/plattform/schema"
	"github.com/eabwasser/eabwasser/internal/plattform/wasserbuch"
	"github.com/eabwasser/eabwasser/internal/verdrahtung/schreibmodell"
	"github.com/eabwasser/eabwasser/internal/zugriff"
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

// Serve runs relay, projectors and the HTTP server until ctx ends, then shuts down
// gracefully: the HTTP server finishes open requests first, then relay and projectors stop.
func (a *App) Serve(ctx context.Context) error {
	if err := a.Config.PruefeFuerServe(); err != nil {
		return err
	}
	if err := a.Migrate(ctx); err != nil {
		return err
	}
	secret, err := a.jwtSecret()
	if err != nil {
		return err
	}
	nc, err := a.connectNATS()
	if err != nil {
		return fmt.Errorf("NATS: %w", err)
	}
	if err := natsbus.EnsureStream(ctx, nc, a.Config.NATSReplicas); err != nil {
		// Not fatal: commands work without NATS; the relay retries until it is there.
		a.Log.Warn("NATS-Stream konnte nicht angelegt werden", "error", err)
	}
	pub, err := natsbus.NewPublisher(nc, a.Config.NATSReplicas)
	if err != nil {
		return err
	}
	reg := prometheus.NewRegistry()
	reg.MustRegister(collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	relayPos := prometheus.NewGauge(prometheus.GaugeOpts{Name: "eabwasser_relay_position",
		Help: "Global position of the last event the relay published to NATS."})
	reg.MustRegister(relayPos)

	runtime := &projections.Runtime{Store: a.Store, Subscribe: natsbus.SubscribeFunc(nc), Log: a.Log,
		Metrics: projections.NewMetrics(reg)}
	for _, p := range Projections() {
		runtime.Register(p)
	}
	if err := runtime.Vorbereiten(ctx); err != nil {
		return err
	}
	relay := &eventstore.Relay{Store: a.Store, Publisher: pub, Log: a.Log,
		OnPublish: func(c eventstore.Cursor) { relayPos.Set(float64(c.Position)) }}

	proxys, err := httpapi.ParseProxys(a.Config.TrustedProxies)
	if err != nil {
		return err
	}
	kartenebenen, err := a.Config.Kartenebenen()
	if err != nil {
		return err
	}
	register, err := wasserbuch.Neu(a.Config.DigiWabURL, wasserbuch.StandardZeitlimit)
	if err != nil {
		return err
	}
	versand, err := mail.Neu(a.Config.SMTPURL, a.Config.MailFrom, filepath.Join(a.Config.DataDir, "mailbox"), a.Log)
	if err != nil {
		return fmt.Errorf("SMTP_URL: %w", err)
	}

	bg, stopBg := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	errs := make(chan error, 3)
	versender := &benachrichtigung.Versender{Pool: a.Pool, Mail: versand, PublicURL: a.Config.PublicURL, Log: a.Log}
	wg.Add(3)
	go func() { defer wg.Done(); errs <- relay.Run(bg) }()
	go func() { defer wg.Done(); errs <- runtime.Run(bg) }()
	go func() { defer wg.Done(); errs <- versender.Run(bg) }()

	dienst := &zugang.Dienst{Store: a.Store, Mail: versand, Drossel: drossel.Neu(a.Pool),
		SSOValidateURL: a.Config.SSOValidate, PublicURL: a.Config.PublicURL, Log: a.Log}
	// the areas' services (their Setup ran when the store was built: internal/verdrahtung/schreibmodell)
	ablageDienst := ablage.Neu(a.Aufbau, a.Config.DataDir, a.Log)
	verwaltungsDienst := &verwaltung.Dienst{Store: a.Store}
	akte := &betriebdienst.Dienst{Store: a.Store}
	handler := httpapi.New(httpapi.Deps{
		Zugang:           dienst,
		Verwaltung:       verwaltungsDienst,
		Betriebsakte:     akte,
		Anlage:           &anlagedienst.Dienst{Store: a.Store},
		Messstelle:       &messstelledienst.Dienst{Store: a.Store},
		Bescheid:         &bescheiddienst.Dienst{Store: a.Store},
		Jahresbericht:    &berichtdienst.Dienst{Store: a.Store, Suevoa: a.Config.Suevoa},
		Benachrichtigung: &benachrichtigung.Dienst{Store: a.Store},
		Ablage:           ablageDienst,
		Aufgaben:         &aufgabendienst.Dienst{Store: a.Store},
		PruefeSitzung: func(ctx context.Context, b httpapi.Benutzer, n zugriff.Nutzer) (zugriff.Nutzer, error) {
			return dienst.PruefeSitzung(ctx, n, b.Sitzung)
		},
		Pool: a.Pool, Store: a.Store, Logger: a.Log, JWTSecret: secret,
		NATSPing: func(ctx context.Context) error { return natsbus.Ping(ctx, nc) },
		WaitForProjection: func(ctx context.Context, name string, pos int64) error {
			return projections.WaitFor(ctx, a.Store, name, pos)
		},
		Frontend:       frontend.Dist,
		Zeitlimits:     a.Zeitlimits,
		TrustedProxies: proxys,
		Oberflaeche:    httpapi.Oberflaeche{SupportMail: a.Config.SupportMail, HilfeURL: a.Config.HilfeURL, Kartenebenen: kartenebenen},
		Wasserbuch:     register,
	})
	metriken, err := a.metrikServer(reg)
	if err != nil {
		stopBg()
		wg.Wait()
		return err
	}
	srv := httpapi.Server(a.Config.HTTPAddr, handler, a.Zeitlimits)
	serveErr := make(chan error, 2)
	go func() { serveErr <- srv.ListenAndServe() }()
	a.Log.Info("eAbwasser läuft", "adresse", a.Config.HTTPAddr)
	if metriken != nil {
		go func() {
			if err := metriken.Serve(); !errors.Is(err, http.ErrServerClosed) {
				serveErr <- fmt.Errorf("METRICS_ADDR: %w", err)
			}
		}()
		defer metriken.Close()
	}

	var result error
	select {
	case <-ctx.Done():
	case err := <-serveErr:
		if !errors.Is(err, http.ErrServerClosed) {
			result = err
		}
	case err := <-errs:
		result = err
	}
	a.Log.Info("eAbwasser fährt herunter")
	sctx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
	defer cancel()
	_ = srv.Shutdown(sctx)
	if metriken != nil {
		_ = metriken.Close()
	}
	dienst.Warte() // reset mails still being sent
	stopBg()
	wg.Wait()
	return result
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
