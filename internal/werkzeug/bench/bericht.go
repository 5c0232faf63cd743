package bench

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"text/tabwriter"
	"time"
)

// Bericht is the whole result of a run, as written to bench/results/latest.json.
type Bericht struct {
	Maschine  Maschine           `json:"machine"`
	Start     time.Time          `json:"startedAt"`
	Sekunden  float64            `json:"durationSeconds"`
	Skalen    []int              `json:"scales"`
	Kurz      bool               `json:"short,omitempty"`
	Phasen    map[string]float64 `json:"phaseSeconds"`
	Messungen []Messung          `json:"results"`
}

// Messung is one figure: a row of the table with its numbers.
type Messung struct {
	ID       string             `json:"id"`              // stable key, e.g. append.single.w8.store; the same at every scale
	Skala    int                `json:"scale,omitempty"` // N of the database it was measured on (0: none)
	Bereich  string             `json:"section"`
	Name     string             `json:"name"`
	Text     string             `json:"result"` // as the table shows it
	Werte    map[string]float64 `json:"values"`
	Ziel     string             `json:"target,omitempty"`
	Erfuellt *bool              `json:"met,omitempty"`
}

func (l *lauf) messung(m Messung) {
	if l.skala > 0 {
		m.Skala = l.skala
		m.Bereich += fmt.Sprintf(", scale %d", l.skala)
	}
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
	if z := uebersicht(b); len(z) > 1 {
		fmt.Fprintf(w, "\nTargets of issue 13 by scale\n\n")
		for _, zeile := range z {
			fmt.Fprintln(w, strings.Join(zeile, "\t"))
		}
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
		"seed --scale %s (a fresh database each); whole run %s.", b.Start.Format("2006-01-02 15:04"), m.System, m.Kerne, m.CPU,
		m.SpeicherGiB, m.Postgres, m.NATS, m.Go, m.Commit, skalenText(b.Skalen), (time.Duration(b.Sekunden) * time.Second).Round(time.Second))
	if b.Kurz {
		s += " SHORT RUN (--kurz): sizes and durations reduced, not comparable."
	}
	return s
}

// kennzahlen are the figures of issue 13's table, in its order: the summary puts each scale's
// value side by side, so the growth with the log shows at a glance.
var kennzahlen = []struct {
	id, name string
	wert     func(Messung) string
}{
	{"rebuild.arbeitsliste", "rebuild arbeitsliste", proSekunde("events_per_s", "events/s")},
	{"rebuild.arbeitsliste.ratio", "rebuild arbeitsliste ÷ COPY bound", verhaeltnis},
	{"rebuild.audit.ratio", "rebuild audit ÷ COPY bound", verhaeltnis},
	{"rebuild.aufgaben.ratio", "rebuild aufgaben ÷ COPY bound", verhaeltnis},
	{"catchup.nachrichten", "catch-up nachrichten from zero", proSekunde("events_per_s", "events/s")},
	{"catchup.nachrichten.ratio", "catch-up nachrichten ÷ COPY bound", verhaeltnis},
	{"catchup.nachrichten.mails", "mails queued by that catch-up, keys twice", func(m Messung) string {
		return fmt.Sprintf("%s, %s", zahl(m.Werte["mails"]), zahl(m.Werte["duplicates"]))
	}},
	{"lag.worklist.save", "lag commit → worklist p99, operators saving, 500/s", perzentil("p99_ms")},
	{"lag.worklist.request", "lag commit → worklist p99, operators requesting, 500/s", perzentil("p99_ms")},
	{"lag.worklist.request.1000", "lag commit → worklist p99, operators requesting, 1,000/s", perzentil("p99_ms")},
	{"lag.capacity", "whole pipeline's capacity (saves until every projector has them)", proSekunde("commands_per_s", "commands/s")},
	{"lag.worklist.save.half_capacity", "lag commit → worklist p99, operators saving, half the capacity", func(m Messung) string {
		return fmt.Sprintf("%s at %s/s", zeit(msDauer(m.Werte["p99_ms"])), zahl(m.Werte["commands_per_s"]))
	}},
	{"lag.worklist.request.half_capacity", "lag commit → worklist p99, operators requesting, half the capacity", func(m Messung) string {
		return fmt.Sprintf("%s at %s/s", zeit(msDauer(m.Werte["p99_ms"])), zahl(m.Werte["commands_per_s"]))
	}},
	{"http.worklist.admin", "worklist, SYSTEMADMIN, 64 clients", func(m Messung) string {
		return fmt.Sprintf("%s requests/s, p99 %s", zahl(m.Werte["requests_per_s"]), zeit(msDauer(m.Werte["p99_ms"])))
	}},
	{"query.search.last_page.admin", "worklist last page, SYSTEMADMIN, p95", perzentil("p95_ms")},
	{"query.plants.text.admin", "plants worklist, search „regenüberlaufbecken“, SYSTEMADMIN, p95", perzentil("p95_ms")},
	{"query.messstellen.default.admin", "measuring points worklist, default, SYSTEMADMIN, p95", perzentil("p95_ms")},
	{"query.messstellen.text.admin", "measuring points worklist, search, SYSTEMADMIN, p95", perzentil("p95_ms")},
	{"query.messstellen.last_page.admin", "measuring points worklist, last page, SYSTEMADMIN, p95", perzentil("p95_ms")},
	{"append.single.w1.ratio_raw", "Append ÷ raw INSERT, 1 writer", verhaeltnis},
	{"append.single.w8.ratio_raw", "Append ÷ raw INSERT, 8 writers", verhaeltnis},
}

func proSekunde(wert, einheit string) func(Messung) string {
	return func(m Messung) string { return zahl(m.Werte[wert]) + " " + einheit }
}

func verhaeltnis(m Messung) string { return fmt.Sprintf("%.2f", m.Werte["ratio"]) }

func perzentil(wert string) func(Messung) string {
	return func(m Messung) string { return zeit(msDauer(m.Werte[wert])) }
}

func msDauer(v float64) time.Duration { return time.Duration(v * float64(time.Millisecond)) }

// uebersicht is the summary of issue 13's figures: a header row, then one row per figure
// measured, with a column per scale and the target. Empty cell: not measured at that scale.
func uebersicht(b *Bericht) [][]string {
	skalen := slices.Clone(b.Skalen)
	for _, m := range b.Messungen { // a database of no listed scale (cannot happen, but be honest)
		if m.Skala > 0 && !slices.Contains(skalen, m.Skala) {
			skalen = append(skalen, m.Skala)
		}
	}
	kopf := []string{"Figure"}
	for _, n := range skalen {
		kopf = append(kopf, fmt.Sprintf("scale %d", n))
	}
	out := [][]string{append(kopf, "Target")}
	for _, k := range kennzahlen {
		zeile := []string{k.name}
		ziel, gefunden := "", false
		for _, n := range skalen {
			zelle := ""
			for _, m := range b.Messungen {
				if m.ID == k.id && m.Skala == n {
					zelle, gefunden = strings.TrimSpace(k.wert(m)+" "+haken(m.Erfuellt)), true
					if m.Ziel != "" {
						ziel = m.Ziel
					}
				}
			}
			zeile = append(zeile, zelle)
		}
		if gefunden {
			out = append(out, append(zeile, ziel))
		}
	}
	return out
}

// markdown is the table for docs/benchmarks.md: the summary of issue 13's figures by scale,
// then every figure.
func markdown(b *Bericht) string {
	var s strings.Builder
	fmt.Fprintf(&s, "%s\n\n", maschinenZeile(b))
	if z := uebersicht(b); len(z) > 1 {
		for i, zeile := range z {
			fmt.Fprintf(&s, "| %s |\n", strings.Join(zeile, " | "))
			if i == 0 {
				s.WriteString(strings.Repeat("|---", len(zeile)) + "|\n")
			}
		}
		s.WriteString("\nEvery figure:\n\n")
	}
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
