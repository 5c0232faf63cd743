// Command eabwasser is the whole eAbwasser application: the web server with its relay and
// projectors, and the operations commands (migrate, seed, projections).
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"text/tabwriter"
	"time"

	"github.com/eabwasser/eabwasser/internal/plattform/config"
	"github.com/eabwasser/eabwasser/internal/verdrahtung/app"
	"github.com/eabwasser/eabwasser/internal/werkzeug/seed"
	"github.com/eabwasser/eabwasser/projections"
)

const usage = `eabwasser – Wasserwirtschaftliche Betriebsakte

Aufruf:
  eabwasser serve                          Web-Server mit Relay und Projektoren starten
  eabwasser migrate                        Datenbankschema aktualisieren
  eabwasser seed --demo                    Demo-Daten anlegen (mehrfach ausführbar)
  eabwasser seed --scale N [--befehle]     synthetische Daten: N × 2.000 Organisationen, 20.000 Betriebe (mit ihren Anlagen und Messstellen)
  eabwasser geodaten import [--ebene E] [--kennung FELD] [--bezeichnung FELD] [--srid N] [--ersetzen] DATEI
                                           Flächen (GeoJSON) laden: verwaltungseinheit, wasserkoerper, einzugsgebiet
  eabwasser projections status             Position und Rückstand jedes Lesemodells
  eabwasser projections rebuild NAME|--all Lesemodell(e) neu aufbauen, im laufenden Betrieb
  eabwasser pruefe zahlen                  gespeicherte Zahlen auflisten, die seit Issue 43 anders gelesen werden ("1.000": bisher 1, jetzt 1000)
  eabwasser bench                          Benchmarks in einer eigenen Datenbank (siehe docs/benchmarks.md)
  eabwasser wasserbuch [--addr HOST:PORT]  Demo-Wasserbuch (DIGIWAB_URL) mit den Wasserrechten der Demo-Bescheide

Konfiguration über Umgebungsvariablen: DATABASE_URL, NATS_URL, HTTP_ADDR, DATA_DIR,
JWT_SECRET, SMTP_URL, PUBLIC_URL, SSO_VALIDATE_URL, DIGIWAB_URL, SUEVOA_ENABLED, METRICS_ADDR, LOG_LEVEL (siehe README).
`

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, os.Args[1:], os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "Fehler:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" || args[0] == "help" {
		fmt.Fprint(stdout, usage)
		return nil
	}
	cfg := config.FromEnv()
	log := newLogger(cfg.LogLevel, stderr)
	slog.SetDefault(log)
	open := func() (*app.App, error) { return app.Open(ctx, cfg, log) }
	// aktuell opens the database and brings its schema up to date (every command but serve,
	// which migrates itself).
	aktuell := func() (*app.App, error) {
		a, err := open()
		if err != nil {
			return nil, err
		}
		if err := a.Migrate(ctx); err != nil {
			a.Close()
			return nil, err
		}
		return a, nil
	}

	switch args[0] {
	case "serve":
		if err := cfg.PruefeFuerServe(); err != nil {
			return err // before a database or a private cluster is touched
		}
		a, err := open()
		if err != nil {
			return err
		}
		defer a.Close()
		return a.Serve(ctx)
	case "migrate":
		a, err := aktuell()
		if err != nil {
			return err
		}
		defer a.Close()
		fmt.Fprintln(stdout, "Datenbankschema ist aktuell.")
		return nil
	case "seed":
		fs := flag.NewFlagSet("seed", flag.ContinueOnError)
		demo := fs.Bool("demo", false, "Demo-Daten anlegen")
		scale := fs.Int("scale", 0, "synthetische Daten im N-fachen Umfang anlegen")
		befehle := fs.Bool("befehle", false, "mit --scale: jeden Befehl einzeln über den Command-Handler")
		if err := fs.Parse(args[1:]); err != nil {
			return err
		}
		if !*demo && *scale <= 0 {
			return fmt.Errorf("bitte --demo oder --scale N angeben")
		}
		a, err := aktuell()
		if err != nil {
			return err
		}
		defer a.Close()
		if *scale > 0 {
			return seedScale(ctx, a, *scale, *befehle, stdout, stderr)
		}
		n, err := seed.Demo(ctx, a.Store)
		if err != nil {
			return err
		}
		fmt.Fprintf(stdout, "Demo-Daten: %d Einträge angelegt.\n", n)
		return nil
	case "projections":
		return runProjections(ctx, args[1:], aktuell, stdout, stderr)
	case "geodaten":
		return runGeodaten(ctx, args[1:], aktuell, stdout, stderr)
	case "pruefe":
		return runPruefe(ctx, args[1:], aktuell, stdout)
	case "bench":
		return runBench(ctx, args[1:], log, stdout, stderr)
	case "wasserbuch":
		return runWasserbuch(ctx, args[1:], stdout, stderr)
	}
	return fmt.Errorf("unbekannter Befehl %q\n\n%s", args[0], usage)
}

func runProjections(ctx context.Context, args []string, open func() (*app.App, error), stdout, stderr io.Writer) error {
	if len(args) == 0 {
		return fmt.Errorf("bitte status oder rebuild angeben")
	}
	a, err := open()
	if err != nil {
		return err
	}
	defer a.Close()
	all := app.Projections()
	switch args[0] {
	case "status":
		statuses, err := projections.StatusOf(ctx, a.Store, all, 0)
		if err != nil {
			return err
		}
		head, _, err := a.Store.Head(ctx)
		if err != nil {
			return err
		}
		w := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', 0)
		fmt.Fprintf(w, "Lesemodell\tPosition\tRückstand (Ereignisse)\tRückstand (s)\tStand\n")
		for _, s := range statuses {
			stand := "–"
			if !s.UpdatedAt.IsZero() {
				stand = s.UpdatedAt.Local().Format("02.01.2006 15:04:05")
			}
			fmt.Fprintf(w, "%s\t%d\t%d\t%.1f\t%s\n", s.Name, s.Position, s.LagEvents, s.LagSeconds, stand)
		}
		fmt.Fprintf(w, "(Event-Store)\t%d\t\t\t\n", head.Position)
		return w.Flush()
	case "rebuild":
		if len(args) != 2 {
			return fmt.Errorf("bitte NAME oder --all angeben")
		}
		var selected []projections.Projection
		for _, p := range all {
			if args[1] == "--all" || args[1] == p.Name {
				selected = append(selected, p)
			}
		}
		if len(selected) == 0 {
			names := make([]string, len(all))
			for i, p := range all {
				names[i] = p.Name
			}
			return fmt.Errorf("unbekanntes Lesemodell %q (vorhanden: %s)", args[1], strings.Join(names, ", "))
		}
		defer projections.NeuaufbauGC()()
		for _, p := range selected {
			start := time.Now()
			bar := &progressBar{out: stderr, name: p.Name}
			if err := projections.Rebuild(ctx, a.Store, p, bar.show); err != nil {
				fmt.Fprintln(stderr)
				return fmt.Errorf("%s: %w", p.Name, err)
			}
			fmt.Fprintf(stderr, "\n%s neu aufgebaut in %s.\n", p.Name, time.Since(start).Round(time.Millisecond))
		}
		return nil
	}
	return fmt.Errorf("unbekannter Unterbefehl %q", args[0])
}

// progressBar draws one line: bar, percentage, events, events/s and remaining time.
type progressBar struct {
	out  io.Writer
	name string
}

func (b *progressBar) show(p projections.Progress) {
	const width = 30
	frac := 1.0
	if p.Total > 0 {
		frac = min(float64(p.Done)/float64(p.Total), 1)
	}
	filled := int(frac * width)
	fmt.Fprintf(b.out, "\r%-10s [%s%s] %3.0f%%  %s/%s Ereignisse  %s Ereignisse/s  Restzeit %s   ",
		b.name, strings.Repeat("█", filled), strings.Repeat("░", width-filled), frac*100,
		tausender(p.Done), tausender(p.Total), tausender(int64(p.EventsPerSec)), p.ETA.Round(time.Second))
}

// tausender formats 12345 as 12.345.
func tausender(n int64) string {
	s := fmt.Sprint(n)
	for i := len(s) - 3; i > 0 && s[i-1] != '-'; i -= 3 {
		s = s[:i] + "." + s[i:]
	}
	return s
}

func newLogger(level string, w io.Writer) *slog.Logger {
	var l slog.Level
	if err := l.UnmarshalText([]byte(level)); err != nil {
		l = slog.LevelInfo
	}
	return slog.New(slog.NewJSONHandler(w, &slog.HandlerOptions{Level: l}))
}
