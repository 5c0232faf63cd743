package druck

import (
	"bytes"
	"encoding/json"
	"io"
	"strconv"
	"strings"

	"github.com/eabwasser/eabwasser/domain/historie"
)

// BreiteListe is the number of columns beyond which a list is printed as one block of
// label/value rows per entry (an Anforderung has some twenty fields; twenty columns on A4 are
// unreadable).
const BreiteListe = 7

// Abschnitt is what a view shows: its scalar fields as rows, its lists as tables, and its wide
// lists as blocks of rows per entry.
type Abschnitt struct {
	Felder   []Zeile
	Tabellen []Tabelle
	Bloecke  []Block
}

// Block is one entry of a wide list: a heading ("Anforderung 1") and its fields.
type Block struct {
	Titel  string
	Felder []Zeile
}

// Satz is what sets a print: this package's PDF (Dokument). The bench sets the same print as
// HTML for Chromium's print to PDF to compare the two (internal/werkzeug/bench, docs/decisions.md
// "Print (issue 33)"), so the use case speaks to this interface only.
type Satz interface {
	// Deckblatt is the first page: the print's title, the operation, the rows given and inhalt.
	Deckblatt(zeilen []Zeile, inhalt []string)
	// Ueberschrift starts an object on a new page.
	Ueberschrift(art, titel string)
	Zwischentitel(text string)
	Hinweis(text string)
	Felder(zeilen []Zeile)
	Tabelle(t Tabelle)
	Ausgeben(w io.Writer) error
}

// Schreibe sets a section's fields, tables and blocks.
func Schreibe(s Satz, a Abschnitt) {
	s.Felder(a.Felder)
	for _, t := range a.Tabellen {
		s.Tabelle(t)
	}
	for _, b := range a.Bloecke {
		s.Zwischentitel(b.Titel)
		s.Felder(b.Felder)
	}
}

// feld is a key of a JSON object with its value, in the order the view's struct declares it.
type feld struct {
	name string
	wert any
}

// objekt is a JSON object with its keys in order.
type objekt []feld

// Aus turns a view (a state as the Verlauf compares it) into a section in the order of its
// fields: values as the forms show them (historie.Text: German numbers and dates, Ja for a set
// box), {id, value} pairs by their text, nested objects as "A › B" rows, lists of values as one
// row, lists of objects as tables (wide ones as blocks); empty values and unset boxes left out,
// as the Verlauf leaves them out. Labels come from namen; a value of a field texte names (by
// the field's key, ids in lists too) is shown by its text.
func Aus(view any, namen historie.Feldnamen, texte map[string]map[string]string) Abschnitt {
	raw, err := json.Marshal(view)
	if err != nil {
		return Abschnitt{}
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	wurzel, err := lies(dec)
	if err != nil {
		return Abschnitt{}
	}
	var a Abschnitt
	l := leser{namen: namen, texte: texte}
	o, _ := wurzel.(objekt)
	for _, f := range o {
		liste, ok := f.wert.([]any)
		if !ok || !ausObjekten(liste) {
			a.Felder = append(a.Felder, l.zeilen(f.name, f.wert)...)
			continue
		}
		if len(liste) == 0 {
			continue
		}
		var spalten []string
		gesehen := map[string]bool{}
		eintraege := make([]map[string]string, len(liste))
		for i, e := range liste {
			eintraege[i] = map[string]string{}
			for _, z := range l.zeilenMitPfad("", e) {
				eintraege[i][z.pfad] = z.Wert
				if !gesehen[z.pfad] {
					gesehen[z.pfad] = true
					spalten = append(spalten, z.pfad)
				}
			}
		}
		titel := namen.Name(f.name)
		if len(spalten) > BreiteListe {
			for i, e := range liste {
				b := Block{Titel: titel + " " + strconv.Itoa(i+1)}
				for _, z := range l.zeilenMitPfad("", e) {
					b.Felder = append(b.Felder, z.Zeile)
				}
				a.Bloecke = append(a.Bloecke, b)
			}
			continue
		}
		t := Tabelle{Titel: titel}
		for _, s := range spalten {
			t.Kopf = append(t.Kopf, namen.Name(s))
		}
		for _, e := range eintraege {
			z := make([]string, len(spalten))
			for i, s := range spalten {
				z[i] = e[s]
			}
			t.Zeilen = append(t.Zeilen, z)
		}
		a.Tabellen = append(a.Tabellen, t)
	}
	return a
}

// ausObjekten tells a list of objects (a table) from a list of values (one row).
func ausObjekten(l []any) bool {
	for _, e := range l {
		if o, ok := e.(objekt); !ok || paar(o) {
			return false
		}
	}
	return true
}

// paar tells an {id, value} pair, which counts by its text.
func paar(o objekt) bool {
	if len(o) != 2 {
		return false
	}
	for _, f := range o {
		if f.name == "value" {
			return true
		}
	}
	return false
}

// leser reads a view with the labels and the texts of its ids.
type leser struct {
	namen historie.Feldnamen
	texte map[string]map[string]string
}

// text is value v of the field at pfad, or the text texte give it by the field's key.
func (l leser) text(pfad, v string) string {
	key := pfad
	if i := strings.LastIndex(key, "."); i >= 0 {
		key = key[i+1:]
	}
	if i := strings.Index(key, "["); i >= 0 {
		key = key[:i]
	}
	if t, ok := l.texte[key][v]; ok && t != "" {
		return t
	}
	return v
}

type pfadzeile struct {
	Zeile
	pfad string
}

// zeilen are the rows of one field (key) of a view.
func (l leser) zeilen(key string, wert any) []Zeile {
	var out []Zeile
	for _, z := range l.zeilenMitPfad(key, wert) {
		out = append(out, z.Zeile)
	}
	return out
}

func (l leser) zeilenMitPfad(pfad string, wert any) []pfadzeile {
	unter := func(k string) string {
		if pfad == "" {
			return k
		}
		return pfad + "." + k
	}
	switch t := wert.(type) {
	case objekt:
		if paar(t) {
			for _, f := range t {
				if f.name == "value" {
					return l.zeilenMitPfad(pfad, f.wert)
				}
			}
		}
		var out []pfadzeile
		for _, f := range t {
			out = append(out, l.zeilenMitPfad(unter(f.name), f.wert)...)
		}
		return out
	case []any:
		var texte []string
		var out []pfadzeile
		for i, e := range t {
			if _, ok := e.(objekt); ok && !paar(e.(objekt)) {
				out = append(out, l.zeilenMitPfad(pfad+"["+strconv.Itoa(i)+"]", e)...)
				continue
			}
			for _, z := range l.zeilenMitPfad(pfad, e) {
				texte = append(texte, z.Wert)
			}
		}
		if len(texte) > 0 {
			out = append([]pfadzeile{{Zeile{l.namen.Name(pfad), strings.Join(texte, ", ")}, pfad}}, out...)
		}
		return out
	case nil:
		return nil
	case bool:
		if !t {
			return nil // an unticked box is no entry (as historie.Flach)
		}
		return []pfadzeile{{Zeile{l.namen.Name(pfad), l.text(pfad, historie.Text(t))}, pfad}}
	case json.Number:
		var text string
		if f, err := t.Float64(); err == nil {
			text = historie.Text(f)
		} else {
			text = t.String()
		}
		return []pfadzeile{{Zeile{l.namen.Name(pfad), l.text(pfad, text)}, pfad}}
	case string:
		if s := historie.Text(t); s != "" {
			return []pfadzeile{{Zeile{l.namen.Name(pfad), l.text(pfad, s)}, pfad}}
		}
	}
	return nil
}

// lies decodes one JSON value keeping the order of objects' keys.
func lies(dec *json.Decoder) (any, error) {
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	switch t := tok.(type) {
	case json.Delim:
		switch t {
		case '{':
			var o objekt
			for dec.More() {
				k, err := dec.Token()
				if err != nil {
					return nil, err
				}
				v, err := lies(dec)
				if err != nil {
					return nil, err
				}
				o = append(o, feld{name: k.(string), wert: v})
			}
			_, err := dec.Token()
			return o, err
		case '[':
			l := []any{}
			for dec.More() {
				v, err := lies(dec)
				if err != nil {
					return nil, err
				}
				l = append(l, v)
			}
			_, err := dec.Token()
			return l, err
		}
	}
	return tok, nil
}
