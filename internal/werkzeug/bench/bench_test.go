package bench

import (
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"
)

func TestFrontend_PageLoadsEntryWithItsStaticImportsNotTheLazyOnes(t *testing.T) {
	dir := t.TempDir()
	dateien := map[string]string{
		"index-abc.js":       `import{a as b}from"./vendor-1.js";import"./side-2.js";const x=()=>import("./Lazy-3.js");export{b};`,
		"vendor-1.js":        `export const a=1;`,
		"side-2.js":          `import{a}from"./vendor-1.js";console.log(a)`,
		"Lazy-3.js":          `import{a}from"./vendor-1.js";import{c}from"./only-lazy-4.js";`,
		"only-lazy-4.js":     `export const c=2;`,
		"Lazy-3.css":         `.x{}`,
		"index-def.css":      `body{}`,
		"NichtGeladen-5.js":  `export const n=1;`,
		"NichtGeladen-5.css": `.n{}`,
	}
	for n, inhalt := range dateien {
		if err := os.WriteFile(filepath.Join(dir, n), []byte(inhalt), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	login, err := huelle(dir, seite{js: []string{"index-abc.js"}, css: []string{"index-def.css"}})
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(login.js)
	if !slices.Equal(login.js, []string{"index-abc.js", "side-2.js", "vendor-1.js"}) || !slices.Equal(login.css, []string{"index-def.css"}) {
		t.Fatalf("login page: %+v", login)
	}
	start, err := huelle(dir, seite{js: []string{"index-abc.js", "Lazy-3.js"}, css: []string{"index-def.css"}})
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(start.js)
	if !slices.Equal(start.js, []string{"Lazy-3.js", "index-abc.js", "only-lazy-4.js", "side-2.js", "vendor-1.js"}) ||
		!slices.Equal(start.css, []string{"index-def.css", "Lazy-3.css"}) {
		t.Fatalf("start page: %+v", start)
	}
	groesse, err := gzipGroesse(dir, start.js)
	if err != nil || groesse <= 0 {
		t.Fatalf("gzip size %d, %v", groesse, err)
	}
}

func TestBericht_TableIsReplacedBetweenTheMarkersOnly(t *testing.T) {
	pfad := filepath.Join(t.TempDir(), "benchmarks.md")
	vorher := "# Benchmarks\n\nText davor.\n\n" + markeAnfang + "\nalte Tabelle\n" + markeEnde + "\n\nText danach.\n"
	if err := os.WriteFile(pfad, []byte(vorher), 0o644); err != nil {
		t.Fatal(err)
	}
	ja := true
	b := &Bericht{Start: time.Date(2026, 11, 22, 10, 0, 0, 0, time.UTC), Skalen: []int{5, 20}, Sekunden: 900,
		Maschine:  Maschine{Kerne: 2, CPU: "AMD EPYC", SpeicherGiB: 23.5, Postgres: "15.20", NATS: "2.15.2", Go: "go1.26", Commit: "abc"},
		Messungen: []Messung{{Bereich: "Export", Name: "xlsx", Text: "1.2 s", Ziel: "< 5 s", Erfuellt: &ja}}}
	for range 2 { // twice: the second run replaces the first table
		if err := tabelleEinsetzen(pfad, markdown(b)); err != nil {
			t.Fatal(err)
		}
	}
	got, _ := os.ReadFile(pfad)
	s := string(got)
	if !strings.HasPrefix(s, "# Benchmarks\n\nText davor.\n\n"+markeAnfang+"\n") || !strings.HasSuffix(s, markeEnde+"\n\nText danach.\n") ||
		strings.Contains(s, "alte Tabelle") || strings.Count(s, "| Export | xlsx | 1.2 s | < 5 s ✓ |") != 1 {
		t.Fatalf("document:\n%s", s)
	}
}

func TestLatenzen_NearestRankQuantiles(t *testing.T) {
	var l latenzen
	for i := 100; i >= 1; i-- {
		l.add(time.Duration(i) * time.Millisecond)
	}
	if l.quantil(0.5) != 50*time.Millisecond || l.quantil(0.99) != 99*time.Millisecond || l.maximum() != 100*time.Millisecond {
		t.Fatalf("p50 %s p99 %s max %s", l.quantil(0.5), l.quantil(0.99), l.maximum())
	}
	if zahl(1234567) != "1,234,567" || zahl(999) != "999" || zeit(1500*time.Microsecond) != "1.50 ms" {
		t.Fatalf("%s %s %s", zahl(1234567), zahl(999), zeit(1500*time.Microsecond))
	}
}

func TestSkalenLesen_ListOfScales(t *testing.T) {
	if s, err := SkalenLesen("5, 20"); err != nil || !slices.Equal(s, []int{5, 20}) {
		t.Fatalf("%v %v", s, err)
	}
	for _, falsch := range []string{"", "5,", "0", "fünf"} {
		if _, err := SkalenLesen(falsch); err == nil {
			t.Fatalf("%q accepted", falsch)
		}
	}
}

func TestUebersicht_IssueFiguresSideBySideByScale(t *testing.T) {
	ja, nein := true, false
	b := &Bericht{Skalen: []int{5, 20}, Messungen: []Messung{
		{ID: "rebuild.arbeitsliste", Skala: 5, Werte: map[string]float64{"events_per_s": 61234}, Ziel: "≥ 50,000 events/s", Erfuellt: &ja},
		{ID: "rebuild.arbeitsliste", Skala: 20, Werte: map[string]float64{"events_per_s": 48000}, Ziel: "≥ 50,000 events/s", Erfuellt: &nein},
		{ID: "append.single.w1.ratio_raw", Skala: 20, Werte: map[string]float64{"ratio": 0.871}, Ziel: "≥ 0.85", Erfuellt: &ja},
		{ID: "query.detail.admin", Skala: 5, Werte: map[string]float64{"p95_ms": 1}},
	}}
	got := uebersicht(b)
	want := [][]string{
		{"Figure", "scale 5", "scale 20", "Target"},
		{"rebuild arbeitsliste", "61,234 events/s ✓", "48,000 events/s ✗", "≥ 50,000 events/s"},
		{"Append ÷ raw INSERT, 1 writer", "", "0.87 ✓", "≥ 0.85"},
	}
	if len(got) != len(want) {
		t.Fatalf("%q", got)
	}
	for i := range want {
		if !slices.Equal(got[i], want[i]) {
			t.Fatalf("row %d: %q, want %q", i, got[i], want[i])
		}
	}
	md := markdown(b)
	if !strings.Contains(md, "| rebuild arbeitsliste | 61,234 events/s ✓ | 48,000 events/s ✗ | ≥ 50,000 events/s |") ||
		!strings.Contains(md, "seed --scale 5, 20") {
		t.Fatalf("markdown:\n%s", md)
	}
}

func TestSpanne_CountsTheBusyTimeOfTheMachine(t *testing.T) {
	if _, err := os.Stat("/proc/stat"); err != nil {
		t.Skip("no /proc/stat")
	}
	s := beginnen()
	ende := time.Now().Add(300 * time.Millisecond)
	for time.Now().Before(ende) { // one core busy
	}
	got := s.ende()
	if got.sekunden < 0.2 || got.kerne < 0.6 || got.kerne > float64(runtime.NumCPU())+0.01 {
		t.Fatalf("after 0.3 s of one busy core: %.2f CPU-s, %.2f busy cores", got.sekunden, got.kerne)
	}
	if !strings.Contains(got.text(), "busy cores") || got.werte(map[string]float64{})["machine_cpu_s"] != got.sekunden {
		t.Fatalf("text %q, values %v", got.text(), got.werte(map[string]float64{}))
	}
	je := aufwand{sekunden: 1.5, kerne: 1.9}.jeStueck(3000, "request")
	if !strings.HasSuffix(je, "busy cores, 0.50 ms CPU per request") || (aufwand{}).jeStueck(3000, "request") != "" {
		t.Fatalf("jeStueck = %q", je)
	}
}

func TestChunkName_HashMayContainADash(t *testing.T) {
	for datei, name := range map[string]string{
		"BetriebeListe-DEi-6IzS.js": "BetriebeListe",
		"BetriebeListe-DEia6IzS.js": "BetriebeListe",
		"Kartenfenster-a_b-cdef.js": "Kartenfenster",
		"kurz.js":                   "kurz",
	} {
		if got := chunkName(datei); got != name {
			t.Errorf("chunkName(%q) = %q, want %q", datei, got, name)
		}
	}
}
