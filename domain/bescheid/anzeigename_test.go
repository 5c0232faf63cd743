package bescheid_test

import (
	"testing"

	"github.com/eabwasser/eabwasser/domain/bescheid"
)

func TestAnzeigename(t *testing.T) {
	for _, f := range []struct {
		d    bescheid.Daten
		name string
	}{
		{bescheid.Daten{Bescheidart: "Einleiterlaubnis"}, "Einleiterlaubnis"},
		{bescheid.Daten{Bescheidart: "Einleiterlaubnis", Aktenzeichen: "66.1-12"}, "Einleiterlaubnis, Az. 66.1-12"},
	} {
		if got := bescheid.Anzeigename(f.d); got != f.name {
			t.Errorf("Anzeigename(%+v) = %q, want %q", f.d, got, f.name)
		}
	}
}
