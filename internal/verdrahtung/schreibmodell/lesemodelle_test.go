package schreibmodell_test

import (
	"slices"
	"testing"

	"github.com/eabwasser/eabwasser/internal/verdrahtung/schreibmodell"
	"github.com/eabwasser/eabwasser/projections/arbeitsliste"
	"github.com/eabwasser/eabwasser/projections/projektortest"
	"github.com/eabwasser/eabwasser/projections/ueberschreitung"
)

// The worklists the wiring builds from the Setups' registrations handle or explicitly ignore
// every event of every stream, and hold every area of the package once: an area its Setup
// does not register would be missing from the served read model.
func TestArbeitsliste_Bereiche(t *testing.T) {
	a := schreibmodell.Aufbauen(nil)
	var bereiche []projektortest.Bereich
	var namen []string
	for _, b := range a.Lesemodelle.ArbeitslisteBereiche() {
		bereiche = append(bereiche, projektortest.Bereich{Streamtyp: b.Streamtyp, Behandelt: b.Behandelt(), Ignoriert: b.Ignoriert})
		namen = append(namen, b.Name)
	}
	projektortest.PruefeBereiche(t, arbeitsliste.Name, bereiche)
	var alle []string
	for _, b := range arbeitsliste.Alle() {
		alle = append(alle, b.Name)
	}
	gleich(t, arbeitsliste.Name, namen, alle)
	if ist, soll := arbeitsliste.Projektion(a.Lesemodelle.ArbeitslisteBereiche()...).SchemaHash(), arbeitsliste.Projection.SchemaHash(); ist != soll {
		t.Errorf("registered worklists' SchemaHash %s, the package's %s", ist, soll)
	}
}

func TestUeberschreitung_Bereiche(t *testing.T) {
	a := schreibmodell.Aufbauen(nil)
	var bereiche []projektortest.Bereich
	var namen, alle []string
	for _, b := range a.Lesemodelle.UeberschreitungBereiche() {
		bereiche = append(bereiche, projektortest.Bereich{Streamtyp: b.Streamtyp, Behandelt: b.Behandelt, Ignoriert: b.Ignoriert})
		namen = append(namen, b.Name)
	}
	projektortest.PruefeBereiche(t, ueberschreitung.Name, bereiche)
	for _, b := range ueberschreitung.Alle() {
		alle = append(alle, b.Name)
	}
	gleich(t, ueberschreitung.Name, namen, alle)
}

func gleich(t *testing.T, projektor string, registriert, alle []string) {
	t.Helper()
	slices.Sort(registriert)
	slices.Sort(alle)
	if !slices.Equal(registriert, alle) {
		t.Errorf("%s: the Setups register %v, the package declares %v", projektor, registriert, alle)
	}
}
