package validierung

import (
	"errors"
	"reflect"
	"testing"
)

type zeile struct {
	ID   int64    `json:"id"`
	Text string   `json:"text"`
	Tags []string `json:"tags"`
}

type formdaten struct {
	Name    string   `json:"name"`
	Adresse *adresse `json:"adresse"`
	Zeilen  []zeile  `json:"zeilen"`
	Ja      bool     `json:"ja"`
	Zahl    float64  `json:"zahl"`
	eingebettet
}

var testformular = Formular{Name: "test", Befehle: []string{"Teste"}, Felder: []Feldregel{
	{Feld: "name", Pflicht: true},
	{Feld: "adresse.strasse", Pflicht: true},
	{Feld: "zeilen[].person", Quelle: "zeilen[].id", Pflicht: true},
	{Feld: "zeilen[].text", Pflicht: true, Wenn: "mitText"},
	{Feld: "zeilen[].tags", Pflicht: true, Meldung: "Mindestens ein Tag."},
	{Feld: "ja", Pflicht: true, Meldung: "Bitte zustimmen."},
	{Feld: "zahl", Pflicht: true, Eigen: true},
	{Feld: "kommentar", Pflicht: true},
	{Feld: "frei"},
}}

func felderVon(t *testing.T, s *Sammler) map[string]string {
	t.Helper()
	var f *Fehler
	if err := s.Err(); err == nil {
		return nil
	} else if !errors.As(err, &f) {
		t.Fatalf("%v", err)
	}
	return f.Felder
}

// TestPflichtfelder_TheTableDecidesWhatIsEmpty: blank texts, 0, false, no entry and a missing
// group are empty; rows are named by their index; Quelle, conditions, own messages and Eigen
// rules as the table says.
func TestPflichtfelder_TheTableDecidesWhatIsEmpty(t *testing.T) {
	var s Sammler
	s.Pflichtfelder("x.", testformular, formdaten{Name: " ", Zeilen: []zeile{{ID: 1, Text: "", Tags: []string{"a"}}, {}}})
	want := map[string]string{
		"x.name": Pflichtfeld, "x.zeilen[1].person": Pflichtfeld, "x.zeilen[1].tags": "Mindestens ein Tag.",
		"x.ja": "Bitte zustimmen.", "x.kommentar": Pflichtfeld,
	}
	if got := felderVon(t, &s); !reflect.DeepEqual(got, want) {
		t.Errorf("got %v\nwant %v", got, want)
	}

	s = Sammler{}
	s.Pflichtfelder("", testformular, &formdaten{Name: "n", Adresse: &adresse{}, Zeilen: []zeile{{ID: 2, Tags: []string{"b"}}}, Ja: true,
		eingebettet: eingebettet{Kommentar: "k"}}, "mitText")
	want = map[string]string{"adresse.strasse": Pflichtfeld, "zeilen[0].text": Pflichtfeld}
	if got := felderVon(t, &s); !reflect.DeepEqual(got, want) {
		t.Errorf("with the condition: got %v\nwant %v", got, want)
	}
	if got := testformular.Pflichtfelder(); !reflect.DeepEqual(got, []string{"name", "adresse.strasse", "zeilen[].person", "zeilen[].tags", "ja", "zahl", "kommentar"}) {
		t.Errorf("Pflichtfelder() = %v", got)
	}
	if z := testformular.Zeilen("zeilen"); len(z.Felder) != 3 || z.Felder[0].Feld != "person" || z.Felder[0].Quelle != "id" {
		t.Errorf("Zeilen: %+v", z.Felder)
	}
}

func TestPflichtfelder_ARuleWithoutItsFieldIsAProgrammingError(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("no panic for a rule whose field the data do not have")
		}
	}()
	var s Sammler
	s.Pflichtfelder("", Formular{Felder: []Feldregel{{Feld: "gibtsNicht", Pflicht: true}}}, formdaten{})
}
