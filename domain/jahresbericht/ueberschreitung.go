package jahresbericht

import (
	"fmt"
	"slices"
	"sort"
	"time"

	"github.com/shopspring/decimal"

	"github.com/eabwasser/eabwasser/domain/bescheid"
	"github.com/eabwasser/eabwasser/domain/validierung"
)

// The kinds of Anforderung value the evaluation compares with: the entries of the value list
// anforderung-wert (an Anforderung's artAnforderungWert). Other kinds (Mittelwert,
// Jahresmittelwert, …) are not evaluated here.
const (
	Ueberwachungswert = "Überwachungswert"
	Hoechstwert       = "Höchstwert"
)

// Grenzwert is one Anforderung's value as the evaluation needs it: its kind, its decimal value
// (rule Wert) and its validity (yyyy-MM-dd; empty: open).
type Grenzwert struct {
	AnforderungID int64  `json:"anforderungId"`
	Art           string `json:"art"`
	Wert          string `json:"wert"`
	GueltigAb     string `json:"gueltigAb"`
	GueltigBis    string `json:"gueltigBis"`
}

// GrenzwerteAus are the limits parameter p is compared with among the Anforderungen of the
// released Bescheide of its plant's operation: those at its measuring point for its parameter
// (of its kind of parameter when both name one), Überwachungswerte and Höchstwerte.
func GrenzwerteAus(p Parameter, anforderungen []bescheid.Anforderung) []Grenzwert {
	var out []Grenzwert
	for _, a := range anforderungen {
		if a.Messstelle != p.Messstelle || a.ParameterNr != p.ParameterNr || (a.ParameterArt != "" && p.ParameterArt != "" && a.ParameterArt != p.ParameterArt) ||
			(a.ArtAnforderungWert != Ueberwachungswert && a.ArtAnforderungWert != Hoechstwert) {
			continue
		}
		out = append(out, Grenzwert{AnforderungID: a.AnforderungID, Art: a.ArtAnforderungWert, Wert: a.Wert,
			GueltigAb: a.GueltigAb, GueltigBis: a.GueltigBis})
	}
	return out
}

// Vergleich is one measured value compared with the Grenzwert of one kind valid on its date.
// Index is the row in the parameter's values. Gerundet is the value at the parameter's Stellen
// (§ 6 Abs. 2 AbwV), which is compared. Ueberschritten: the rounded value is above the limit
// (equal keeps it) and no TOC or TNb keeps it (§ 6 Abs. 3, 3a: Ersatzwert says how);
// UeberHundertProzent: above twice the limit. Eingehalten: for a Höchstwert not exceeded; for an
// Überwachungswert not exceeded or kept by the 4-of-5 rule, the results that decide that being
// Massgeblich (row indexes, oldest first, this one last). Regel is the paragraph that decided,
// Erlaeuterung the verdict in German (abwv.go).
type Vergleich struct {
	Index               int    `json:"index"`
	Datum               string `json:"datum"`
	Uhrzeit             string `json:"uhrzeit,omitempty"`
	Wert                string `json:"wert"`
	Art                 string `json:"art"`
	AnforderungID       int64  `json:"anforderungId"`
	Grenzwert           string `json:"grenzwert"`
	Ueberschritten      bool   `json:"ueberschritten"`
	UeberHundertProzent bool   `json:"ueberHundertProzent"`
	Eingehalten         bool   `json:"eingehalten"`
	Massgeblich         []int  `json:"massgeblich,omitempty"`
	Stellen             int    `json:"stellen"`
	Gerundet            string `json:"gerundet"`
	Ersatzwert          string `json:"ersatzwert,omitempty"`
	Regel               string `json:"regel"`
	Erlaeuterung        string `json:"erlaeuterung"`
}

// Bewertung says whether a parameter kept the values of one kind over the values given, with
// the comparisons that decide it: for an Überwachungswert the five (or fewer) results of the
// first value not kept, or of the latest value when all are kept; for a Höchstwert its
// exceedances.
type Bewertung struct {
	Art         string      `json:"art"`
	Eingehalten bool        `json:"eingehalten"`
	Massgeblich []Vergleich `json:"massgeblich"`
}

// Auswertung is the evaluation of one parameter's values: every comparison in date order and
// one Bewertung per kind that applied to at least one value (Überwachungswert first).
type Auswertung struct {
	Vergleiche  []Vergleich `json:"vergleiche"`
	Bewertungen []Bewertung `json:"bewertungen"`
}

// Fenster of the 4-of-5 rule (§ 6 Abs. 1 AbwV): this result and the four before it …
const Fenster = 5

// … of which at least four must not exceed the value, none by more than 100 percent, and
// results more than three years older than this one do not count.
const (
	MindestensEingehalten = 4
	Rueckblick            = 3 // years
)

// Stichtag is the day a stored date stands for when it is compared with an Anforderung: the
// day itself, the last day of a month (yyyy-MM) or of a year (yyyy) — a value of a period is
// its result at the period's end.
func Stichtag(datum string) string {
	switch len(datum) {
	case len("2006-01"):
		if t, err := time.Parse("2006-01", datum); err == nil {
			return t.AddDate(0, 1, -1).Format(Datumsformat)
		}
	case len("2006"):
		return datum + "-12-31"
	}
	return datum
}

// Massgebend is the Grenzwert of kind art valid on day tag (yyyy-MM-dd): gueltigAb ≤ tag ≤
// gueltigBis, both days included. Where two are valid — on the day one Anforderung ends and the
// next begins, or from two Bescheide — the one that began last applies, and of those the lower
// value.
func Massgebend(grenzwerte []Grenzwert, art, tag string) (Grenzwert, decimal.Decimal, bool) {
	var best Grenzwert
	var bestWert decimal.Decimal
	gefunden := false
	for _, g := range grenzwerte {
		w, ok := validierung.GespeicherterWert(g.Wert)
		if g.Art != art || !ok || (g.GueltigAb != "" && tag < g.GueltigAb) || (g.GueltigBis != "" && tag > g.GueltigBis) {
			continue
		}
		if !gefunden || g.GueltigAb > best.GueltigAb || (g.GueltigAb == best.GueltigAb && w.LessThan(bestWert)) {
			best, bestWert, gefunden = g, w, true
		}
	}
	return best, bestWert, gefunden
}

// BewerteNachAbwV compares each measured value (column wert) with the Anforderungen of the
// parameter valid on its date and evaluates them: a Höchstwert is kept by a value only when the
// value does not exceed it — every exceedance counts; an Überwachungswert by the rule of § 6
// Abs. 1 AbwV — a value that exceeds it still counts as kept when, of its result and the four
// results before it (in date order, each compared with the Überwachungswert valid on its own
// date, those more than three years older left out), at least four do not exceed their value and
// none exceeds it by more than 100 percent. With fewer than five results four that keep the
// value cannot be had when one exceeds it, so an exceedance then counts: the regulation's "in
// vier Fällen" is read as written. A value of exactly twice the limit exceeds it by 100
// percent, not more. Rows without a value or a valid date are left out.
//
// vorwerte are the values of the same measuring point and parameter in the plant's reports of
// the three years before (oldest first). They count in the 4-of-5 windows of the year's first
// results — the regulation looks at the last five results, not at the calendar year — but are
// not evaluated themselves: Vergleiche and Bewertungen speak of messwerte only (Index into
// messwerte), and a result of an earlier year among the deciding ones has Index -1 (it names
// its Datum).
//
// With the parameter's Regeln every value is compared rounded to the parameter's significant
// digits (§ 6 Abs. 2 AbwV, at least two), and a CSB or N gesamt value above its limit does not
// exceed it when four times the TOC (the TNb) of the same date and time at the same measuring
// point does not (§ 6 Abs. 3, 3a AbwV).
func BewerteNachAbwV(vorwerte, messwerte []Messwert, grenzwerte []Grenzwert, r Regeln) Auswertung {
	ab := len(vorwerte)
	alle := append(slices.Clip(vorwerte), messwerte...)
	aus := bewerte(alle, grenzwerte, ab, r)
	index := func(i int) int {
		if i < ab {
			return -1
		}
		return i - ab
	}
	verschieben := func(v *Vergleich) {
		v.Index = index(v.Index)
		var m []int
		for _, i := range v.Massgeblich {
			if i >= ab {
				m = append(m, i-ab)
			}
		}
		v.Massgeblich = m
	}
	for i := range aus.Vergleiche {
		verschieben(&aus.Vergleiche[i])
	}
	for _, b := range aus.Bewertungen {
		for i := range b.Massgeblich {
			verschieben(&b.Massgeblich[i])
		}
	}
	return aus
}

// bewerte evaluates the results from index ab of messwerte, the results before counting in
// the windows only.
func bewerte(messwerte []Messwert, grenzwerte []Grenzwert, ab int, r Regeln) Auswertung {
	type ergebnis struct {
		index int
		tag   string
		m     Messwert
		wert  decimal.Decimal
	}
	var ergebnisse []ergebnis
	for i, m := range messwerte {
		w, ok := validierung.GespeicherterWert(m.Messgroesse())
		tag := Stichtag(m.Datum)
		if _, err := time.Parse(Datumsformat, tag); !ok || err != nil {
			continue
		}
		ergebnisse = append(ergebnisse, ergebnis{index: i, tag: tag, m: m, wert: w})
	}
	sort.SliceStable(ergebnisse, func(a, b int) bool {
		x, y := ergebnisse[a], ergebnisse[b]
		return x.tag < y.tag || (x.tag == y.tag && x.m.Uhrzeit < y.m.Uhrzeit)
	})
	var aus Auswertung
	for _, art := range []string{Ueberwachungswert, Hoechstwert} {
		var reihe []Vergleich
		var grenzen []Grenzwert // the limit of each comparison, for its explanation
		for _, e := range ergebnisse {
			g, grenze, ok := Massgebend(grenzwerte, art, e.tag)
			if !ok {
				continue
			}
			gerundet := Runde(e.wert, r.stellen())
			v := Vergleich{Index: e.index, Datum: e.m.Datum, Uhrzeit: e.m.Uhrzeit, Wert: e.m.Messgroesse(), Art: art,
				AnforderungID: g.AnforderungID, Grenzwert: g.Wert, Ueberschritten: gerundet.GreaterThan(grenze),
				UeberHundertProzent: gerundet.GreaterThan(grenze.Add(grenze)), Stellen: r.stellen(),
				Gerundet: Stellentext(e.wert, r.stellen()), Regel: RegelAbs2}
			if v.Ueberschritten && r.Ersatz != nil {
				if x, text, ok := r.Ersatz.wertAm(e.m.Datum, e.m.Uhrzeit); ok && !x.GreaterThan(grenze) {
					v.Ueberschritten, v.UeberHundertProzent, v.Ersatzwert, v.Regel = false, false, text, r.Ersatz.Regel
				}
			}
			v.Eingehalten = !v.Ueberschritten
			if v.Ueberschritten {
				v.Regel = RegelHoechstwert
				if art == Ueberwachungswert {
					v.Regel = RegelAbs1
				}
			}
			grenzen = append(grenzen, g)
			reihe = append(reihe, v)
		}
		if !slices.ContainsFunc(reihe, func(v Vergleich) bool { return v.Index >= ab }) {
			continue
		}
		b := Bewertung{Art: art, Eingehalten: true}
		if art == Ueberwachungswert {
			b = vierAusFuenf(reihe, grenzen, ab)
		} else {
			for i := range reihe {
				reihe[i].Erlaeuterung = erlaeutere(reihe[i], grenzen[i], nil)
			}
			for _, v := range reihe {
				if v.Ueberschritten && v.Index >= ab {
					b.Eingehalten, b.Massgeblich = false, append(b.Massgeblich, v)
				}
			}
		}
		for _, v := range reihe {
			if v.Index >= ab {
				aus.Vergleiche = append(aus.Vergleiche, v)
			}
		}
		aus.Bewertungen = append(aus.Bewertungen, b)
	}
	return aus
}

// vierAusFuenf applies the 4-of-5 rule to the comparisons with an Überwachungswert (in date
// order) in place and returns the parameter's Bewertung of the results from row ab on.
func vierAusFuenf(reihe []Vergleich, grenzen []Grenzwert, ab int) Bewertung {
	b := Bewertung{Art: Ueberwachungswert, Eingehalten: true}
	var entscheidend []Vergleich
	for j := range reihe {
		grenze := frueheste(reihe[j].Datum)
		var fenster []Vergleich
		for i := max(0, j-Fenster+1); i <= j; i++ {
			if Stichtag(reihe[i].Datum) >= grenze {
				fenster = append(fenster, reihe[i])
			}
		}
		eingehalten, ueberHundert := 0, false
		for _, v := range fenster {
			if !v.Ueberschritten {
				eingehalten++
			}
			ueberHundert = ueberHundert || v.UeberHundertProzent
		}
		v := &reihe[j]
		v.Eingehalten = !v.Ueberschritten || (eingehalten >= MindestensEingehalten && !ueberHundert)
		for _, f := range fenster {
			v.Massgeblich = append(v.Massgeblich, f.Index)
		}
		v.Erlaeuterung = erlaeutere(*v, grenzen[j], fenster)
		fenster[len(fenster)-1] = *v
		if v.Index < ab {
			continue
		}
		if b.Eingehalten {
			entscheidend = fenster
		}
		if !v.Eingehalten && b.Eingehalten {
			b.Eingehalten = false
		}
	}
	b.Massgeblich = entscheidend
	return b
}

// VorwerteAb is the first day whose results count for a report of jahr: 1 January three
// years before.
func VorwerteAb(jahr int) string { return fmt.Sprintf("%04d-01-01", jahr-Rueckblick) }

// frueheste is the first day a result may lie on to count for a result of datum: three years
// before it (§ 6 Abs. 1 Satz 2 AbwV: older checks are left out).
func frueheste(datum string) string {
	t, _ := time.Parse(Datumsformat, Stichtag(datum))
	return t.AddDate(-Rueckblick, 0, 0).Format(Datumsformat)
}
