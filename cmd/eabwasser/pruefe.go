package main

import (
	"context"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/eabwasser/eabwasser/internal/verdrahtung/app"
	"github.com/eabwasser/eabwasser/internal/werkzeug/zahlen"
)

// runPruefe checks stored data against a rule that changed: `pruefe zahlen` lists every stored
// decimal read differently since issue 43 (a point groups thousands: "1.000" was one, is one
// thousand now), for the authority to look at each.
func runPruefe(ctx context.Context, args []string, open func() (*app.App, error), stdout io.Writer) error {
	if len(args) != 1 || args[0] != "zahlen" {
		return fmt.Errorf("bitte „pruefe zahlen“ angeben")
	}
	a, err := open()
	if err != nil {
		return err
	}
	defer a.Close()
	e, err := zahlen.Finde(ctx, a.Store.Pool())
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "Gelesen: die Ereignisse der Bereiche %s mit einer Zahl mit Punkt (%d).\n", strings.Join(e.Streamtypen, ", "), e.Ereignisse)
	if len(e.Funde) == 0 {
		fmt.Fprintln(stdout, "Keine gespeicherte Zahl wird seit Issue 43 anders gelesen als zuvor.")
	} else {
		fmt.Fprintf(stdout, "%d gespeicherte Zahlen werden seit Issue 43 anders gelesen (der Punkt trennt Tausender):\n\n", len(e.Funde))
		w := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', 0)
		fmt.Fprintf(w, "Stream\tVersion\tEreignis\tFeld\tgespeichert\tbisher gelesen\tjetzt gelesen\n")
		for _, f := range e.Funde {
			fmt.Fprintf(w, "%s\t%d\t%s\t%s\t%s\t%s\t%s\n", f.Stream, f.Version, f.Ereignis, f.Feld, f.Wert, zahlen.Deutsch(f.Bisher), zahlen.Deutsch(f.Jetzt))
		}
		if err := w.Flush(); err != nil {
			return err
		}
		fmt.Fprintln(stdout)
	}
	fmt.Fprintf(stdout, "%d Werte in der alten Schreibweise mit Dezimalpunkt (z. B. 0.4) werden gelesen wie bisher.\n", e.AlteForm)
	return nil
}
