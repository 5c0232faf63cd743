package app

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"path/filepath"
	"sync"
	"time"

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
	"github.com/eabwasser/eabwasser/internal/plattform/drossel"
	"github.com/eabwasser/eabwasser/internal/plattform/mail"
	"github.com/eabwasser/eabwasser/internal/plattform/natsbus"
	"github.com/eabwasser/eabwasser/internal/plattform/wasserbuch"
	"github.com/eabwasser/eabwasser/internal/zugriff"
	"github.com/eabwasser/eabwasser/projections"
)

// hintergrund is what runs beside the HTTP server, prepared: the NATS connection, the relay to
// it and the projectors, with the metrics registry they report to.
type hintergrund struct {
	nc      *nats.Conn
	reg     *prometheus.Registry
	relay   *eventstore.Relay
	runtime *projections.Runtime
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
	h, err := a.hintergrund(ctx)
	if err != nil {
		return err
	}
	versand, err := mail.Neu(a.Config.SMTPURL, a.Config.MailFrom, filepath.Join(a.Config.DataDir, "mailbox"), a.Log)
	if err != nil {
		return fmt.Errorf("SMTP_URL: %w", err)
	}
	handler, zugangsdienst, err := a.handler(h.nc, versand, secret)
	if err != nil {
		return err
	}
	bg, stopBg := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	errs := make(chan error, 3)
	versender := &benachrichtigung.Versender{Pool: a.Pool, Mail: versand, PublicURL: a.Config.PublicURL, Log: a.Log}
	wg.Add(3)
	go func() { defer wg.Done(); errs <- h.relay.Run(bg) }()
	go func() { defer wg.Done(); errs <- h.runtime.Run(bg) }()
	go func() { defer wg.Done(); errs <- versender.Run(bg) }()
	result := a.bedienen(ctx, handler, h.reg, errs)
	zugangsdienst.Warte() // reset mails still being sent
	stopBg()
	wg.Wait()
	return result
}

// hintergrund connects NATS and prepares the relay and the projectors with their metrics.
func (a *App) hintergrund(ctx context.Context) (hintergrund, error) {
	nc, err := a.connectNATS()
	if err != nil {
		return hintergrund{}, fmt.Errorf("NATS: %w", err)
	}
	if err := natsbus.EnsureStream(ctx, nc, a.Config.NATSReplicas); err != nil {
		// Not fatal: commands work without NATS; the relay retries until it is there.
		a.Log.Warn("NATS-Stream konnte nicht angelegt werden", "error", err)
	}
	pub, err := natsbus.NewPublisher(nc, a.Config.NATSReplicas)
	if err != nil {
		return hintergrund{}, err
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
		return hintergrund{}, err
	}
	relay := &eventstore.Relay{Store: a.Store, Publisher: pub, Log: a.Log,
		OnPublish: func(c eventstore.Cursor) { relayPos.Set(float64(c.Position)) }}
	return hintergrund{nc: nc, reg: reg, relay: relay, runtime: runtime}, nil
}

// handler is the HTTP API on the services the areas' Setups built (aufbau.Dienst), given the
// server's configuration; the accounts service is returned for the shutdown.
func (a *App) handler(nc *nats.Conn, versand mail.Versand, secret []byte) (http.Handler, *zugang.Dienst, error) {
	proxys, err := httpapi.ParseProxys(a.Config.TrustedProxies)
	if err != nil {
		return nil, nil, err
	}
	kartenebenen, err := a.Config.Kartenebenen()
	if err != nil {
		return nil, nil, err
	}
	register, err := wasserbuch.Neu(a.Config.DigiWabURL, wasserbuch.StandardZeitlimit)
	if err != nil {
		return nil, nil, err
	}
	b := a.Aufbau
	zd := aufbau.Dienst[*zugang.Dienst](b)
	zd.Mail, zd.Drossel, zd.SSOValidateURL, zd.PublicURL, zd.Log = versand, drossel.Neu(a.Pool), a.Config.SSOValidate, a.Config.PublicURL, a.Log
	ablageDienst := aufbau.Dienst[*ablage.Dienst](b)
	ablageDienst.Einrichten(a.Config.DataDir, a.Log)
	berichte := aufbau.Dienst[*berichtdienst.Dienst](b)
	berichte.Suevoa = a.Config.Suevoa
	handler := httpapi.New(httpapi.Deps{
		Zugang:           zd,
		Verwaltung:       aufbau.Dienst[*verwaltung.Dienst](b),
		Betriebsakte:     aufbau.Dienst[*betriebdienst.Dienst](b),
		Anlage:           aufbau.Dienst[*anlagedienst.Dienst](b),
		Messstelle:       aufbau.Dienst[*messstelledienst.Dienst](b),
		Bescheid:         aufbau.Dienst[*bescheiddienst.Dienst](b),
		Jahresbericht:    berichte,
		Benachrichtigung: &benachrichtigung.Dienst{Store: a.Store},
		Ablage:           ablageDienst,
		Aufgaben:         &aufgabendienst.Dienst{Store: a.Store},
		PruefeSitzung: func(ctx context.Context, hb httpapi.Benutzer, n zugriff.Nutzer) (zugriff.Nutzer, error) {
			return zd.PruefeSitzung(ctx, n, hb.Sitzung)
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
	return handler, zd, nil
}

// bedienen serves HTTP (and /metrics) until ctx ends, the server fails or a background task
// stops with an error, then shuts the servers down.
func (a *App) bedienen(ctx context.Context, handler http.Handler, reg *prometheus.Registry, errs <-chan error) error {
	metriken, err := a.metrikServer(reg)
	if err != nil {
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
	return result
}
