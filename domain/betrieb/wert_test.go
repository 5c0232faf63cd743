package betrieb

import (
	"errors"
	"math"
	"testing"

	"github.com/eabwasser/eabwasser/domain/validierung"
)

// Wert checks a number by the one rule for decimal strings (validierung.Dezimal), in the
// shortest exact decimal form of the float.
func TestWert_QuantitiesFollowTheSharedDecimalRule(t *testing.T) {
	zahl := func(f float64) *float64 { return &f }
	eins, zwei := 0.1, 0.2 // variables: constants would add exactly
	for _, c := range []struct {
		v   *float64
		msg string
	}{
		{nil, ""},
		{zahl(0), MsgPositiv},
		{zahl(-1), MsgPositiv},
		{zahl(0.001), ""},
		{zahl(12.5), ""},
		{zahl(9999999999.999), ""},
		{zahl(1e10), MsgWert},
		{zahl(1e21), MsgWert},
		{zahl(1.0001), MsgWert},
		{zahl(0.0001), MsgWert},
		{zahl(eins + zwei), MsgWert}, // 0.30000000000000004: what was sent counts, not a rounding of it
		{zahl(math.NaN()), MsgWert},
		{zahl(math.Inf(1)), MsgWert},
	} {
		var s validierung.Sammler
		Wert(&s, "f", c.v)
		var fe *validierung.Fehler
		switch err := s.Err(); {
		case c.msg == "" && err != nil:
			t.Errorf("Wert(%v): %v", c.v, err)
		case c.msg != "" && (!errors.As(err, &fe) || fe.Felder["f"] != c.msg):
			t.Errorf("Wert(%v): %v, want %q", *c.v, err, c.msg)
		}
	}
}
