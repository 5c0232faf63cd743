package messstelle

import (
	"strings"
	"testing"

	"github.com/eabwasser/eabwasser/domain/validierung"
)

func TestNummer_EingabeLaengeIstDieDerLaengentabelle(t *testing.T) {
	if got := validierung.Hoechstlaenge("messstellenId"); got != EingabeLaenge {
		t.Fatalf("lengths table messstellenId %d, EingabeLaenge %d", got, EingabeLaenge)
	}
}

func TestPruefeNummer(t *testing.T) {
	for _, tc := range []struct{ eingabe, want string }{
		{"1111110001", ""},
		{"111111-00-01", ""}, // separators „-“ are allowed
		{"11111100", MsgNummerZuKurz},
		{"", MsgNummerZuKurz},
		{"11111100011", MsgNummerZuLang},
		{"1-1-1-1-1-1-0-0-0-1", ""},                                  // 19 characters: within the entry's bound
		{"1-1-1-1-1-1-0-0-0-1--", MsgNummerZuLang},                   // 21 characters
		{strings.Repeat("-", 10000) + "1111110001", MsgNummerZuLang}, // no unbounded input
		{"11111a0001", HinweisNummer},
		{"111111 0001", HinweisNummer},
		{"111111/0001", HinweisNummer},
	} {
		if got := PruefeNummer(tc.eingabe); got != tc.want {
			t.Errorf("PruefeNummer(%q) = %q, want %q", tc.eingabe, got, tc.want)
		}
	}
}

func TestSuffix_FollowsTheType(t *testing.T) {
	for _, tc := range []struct {
		typ    string
		suffix string
		fest   bool
	}{
		{"NR_1", "01", true}, {"NR_8", "08", true}, {"NR_9", "", false}, {"NR_11", "", false},
		{"NR_12", "12", true}, {"NR_15", "15", true}, {"NR_20", "", false}, {"NR_30", "", false},
		{"NR_01", "", false}, {"XY", "", false}, {"", "", false},
	} {
		s, fest := Suffix(tc.typ)
		if s != tc.suffix || fest != tc.fest {
			t.Errorf("Suffix(%q) = %q, %v; want %q, %v", tc.typ, s, fest, tc.suffix, tc.fest)
		}
	}
}

func TestPasstZumTyp(t *testing.T) {
	for _, tc := range []struct {
		nr, typ string
		ok      bool
	}{
		{"1111110008", "NR_8", true},
		{"1111110007", "NR_8", false},
		{"1111110013", "NR_13", true},
		{"1111110099", "NR_20", true},
		{"1111110003", "NR_20", false}, // a free type does not take a fixed suffix
		{"1111110012", "NR_12", true},
	} {
		if got := PasstZumTyp(tc.nr, tc.typ) == ""; got != tc.ok {
			t.Errorf("PasstZumTyp(%q, %q) ok = %v, want %v", tc.nr, tc.typ, got, tc.ok)
		}
	}
}

func TestVorschlag(t *testing.T) {
	keine := func(string) bool { return false }
	alle := func(string) bool { return true }
	belegt := func(nrs ...string) func(string) bool {
		return func(nr string) bool {
			for _, x := range nrs {
				if x == nr {
					return true
				}
			}
			return false
		}
	}
	for _, tc := range []struct {
		name     string
		prefix   string
		typ      string
		vergeben func(string) bool
		want     string
		ok       bool
	}{
		{"given nothing taken, when NR_8, then frei 00 and suffix 08", "111000", "NR_8", keine, "1110000008", true},
		{"given a short prefix, then it is padded", "7111", "NR_1", keine, "0071110001", true},
		{"given 00 taken, when NR_8, then frei 01", "111000", "NR_8", belegt("1110000008"), "1110000108", true},
		{"given a free type, then the first suffix no type fixes", "111000", "NR_20", keine, "1110000000", true},
		{"given 00 taken, when a free type, then 09 (01–08 are fixed)", "111000", "NR_9", belegt("1110000000"), "1110000009", true},
		{"given everything taken, then exhausted", "111000", "NR_8", alle, "", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			n, ok := Vorschlag(tc.prefix, tc.typ, tc.vergeben)
			if ok != tc.ok || (ok && n.String() != tc.want) {
				t.Fatalf("Vorschlag = %q, %v; want %q, %v", n.String(), ok, tc.want, tc.ok)
			}
			if ok && (PruefeNummer(n.String()) != "" || PasstZumTyp(n.String(), tc.typ) != "") {
				t.Fatalf("suggested %q does not pass its own rules", n)
			}
		})
	}
}

func TestZerlege(t *testing.T) {
	if n := Zerlege("111111-22-33"); n != (Nummer{Prefix: "111111", Frei: "22", Suffix: "33"}) {
		t.Fatalf("Zerlege = %+v", n)
	}
}

func TestVerfuegbarkeit(t *testing.T) {
	for _, tc := range []struct {
		eingabe  string
		vergeben bool
		text     string
		frei     bool
	}{
		{"1110000108", false, MsgNummerVerfuegbar, true},
		{"111000-01-08", true, MsgNummerVergeben, false},
		{"111000", false, MsgNummerZuKurz, false},
		{"11100001x8", false, HinweisNummer, false},
	} {
		if text, frei := Verfuegbarkeit(tc.eingabe, tc.vergeben); text != tc.text || frei != tc.frei {
			t.Errorf("Verfuegbarkeit(%q, %v) = %q, %v; want %q, %v", tc.eingabe, tc.vergeben, text, frei, tc.text, tc.frei)
		}
	}
}
