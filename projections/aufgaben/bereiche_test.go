package aufgaben_test

import (
	"testing"

	"github.com/eabwasser/eabwasser/internal/verdrahtung/schreibmodell"
	"github.com/eabwasser/eabwasser/projections/aufgaben"
	"github.com/eabwasser/eabwasser/projections/projektortest"
)

// bereiche are the areas' parts of the read model as every Setup registers them, and
// projektion the read model the wiring builds of them (app.Projections).
var (
	bereiche   = schreibmodell.Aufbauen(nil).Lesemodelle.AufgabenBereiche()
	projektion = aufgaben.Neu(bereiche...)
)

// Every event type of every stream is handled or explicitly ignored by the registered areas:
// a new event type, or a new stream, is a decision of its area.
func TestAufgaben_JedesEreignisEntschieden(t *testing.T) {
	behandelt, ignoriert := map[string][]string{}, map[string][]string{}
	for _, b := range bereiche {
		if _, doppelt := behandelt[b.StreamType]; doppelt {
			t.Errorf("%s zweimal registriert", b.StreamType)
		}
		behandelt[b.StreamType], ignoriert[b.StreamType] = b.Behandelt, b.Ignoriert
	}
	projektortest.PruefeAbdeckung(t, aufgaben.Name, behandelt, ignoriert)
}

// The read model the areas build is the one before they plugged in (issue 44): the same tables
// in the same order, so a deployment rebuilds nothing.
func TestAufgaben_SchemaUnveraendert(t *testing.T) {
	if h := projektion.SchemaHash(); h != "3a512d970ecce2de" {
		t.Errorf("SchemaHash = %s, want 3a512d970ecce2de:\n%s", h, projektion.Schema)
	}
}
