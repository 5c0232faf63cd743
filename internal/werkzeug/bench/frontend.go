package bench

import (
	"compress/gzip"
	"context"
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
)

var (
	// <script type="module" src="…"> and <link rel="stylesheet|modulepreload" href="…"> of index.html
	skriptTag = regexp.MustCompile(`<script[^>]*\ssrc="([^"]+)"`)
	linkTag   = regexp.MustCompile(`<link[^>]*\srel="(stylesheet|modulepreload)"[^>]*\shref="([^"]+)"|<link[^>]*\shref="([^"]+)"[^>]*\srel="(stylesheet|modulepreload)"`)
	// static imports and re-exports of a built chunk (not import("…"), which loads later)
	statischerImport = regexp.MustCompile(`(?:\bimport|\bexport)\s*(?:[\w$*{}\s,]+?\s*from\s*)?["'](\./[^"']+\.js)["']`)
	// import("./X-hash.js") of a built chunk: a part loaded later
	dynamischerImport = regexp.MustCompile(`\bimport\(\s*["'](\./[^"']+\.js)["']\s*\)`)
	// lazy(() => import('./X')) in a page's source
	lazyImport = regexp.MustCompile(`lazy\(\s*\(\)\s*=>\s*import\(\s*['"]([^'"]+)['"]`)
)

// startseiteSofort are the lazily loaded parts of the start page that it shows at once (its
// first tab, the operations worklist).
var startseiteSofort = []string{"BetriebeListe"}

// seite is what the browser loads for one page: the entry of index.html with its static
// imports, and the lazily loaded parts the page renders at once with theirs.
type seite struct {
	js, css []string // file names under assets/
}

// frontend reports the gzip size of the JavaScript and CSS that the login page and the start
// page load in the production build (frontend/dist, built by make build).
func (l *lauf) frontend(_ context.Context) error {
	dist := l.o.Frontend
	index, err := os.ReadFile(filepath.Join(dist, "index.html"))
	if err != nil {
		return fmt.Errorf("%w (make build builds the frontend)", err)
	}
	var einstieg seite
	for _, m := range skriptTag.FindAllStringSubmatch(string(index), -1) {
		einstieg.js = append(einstieg.js, path.Base(m[1]))
	}
	for _, m := range linkTag.FindAllStringSubmatch(string(index), -1) {
		rel, href := m[1]+m[4], m[2]+m[3]
		if rel == "stylesheet" {
			einstieg.css = append(einstieg.css, path.Base(href))
		} else {
			einstieg.js = append(einstieg.js, path.Base(href))
		}
	}
	if len(einstieg.js) == 0 {
		return fmt.Errorf("%s/index.html names no script", dist)
	}
	assets := filepath.Join(dist, "assets")
	login, err := huelle(assets, einstieg)
	if err != nil {
		return err
	}
	// The start page opens on its first tab, the operations worklist: of the parts Startseite.tsx
	// loads lazily only that one loads at once (the other tabs load when chosen).
	start := einstieg
	quelle := filepath.Join(l.o.Quellen, "features", "startseite", "components", "Startseite.tsx")
	tsx, err := os.ReadFile(quelle)
	if err != nil {
		return err
	}
	// the chunk of a lazy part is the one the built code imports dynamically (not any file of
	// that name: dist/assets may hold older builds)
	dynamisch := map[string]string{}
	for _, n := range login.js {
		b, err := os.ReadFile(filepath.Join(assets, n))
		if err != nil {
			return err
		}
		for _, m := range dynamischerImport.FindAllStringSubmatch(string(b), -1) {
			datei := path.Base(m[1])
			dynamisch[chunkName(datei)] = datei
		}
	}
	var lazy []string
	for _, teil := range startseiteSofort {
		if !slices.ContainsFunc(lazyImport.FindAllStringSubmatch(string(tsx), -1), func(m []string) bool { return path.Base(m[1]) == teil }) {
			return fmt.Errorf("%s no longer loads %s lazily: adjust startseiteSofort in internal/werkzeug/bench", quelle, teil)
		}
		datei, ok := dynamisch[teil]
		if !ok {
			return fmt.Errorf("the built entry chunk does not import %s dynamically (%s)", teil, assets)
		}
		start.js, lazy = append(start.js, datei), append(lazy, datei)
	}
	startseite, err := huelle(assets, start)
	if err != nil {
		return err
	}
	for _, p := range []struct {
		id, name string
		s        seite
		zusatz   string
	}{
		{"login", "login page (/eAbwasser/login)", login, ""},
		{"start", "start page (/eAbwasser/)", startseite, "lazy: " + strings.Join(lazy, ", ")},
	} {
		js, err := gzipGroesse(assets, p.s.js)
		if err != nil {
			return err
		}
		css, err := gzipGroesse(assets, p.s.css)
		if err != nil {
			return err
		}
		text := fmt.Sprintf("JS %s gzip in %d files, CSS %s gzip in %d files", kb(js), len(p.s.js), kb(css), len(p.s.css))
		if p.zusatz != "" && len(lazy) > 0 {
			text += " (" + p.zusatz + ")"
		}
		l.messung(Messung{ID: "frontend." + p.id, Bereich: "Frontend", Name: p.name, Text: text,
			Werte: map[string]float64{"js_gzip_bytes": float64(js), "css_gzip_bytes": float64(css),
				"js_files": float64(len(p.s.js)), "css_files": float64(len(p.s.css))}}.
			mitZiel("JS < 250 KB gzip", js < 250_000))
	}
	return nil
}

// huelle adds to the page every chunk its chunks import statically (transitively), and the
// CSS Vite emits for a chunk (same name, .css).
func huelle(assets string, s seite) (seite, error) {
	out := seite{css: slices.Clone(s.css)}
	offen := slices.Clone(s.js)
	for len(offen) > 0 {
		n := offen[0]
		offen = offen[1:]
		if slices.Contains(out.js, n) {
			continue
		}
		out.js = append(out.js, n)
		b, err := os.ReadFile(filepath.Join(assets, n))
		if err != nil {
			return out, err
		}
		for _, m := range statischerImport.FindAllStringSubmatch(string(b), -1) {
			offen = append(offen, path.Base(m[1]))
		}
		css := strings.TrimSuffix(n, ".js") + ".css"
		if _, err := os.Stat(filepath.Join(assets, css)); err == nil && !slices.Contains(out.css, css) {
			out.css = append(out.css, css)
		}
	}
	return out, nil
}

// gzipGroesse is the sum of the files' sizes gzipped at the default level (as a server would).
func gzipGroesse(dir string, dateien []string) (int64, error) {
	var sum int64
	for _, n := range dateien {
		f, err := os.Open(filepath.Join(dir, n))
		if err != nil {
			return 0, err
		}
		var z zaehler
		w := gzip.NewWriter(&z)
		_, err = io.Copy(w, f)
		f.Close()
		if err == nil {
			err = w.Close()
		}
		if err != nil {
			return 0, err
		}
		sum += int64(z)
	}
	return sum, nil
}

type zaehler int64

func (z *zaehler) Write(p []byte) (int, error) { *z += zaehler(len(p)); return len(p), nil }

// chunkName is the source name of a built chunk "<name>-<hash>.js": Vite's hash is eight
// characters of [A-Za-z0-9_-], so it may itself contain '-' ("BetriebeListe-DEi-6IzS.js").
func chunkName(datei string) string {
	stamm := strings.TrimSuffix(datei, ".js")
	if len(stamm) > 9 && stamm[len(stamm)-9] == '-' {
		return stamm[:len(stamm)-9]
	}
	return stamm
}
