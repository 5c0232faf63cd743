package projektortest

import (
	"testing"

	"github.com/eabwasser/eabwasser/domain/katalog"
)

// Bereich is what PruefeBereiche needs of an area of a cross-area read model: its stream type
// and the event types it handles and explicitly ignores.
type Bereich struct {
	Streamtyp            string
	Behandelt, Ignoriert []string
}

// PruefeBereiche is PruefeAbdeckung over the areas a projector is built from: a stream type no
// area reads is ignored entirely (the read model shows nothing of it); an area's stream must
// have each of its event types handled or ignored.
func PruefeBereiche(t testing.TB, projektor string, bereiche []Bereich) {
	t.Helper()
	behandelt, ignoriert := map[string][]string{}, map[string][]string{}
	for _, b := range bereiche {
		behandelt[b.Streamtyp] = append(behandelt[b.Streamtyp], b.Behandelt...)
		ignoriert[b.Streamtyp] = append(ignoriert[b.Streamtyp], b.Ignoriert...)
	}
	for strom, arten := range katalog.Ereignisarten() {
		if _, ok := behandelt[strom]; !ok {
			ignoriert[strom] = append(ignoriert[strom], arten...)
		}
	}
	PruefeAbdeckung(t, projektor, behandelt, ignoriert)
}
