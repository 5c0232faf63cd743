package validierung

import (
	"regexp"
	"strings"

	"github.com/shopspring/decimal"
)

// Messages of the rule Wert (spec 000 §5, spec 001 §5), for every decimal an area takes.
const (
	MsgWert           = "Der Wert darf maximal 10 Stellen vor und drei Stellen nach dem Komma haben!"
	MsgPositiv        = "Es muss ein positiver Wert angegeben werden!"
	MsgZahlOderNichts = "Es muss eine Zahl oder nichts eingegeben werden."
)

// Bounds of the rule Wert: at most 10 digits before and 3 after the decimal point.
const (
	maxVorkomma  = 10
	maxNachkomma = 3
)

// dezimal is the written form of a decimal: digits, optionally a decimal point ("," or ".")
// and digits. No sign, no blanks, no exponent, no thousands separators: "1.000,5" is refused,
// "1.000" is one (docs/decisions.md, "Bescheide (issue 30): lookups, decimal values, water book").
var dezimal = regexp.MustCompile(`^(\d+)(?:[.,](\d+))?$`)

// hoechstwert is the first value with 11 digits before the point.
var hoechstwert = decimal.New(1, maxVorkomma)

// DezimalWert reads a decimal string of the written form of the rule Wert ("12,5", "0.001",
// "007") as an exact decimal, for areas that compute with values (sums, comparisons) — never
// through float. ok is false for "" and for anything not of that form; the bounds of the rule
// are checked by Dezimal, not here.
func DezimalWert(v string) (decimal.Decimal, bool) {
	m := dezimal.FindStringSubmatch(v)
	if m == nil {
		return decimal.Decimal{}, false
	}
	text := m[1]
	if m[2] != "" {
		text += "." + m[2]
	}
	d, err := decimal.NewFromString(text)
	return d, err == nil
}

// Dezimal checks a decimal string by the rule Wert: empty, or a positive number with at most
// 10 digits before and 3 after the decimal point ("," or "."). The digits after the point
// count as written ("1,0000" has four); leading zeros before it do not count ("0012" has two).
func Dezimal(s *Sammler, feld, v string) {
	if msg := DezimalFehler(v); msg != "" {
		s.Feld(feld, msg)
	}
}

// DezimalFehler is the message of the rule Wert for v ("" when v is empty or valid).
func DezimalFehler(v string) string {
	if v == "" {
		return ""
	}
	d, ok := DezimalWert(v)
	if !ok {
		return MsgZahlOderNichts
	}
	nachkomma := ""
	if i := strings.IndexAny(v, ".,"); i >= 0 {
		nachkomma = v[i+1:]
	}
	switch {
	case len(nachkomma) > maxNachkomma || d.GreaterThanOrEqual(hoechstwert):
		return MsgWert
	case !d.IsPositive():
		return MsgPositiv
	}
	return ""
}
