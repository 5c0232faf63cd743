package seed

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// zurueckdatiert finds an UPDATE of the events that sets their recorded_at.
var zurueckdatiert = regexp.MustCompile("(?is)UPDATE\\s+events\\s+SET\\s[^;`\"]*?recorded_at\\s*=")

// Production events carry the time of their commit: only the demo seed (zeitreise.go) writes
// recorded_at, no other Go file of the program (tests may, on their own databases).
func TestZeitreise_NurDerSeedDatiertEreignisseZurueck(t *testing.T) {
	eigene, err := os.ReadFile("zeitreise.go")
	if err != nil || !zurueckdatiert.Match(eigene) {
		t.Fatalf("the pattern does not find the seed's own UPDATE (%v)", err)
	}
	wurzel, err := filepath.Abs("../../..")
	if err != nil {
		t.Fatal(err)
	}
	seed := filepath.Join(wurzel, "internal", "werkzeug", "seed")
	geprueft := 0
	err = filepath.WalkDir(wurzel, func(pfad string, d fs.DirEntry, err error) error {
		switch {
		case err != nil:
			return err
		case d.IsDir() && (pfad == seed || d.Name() == "node_modules" || strings.HasPrefix(d.Name(), ".")) && pfad != wurzel:
			return filepath.SkipDir
		case d.IsDir() || !strings.HasSuffix(pfad, ".go") || strings.HasSuffix(pfad, "_test.go"):
			return nil
		}
		text, err := os.ReadFile(pfad)
		if err != nil {
			return err
		}
		geprueft++
		if m := zurueckdatiert.Find(text); m != nil {
			t.Errorf("%s sets recorded_at of events (%q): only internal/werkzeug/seed back-dates, production events carry the time of their commit",
				strings.TrimPrefix(pfad, wurzel+"/"), m)
		}
		return nil
	})
	if err != nil || geprueft < 100 {
		t.Fatalf("checked %d files: %v", geprueft, err)
	}
}
