package validierung

import (
	"regexp"
	"strings"

	"github.com/shopspring/decimal"
)

// Messages of the rule Wert (spec 000 §5, spec 001 §5), for every decimal an area takes, and of
// the German written form (spec 001 §1: dot for thousands, comma for decimals).
const (
	MsgWert           = "Der Wert darf maximal 10 Stellen vor und drei Stellen nach dem Komma haben!"
	MsgPositiv        = "Es muss ein positiver Wert angegeben werden!"
	MsgZahlOderNichts = "Es muss eine Zahl oder nichts eingegeben werden."
	MsgZahlFormat     = "Bitte geben Sie die Zahl im deutschen Format ein, z. B. 1.234,5: Komma vor den Nachkommastellen, Punkte nur zwischen Tausendergruppen."
)

// Bounds of the rule Wert: at most 10 digits before and 3 after the decimal point.
const (
	maxVorkomma  = 10
	maxNachkomma = 3
)

// deutsch is the one written form of a decimal a user types or imports as text (docs/decisions.md,
// "Numbers (issue 43): one reader"): digits, or digits grouped in threes by dots after a first
// group of one to three that does not begin with 0; then optionally a comma and digits. "1.000"
// is one thousand; "1.00", "0.4", "1.2345", "1.000.0", "1,2,3", ",5" and "5," are not of it.
var deutsch = regexp.MustCompile(`^(\d+|[1-9]\d{0,2}(?:\.\d{3})+)(?:,(\d+))?$`)

// zeichen are the characters of a written number: anything else (a sign, a blank, a letter, an
// exponent) is no number at all, not a number in the wrong form.
const zeichen = "0123456789.,"

// alt is the superseded written form (issue 30): digits, optionally "," or "." and digits — the
// point read as a decimal point. Values stored before issue 43 were checked by it.
var alt = regexp.MustCompile(`^(\d+)(?:[.,](\d+))?$`)

// hoechstwert is the first value with 11 digits before the point.
var hoechstwert = decimal.New(1, maxVorkomma)

// Zahl is a decimal read from text: its exact value and its digits as written (Vorkomma
// without the thousands dots, Nachkomma after the comma), which the rule Wert counts.
type Zahl struct {
	Wert      decimal.Decimal
	Vorkomma  string
	Nachkomma string
}

// Text is the number in the stored form: the digits as written, no thousands dots, a decimal
// comma ("1.234,50" → "1234,50").
func (z Zahl) Text() string {
	if z.Nachkomma == "" {
		return z.Vorkomma
	}
	return z.Vorkomma + "," + z.Nachkomma
}

// LiesZahl is the one reader of a decimal the user types or imports as text: the German form
// (deutsch). The message says why v is not one: MsgZahlOderNichts for a character no number has
// (signs, blanks, letters), MsgZahlFormat for digits, dots and commas in another arrangement
// — never guessed. "" is no number (MsgZahlOderNichts: callers take an empty field before).
func LiesZahl(v string) (z Zahl, fehler string) {
	if v == "" {
		return Zahl{}, MsgZahlOderNichts
	}
	if strings.Trim(v, zeichen) != "" {
		return Zahl{}, MsgZahlOderNichts
	}
	m := deutsch.FindStringSubmatch(v)
	if m == nil {
		return Zahl{}, MsgZahlFormat
	}
	return zahl(strings.ReplaceAll(m[1], ".", ""), m[2])
}

func zahl(vorkomma, nachkomma string) (Zahl, string) {
	text := vorkomma
	if nachkomma != "" {
		text += "." + nachkomma
	}
	d, err := decimal.NewFromString(text)
	if err != nil {
		return Zahl{}, MsgZahlOderNichts
	}
	return Zahl{Wert: d, Vorkomma: vorkomma, Nachkomma: nachkomma}, ""
}

// DezimalWert reads a decimal typed or imported as text (LiesZahl) as an exact decimal — never
// through float. ok is false for "" and for anything LiesZahl refuses; the bounds of the rule
// Wert are checked by Dezimal, not here. A value already stored is read by GespeicherterWert.
func DezimalWert(v string) (decimal.Decimal, bool) {
	z, msg := LiesZahl(v)
	return z.Wert, msg == ""
}

// GespeicherterWert reads a decimal string stored by an event or a document: by the German form
// where it applies, else in the superseded form with a decimal point ("0.4", "12.50", "1234.567"
// were stored by the rule of issue 30 and mean what they meant then). A value of both forms —
// one to three digits, a point and three digits ("1.000") — is read as the German form (one
// thousand; the rule of issue 30 read it as one): `eabwasser pruefe zahlen` lists those.
func GespeicherterWert(v string) (decimal.Decimal, bool) {
	if z, msg := LiesZahl(v); msg == "" {
		return z.Wert, true
	}
	return AlteLesart(v)
}

// AlteLesart is the reading of the superseded rule (issue 30): digits, optionally "," or "." as
// the decimal point and digits. Only for telling how a stored value was read before issue 43.
func AlteLesart(v string) (decimal.Decimal, bool) {
	m := alt.FindStringSubmatch(v)
	if m == nil {
		return decimal.Decimal{}, false
	}
	z, msg := zahl(m[1], m[2])
	return z.Wert, msg == ""
}

// Normalform is the stored form of a valid typed decimal: the thousands dots dropped, the digits
// and the comma as typed ("1.234,50" → "1234,50"); anything else unchanged (the rule refuses it).
// Commands store it, so that no new event holds a point.
func Normalform(v string) string {
	if z, msg := LiesZahl(v); msg == "" {
		return z.Text()
	}
	return v
}

// Dezimal checks a decimal string by the rule Wert: empty, or a positive number in the German
// form with at most 10 digits before and 3 after the comma. The digits after the comma count as
// written ("1,0000" has four); leading zeros before it do not count ("0012" has two), nor the
// thousands dots.
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
	z, msg := LiesZahl(v)
	switch {
	case msg != "":
		return msg
	case len(z.Nachkomma) > maxNachkomma || z.Wert.GreaterThanOrEqual(hoechstwert):
		return MsgWert
	case !z.Wert.IsPositive():
		return MsgPositiv
	}
	return ""
}
