// Package bench measures eAbwasser as `make bench` reports it: it creates a database of its
// own, fills it with `seed --scale` data, rebuilds the read models, runs the real server
// (`eabwasser serve`) against it for queries, HTTP load, export and projection lag, measures
// appends next to a raw INSERT and watermill-sql, sizes the production frontend, and writes a
// table, bench/results/latest.json and the table of docs/benchmarks.md. Every comparison is
// measured side by side in the same run (interleaved where it matters), so ratios hold on a
// noisy machine. The database is dropped at the end.
package bench

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"slices"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/eabwasser/eabwasser/eventstore"
	"github.com/eabwasser/eabwasser/internal/app"
	"github.com/eabwasser/eabwasser/internal/schema"
)

// Optionen of a bench run.
type Optionen struct {
	Scale    int      // N of seed --scale (5: 100,000 operations, over a million events)
	Ergebnis string   // JSON file of the results
	Doku     string   // Markdown file whose table is replaced ("" : none)
	Frontend string   // the built frontend (Vite's outDir)
	Quellen  string   // the frontend's sources (to find the start page's lazy parts)
	AdminURL string   // maintenance database of the Postgres server the bench database is created on
	Programm string   // the eabwasser binary (run as `serve`)
	Kurz     bool     // small sizes and short measurements, to try the bench out
	Nur      []string // run only these phases (seed, rebuild, server, append, frontend); empty: all

	Log         *slog.Logger
	Aus         io.Writer // the table
	Fortschritt io.Writer // progress lines
}

// Standard are the options of `make bench`.
func Standard() Optionen {
	return Optionen{Scale: 5, Ergebnis: "bench/results/latest.json", Doku: "docs/benchmarks.md",
		Frontend: "frontend/dist", Quellen: "frontend/src",
		AdminURL: "postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable"}
}

// dauer picks the long or the short (Kurz) variant of a size.
func (o Optionen) dauer(lang, kurz time.Duration) time.Duration {
	if o.Kurz {
		return kurz
	}
	return lang
}

func (o Optionen) anzahl(lang, kurz int) int {
	if o.Kurz {
		return kurz
	}
	return lang
}

// lauf is one bench run.
type lauf struct {
	o       Optionen
	start   time.Time
	db      string // name of the bench database
	url     string
	pool    *pgxpool.Pool
	store   *eventstore.Store
	bericht *Bericht
}

func (l *lauf) printf(format string, args ...any) {
	fmt.Fprintf(l.o.Fortschritt, "[%6s] ", time.Since(l.start).Round(time.Second))
	fmt.Fprintf(l.o.Fortschritt, format+"\n", args...)
}

// Run runs every benchmark and writes the report.
func Run(ctx context.Context, o Optionen) error {
	if o.Kurz && o.Scale == Standard().Scale {
		o.Scale = 1
	}
	if o.Log == nil {
		o.Log = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	l := &lauf{o: o, start: time.Now(), bericht: &Bericht{Start: time.Now().UTC(), Scale: o.Scale, Kurz: o.Kurz,
		Phasen: map[string]float64{}}}
	if err := l.datenbankAnlegen(ctx); err != nil {
		return err
	}
	defer l.datenbankLoeschen()
	l.bericht.Maschine = maschine(ctx, l.pool)
	l.printf("bench database %s on %s; %d cores, %.1f GiB, PostgreSQL %s, NATS %s, commit %s", l.db, l.o.AdminURL,
		l.bericht.Maschine.Kerne, l.bericht.Maschine.SpeicherGiB, l.bericht.Maschine.Postgres, l.bericht.Maschine.NATS,
		l.bericht.Maschine.Commit)

	phasen := []struct {
		name string
		f    func(context.Context) error
	}{
		{"seed", l.seed},
		{"rebuild", l.neuaufbau},
		{"server", l.mitServer}, // queries, HTTP load, export, projection lag
		{"append", l.anhaengen},
		{"frontend", l.frontend},
	}
	for _, p := range phasen {
		if len(o.Nur) > 0 && !slices.Contains(o.Nur, p.name) {
			continue
		}
		t := time.Now()
		l.printf("— %s", p.name)
		if err := p.f(ctx); err != nil {
			return fmt.Errorf("bench %s: %w", p.name, err)
		}
		l.bericht.Phasen[p.name] = time.Since(t).Seconds()
	}
	l.bericht.Sekunden = time.Since(l.start).Seconds()
	return l.berichten()
}

// datenbankAnlegen creates and migrates the bench database.
func (l *lauf) datenbankAnlegen(ctx context.Context) error {
	b := make([]byte, 4)
	_, _ = rand.Read(b)
	l.db = "bench_" + time.Now().Format("20060102_150405") + "_" + hex.EncodeToString(b)
	admin, err := pgx.Connect(ctx, l.o.AdminURL)
	if err != nil {
		return fmt.Errorf("Postgres (%s): %w", l.o.AdminURL, err)
	}
	defer admin.Close(ctx)
	if _, err := admin.Exec(ctx, fmt.Sprintf(`CREATE DATABASE %q`, l.db)); err != nil {
		return err
	}
	cfg, err := pgx.ParseConfig(l.o.AdminURL)
	if err != nil {
		return err
	}
	l.url = fmt.Sprintf("postgres://%s@%s:%d/%s?sslmode=disable", cfg.User, cfg.Host, cfg.Port, l.db)
	pcfg, err := pgxpool.ParseConfig(l.url)
	if err != nil {
		return err
	}
	pcfg.MaxConns = 16
	if l.pool, err = pgxpool.NewWithConfig(ctx, pcfg); err != nil {
		return err
	}
	if err := schema.Migrate(ctx, l.pool); err != nil {
		return err
	}
	l.store = app.NewStore(l.pool)
	return nil
}

// datenbankLoeschen drops the bench database, whatever happened.
func (l *lauf) datenbankLoeschen() {
	if l.pool != nil {
		l.pool.Close()
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	admin, err := pgx.Connect(ctx, l.o.AdminURL)
	if err != nil {
		l.printf("could not drop %s: %v", l.db, err)
		return
	}
	defer admin.Close(ctx)
	if _, err := admin.Exec(ctx, fmt.Sprintf(`DROP DATABASE IF EXISTS %q WITH (FORCE)`, l.db)); err != nil {
		l.printf("could not drop %s: %v", l.db, err)
		return
	}
	l.printf("bench database %s dropped", l.db)
}

// sichtbar waits until every committed event is readable by the commit-safe global reads
// (pg_snapshot_xmin is cluster-wide: another database's transaction can hold it back).
func (l *lauf) sichtbar(ctx context.Context) error {
	deadline := time.Now().Add(2 * time.Minute)
	for {
		var offen int64
		err := l.pool.QueryRow(ctx, `SELECT count(*) FROM events WHERE tx_id >= pg_snapshot_xmin(pg_current_snapshot())`).Scan(&offen)
		if err != nil || offen == 0 {
			return err
		}
		if time.Now().After(deadline) {
			return errors.New("events stay invisible: a long transaction on the Postgres cluster holds pg_snapshot_xmin back")
		}
		time.Sleep(50 * time.Millisecond)
	}
}
