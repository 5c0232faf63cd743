package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/eabwasser/eabwasser/internal/verdrahtung/app"
	"github.com/eabwasser/eabwasser/internal/werkzeug/bench"
	"github.com/eabwasser/eabwasser/internal/werkzeug/seed"
)

// seedScale runs `seed --scale N` and shows events/s while it runs.
func seedScale(ctx context.Context, a *app.App, n int, befehle bool, stdout, stderr io.Writer) error {
	b, err := seed.Skalieren(ctx, a.Store, seed.Skalierung{N: n, Befehlsweg: befehle, Fortschritt: func(f seed.Fortschritt) {
		fmt.Fprintf(stderr, "\r%-15s %s/%s  %s Ereignisse  %s Ereignisse/s   ", f.Phase, tausender(f.Objekte), tausender(f.Gesamt),
			tausender(f.Ereignisse), tausender(int64(f.ProSekunde())))
	}})
	fmt.Fprintln(stderr)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "Skalierungsdaten: %s Organisationen, %s Anwender, %s Betriebe, %s Anlagen, %s Messstellen, %s Ereignisse in %s (%s Ereignisse/s).\n",
		tausender(int64(b.Organisationen)), tausender(int64(b.Anwender)), tausender(int64(b.Betriebe)), tausender(int64(b.Anlagen)),
		tausender(int64(b.Messstellen)), tausender(b.Ereignisse),
		b.Dauer.Round(time.Second), tausender(int64(float64(b.Ereignisse)/b.Dauer.Seconds())))
	return nil
}

// runBench runs the benchmarks (make bench) in a database of their own.
func runBench(ctx context.Context, args []string, log *slog.Logger, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("bench", flag.ContinueOnError)
	o := bench.Standard()
	standard := make([]string, len(o.Skalen))
	for i, n := range o.Skalen {
		standard[i] = strconv.Itoa(n)
	}
	skalen := fs.String("scale", strings.Join(standard, ","),
		"Umfang der Daten: N von seed --scale, mehrere durch Komma getrennt (je eine frische Datenbank; mit -kurz: 1)")
	fs.StringVar(&o.Ergebnis, "json", o.Ergebnis, "Ergebnisdatei")
	fs.StringVar(&o.Doku, "doc", o.Doku, "Markdown-Datei, deren Tabelle ersetzt wird (leer: keine)")
	fs.StringVar(&o.Frontend, "frontend", o.Frontend, "gebautes Frontend (Vite-Ausgabe)")
	fs.StringVar(&o.AdminURL, "admin-url", o.AdminURL, "Postgres-Wartungsdatenbank, in der die Bench-Datenbank angelegt wird")
	fs.BoolVar(&o.Kurz, "kurz", false, "kleine Größen und kurze Messungen (zum Ausprobieren)")
	nur := fs.String("nur", "", "nur diese Phasen, durch Komma getrennt (seed,rebuild,server,append,frontend; lag: vom Server nur die Verzögerung; netz: nur das Anlagennetz; druck: nur der Druck eines großen Betriebs; import: nur die Importe)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *nur != "" {
		o.Nur = strings.Split(*nur, ",")
	}
	var err error
	if o.Skalen, err = bench.SkalenLesen(*skalen); err != nil {
		return err
	}
	gesetzt := false
	fs.Visit(func(f *flag.Flag) { gesetzt = gesetzt || f.Name == "scale" })
	if o.Kurz && !gesetzt {
		o.Skalen = []int{1}
	}
	exe, err := os.Executable()
	if err != nil {
		return err
	}
	o.Programm, o.Log, o.Aus, o.Fortschritt = exe, log, stdout, stderr
	return bench.Run(ctx, o)
}
