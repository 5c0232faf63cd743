package werteliste

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/eabwasser/eabwasser/domain/validierung"
)

func TestLaengen_ValueKeyAndTextColumnsAreBounded(t *testing.T) {
	lang := strings.Repeat("ü", 256)
	text, _ := json.Marshal(lang)
	vorhanden := Evolve(Eintrag{}, EintragAngelegt{Liste: "pegel", Wert: "Trier"})
	for _, tt := range []struct {
		given       Eintrag
		when        Befehl
		feld, liste string
	}{
		{Eintrag{}, LegeEintragAn{Liste: "anrede", Wert: lang}, "value", "anrede"},
		{vorhanden, AendereEintrag{Wert: lang}, "value", "pegel"},
		{Eintrag{}, LegeEintragAn{Liste: "betriebstyp", Wert: "Kommunal", Schluessel: lang}, "schluessel", "betriebstyp"},
		{Eintrag{}, LegeEintragAn{Liste: "pegel", Wert: "Trier", Extras: Eingabe{"gewaesser": text}}, "gewaesser", "pegel"},
		{vorhanden, AendereEintrag{Wert: "Trier", Extras: Eingabe{"gewaesser": text}}, "gewaesser", "pegel"},
	} {
		got, err := Decide(tt.given, tt.when)
		var f *validierung.Fehler
		if !errors.As(err, &f) || f.Felder[tt.feld] != "Max. 255 Zeichen erlaubt" || got != nil {
			t.Errorf("%s %T %s: %v %v", tt.liste, tt.when, tt.feld, got, err)
		}
	}
}
