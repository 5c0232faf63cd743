package validierung

import (
	"regexp"
	"strings"
)

// Messages of the rule Wert (spec 000 §5, spec 001 §5), for every decimal an area takes.
const (
	MsgWert           = "Der Wert darf maximal 10 Stellen vor und drei Stellen nach dem Komma haben!"
	MsgPositiv        = "Es muss ein positiver Wert angegeben werden!"
	MsgZahlOderNichts = "Es muss eine Zahl oder nichts eingegeben werden."
)

var dezimal = regexp.MustCompile(`^(\d+)(?:[.,](\d+))?$`)

// Dezimal checks a decimal string by the rule Wert: empty, or a positive number with at most
// 10 digits before and 3 after the decimal point ("," or ".").
func Dezimal(s *Sammler, feld, v string) {
	if v == "" {
		return
	}
	m := dezimal.FindStringSubmatch(v)
	switch {
	case m == nil:
		s.Feld(feld, MsgZahlOderNichts)
	case len(strings.TrimLeft(m[1], "0")) > 10 || len(m[2]) > 3:
		s.Feld(feld, MsgWert)
	case strings.Trim(m[1]+m[2], "0") == "":
		s.Feld(feld, MsgPositiv)
	}
}
