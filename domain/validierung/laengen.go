package validierung

import (
	"fmt"
	"reflect"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Hoechstlaengen are the maximum lengths, in characters (runes), of the text fields of every
// command, by the field's JSON name (the last element of its path: "kontakte[0].email" is
// "email"). The spec's values where it names one (spec 000 §5 and 001 §5/§9), otherwise the
// choices recorded in docs/decisions.md. The frontend mirrors this table in
// frontend/src/lib/laengen.ts (generated, see laengen_test.go) and applies it as maxLength.
var Hoechstlaengen = map[string]int{
	// spec 000 §5 (discharge plants), §3 (measuring points) and 001 §9
	"wasserbuchnummer": 9,
	"flur":             5,
	"flurstueck":       10,
	"gemarkung":        50,
	"zusatztext":       100,
	"messstellenId":    20, // entered: 10 digits with the separators „-“ (stored: the 10 digits)

	// names and designations
	"bezeichnung":        255,
	"muttergesellschaft": 255,
	"value":              255, // a value-list entry
	"anrede":             255, // from the value list
	"titel":              255, // from the value list
	"funktion":           255,
	"haupttaetigkeit":    255,
	"name":               100,
	"vorname":            100,

	// address
	"strasse":    100,
	"hausnummer": 10,
	"plz":        10,
	"ort":        100,

	// contact
	"email":        254, // RFC 5321: an address has at most 254 characters
	"benutzername": 254, // user names are e-mail addresses by default
	"username":     254,
	"telefon":      50,
	"mobil":        50,
	"url":          2048,

	// short codes and numbers
	"prtrNr":            50,
	"nacecode":          50,
	"katasterNr":        50,
	"arbeitsstaettenNr": 50,
	"wvbNr":             50,
	"abgabenummer":      50,
	"organisationsId":   50,
	"datascoutId":       50,
	"bearbeiter":        50, // the datascoutId of a responsible authority user
	"behoerdenkennung":  50,

	// free texts
	"kommentar":       4000,
	"aenderungsgrund": 4000,
	"begruendung":     4000, // why staff refuse a field of an application
	"betreff":         500,

	// search and filter parameters of lists
	"q": Suchlaenge,
}

// Hoechstanzahlen are the maximum numbers of entries of the list fields of every command (JSON
// arrays and objects used as maps), by the field's JSON name like Hoechstlaengen; a list the
// table does not name holds at most Standardanzahl. Named here are the lists whose domain
// needs more (docs/decisions.md, "Security probe 2 (issue 27): audit text and list sizes").
// The frontend mirrors it in frontend/src/lib/laengen.ts; the OpenAPI document carries it as
// maxItems.
var Hoechstanzahlen = map[string]int{
	// the administrative units (Gemeinden) whose wastewater a treatment plant treats: a county of
	// Rhineland-Palatinate has up to 235 municipalities, a Zweckverband may span several
	"entsorgungsraeume": 500,
	// the administrative units a user's personalisation filters by (the same units)
	"verwaltungseinheit": 500,
	// the single operations and operator organisations a local role names (administrators only)
	// the rows of one parameter's measured values (jahresbericht.MaxMesswerte: a leap year of
	// hourly values; a template may allow fewer)
	"messwerte":      8784,
	"betriebe":       1000,
	"organisationen": 1000,
}

// Standardanzahl is the maximum number of entries of a list the table does not name: plannings,
// fundings, plant parts, contacts, responsible persons, design data, treatment steps, roles …
// each comfortably below a hundred in any real file.
const Standardanzahl = 100

// MsgZuViele is the message of a list with too many entries, worded like MsgZuLang.
const MsgZuViele = "Max. %d Einträge erlaubt"

// ZuViele is the message for a list with more than n entries.
func ZuViele(n int) string { return fmt.Sprintf(MsgZuViele, n) }

// Hoechstanzahl is the maximum number of entries of the list field feld (a path such as
// "entsorgungsraum.entsorgungsraeume" or a plain name).
func Hoechstanzahl(feld string) int {
	if n, ok := Hoechstanzahlen[Feldname(feld)]; ok {
		return n
	}
	return Standardanzahl
}

// Anzahl records the too-many message for the list feld when it has more than the table
// allows; it reports whether the list is within the bound (a walk does not descend into a list
// that is not, so a list of 6,000 entries costs one message, not 6,000).
func (s *Sammler) Anzahl(feld string, n int) bool {
	if max := Hoechstanzahl(feld); n > max {
		s.Feld(feld, ZuViele(max))
		s.uebervoll = append(s.uebervoll, feld)
		return false
	}
	return true
}

// Anzahl is the error of a single list with more entries than the table allows, or nil.
func Anzahl(feld string, n int) error {
	var s Sammler
	s.Anzahl(feld, n)
	return s.Err()
}

// Standardlaenge is the maximum of a text field the table does not name.
const Standardlaenge = 255

// Suchlaenge is the maximum of every query parameter (search texts and filters).
const Suchlaenge = 200

// MsgZuLang is the message of a too long field, worded as spec 000 §5 words it for the
// Wasserbuchnummer ('Max. 9 Zeichen erlaubt').
const MsgZuLang = "Max. %d Zeichen erlaubt"

// ZuLang is the message for a field longer than n characters.
func ZuLang(n int) string { return fmt.Sprintf(MsgZuLang, n) }

// Hoechstlaenge is the maximum length of the field feld (a path such as
// "kontakte[0].email" or a plain name).
func Hoechstlaenge(feld string) int {
	if n, ok := Hoechstlaengen[Feldname(feld)]; ok {
		return n
	}
	return Standardlaenge
}

// Feldname is the last element of a field path without its index: "kontakte[0].email" is
// "email", "produktion.taetigkeiten[2]" is "taetigkeiten".
func Feldname(feld string) string {
	if i := strings.LastIndexByte(feld, '.'); i >= 0 {
		feld = feld[i+1:]
	}
	if i := strings.IndexByte(feld, '['); i >= 0 {
		feld = feld[:i]
	}
	return feld
}

// Laenge records the too-long message for feld when wert has more characters than the table
// allows for it, and otherwise the message of characters the field does not allow (one-line
// fields: no line breaks or control characters, see zeilen.go): the two rules every text
// field obeys, so that every caller of Laenge and the walk of Laengen apply both. Call it
// before the other rules of the field, so that the length is what a too long value is told.
func (s *Sammler) Laenge(feld, wert string) {
	if n := Hoechstlaenge(feld); utf8.RuneCountInString(wert) > n {
		s.Feld(feld, ZuLang(n))
	}
	s.Zeichen(feld, wert)
}

// Laenge is the error of a single field longer than the table allows or with characters it
// does not allow, or nil.
func Laenge(feld, wert string) error {
	var s Sammler
	s.Laenge(feld, wert)
	return s.Err()
}

// Laengen checks every text of v — a struct, or a pointer, slice or map of them — against the
// table and the one-line rule (Laenge): each string field by its JSON name under prefix
// ("person." gives "person.name"), lists as "kontakte[0].email"; and the number of entries of
// every list and map against Hoechstanzahlen. So a field added to a command's data is bounded
// and one line without anyone remembering it.
func (s *Sammler) Laengen(prefix string, v any) {
	s.laengen(strings.TrimSuffix(prefix, "."), reflect.ValueOf(v))
}

func (s *Sammler) laengen(pfad string, v reflect.Value) {
	switch v.Kind() {
	case reflect.String:
		s.Laenge(pfad, v.String())
	case reflect.Pointer, reflect.Interface:
		if !v.IsNil() {
			s.laengen(pfad, v.Elem())
		}
	case reflect.Slice, reflect.Array:
		if v.Type().Elem().Kind() == reflect.Uint8 {
			return // bytes (json.RawMessage) are no text field
		}
		if v.Kind() == reflect.Slice && !s.Anzahl(pfad, v.Len()) {
			return
		}
		for i := 0; i < v.Len(); i++ {
			s.laengen(pfad+"["+strconv.Itoa(i)+"]", v.Index(i))
		}
	case reflect.Map:
		if !s.Anzahl(pfad, v.Len()) || v.Type().Key().Kind() != reflect.String {
			return
		}
		iter := v.MapRange()
		for iter.Next() {
			s.laengen(verbinde(pfad, iter.Key().String()), iter.Value())
		}
	case reflect.Struct:
		t := v.Type()
		for i := 0; i < t.NumField(); i++ {
			f := t.Field(i)
			name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
			switch {
			case name == "-":
				continue
			case name == "" && f.Anonymous:
				s.laengen(pfad, v.Field(i)) // embedded: its fields are promoted, as encoding/json does
				continue
			case !f.IsExported():
				continue
			case name == "":
				name = f.Name
			}
			s.laengen(verbinde(pfad, name), v.Field(i))
		}
	}
}

func verbinde(pfad, name string) string {
	if pfad == "" {
		return name
	}
	return pfad + "." + name
}
