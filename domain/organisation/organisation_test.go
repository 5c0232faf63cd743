package organisation

import (
	"errors"
	"testing"

	"github.com/eabwasser/eabwasser/domain/validierung"
)

func TestLegeAn_NameAndFullAddressRequired(t *testing.T) {
	_, err := Decide(Organisation{}, LegeAn{Daten: Daten{Adresse: Adresse{Ort: "Koblenz"}}})
	var f *validierung.Fehler
	if !errors.As(err, &f) {
		t.Fatal(err)
	}
	for _, k := range []string{"bezeichnung", "adresse.strasse", "adresse.hausnummer", "adresse.plz"} {
		if f.Felder[k] != "Dieses Feld ist ein Pflichtfeld." {
			t.Errorf("%s: %q", k, f.Felder[k])
		}
	}
	if _, ok := f.Felder["adresse.ort"]; ok {
		t.Error("ort was given")
	}
	ev, err := Decide(Organisation{}, LegeAn{Daten: Daten{Bezeichnung: " Klärwerk ", Adresse: Adresse{"Rheinstr.", "1", "56068", "Koblenz"}}})
	if err != nil || ev[0].(OrganisationAngelegt).Bezeichnung != "Klärwerk" || ev[0].(OrganisationAngelegt).Status != Aktiv {
		t.Fatalf("%v %v", ev, err)
	}
	if _, err := Decide(Evolve(Organisation{}, ev[0]), LegeAn{}); err == nil {
		t.Fatal("created twice")
	}
}
