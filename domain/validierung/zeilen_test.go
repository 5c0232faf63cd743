package validierung

import (
	"errors"
	"reflect"
	"testing"
)

func TestEinzeilig_TextFieldsRefuseLineBreaksAndControlCharactersOnlyMultiLineTextsKeepLineBreaks(t *testing.T) {
	f := formular{
		eingebettet: eingebettet{Kommentar: "Erste Zeile\r\nzweite Zeile\tmit Tabulator"}, // multi-line: fine
		Bezeichnung: "Kläranlage\nhttps://phish.example/login",
		Adresse:     adresse{Strasse: "Hauptstraße\u2028", Plz: "56068"},
		Kontakte:    []struct{ Email string }{{Email: "a@b.de"}, {Email: "a\x1b[31m@b.de"}},
		Listen:      []string{"ok", "Rechnung\u202Efdp.exe", "Null\u200Bbreite"},
		Verweis:     &adresse{Plz: "56\t068"},
		Extras:      map[string]string{"code": "A\rB"},
	}
	var s Sammler
	s.Laengen("", f)
	var fe *Fehler
	if !errors.As(s.Err(), &fe) {
		t.Fatalf("no error for %v", s.Err())
	}
	want := map[string]string{
		"bezeichnung":       MsgSteuerzeichen,
		"adresse.strasse":   MsgSteuerzeichen,
		"kontakte[1].Email": MsgSteuerzeichen,
		"taetigkeiten[1]":   MsgSteuerzeichen,
		"taetigkeiten[2]":   MsgSteuerzeichen,
		"verweis.plz":       MsgSteuerzeichen,
		"extras.code":       MsgSteuerzeichen,
	}
	if !reflect.DeepEqual(fe.Felder, want) {
		t.Errorf("got %v\nwant %v", fe.Felder, want)
	}
	if MsgSteuerzeichen != "Zeilenumbrüche und Steuerzeichen sind nicht erlaubt." {
		t.Errorf("message %q", MsgSteuerzeichen)
	}

	// multi-line texts keep line breaks and tabs, not other control characters or bidi controls
	for _, feld := range []string{"kommentar", "auditInfo.aenderungsgrund", "beschreibung", "bemerkung", "begruendung"} {
		if err := Laenge(feld, "Zeile 1\r\nZeile 2\n\n\tEingerückt"); err != nil {
			t.Errorf("%s with line breaks: %v", feld, err)
		}
		for _, wert := range []string{"Klingel\a", "Escape\x1b[2J", "Trojan\u202Esource", "Isolat\u2067"} {
			if err := Laenge(feld, wert); err == nil || err.Error() != MsgSteuerzeichenMehrzeilig {
				t.Errorf("%s = %q: %v", feld, wert, err)
			}
		}
	}
	// names as people type them pass
	for _, wert := range []string{"Jürgen", "Groß-Özdemir", "O'Brien", "Dr. med. Müller", "Ślązak", "שלום", "José María", ""} {
		if err := Laenge("name", wert); err != nil {
			t.Errorf("%q: %v", wert, err)
		}
	}
}
