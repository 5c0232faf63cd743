package validierung

import (
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"
)

// Form rules (issue 43, item 5): the required fields, formats and enumerations of every form,
// written once. Each domain package declares the table of its forms (a Formular per form); its
// decider checks the required fields by the table (Sammler.Pflichtfelder), and
// frontend/src/lib/formregeln.ts is generated from the same tables (domain/formular), so that a
// field required on one side is required on the other. Maximum lengths stay in Hoechstlaengen.

// Format is the shape a field's value must have once it is not empty.
type Format string

// The formats of the forms; each side checks a format with its one checker and message.
const (
	FormatEmail     Format = "email"     // an e-mail address ('Das Feld muss eine gültige E-Mail Adresse enthalten!')
	FormatTelefon   Format = "telefon"   // digits and "-" (MsgTelefon)
	FormatPlz       Format = "plz"       // a German postcode as entered (text, at most Hoechstlaengen["plz"])
	FormatDatum     Format = "datum"     // a calendar date, sent as yyyy-MM-dd
	FormatDezimal   Format = "dezimal"   // a German decimal (validierung.Dezimal / lib/dezimal)
	FormatGanzzahl  Format = "ganzzahl"  // a whole number
	FormatJahr      Format = "jahr"      // a four-digit year
	FormatUhrzeit   Format = "uhrzeit"   // HH:MM
	FormatMessdatum Format = "messdatum" // a date in the template's format (TT.MM.JJJJ, MM.JJJJ or JJJJ)
)

// Bedingungen are the named conditions under which a field is required (Feldregel.Wenn), with
// what each means; both sides decide each condition once, by its name.
var Bedingungen = map[string]string{
	"registrierung":         "the person registers (spec 002 §5: only the registration requires the Anrede)",
	"neu":                   "the object is being created (a new user needs a password)",
	"organisationsrolle":    "the user's global role is an organisation's (operator, planning office …)",
	"behoerdenrolle":        "the user's global role is no organisation's (authority, administration)",
	"indirekteinleiter":     "the plant is an indirect discharger",
	"keinIndirekteinleiter": "the plant is no indirect discharger",
	"entlastung":            "the plant is a relief plant (type ENTLASTUNG)",
	"rueckgabe":             "staff return an application to its applicant (BEANTRAGT → ANGELEGT)",
	"mitMesswerten":         "the value grid has rows (anzahlWerte > 0)",
	"vorlageMitUhrzeit":     "the template of the measured values records times (Vorlage.uhrzeit)",
}

// Feldregel is the rule of one field of a form.
type Feldregel struct {
	// Feld is the field's path as the server names its error ("adresse.plz"); "[]" stands for
	// every row of a list ("auflagen[].art" is "auflagen[0].art", "auflagen[1].art" …).
	Feld string
	// Pflicht: the field must not be empty — always, or only where the condition Wenn holds.
	Pflicht bool
	Wenn    string
	// Meldung is the message of an empty required field when it is not Pflichtfeld (e.g. the
	// spec's message of an empty choice).
	Meldung string
	// Quelle is the value's JSON path in the command's data when it differs from Feld (the
	// organisation is sent as "organisationId", its error named "organisation").
	Quelle string
	// Eigen: the decider checks the presence itself (the value is no plain field of the data,
	// e.g. a reference resolved before the decider runs); the loop leaves it out.
	Eigen bool
	// Format, Werte (a fixed enumeration) and Werteliste (a select filled from that value
	// list) describe a value that is not empty.
	Format     Format
	Werte      []string
	Werteliste string
}

// Formular is one form: its name (as the client's form is called), the commands it is sent
// as, and the rules of its fields.
type Formular struct {
	Name    string
	Befehle []string
	Felder  []Feldregel
}

// Pflichtfelder are the required fields of the form where the conditions gilt hold.
func (f Formular) Pflichtfelder(gilt ...string) []string {
	var out []string
	for _, r := range f.Felder {
		if r.Pflicht && (r.Wenn == "" || slices.Contains(gilt, r.Wenn)) {
			out = append(out, r.Feld)
		}
	}
	return out
}

// Regel is the rule of the field feld ("auflagen[].art"); ok is false when the form has none.
func (f Formular) Regel(feld string) (Feldregel, bool) {
	for _, r := range f.Felder {
		if r.Feld == feld {
			return r, true
		}
	}
	return Feldregel{}, false
}

// Pflichtfelder records the blank-field message (Pflichtfeld, or the rule's Meldung) for every
// required field of the form that is empty in v — the command's data, a struct or a pointer to
// one — where the conditions gilt hold; fields under prefix ("anforderungen[2]."). A string is
// empty when blank, a number when 0, a list when it has no entry, a bool when false. A rule
// whose path v does not have is a programming error and panics (every test of the form finds
// it).
func (s *Sammler) Pflichtfelder(prefix string, f Formular, v any, gilt ...string) {
	for _, r := range f.Felder {
		if !r.Pflicht || r.Eigen || (r.Wenn != "" && !slices.Contains(gilt, r.Wenn)) {
			continue
		}
		quelle := r.Quelle
		if quelle == "" {
			quelle = r.Feld
		}
		meldung := r.Meldung
		if meldung == "" {
			meldung = Pflichtfeld
		}
		for _, indizes := range leereWerte(reflect.ValueOf(v), strings.Split(quelle, "."), nil) {
			s.Feld(prefix+mitIndizes(r.Feld, indizes), meldung)
		}
	}
}

// leereWerte are the empty values at the JSON path quelle of v, each as the indices of the
// lists on its way.
func leereWerte(v reflect.Value, quelle []string, indizes []int) [][]int {
	for v.Kind() == reflect.Pointer || v.Kind() == reflect.Interface {
		if v.IsNil() {
			if len(quelle) == 0 {
				return [][]int{indizes}
			}
			return nil // a missing group (a nil pointer) has no fields to require
		}
		v = v.Elem()
	}
	if len(quelle) == 0 {
		if leer(v) {
			return [][]int{indizes}
		}
		return nil
	}
	name, liste := strings.CutSuffix(quelle[0], "[]")
	if v.Kind() != reflect.Struct {
		panic(fmt.Sprintf("validierung: form rule at %q: %s is no struct", strings.Join(quelle, "."), v.Type()))
	}
	w, ok := jsonFeld(v, name)
	if !ok {
		panic(fmt.Sprintf("validierung: form rule: %s has no field %q", v.Type(), name))
	}
	if !liste {
		return leereWerte(w, quelle[1:], indizes)
	}
	var out [][]int
	for i := 0; i < w.Len(); i++ {
		out = append(out, leereWerte(w.Index(i), quelle[1:], append(slices.Clone(indizes), i))...)
	}
	return out
}

// mitIndizes is the field path feld with its "[]" replaced by the indices in their order.
func mitIndizes(feld string, indizes []int) string {
	for _, i := range indizes {
		feld = strings.Replace(feld, "[]", "["+strconv.Itoa(i)+"]", 1)
	}
	return feld
}

// jsonFeld is the field of the struct v that encoding/json names name (embedded structs'
// fields promoted).
func jsonFeld(v reflect.Value, name string) (reflect.Value, bool) {
	t := v.Type()
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		n, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if n == "" && f.Anonymous && f.Type.Kind() == reflect.Struct {
			if w, ok := jsonFeld(v.Field(i), name); ok {
				return w, true
			}
			continue
		}
		if n == "" {
			n = f.Name
		}
		if n == name && f.IsExported() {
			return v.Field(i), true
		}
	}
	return reflect.Value{}, false
}

func leer(v reflect.Value) bool {
	switch v.Kind() {
	case reflect.String:
		return strings.TrimSpace(v.String()) == ""
	case reflect.Slice, reflect.Map, reflect.Array:
		return v.Len() == 0
	case reflect.Bool:
		return !v.Bool()
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return v.Int() == 0
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return v.Uint() == 0
	case reflect.Float32, reflect.Float64:
		return v.Float() == 0
	}
	return v.IsZero()
}

// Zeilen is the form of one row of the list liste ("messwerte"): its rules "liste[].x" as "x",
// so that a decider that checks the list row by row applies them under the row's prefix.
func (f Formular) Zeilen(liste string) Formular {
	z := Formular{Name: f.Name, Befehle: f.Befehle}
	for _, r := range f.Felder {
		if feld, ok := strings.CutPrefix(r.Feld, liste+"[]."); ok {
			r.Feld = feld
			if r.Quelle != "" {
				r.Quelle = strings.TrimPrefix(r.Quelle, liste+"[].")
			}
			z.Felder = append(z.Felder, r)
		}
	}
	return z
}
