package personalisierung

import (
	"errors"
	"strings"
	"testing"

	"github.com/eabwasser/eabwasser/domain/validierung"
)

func TestLaengen_FilterValuesAreBoundedBeforeTheyAreRepeatedInAMessage(t *testing.T) {
	got, err := Decide(Decider.Initial(), Speichere{Erlaubt: map[string][]string{"betriebstyp": {"KOMMUNAL"}},
		Einstellungen: Einstellungen{Betriebstyp: []string{"KOMMUNAL", strings.Repeat("X", 256)}}})
	var f *validierung.Fehler
	if !errors.As(err, &f) || f.Felder["betriebstyp[1]"] != "Max. 255 Zeichen erlaubt" || len(f.Felder) != 1 || got != nil {
		t.Fatalf("%v %v", got, err)
	}
}
