package werteliste

import (
	"bytes"
	"encoding/json"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/eabwasser/eabwasser/domain/validierung"
)

// Eingabe is what a client sent for the extra columns of an entry, by column name. Names the
// list does not define are ignored; a column left out keeps its value (on change) or gets its
// default (on creation: "", false, null, []).
type Eingabe map[string]json.RawMessage

// Bestand are the facts about other entries that a command is checked against. The caller
// looks them up in the current state; the unique index of the current-state table guards
// against a racing second save of the same value.
type Bestand struct {
	Werte      []string           // values of the other entries of the same list
	Schluessel []string           // identifiers of the other entries of the same list
	Eintraege  map[string][]int64 // ids of the entries of each list an extra column refers to
}

const (
	textUngueltig    = "Ungültiger Wert."
	textUnbekannt    = "Der gewählte Eintrag existiert nicht."
	textNichtErlaubt = "Dieser Wert ist nicht zulässig."
	maxReferenzen    = 500
)

// normiere checks the extra columns of def — the current ones (canonical JSON, nil when new)
// overlaid with the input — and returns them as canonical JSON: one object with every column
// of the list, keys sorted. Lists without extra columns give nil.
func normiere(def Definition, aktuell json.RawMessage, in Eingabe, b Bestand, s *validierung.Sammler) json.RawMessage {
	if len(def.Extras) == 0 {
		return nil
	}
	roh := map[string]json.RawMessage{}
	if len(aktuell) > 0 {
		_ = json.Unmarshal(aktuell, &roh)
	}
	for k, v := range in {
		roh[k] = v
	}
	out := make(map[string]any, len(def.Extras))
	for _, x := range def.Extras {
		out[x.Name] = normiereFeld(x, roh[x.Name], b, s)
	}
	j, _ := json.Marshal(out)
	return j
}

func leer(raw json.RawMessage) bool {
	t := bytes.TrimSpace(raw)
	return len(t) == 0 || string(t) == "null"
}

func normiereFeld(x Extra, raw json.RawMessage, b Bestand, s *validierung.Sammler) any {
	switch x.Art {
	case Wahrheitswert:
		var v bool
		if !leer(raw) && json.Unmarshal(raw, &v) != nil {
			s.Feld(x.Name, textUngueltig)
		}
		return v
	case Text:
		var v string
		if !leer(raw) && json.Unmarshal(raw, &v) != nil {
			s.Feld(x.Name, textUngueltig)
			return ""
		}
		v = strings.TrimSpace(v)
		switch {
		case v == "" && x.Pflicht:
			s.Feld(x.Name, validierung.Pflichtfeld)
		case utf8.RuneCountInString(v) > validierung.Hoechstlaenge(x.Name):
			s.Feld(x.Name, validierung.ZuLang(validierung.Hoechstlaenge(x.Name)))
		case validierung.Zeichenfehler(x.Name, v) != "":
			s.Feld(x.Name, validierung.Zeichenfehler(x.Name, v))
		case v != "" && x.pruefe != nil:
			if m := x.pruefe(v); m != "" {
				s.Feld(x.Name, m)
			}
		}
		return v
	case Texte:
		var v []string
		if !leer(raw) && json.Unmarshal(raw, &v) != nil {
			s.Feld(x.Name, textUngueltig)
		}
		out := []string{}
		for _, t := range v {
			if !slices.Contains(x.Auswahl, t) {
				s.Feld(x.Name, textNichtErlaubt)
			} else if !slices.Contains(out, t) {
				out = append(out, t)
			}
		}
		slices.Sort(out)
		if len(out) == 0 && x.Pflicht {
			s.Feld(x.Name, validierung.Pflichtfeld)
		}
		return out
	case Referenz:
		if leer(raw) {
			if x.Pflicht {
				s.Feld(x.Name, validierung.Pflichtfeld)
			}
			return nil
		}
		id, ok := referenzID(raw)
		if !ok {
			s.Feld(x.Name, textUngueltig)
			return nil
		}
		if !slices.Contains(b.Eintraege[x.Liste], id) {
			s.Feld(x.Name, textUnbekannt)
		}
		return id
	case Referenzen:
		var roh []json.RawMessage
		if !leer(raw) && json.Unmarshal(raw, &roh) != nil {
			s.Feld(x.Name, textUngueltig)
		}
		out := []int64{}
		for _, r := range roh {
			id, ok := referenzID(r)
			switch {
			case !ok:
				s.Feld(x.Name, textUngueltig)
			case !slices.Contains(b.Eintraege[x.Liste], id):
				s.Feld(x.Name, textUnbekannt)
			case !slices.Contains(out, id):
				out = append(out, id)
			}
		}
		if len(out) > maxReferenzen {
			s.Feld(x.Name, textUngueltig)
		}
		slices.Sort(out)
		if len(out) == 0 && x.Pflicht {
			s.Feld(x.Name, validierung.Pflichtfeld)
		}
		return out
	}
	return nil
}

// referenzID reads an id sent as a number, a numeric string or an object {"id": …} (what a
// select of {id, value} entries hands over).
func referenzID(raw json.RawMessage) (int64, bool) {
	var obj struct {
		ID json.RawMessage `json:"id"`
	}
	if t := bytes.TrimSpace(raw); len(t) > 0 && t[0] == '{' {
		if json.Unmarshal(t, &obj) != nil || obj.ID == nil {
			return 0, false
		}
		raw = obj.ID
	}
	var n json.Number
	if json.Unmarshal(raw, &n) != nil {
		var s string
		if json.Unmarshal(raw, &s) != nil {
			return 0, false
		}
		n = json.Number(s)
	}
	id, err := strconv.ParseInt(string(n), 10, 64)
	return id, err == nil && id > 0
}

// kanonisch rewrites a JSON object as Go writes it (keys sorted, no spaces, numbers as
// written), so extras read back from jsonb compare equal to freshly checked ones.
func kanonisch(raw json.RawMessage) (json.RawMessage, error) {
	if leer(raw) {
		return nil, nil
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var v map[string]any
	if err := dec.Decode(&v); err != nil {
		return nil, err
	}
	return json.Marshal(v)
}
