package validierung

import (
	"strings"
	"unicode"
)

// Mehrzeilig are the text fields, by JSON name, that may hold line breaks and tabs: free texts
// that users write as paragraphs. Every other text field — names, designations, addresses,
// codes, user names, subjects — is one line: a name with a line break could stand as a line
// of its own in a mail or a list and pose as the authority's text (issue 27, item 8).
var Mehrzeilig = map[string]bool{
	"beschreibung":    true,
	"bemerkung":       true,
	"kommentar":       true,
	"aenderungsgrund": true,
	"begruendung":     true,
	"zusatztext":      true, // an Anforderung's additional text (spec 001 §5: multi-line)
}

// Messages of a text with characters its field does not allow.
const (
	MsgSteuerzeichen           = "Zeilenumbrüche und Steuerzeichen sind nicht erlaubt."
	MsgSteuerzeichenMehrzeilig = "Steuerzeichen sind nicht erlaubt."
)

// Zeichenfehler is the message for a text whose characters the field feld (a path such as
// "kontakte[0].email" or a plain name) does not allow, or "". A one-line field refuses every
// control character (tab and line breaks included), the Unicode line and paragraph separators
// and the invisible format characters (category Cf: zero-width characters, soft hyphen, the
// bidirectional controls that can make a text read backwards). A multi-line field (Mehrzeilig)
// allows tab, line feed and carriage return, and refuses the other control characters and the
// bidirectional controls.
func Zeichenfehler(feld, wert string) string {
	if Mehrzeilig[Feldname(feld)] {
		if strings.IndexFunc(wert, mehrzeiligVerboten) >= 0 {
			return MsgSteuerzeichenMehrzeilig
		}
		return ""
	}
	if strings.IndexFunc(wert, einzeiligVerboten) >= 0 {
		return MsgSteuerzeichen
	}
	return ""
}

func einzeiligVerboten(r rune) bool {
	return unicode.IsControl(r) || unicode.In(r, unicode.Zl, unicode.Zp, unicode.Cf)
}

func mehrzeiligVerboten(r rune) bool {
	return (unicode.IsControl(r) && r != '\t' && r != '\n' && r != '\r') || richtungswechsel(r)
}

// richtungswechsel tells whether r is a Unicode bidirectional control: the embeddings and
// overrides U+202A–U+202E, the isolates U+2066–U+2069 and the marks U+200E, U+200F, U+061C.
// With them "Rechnung\u202Efdp.exe" shows as "Rechnungexe.pdf".
func richtungswechsel(r rune) bool {
	switch {
	case r >= '\u202A' && r <= '\u202E', r >= '\u2066' && r <= '\u2069', r == '\u200E', r == '\u200F', r == '\u061C':
		return true
	}
	return false
}

// Zeichen records the message of Zeichenfehler for feld.
func (s *Sammler) Zeichen(feld, wert string) {
	if m := Zeichenfehler(feld, wert); m != "" {
		s.Feld(feld, m)
	}
}
