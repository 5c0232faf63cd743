package validierung

import (
	"encoding/json"
	"errors"
	"os"
	"testing"
)

// zahlenfaelle are the cases of testdata/zahlen.json, which the client's reader
// (frontend/src/lib/dezimal.test.ts) runs as well.
type zahlenfaelle struct {
	Eingaben []struct {
		Eingabe    string `json:"eingabe"`
		Lesen      string `json:"lesen"`
		Regel      string `json:"regel"`
		Wert       string `json:"wert"`
		Normalform string `json:"normalform"`
	} `json:"eingaben"`
	Gespeichert []struct {
		Gespeichert string  `json:"gespeichert"`
		Alt         *string `json:"alt"`
		Neu         *string `json:"neu"`
	} `json:"gespeichert"`
}

var meldungen = map[string]string{"": "", "ZAHL": MsgZahlOderNichts, "FORMAT": MsgZahlFormat, "WERT": MsgWert, "POSITIV": MsgPositiv}

func ladeZahlenfaelle(t *testing.T) zahlenfaelle {
	t.Helper()
	daten, err := os.ReadFile("testdata/zahlen.json")
	if err != nil {
		t.Fatal(err)
	}
	var f zahlenfaelle
	if err := json.Unmarshal(daten, &f); err != nil {
		t.Fatal(err)
	}
	if len(f.Eingaben) < 40 || len(f.Gespeichert) < 10 {
		t.Fatalf("%d input cases, %d stored cases", len(f.Eingaben), len(f.Gespeichert))
	}
	return f
}

// TestLiesZahl_TheGermanFormAndTheRuleWert: comma before the decimals, dots only between groups
// of three; anything else is refused with the message naming the form, never guessed.
func TestLiesZahl_TheGermanFormAndTheRuleWert(t *testing.T) {
	for _, c := range ladeZahlenfaelle(t).Eingaben {
		lesen, regel := meldungen[c.Lesen], meldungen[c.Regel]
		z, msg := LiesZahl(c.Eingabe)
		if msg != lesen {
			t.Errorf("LiesZahl(%q): %q, want %q", c.Eingabe, msg, lesen)
			continue
		}
		if msg == "" && (z.Wert.String() != c.Wert || z.Text() != c.Normalform || Normalform(c.Eingabe) != c.Normalform) {
			t.Errorf("LiesZahl(%q) = %s %q, want %s %q", c.Eingabe, z.Wert, z.Text(), c.Wert, c.Normalform)
		}
		if d, ok := DezimalWert(c.Eingabe); ok != (msg == "") || ok && d.String() != c.Wert {
			t.Errorf("DezimalWert(%q) = %s, %v", c.Eingabe, d, ok)
		}
		if got := DezimalFehler(c.Eingabe); got != regel {
			t.Errorf("DezimalFehler(%q) = %q, want %q", c.Eingabe, got, regel)
		}
		var s Sammler
		Dezimal(&s, "wert", c.Eingabe)
		var fe *Fehler
		switch err := s.Err(); {
		case regel == "" && err != nil:
			t.Errorf("Dezimal(%q): %v", c.Eingabe, err)
		case regel != "" && (!errors.As(err, &fe) || fe.Felder["wert"] != regel):
			t.Errorf("Dezimal(%q): %v, want %q", c.Eingabe, err, regel)
		}
	}
	if DezimalFehler("") != "" || Normalform("0.4") != "0.4" {
		t.Error("empty is no error; a refused text keeps its form")
	}
}

// TestGespeicherterWert_OldFormReadAsBeforeTheAmbiguousAsGerman: a stored value is read by the
// German form where it applies, else with the decimal point of the rule before issue 43.
func TestGespeicherterWert_OldFormReadAsBeforeTheAmbiguousAsGerman(t *testing.T) {
	wert := func(s string, ok bool) *string {
		if !ok {
			return nil
		}
		return &s
	}
	gleich := func(a, b *string) bool { return a == nil && b == nil || a != nil && b != nil && *a == *b }
	zeige := func(a *string) string {
		if a == nil {
			return "–"
		}
		return *a
	}
	for _, c := range ladeZahlenfaelle(t).Gespeichert {
		neu, ok := GespeicherterWert(c.Gespeichert)
		if got := wert(neu.String(), ok); !gleich(got, c.Neu) {
			t.Errorf("GespeicherterWert(%q) = %s, want %s", c.Gespeichert, zeige(got), zeige(c.Neu))
		}
		alt, ok := AlteLesart(c.Gespeichert)
		if got := wert(alt.String(), ok); !gleich(got, c.Alt) {
			t.Errorf("AlteLesart(%q) = %s, want %s", c.Gespeichert, zeige(got), zeige(c.Alt))
		}
	}
}

func TestDezimalWert_Exact(t *testing.T) {
	// exact: 0,1 + 0,2 is 0,3 (a float would say 0.30000000000000004)
	a, _ := DezimalWert("0,1")
	b, _ := DezimalWert("0,2")
	if c, _ := DezimalWert("0,3"); !a.Add(b).Equal(c) {
		t.Errorf("0,1 + 0,2 = %s", a.Add(b))
	}
	if d, ok := DezimalWert("123456789012345678901234567890,123456"); !ok || d.String() != "123456789012345678901234567890.123456" {
		t.Errorf("long: %s", d)
	}
}
