package validierung

import (
	"errors"
	"reflect"
	"slices"
	"strings"
)

// Per-field rights (issue 28). What a caller may save of a form is a list of the form's fields
// by their JSON names (Schreibbar of each area's domain package). The same list decides the
// save (a changed field outside it is refused with a field error on that field, Unveraendert)
// and the screen (the detail's
// rechte.felder: every field outside it is disabled with the hint that it goes through a
// change request). So the form never offers what the save refuses.

// Felder are the JSON names of the fields of the struct v (a value, not a pointer), in order.
func Felder(v any) []string {
	t := reflect.TypeOf(v)
	out := make([]string, 0, t.NumField())
	for i := 0; i < t.NumField(); i++ {
		if n := jsonName(t.Field(i)); n != "" {
			out = append(out, n)
		}
	}
	return out
}

func jsonName(f reflect.StructField) string {
	if !f.IsExported() {
		return ""
	}
	n, _, _ := strings.Cut(f.Tag.Get("json"), ",")
	if n == "-" {
		return ""
	}
	if n == "" {
		return f.Name
	}
	return n
}

// Ohne is felder without the names weg.
func Ohne(felder []string, weg ...string) []string {
	return slices.DeleteFunc(slices.Clone(felder), func(f string) bool { return slices.Contains(weg, f) })
}

// Unveraendert records message(feld) for every field of neu outside felder that differs from alt
// (both normalised by the caller). A field holding a struct (an address, a position) is compared
// member by member and the error goes to the member ("lage.hochwert"), as the form names its
// inputs; umbenannt maps a JSON name to the form's key where they differ ("regionalstelleId" →
// "behoerde").
func Unveraendert[T any](s *Sammler, alt, neu T, felder []string, message func(feld string) string, umbenannt map[string]string) {
	a, n := reflect.ValueOf(alt), reflect.ValueOf(neu)
	name := func(x string) string {
		if u, ok := umbenannt[x]; ok {
			return u
		}
		return x
	}
	for i := 0; i < a.NumField(); i++ {
		f := jsonName(a.Type().Field(i))
		if f == "" || slices.Contains(felder, f) {
			continue
		}
		x, y := a.Field(i), n.Field(i)
		if reflect.DeepEqual(x.Interface(), y.Interface()) {
			continue
		}
		if x.Kind() == reflect.Struct {
			for j := 0; j < x.NumField(); j++ {
				g := jsonName(x.Type().Field(j))
				if g != "" && !reflect.DeepEqual(x.Field(j).Interface(), y.Field(j).Interface()) {
					k := name(f) + "." + g
					s.Feld(k, message(k))
				}
			}
			continue
		}
		s.Feld(name(f), message(name(f)))
	}
}

// MitDatenfehlern is the answer to a save whose references the service refused (verweis: the
// field errors of internal/anwendung/auswahl, checked before the decider) together with the field errors
// the decider finds in the data (daten, run only then, on the state as loaded): every field
// error of the form in one answer (issue 28). A reference's message wins on its field. Any
// other error of either is answered as it is.
func MitDatenfehlern(verweis error, daten func() error) error {
	v, ok := verweis.(*Fehler)
	if !ok || v.Message != "" || len(v.Felder) == 0 {
		return verweis
	}
	var d *Fehler
	if !errors.As(daten(), &d) || d.Message != "" || len(d.Felder) == 0 {
		return verweis
	}
	alle := make(map[string]string, len(v.Felder)+len(d.Felder))
	for k, m := range d.Felder {
		alle[k] = m
	}
	for k, m := range v.Felder {
		alle[k] = m
	}
	return &Fehler{Felder: alle}
}
