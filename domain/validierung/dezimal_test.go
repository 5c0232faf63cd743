package validierung

import (
	"errors"
	"testing"
)

// The client mirror (frontend/src/features/messstelle/components/werte.ts pruefeWert) is tested
// with the same table in werte.test.ts next to it.
func TestDezimal_TheRuleWertAtItsEdges(t *testing.T) {
	for _, c := range []struct{ wert, msg string }{
		{"", ""},
		{"0", MsgPositiv},
		{"0,000", MsgPositiv},
		{"000", MsgPositiv},
		{"0,001", ""},
		{"0.001", ""},
		{"1", ""},
		{"12,5", ""},
		{"007", ""},
		{"9999999999,999", ""},
		{"9999999999.999", ""},
		{"00009999999999", ""}, // leading zeros do not count
		{"10000000000", MsgWert},
		{"10000000000,5", MsgWert},
		{"1,0001", MsgWert},
		{"1,0000", MsgWert}, // the digits after the point count as written
		{"0,0000", MsgWert},
		{"1e3", MsgZahlOderNichts},
		{"1E3", MsgZahlOderNichts},
		{"1.000,5", MsgZahlOderNichts}, // no thousands separators
		{"1,000.5", MsgZahlOderNichts},
		{"-1", MsgZahlOderNichts},
		{"+1", MsgZahlOderNichts},
		{" 1", MsgZahlOderNichts},
		{"1 ", MsgZahlOderNichts},
		{",5", MsgZahlOderNichts},
		{"5,", MsgZahlOderNichts},
		{"1,2,3", MsgZahlOderNichts},
		{"NaN", MsgZahlOderNichts},
		{"Inf", MsgZahlOderNichts},
		{"0x10", MsgZahlOderNichts},
		{"١٢", MsgZahlOderNichts}, // digits of other scripts
		{"abc", MsgZahlOderNichts},
	} {
		if got := DezimalFehler(c.wert); got != c.msg {
			t.Errorf("DezimalFehler(%q) = %q, want %q", c.wert, got, c.msg)
		}
		var s Sammler
		Dezimal(&s, "wert", c.wert)
		var fe *Fehler
		switch err := s.Err(); {
		case c.msg == "" && err != nil:
			t.Errorf("Dezimal(%q): %v", c.wert, err)
		case c.msg != "" && (!errors.As(err, &fe) || fe.Felder["wert"] != c.msg):
			t.Errorf("Dezimal(%q): %v, want %q", c.wert, err, c.msg)
		}
	}
}

func TestDezimalWert_ReadsExactlyWithCommaOrPoint(t *testing.T) {
	for _, c := range []struct{ wert, want string }{
		{"12,5", "12.5"}, {"0.001", "0.001"}, {"007", "7"}, {"9999999999,999", "9999999999.999"},
		{"0,1", "0.1"}, {"123456789012345678901234567890,123456", "123456789012345678901234567890.123456"},
	} {
		d, ok := DezimalWert(c.wert)
		if !ok || d.String() != c.want {
			t.Errorf("DezimalWert(%q) = %s, %v; want %s", c.wert, d, ok, c.want)
		}
	}
	// exact: 0,1 + 0,2 is 0,3 (a float would say 0.30000000000000004)
	a, _ := DezimalWert("0,1")
	b, _ := DezimalWert("0,2")
	if c, _ := DezimalWert("0,3"); !a.Add(b).Equal(c) {
		t.Errorf("0,1 + 0,2 = %s", a.Add(b))
	}
	for _, v := range []string{"", "1e3", "-1", " 1", ",5", "1.000,5", "abc"} {
		if _, ok := DezimalWert(v); ok {
			t.Errorf("DezimalWert(%q) ok", v)
		}
	}
}
