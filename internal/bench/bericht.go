package bench

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"text/tabwriter"
	"time"
)

// Bericht is the whole result of a run, as written to bench/results/latest.json.
type Bericht struct {
	Maschine  Maschine           `json:"machine"`
	Start     time.Time          `json:"startedAt"`
	Sekunden  float64            `json:"durationSeconds"`
	Scale     int                `json:"scale"`
	Kurz      bool               `json:"short,omitempty"`
	Phasen    map[string]float64 `json:"phaseSeconds"`
	Messungen []Messung          `json:"results"`
}

// Messung is one figure: a row of the table with its numbers.
type Messung struct {
	ID       string             `json:"id"` // stable key, e.g. append.single.w8.store
	Bereich  string             `json:"section"`
	Name     string             `json:"name"`
	Text     string             `json:"result"` // as the table shows it
	Werte    map[string]float64 `json:"values"`
	Ziel     string             `json:"target,omitempty"`
	Erfuellt *bool              `json:"met,omitempty"`
}

func (l *lauf) messung(m Messung) {
	l.bericht.Messungen = append(l.bericht.Messungen, m)
	ziel := ""
	if m.Ziel != "" {
		ziel = "  (target " + m.Ziel + " " + haken(m.Erfuellt) + ")"
	}
	l.printf("  %-44s %s%s", m.Name, m.Text, ziel)
}

// mitZiel sets a target and whether it is met.
func (m Messung) mitZiel(ziel string, erfuellt bool) Messung {
	m.Ziel, m.Erfuellt = ziel, &erfuellt
	return m
}

func haken(b *bool) string {
	switch {
	case b == nil:
		return ""
	case *b:
		return "✓"
	}
	return "✗"
}

// berichten prints the table, writes the JSON file and the table of the Markdown file.
func (l *lauf) berichten() error {
	b := l.bericht
	w := tabwriter.NewWriter(l.o.Aus, 0, 0, 2, ' ', 0)
	fmt.Fprintf(w, "\n%s\n\n", maschinenZeile(b))
	fmt.Fprintf(w, "Section\tFigure\tResult\tTarget\n")
	for _, m := range b.Messungen {
		fmt.Fprintf(w, "%s\t%s\t%s\t%s\n", m.Bereich, m.Name, m.Text, strings.TrimSpace(m.Ziel+" "+haken(m.Erfuellt)))
	}
	if err := w.Flush(); err != nil {
		return err
	}
	if l.o.Ergebnis != "" {
		data, err := json.MarshalIndent(b, "", "  ")
		if err != nil {
			return err
		}
		if err := os.MkdirAll(filepath.Dir(l.o.Ergebnis), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(l.o.Ergebnis, append(data, '\n'), 0o644); err != nil {
			return err
		}
		l.printf("results written to %s", l.o.Ergebnis)
	}
	if l.o.Doku != "" {
		if err := tabelleEinsetzen(l.o.Doku, markdown(b)); err != nil {
			return err
		}
		l.printf("table of %s updated", l.o.Doku)
	}
	return nil
}

func maschinenZeile(b *Bericht) string {
	m := b.Maschine
	s := fmt.Sprintf("Run of %s UTC, %s: %d cores (%s), %.1f GiB RAM, PostgreSQL %s, NATS %s (embedded), %s, commit %s; "+
		"seed --scale %d; whole run %s.", b.Start.Format("2006-01-02 15:04"), m.System, m.Kerne, m.CPU, m.SpeicherGiB,
		m.Postgres, m.NATS, m.Go, m.Commit, b.Scale, (time.Duration(b.Sekunden) * time.Second).Round(time.Second))
	if b.Kurz {
		s += " SHORT RUN (--kurz): sizes and durations reduced, not comparable."
	}
	return s
}

// markdown is the table for docs/benchmarks.md.
func markdown(b *Bericht) string {
	var s strings.Builder
	fmt.Fprintf(&s, "%s\n\n", maschinenZeile(b))
	s.WriteString("| Section | Figure | Result | Target |\n|---|---|---|---|\n")
	for _, m := range b.Messungen {
		fmt.Fprintf(&s, "| %s | %s | %s | %s |\n", m.Bereich, m.Name, m.Text, strings.TrimSpace(m.Ziel+" "+haken(m.Erfuellt)))
	}
	return s.String()
}

const (
	markeAnfang = "<!-- bench:table:start -->"
	markeEnde   = "<!-- bench:table:end -->"
)

// tabelleEinsetzen replaces what stands between the two markers of the file.
func tabelleEinsetzen(pfad, tabelle string) error {
	alt, err := os.ReadFile(pfad)
	if err != nil {
		return err
	}
	s := string(alt)
	i, j := strings.Index(s, markeAnfang), strings.Index(s, markeEnde)
	if i < 0 || j < i {
		return errors.New(pfad + ": markers " + markeAnfang + " … " + markeEnde + " missing")
	}
	neu := s[:i+len(markeAnfang)] + "\n" + tabelle + s[j:]
	return os.WriteFile(pfad, []byte(neu), 0o644)
}
