package lokalerolle

import (
	"errors"
	"strings"
	"testing"

	"github.com/eabwasser/eabwasser/domain/validierung"
)

func TestLaengen_TheNameOfALocalRoleIsBounded(t *testing.T) {
	vorhanden := Evolve(LokaleRolle{}, LokaleRolleAngelegt{Daten: Daten{Bezeichnung: "SGD Nord", GlobaleRolle: "BEHOERDE"}})
	d := Daten{Bezeichnung: strings.Repeat("ü", 256), GlobaleRolle: "BEHOERDE"}
	for _, tt := range []struct {
		given LokaleRolle
		when  Befehl
	}{{LokaleRolle{}, LegeAn{Daten: d, Jetzt: jetzt}}, {vorhanden, Aendere{Daten: d, Jetzt: jetzt}}} {
		got, err := Decide(tt.given, tt.when)
		var f *validierung.Fehler
		if !errors.As(err, &f) || f.Felder["bezeichnung"] != "Max. 255 Zeichen erlaubt" || got != nil {
			t.Errorf("%T: %v %v", tt.when, got, err)
		}
	}
	d.Bezeichnung = strings.Repeat("ü", 255)
	if _, err := Decide(LokaleRolle{}, LegeAn{Daten: d, Jetzt: jetzt}); err != nil {
		t.Errorf("255 characters: %v", err)
	}
}
