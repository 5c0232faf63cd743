package ueberschreitung_test

import (
	"testing"

	"github.com/eabwasser/eabwasser/projections/projektortest"
	"github.com/eabwasser/eabwasser/projections/ueberschreitung"
)

// Every event type of every stream is handled or explicitly ignored by the package's areas
// (internal/verdrahtung checks the same of the areas the Setups register).
func TestAbdeckung(t *testing.T) {
	var bereiche []projektortest.Bereich
	for _, b := range ueberschreitung.Alle() {
		bereiche = append(bereiche, projektortest.Bereich{Streamtyp: b.Streamtyp, Behandelt: b.Behandelt, Ignoriert: b.Ignoriert})
	}
	projektortest.PruefeBereiche(t, ueberschreitung.Name, bereiche)
}

// The projection of the package's areas is the read model as it was (a changed hash would
// rebuild it at start-up).
func TestProjektion_Schema(t *testing.T) {
	if h := ueberschreitung.Projection.SchemaHash(); h != "a172c76d784b9b11" {
		t.Errorf("SchemaHash %s", h)
	}
}
