package arbeitsliste_test

import (
	"testing"

	"github.com/eabwasser/eabwasser/projections/arbeitsliste"
	"github.com/eabwasser/eabwasser/projections/projektortest"
)

// Every event type of every stream is handled or explicitly ignored by the package's areas
// (internal/verdrahtung checks the same of the areas the Setups register).
func TestAbdeckung(t *testing.T) {
	var bereiche []projektortest.Bereich
	for _, b := range arbeitsliste.Alle() {
		bereiche = append(bereiche, projektortest.Bereich{Streamtyp: b.Streamtyp, Behandelt: b.Behandelt(), Ignoriert: b.Ignoriert})
	}
	projektortest.PruefeBereiche(t, arbeitsliste.Name, bereiche)
}

// The projection of the package's areas is the read model as it was: same DDL (a changed hash
// would rebuild it at start-up), whatever the order the areas are registered in.
func TestProjektion_Schema(t *testing.T) {
	const hash = "a2a14dbd58da9514"
	alle := arbeitsliste.Alle()
	umgekehrt := make([]arbeitsliste.Bereich, len(alle))
	for i, b := range alle {
		umgekehrt[len(alle)-1-i] = b
	}
	for _, p := range []string{arbeitsliste.Projection.SchemaHash(), arbeitsliste.Projektion(umgekehrt...).SchemaHash()} {
		if p != hash {
			t.Errorf("SchemaHash %s, want %s", p, hash)
		}
	}
}
