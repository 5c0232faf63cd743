package bescheid

import (
	"strings"

	"github.com/eabwasser/eabwasser/domain/historie"
)

// Anzeigename names a Bescheid for people, from its Bescheidart, Bescheidsdatum (ISO) and
// Aktenzeichen: "Wasserrechtliche Erlaubnis (§ 8 WHG) vom 01.03.2024, Az. 31-2/24". An empty part
// is left out with its joint (" vom ", ", Az. "); so Anzeigename(art, datum, "") is the short name
// the lists and the evaluation show. Every screen, list, print and message names a Bescheid with it.
func Anzeigename(art, datum, aktenzeichen string) string {
	s := art
	if datum != "" {
		s += " vom " + historie.DeutschesDatum(datum)
	}
	if aktenzeichen != "" {
		s += ", Az. " + aktenzeichen
	}
	return s
}

// Aktentitel is a Bescheid's title on its print: the Aktenzeichen and the date,
// "31-2/24 vom 01.03.2024" (the Bescheidart heads the print already).
func Aktentitel(aktenzeichen, datum string) string {
	t := aktenzeichen
	if datum != "" {
		t += " vom " + historie.DeutschesDatum(datum)
	}
	return strings.TrimSpace(t)
}
