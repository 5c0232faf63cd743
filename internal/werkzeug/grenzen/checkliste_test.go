package grenzen

import (
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"testing"
)

// bereiche are the areas built on the checklist of docs/architektur.md ("Adding an area"); a
// new area is added here and so checked against it.
var bereiche = []string{"betrieb", "anlage", "messstelle", "bescheid", "jahresbericht"}

// historisiert are the areas whose objects have versions (the checklist's versioning rule).
var historisiert = []string{"betrieb", "anlage", "messstelle"}

// inhalte are what some of the checklist's files must say, beyond being there.
var inhalte = map[string]string{
	"domain/<area>/fuzz_test.go":         "ereignistest.Entscheide",
	"domain/<area>/feldnamen.go":         "var Feldnamen",
	"domain/<area>/phrasen.go":           "var Phrasen",
	"internal/anwendung/<area>/setup.go": "func Setup(",
}

// TestCheckliste_JedesBereichHatSeineTeile reads the paths of the checklist's paragraph
// "Checked against the areas" and asserts that every area has each of them.
func TestCheckliste_JedesBereichHatSeineTeile(t *testing.T) {
	_, datei, _, _ := runtime.Caller(0)
	wurzel := filepath.Join(filepath.Dir(datei), "..", "..", "..")
	doku, err := os.ReadFile(filepath.Join(wurzel, "docs", "architektur.md"))
	if err != nil {
		t.Fatal(err)
	}
	pfade := checklistenpfade(t, string(doku))
	for _, bereich := range bereiche {
		for _, muster := range pfade {
			if strings.HasSuffix(muster, "/versionen.go") && !slices.Contains(historisiert, bereich) {
				continue
			}
			pfad := strings.ReplaceAll(muster, "<area>", bereich)
			inhalt, err := os.ReadFile(filepath.Join(wurzel, filepath.FromSlash(pfad)))
			if strings.HasSuffix(pfad, "/") {
				if fi, err := os.Stat(filepath.Join(wurzel, filepath.FromSlash(pfad))); err != nil || !fi.IsDir() {
					t.Errorf("%s: no folder %s (docs/architektur.md, \"Adding an area\")", bereich, pfad)
				}
				continue
			}
			if err != nil {
				t.Errorf("%s: no %s (docs/architektur.md, \"Adding an area\")", bereich, pfad)
				continue
			}
			if soll, ok := inhalte[muster]; ok && !strings.Contains(string(inhalt), soll) {
				t.Errorf("%s: %s does not contain %q", bereich, pfad, soll)
			}
		}
	}
}

// checklistenpfade are the paths with <area> of the checklist's paragraph "Checked against the
// areas"; it fails t when the paragraph is gone or names fewer paths than the test checks
// content of.
func checklistenpfade(t *testing.T, doku string) []string {
	t.Helper()
	_, abschnitt, ok := strings.Cut(doku, "## Adding an area")
	if !ok {
		t.Fatal(`docs/architektur.md has no section "Adding an area"`)
	}
	start := strings.Index(abschnitt, "**Checked against the areas.**")
	if start < 0 {
		t.Fatal(`the checklist has no paragraph "Checked against the areas"`)
	}
	absatz, _, _ := strings.Cut(abschnitt[start:], "\n\n")
	var pfade []string
	for _, m := range regexp.MustCompile("`([^` ]*/[^` ]*)`").FindAllStringSubmatch(absatz, -1) {
		if strings.Contains(m[1], "<area>") && !slices.Contains(pfade, m[1]) {
			pfade = append(pfade, m[1])
		}
	}
	for muster := range inhalte {
		if !slices.Contains(pfade, muster) {
			t.Errorf("the checklist's paragraph does not name %s", muster)
		}
	}
	return pfade
}
