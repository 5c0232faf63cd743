package httpapi

import (
	"encoding/json"
	"fmt"
	"reflect"
	"strings"

	"github.com/eabwasser/eabwasser/domain/validierung"
)

// textListeStattNull answers null where the body must name a list (issue 43: a null was read
// as an empty list, though the document requires an array).
const textListeStattNull = "Erwartet wird eine Liste (keine Einträge: []), nicht null."

// nullStattListe checks a JSON body against the type it is decoded into: a null where that type
// holds a list (a slice, not a []byte) is a field error, at any depth of objects and arrays.
// nil when there is none.
func nullStattListe(body []byte, ziel reflect.Type) error {
	var s validierung.Sammler
	pruefeNullListen(json.RawMessage(body), ziel, "", &s)
	return s.Err()
}

func pruefeNullListen(roh json.RawMessage, typ reflect.Type, pfad string, s *validierung.Sammler) {
	for typ.Kind() == reflect.Pointer {
		typ = typ.Elem()
	}
	switch typ.Kind() {
	case reflect.Slice:
		if typ.Elem().Kind() == reflect.Uint8 {
			return
		}
		var elemente []json.RawMessage
		if json.Unmarshal(roh, &elemente) != nil {
			return
		}
		for i, e := range elemente {
			pruefeNullListen(e, typ.Elem(), fmt.Sprintf("%s[%d]", pfad, i), s)
		}
	case reflect.Struct:
		var felder map[string]json.RawMessage
		if json.Unmarshal(roh, &felder) != nil || len(felder) == 0 {
			return
		}
		pruefeFelder(felder, typ, pfad, s)
	}
}

// pruefeFelder checks the members of a JSON object against the fields of a struct (embedded
// structs' fields count as the struct's own, as encoding/json reads them).
func pruefeFelder(felder map[string]json.RawMessage, typ reflect.Type, pfad string, s *validierung.Sammler) {
	for i := range typ.NumField() {
		f := typ.Field(i)
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == "-" || !f.IsExported() && !f.Anonymous {
			continue
		}
		ft := f.Type
		for ft.Kind() == reflect.Pointer {
			ft = ft.Elem()
		}
		if f.Anonymous && name == "" && ft.Kind() == reflect.Struct {
			pruefeFelder(felder, ft, pfad, s)
			continue
		}
		if name == "" {
			name = f.Name
		}
		roh, ok := felder[name]
		if !ok {
			continue
		}
		feld := name
		if pfad != "" {
			feld = pfad + "." + name
		}
		if ft.Kind() == reflect.Slice && ft.Elem().Kind() != reflect.Uint8 && string(roh) == "null" {
			s.Feld(feld, textListeStattNull)
			continue
		}
		pruefeNullListen(roh, ft, feld, s)
	}
}
