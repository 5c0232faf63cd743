package anlage

import (
	"cmp"
	"fmt"
	"slices"
)

// EndeOffen is the end year of the current disposal-responsibility period (spec 000 §4).
const EndeOffen = 3000

// Veranlagungszeitraum is an assignment of disposal responsibility with its period: from its
// start year to EndJahr, and the period as the screen shows it.
type Veranlagungszeitraum struct {
	Veranlagung
	EndJahr  int    `json:"endJahr"`
	Zeitraum string `json:"zeitraum"`
}

// Zeitraeume derives the periods of the assignments (spec 000 §4): sorted by start year, each
// ends in the year before the next start — in its own start year when the next starts in the
// same year — and the last ends in EndeOffen, labelled '(aktuell)'. The form mirrors the rule
// (frontend/src/features/anlage/components/werte.ts); testdata/zeitraeume.json holds the cases
// both are tested with.
func Zeitraeume(liste []Veranlagung) []Veranlagungszeitraum {
	out := make([]Veranlagungszeitraum, len(liste))
	for i, v := range liste {
		out[i].Veranlagung = v
	}
	slices.SortStableFunc(out, func(a, b Veranlagungszeitraum) int { return cmp.Compare(a.StartJahr, b.StartJahr) })
	for i := range out {
		v := &out[i]
		switch {
		case i == len(out)-1:
			v.EndJahr = EndeOffen
			v.Zeitraum = fmt.Sprintf("ab %d (aktuell)", v.StartJahr)
			continue
		case out[i+1].StartJahr == v.StartJahr:
			v.EndJahr = v.StartJahr
		default:
			v.EndJahr = out[i+1].StartJahr - 1
		}
		v.Zeitraum = fmt.Sprintf("%d–%d", v.StartJahr, v.EndJahr)
		if v.EndJahr == v.StartJahr {
			v.Zeitraum = fmt.Sprint(v.StartJahr)
		}
	}
	return out
}
