package projektortest_test

import (
	"testing"

	"github.com/eabwasser/eabwasser/domain/katalog"
	"github.com/eabwasser/eabwasser/domain/postfach"
	"github.com/eabwasser/eabwasser/projections/projektortest"
)

// pruefling records the failures PruefeAbdeckung reports instead of failing the test.
type pruefling struct {
	testing.TB
	fehler []string
}

func (p *pruefling) Helper()                   {}
func (p *pruefling) Errorf(f string, a ...any) { p.fehler = append(p.fehler, f) }

// TestPruefeAbdeckung_FindsTheUnhandledAndTheUnknown: every stream fully ignored passes; one
// type left out, or one that does not exist, fails.
func TestPruefeAbdeckung_FindsTheUnhandledAndTheUnknown(t *testing.T) {
	alle := katalog.Ereignisarten()
	if len(alle) < 13 {
		t.Fatalf("katalog: %d stream types", len(alle))
	}
	p := &pruefling{TB: t}
	projektortest.PruefeAbdeckung(p, "alles ignoriert", nil, alle)
	if len(p.fehler) != 0 {
		t.Fatalf("everything ignored: %v", p.fehler)
	}
	ohne := map[string][]string{}
	for s, a := range alle {
		ohne[s] = a
	}
	ohne[postfach.StreamType] = ohne[postfach.StreamType][1:]
	p = &pruefling{TB: t}
	projektortest.PruefeAbdeckung(p, "eins fehlt", map[string][]string{postfach.StreamType: {"GibtEsNicht"}}, ohne)
	if len(p.fehler) != 2 {
		t.Fatalf("one left out and one unknown: %d failures %v", len(p.fehler), p.fehler)
	}
}
