package datei

import (
	"errors"
	"strings"
	"testing"

	"github.com/eabwasser/eabwasser/domain/validierung"
)

func TestLaengen_TheBezeichnungOfAnUploadIsBounded(t *testing.T) {
	cmd := LadeHoch{Fachobjekt: Betrieb, FachobjektID: 7, Bezeichnung: strings.Repeat("ü", 256), Inhalt: &inhalt, Von: "Erika", Am: am}
	got, err := Decide(Datei{}, cmd)
	var f *validierung.Fehler
	if !errors.As(err, &f) || f.Felder[FeldBezeichnung] != "Max. 255 Zeichen erlaubt" || got != nil {
		t.Fatalf("%v %v", got, err)
	}
	cmd.Bezeichnung = strings.Repeat("ü", 255)
	if got, err := Decide(Datei{}, cmd); err != nil || len(got) != 1 {
		t.Fatalf("255 characters: %v %v", got, err)
	}
}
