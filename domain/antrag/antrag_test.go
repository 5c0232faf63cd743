package antrag

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/eabwasser/eabwasser/domain/validierung"
)

var (
	erlaubt   = []string{"name", "ort", "plz"}
	beantragt = []string{"name", "ort"} // the application changes these two
	namen     = map[string]string{"name": "Bezeichnung", "ort": "Ort", "plz": "PLZ"}
)

// felder are the field errors of a refused decision, key → message.
func felder(t *testing.T, err error) map[string]string {
	t.Helper()
	var f *validierung.Fehler
	if !errors.As(err, &f) {
		t.Fatalf("error = %v (%T), want field errors", err, err)
	}
	return f.Felder
}

func TestUebernahme(t *testing.T) {
	// given an application that changes name and ort, when staff adopt name and refuse ort with a reason,
	// then the decision records the refused field's reason (trimmed) and drops reasons for others
	got, err := Uebernahme(Entscheidung{Felder: []string{"name"}, Begruendungen: map[string]string{"ort": " falsch ", "plz": "x"}}, erlaubt, beantragt, namen)
	if err != nil || !reflect.DeepEqual(got, map[string]string{"ort": "falsch"}) {
		t.Fatalf("got %v, %v", got, err)
	}
	// when every requested field is adopted, no reason is needed
	if got, err := Uebernahme(Entscheidung{Felder: []string{"ort", "name"}}, erlaubt, beantragt, namen); err != nil || got != nil {
		t.Fatalf("got %v, %v", got, err)
	}
	// when a refused field has no reason, the answer names it
	_, err = Uebernahme(Entscheidung{Felder: []string{"name"}}, erlaubt, beantragt, namen)
	if f := felder(t, err); f["begruendungen.ort"] != "Bitte begründen Sie, warum „Ort“ nicht übernommen wird." || len(f) != 1 {
		t.Fatalf("errors = %v", f)
	}
	// the chosen fields are a choice of the application's fields
	for _, e := range []Entscheidung{{}, {Felder: []string{"url"}}, {Felder: []string{"name", "name"}}} {
		if _, err := Uebernahme(e, erlaubt, beantragt, namen); felder(t, err)["felder"] == "" {
			t.Fatalf("%v: %v", e, err)
		}
	}
}

func TestAblehnung(t *testing.T) {
	// when staff refuse the whole application, every field it changes needs a reason — all missing ones at once
	_, err := Ablehnung(nil, beantragt, namen)
	if f := felder(t, err); len(f) != 2 || f["begruendungen.name"] == "" || f["begruendungen.ort"] == "" {
		t.Fatalf("errors = %v", f)
	}
	// a reason is at most as long as a begruendung and has no control characters
	n := validierung.Hoechstlaenge("begruendung")
	_, err = Ablehnung(map[string]string{"name": strings.Repeat("x", n+1), "ort": "a\x00b"}, beantragt, namen)
	if f := felder(t, err); f["begruendungen.name"] != validierung.ZuLang(n) || f["begruendungen.ort"] == "" {
		t.Fatalf("errors = %v", f)
	}
	got, err := Ablehnung(map[string]string{"name": "a", "ort": "b"}, beantragt, namen)
	if err != nil || !reflect.DeepEqual(got, map[string]string{"name": "a", "ort": "b"}) {
		t.Fatalf("got %v, %v", got, err)
	}
}

func TestErgebnis_NamesAdoptedAndRefusedFieldsWithReasons(t *testing.T) {
	zitat := func(s string) string { return "„" + s + "“" }
	if got := Ergebnis([]string{"ort"}, map[string]string{"name": "bleibt"}, erlaubt, namen, zitat); got != " Übernommen wurden: Ort.\nAbgelehnt: Bezeichnung – Begründung: „bleibt“" {
		t.Fatalf("got %q", got)
	}
	// a refusal from before reasons were recorded names the field only
	if got := Ergebnis(nil, map[string]string{"name": "", "ort": "x"}, erlaubt, namen, zitat); got != "\nAbgelehnt: Bezeichnung\nAbgelehnt: Ort – Begründung: „x“" {
		t.Fatalf("got %q", got)
	}
}
