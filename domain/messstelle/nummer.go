package messstelle

import (
	"fmt"
	"strings"
)

// The Messstellen-Nr. (spec 000 §5, §9): 10 digits, a prefix of at most 6, the free middle
// part of exactly 2 and a suffix of at most 2 digits; the suffix follows from the type.
const (
	NummerLaenge = 10
	// EingabeLaenge bounds an entered number: its 10 digits with the separators „-“ the hint
	// allows (the ID field and the create body take at most this many characters; the lengths
	// table's messstellenId, which TestNummer_EingabeLaengeIstDieDerLaengentabelle holds equal).
	EingabeLaenge = 20
	PrefixLaenge  = 6
	FreiLaenge    = 2
	SuffixLaenge  = 2
)

// Messages of the number (spec 000 §5/§8; '…' of the spec is "Die Messstellennummer", our
// reading, docs/decisions.md).
const (
	MsgNummerWirdGeprueft = "Die Messstellennummer wird überprüft."
	MsgNummerVerfuegbar   = "Die Messstellennummer ist verfügbar."
	MsgNummerVergeben     = "Die Messstellennummer ist bereits vergeben."
	MsgNummerZuKurz       = "Die Messstellennummer ist zu kurz."
	MsgNummerZuLang       = "Die Messstellennummer ist zu lang."
	// HinweisNummer is the hint of the ID field, and the message when other characters come.
	HinweisNummer    = "Zahlen 0 – 9, als Trennzeichen nur „-“ zulässig"
	MsgAusgeschoepft = "Kombinationen Messtellen-Nr ausgeschöpft!"
	MsgSuffixTyp     = "Die letzten beiden Ziffern der Messstellennummer müssen zum Messstellentyp passen (%s)."
)

// Nummer is a number split into its parts (suggestedId {prefix, frei, suffix}).
type Nummer struct {
	Prefix string `json:"prefix"`
	Frei   string `json:"frei"`
	Suffix string `json:"suffix"`
}

// String is the 10-digit number.
func (n Nummer) String() string { return n.Prefix + n.Frei + n.Suffix }

// Bereinigt drops the separators „-“ (and surrounding blanks) of an entered number.
func Bereinigt(eingabe string) string {
	return strings.ReplaceAll(strings.TrimSpace(eingabe), "-", "")
}

func nurZiffern(s string) bool {
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

// PruefeNummer is the format check of an entered number ("" when it is well-formed): only
// digits with „-“ as separator, 10 digits without them.
func PruefeNummer(eingabe string) string {
	n := Bereinigt(eingabe)
	switch {
	case len(eingabe) > EingabeLaenge:
		return MsgNummerZuLang
	case !nurZiffern(n):
		return HinweisNummer
	case len(n) < NummerLaenge:
		return MsgNummerZuKurz
	case len(n) > NummerLaenge:
		return MsgNummerZuLang
	}
	return ""
}

// Zerlege splits a well-formed number into prefix (6), frei (2) and suffix (2).
func Zerlege(nr string) Nummer {
	nr = Bereinigt(nr)
	if len(nr) != NummerLaenge {
		return Nummer{}
	}
	return Nummer{Prefix: nr[:PrefixLaenge], Frei: nr[PrefixLaenge : PrefixLaenge+FreiLaenge], Suffix: nr[PrefixLaenge+FreiLaenge:]}
}

// Suffix is the suffix the type fixes: NR_1–NR_8 give 01–08, NR_12–NR_15 give 12–15; the
// other types leave it free (fest false, the spec's 'xx').
func Suffix(typ string) (suffix string, fest bool) {
	var n int
	if _, err := fmt.Sscanf(typ, "NR_%d", &n); err != nil || typ != fmt.Sprintf("NR_%d", n) {
		return "", false
	}
	if (n >= 1 && n <= 8) || (n >= 12 && n <= 15) {
		return fmt.Sprintf("%02d", n), true
	}
	return "", false
}

// reserviert tells whether a suffix is one a type fixes: a type with a free suffix does not
// take it, so the last two digits still tell the fixed types apart.
func reserviert(suffix string) bool {
	for _, t := range Typen {
		if s, fest := Suffix(t); fest && s == suffix {
			return true
		}
	}
	return false
}

// PasstZumTyp is "" when the number's suffix fits the type, else the message.
func PasstZumTyp(nr, typ string) string {
	s, fest := Suffix(typ)
	z := Zerlege(nr)
	switch {
	case fest && z.Suffix != s:
		return fmt.Sprintf(MsgSuffixTyp, s)
	case !fest && reserviert(z.Suffix):
		return fmt.Sprintf(MsgSuffixTyp, "keine der festen Endungen 01–08, 12–15")
	}
	return ""
}

// Praefix pads a prefix of at most 6 digits to 6 with leading zeros.
func Praefix(p string) string {
	if len(p) >= PrefixLaenge {
		return p
	}
	return strings.Repeat("0", PrefixLaenge-len(p)) + p
}

// Vorschlag suggests the first free number for a prefix and a type: frei counts up from 00,
// the suffix is the type's or, for a type with a free suffix, the first free one that no type
// fixes. vergeben tells whether a number is taken. ok is false when every combination is
// taken (MsgAusgeschoepft; the call answers 204).
func Vorschlag(prefix, typ string, vergeben func(nr string) bool) (Nummer, bool) {
	prefix = Praefix(prefix)
	suffixe := []string{}
	if s, fest := Suffix(typ); fest {
		suffixe = append(suffixe, s)
	} else {
		for i := 0; i < 100; i++ {
			if s := fmt.Sprintf("%02d", i); !reserviert(s) {
				suffixe = append(suffixe, s)
			}
		}
	}
	for f := 0; f < 100; f++ {
		for _, s := range suffixe {
			n := Nummer{Prefix: prefix, Frei: fmt.Sprintf("%02d", f), Suffix: s}
			if !vergeben(n.String()) {
				return n, true
			}
		}
	}
	return Nummer{}, false
}

// Verfuegbarkeit is the live text of the number field after the check (GET
// /messstelle/check-id): the format message, 'bereits vergeben' or 'verfügbar'. frei is what
// enables the save (the number is well-formed, 10 digits long and not taken); vergeben is the
// lookup's answer for Bereinigt(eingabe).
func Verfuegbarkeit(eingabe string, vergeben bool) (text string, frei bool) {
	switch msg := PruefeNummer(eingabe); {
	case msg != "":
		return msg, false
	case vergeben:
		return MsgNummerVergeben, false
	}
	return MsgNummerVerfuegbar, true
}
