package historie

import (
	"reflect"
	"testing"
)

type ansicht struct {
	Bezeichnung string            `json:"bezeichnung"`
	Aktiv       bool              `json:"aktiv"`
	Status      map[string]string `json:"status"`
	Kontakte    []struct {
		Email string `json:"email"`
	} `json:"kontakte"`
}

func TestVerlauf_ListsWhatEachEventChangedWithTheAreasLabels(t *testing.T) {
	namen := Feldnamen{"bezeichnung": "Bezeichnung", "kontakte": "Kontakt", "email": "E-Mail", "aktiv": "Aktiv", "status": "Status"}
	// given an object that was created and then renamed, with a contact and a status text
	erst := ansicht{Bezeichnung: "A", Status: map[string]string{"id": "X", "value": "Beantragt"}}
	dann := erst
	dann.Bezeichnung, dann.Aktiv = "B", true
	dann.Kontakte = []struct {
		Email string `json:"email"`
	}{{Email: "a@b.de"}}
	// when the Verlauf is made
	v := Verlauf(ansicht{}, []VerlaufEintrag{
		{Verlaufsschritt: Verlaufsschritt{Version: 1, Ereignis: "Angelegt"}, Nachher: erst},
		{Verlaufsschritt: Verlaufsschritt{Version: 2, Ereignis: "Geaendert"}, Nachher: dann}}, namen)
	// then each step names the fields it changed, by label, {id, value} by its text
	want := [][]Aenderung{
		{{Feld: "bezeichnung", Bezeichnung: "Bezeichnung", Neu: "A"}, {Feld: "status", Bezeichnung: "Status", Neu: "Beantragt"}},
		{{Feld: "aktiv", Bezeichnung: "Aktiv", Neu: "Ja"}, {Feld: "bezeichnung", Bezeichnung: "Bezeichnung", Alt: "A", Neu: "B"},
			{Feld: "kontakte[0].email", Bezeichnung: "Kontakt 1 › E-Mail", Neu: "a@b.de"}},
	}
	if len(v) != 2 || v[1].Version != 2 {
		t.Fatalf("%+v", v)
	}
	for i := range want {
		if !reflect.DeepEqual(v[i].Aenderungen, want[i]) {
			t.Errorf("step %d: %+v\nwant %+v", i+1, v[i].Aenderungen, want[i])
		}
	}
}

func TestDeutschesDatum(t *testing.T) {
	if DeutschesDatum("2026-03-01") != "01.03.2026" || DeutschesDatum("x") != "x" {
		t.Fail()
	}
}

func TestFlach_NumbersAsTheFormsShowThem(t *testing.T) {
	got := Flach(map[string]any{"lage": map[string]any{"hochwert": 5582960.5, "rechtswert": 398140.0}, "anzahl": 3})
	if got["lage.hochwert"] != "5582960,5" || got["lage.rechtswert"] != "398140" || got["anzahl"] != "3" {
		t.Fatalf("%v", got)
	}
}

func TestFlach_ShowsValuesAsTheFormsDo(t *testing.T) {
	// given a view with a date, a time, a large coordinate, a ticked and an unticked box
	view := map[string]any{"gueltigAb": "2026-03-01", "geaendertAm": "2026-03-01T13:04:05Z",
		"lage": map[string]any{"hochwert": 5580412.35}, "ied": true, "prtr": false, "text": "Nein danke"}
	// when it is flattened
	got := Flach(view)
	// then each value reads as on the form: German date, time to the second (Berlin), no exponent
	want := map[string]string{"gueltigAb": "01.03.2026", "geaendertAm": "01.03.2026 14:04:05",
		"lage.hochwert": "5580412,35", "ied": "Ja", "text": "Nein danke"}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("got  %v\nwant %v", got, want)
	}
}

func TestText_Values(t *testing.T) {
	for in, want := range map[any]string{nil: "", 12.5: "12,5", 5.58041235e+06: "5580412,35", 3: "3", "2026-12-31": "31.12.2026",
		"3000-01-01": "unbefristet", // the open end (issue 43), in the Verlauf and in print
		"12.5":       "12.5", "a-b": "a-b", true: "Ja", false: "Nein"} {
		if got := Text(in); got != want {
			t.Errorf("Text(%v) = %q, want %q", in, got, want)
		}
	}
}
