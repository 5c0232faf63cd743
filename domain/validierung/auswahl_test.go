package validierung

import (
	"slices"
	"strings"
	"testing"
)

func TestFeldauswahl_AtLeastOneEachFromTheApplicationEachOnce(t *testing.T) {
	erlaubt := []string{"bezeichnung", "strasse", "plz"}
	for _, c := range []struct {
		gewaehlt []string
		want     string
	}{
		{[]string{"bezeichnung"}, ""},
		{[]string{"plz", "bezeichnung", "strasse"}, ""},
		{nil, MsgAuswahl},
		{slices.Repeat([]string{"plz"}, 500), "Das Feld „plz“ ist mehrfach ausgewählt."},
		{[]string{"plz", "strasse", "plz"}, "Das Feld „plz“ ist mehrfach ausgewählt."},
		{[]string{"plz", "passwortHash"}, "Das Feld „passwortHash“ gehört nicht zum Antrag."},
		{[]string{strings.Repeat("x", 300)}, "Max. 255 Zeichen erlaubt"},
		{[]string{"plz\n„ok“"}, MsgSteuerzeichen},
	} {
		err := Feldauswahl("felder", c.gewaehlt, erlaubt)
		got := ""
		if err != nil {
			got = err.(*Fehler).Felder["felder"]
		}
		if got != c.want {
			t.Errorf("%.60q: %q, want %q", c.gewaehlt, got, c.want)
		}
	}
}
