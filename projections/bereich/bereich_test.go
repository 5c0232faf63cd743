package bereich_test

import (
	"slices"
	"testing"

	"github.com/eabwasser/eabwasser/projections"
	"github.com/eabwasser/eabwasser/projections/bereich"
)

type zeile struct{ ID, Oben int64 }

var tabelle = projections.Tabelle[zeile]{Name: "t", Spalten: []string{"id", "oben"},
	Felder: func(z *zeile) []any { return []any{&z.ID, &z.Oben} }}

// The copies are written in registration order and loaded deepest first, whatever the order
// the areas registered in; a part without a copy adds no table.
func TestOrdnen(t *testing.T) {
	kopie := func(ddl, oben string) *bereich.Kopie {
		return bereich.KopieVon(tabelle, ddl, oben, func(z *zeile) int64 { return z.Oben })
	}
	o := bereich.Ordnen([]*bereich.Teil{
		{StreamType: "ohne", Ignoriert: []string{"X"}},
		{StreamType: "punkt", Behandelt: []string{"A", "B"}, Kopie: kopie("P;", "anlage")},
		{StreamType: "betrieb", Kopie: kopie("B;", "")},
		{StreamType: "anlage", Kopie: kopie("A;", "betrieb")},
	})
	if o.Schema != "\nP;B;A;" || !slices.Equal(o.Kopien, []int{1, 2, 3}) || !slices.Equal(o.Ladereihe, []int{1, 3, 2}) {
		t.Errorf("Ordnen = %q %v %v", o.Schema, o.Kopien, o.Ladereihe)
	}
	if !o.Behandelt["punkt"]["A"] || o.Behandelt["ohne"]["X"] {
		t.Errorf("Behandelt = %v", o.Behandelt)
	}
	z := tabelle.Zeilen()
	z.Neu(7, zeile{ID: 7, Oben: 3})
	if elter, ok := kopie("", "anlage").Elter(z, 7); !ok || elter != 3 {
		t.Errorf("Elter(7) = %d %v", elter, ok)
	}
}
