// Package bench measures eAbwasser as `make bench` reports it: for each scale it creates a
// database of its own, fills it with `seed --scale N` data, rebuilds every read model next to
// its COPY bound, runs the real server (`eabwasser serve`) against it for queries, HTTP load,
// export and projection lag, and drops it; on the last scale's database it also measures
// appends next to a raw INSERT and watermill-sql. It sizes the production frontend and writes a
// table, bench/results/latest.json and the table of docs/benchmarks.md. Every comparison is
// measured side by side in the same run (interleaved where it matters), so ratios hold on a
// noisy machine; the same figure at two scales shows how it grows with the log.
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
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/eabwasser/eabwasser/eventstore"
	"github.com/eabwasser/eabwasser/internal/plattform/schema"
	"github.com/eabwasser/eabwasser/internal/verdrahtung/app"
)

// Optionen of a bench run.
type Optionen struct {
	Skalen   []int    // N of seed --scale, one fresh database each (5: 100,000 operations, 1.6 M events; 20: 6.5 M)
	Ergebnis string   // JSON file of the results
	Doku     string   // Markdown file whose table is replaced ("" : none)
	Frontend string   // the built frontend (Vite's outDir)
	Quellen  string   // the frontend's sources (to find the start page's lazy parts)
	AdminURL string   // maintenance database of the Postgres server the bench database is created on
	Programm string   // the eabwasser binary (run as `serve`)
	Kurz     bool     // small sizes and short measurements, to try the bench out (the command sets Skalen to 1 with it)
	Nur      []string // run only these phases (seed, rebuild, server, append, frontend; lag: the server phase's lag loads alone); empty: all

	Log         *slog.Logger
	Aus         io.Writer // the table
	Fortschritt io.Writer // progress lines
}

// Standard are the options of `make bench`.
func Standard() Optionen {
	return Optionen{Skalen: []int{5, 20}, Ergebnis: "bench/results/latest.json", Doku: "docs/benchmarks.md",
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
	skala   int    // N of the database the phases run on now (0: none)
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

// SkalenLesen reads a list of scales ("5,20").
func SkalenLesen(s string) ([]int, error) {
	var out []int
	for _, t := range strings.Split(s, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(t))
		if err != nil || n < 1 {
			return nil, fmt.Errorf("scale %q: a list of numbers ≥ 1, e.g. 5,20", s)
		}
		out = append(out, n)
	}
	return out, nil
}

// Run runs every benchmark and writes the report. Seed, rebuild and server run for each scale
// on a fresh database (the seed cannot add a scale on top of another); append runs once, on
// the database of the last scale before it is dropped; frontend once without a database. A
// failed phase ends its scale, not the run: the report keeps what the other scales measured,
// names the failure in a row, and Run returns the error after writing it.
func Run(ctx context.Context, o Optionen) error {
	if len(o.Skalen) == 0 {
		o.Skalen = []int{1}
	}
	if o.Log == nil {
		o.Log = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	l := &lauf{o: o, start: time.Now(), bericht: &Bericht{Start: time.Now().UTC(), Skalen: o.Skalen, Kurz: o.Kurz,
		Phasen: map[string]float64{}}}
	gewaehlt := l.gewaehlt
	type phase struct {
		name string
		f    func(context.Context) error
	}
	jeSkala := []phase{
		{"seed", l.seed},
		{"rebuild", l.neuaufbau},
		{"server", l.mitServer}, // queries, HTTP load, export, projection lag
	}
	switch {
	case gewaehlt("server"):
	case gewaehlt("lag"):
		jeSkala[2].name = "lag" // the server phase with its lag loads only
	case gewaehlt("netz"):
		jeSkala[2].name = "netz" // the server phase with the plant network's rows only
	case gewaehlt("druck"):
		jeSkala[2].name = "druck" // the server phase with the print of a large operation only
	case gewaehlt("import"):
		jeSkala[2].name = "import" // the server phase with the imports' rows only
	}
	ausfuehren := func(p phase) error {
		t := time.Now()
		name := p.name
		if l.skala > 0 {
			name = fmt.Sprintf("%s (scale %d)", p.name, l.skala)
		}
		l.printf("— %s", name)
		if err := p.f(ctx); err != nil {
			return fmt.Errorf("bench %s: %w", name, err)
		}
		l.bericht.Phasen[name] = time.Since(t).Seconds()
		return nil
	}
	var fehler []error
	mitDatenbank := gewaehlt("append")
	for _, p := range jeSkala {
		mitDatenbank = mitDatenbank || gewaehlt(p.name)
	}
	for i, n := range o.Skalen {
		if !mitDatenbank {
			break
		}
		err := func() error {
			l.skala = n
			defer func() { l.skala = 0 }()
			defer l.datenbankLoeschen() // also when the migration failed
			if err := l.datenbankAnlegen(ctx); err != nil {
				return err
			}
			if l.bericht.Maschine.Kerne == 0 {
				l.bericht.Maschine = maschine(ctx, l.pool)
				m := l.bericht.Maschine
				l.printf("%d cores, %.1f GiB, PostgreSQL %s, NATS %s, commit %s; scales %s", m.Kerne, m.SpeicherGiB, m.Postgres, m.NATS,
					m.Commit, skalenText(o.Skalen))
			}
			l.printf("scale %d: bench database %s on %s", n, l.db, l.o.AdminURL)
			for _, p := range jeSkala {
				if gewaehlt(p.name) {
					if err := ausfuehren(p); err != nil {
						return err
					}
				}
			}
			if i == len(o.Skalen)-1 && gewaehlt("append") {
				return ausfuehren(phase{"append", l.anhaengen})
			}
			return nil
		}()
		if err != nil {
			fehler = append(fehler, l.fehlgeschlagen(n, "the rest of this scale was not measured", err))
		}
		if ctx.Err() != nil {
			break
		}
	}
	if l.bericht.Maschine.Kerne == 0 {
		l.bericht.Maschine = maschine(ctx, nil)
	}
	if gewaehlt("frontend") && ctx.Err() == nil {
		if err := ausfuehren(phase{"frontend", l.frontend}); err != nil {
			fehler = append(fehler, l.fehlgeschlagen(0, "frontend", err))
		}
	}
	l.bericht.Sekunden = time.Since(l.start).Seconds()
	return errors.Join(append(fehler, l.berichten())...)
}

// gewaehlt reports whether phase name is to run (-nur; "lag" is the server phase's lag loads
// alone, "netz" its plant network rows alone, "druck" its print of a large operation alone).
func (l *lauf) gewaehlt(name string) bool { return len(l.o.Nur) == 0 || slices.Contains(l.o.Nur, name) }

// fehlgeschlagen reports a failed phase as a row of the table.
func (l *lauf) fehlgeschlagen(skala int, was string, err error) error {
	l.printf("FAILED: %v", err)
	bereich := "Failed"
	if skala > 0 {
		bereich += fmt.Sprintf(", scale %d", skala)
	}
	text := []rune(strings.Join(strings.Fields(err.Error()), " ")) // one line for the table
	if len(text) > 300 {
		text = append(text[:300], []rune(" …")...)
	}
	l.bericht.Messungen = append(l.bericht.Messungen, Messung{ID: "failed", Skala: skala, Bereich: bereich, Name: was,
		Text: strings.ReplaceAll(string(text), "|", "/")})
	return err
}

// skalenText is "5, 20".
func skalenText(s []int) string {
	t := make([]string, len(s))
	for i, n := range s {
		t[i] = strconv.Itoa(n)
	}
	return strings.Join(t, ", ")
}

// datenbankAnlegen creates and migrates the bench database.
func (l *lauf) datenbankAnlegen(ctx context.Context) error {
	b := make([]byte, 4)
	_, _ = rand.Read(b)
	db := fmt.Sprintf("bench_%s_s%d_%s", time.Now().Format("20060102_150405"), l.skala, hex.EncodeToString(b))
	admin, err := pgx.Connect(ctx, l.o.AdminURL)
	if err != nil {
		return fmt.Errorf("Postgres (%s): %w", l.o.AdminURL, err)
	}
	defer admin.Close(ctx)
	if _, err := admin.Exec(ctx, fmt.Sprintf(`CREATE DATABASE %q`, db)); err != nil {
		return err
	}
	l.db = db
	cfg, err := pgx.ParseConfig(l.o.AdminURL)
	if err != nil {
		return err
	}
	l.url = fmt.Sprintf("postgres://%s@%s:%d/%s?sslmode=disable", cfg.User, cfg.Host, cfg.Port, l.db)
	pcfg, err := pgxpool.ParseConfig(l.url)
	if err != nil {
		return err
	}
	pcfg.MaxConns = 48 // the lag load's workers (24 at 1,000 commands/s) and its watcher
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
		l.pool, l.store = nil, nil
	}
	if l.db == "" {
		return
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
	l.db = ""
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
