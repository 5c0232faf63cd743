package jahresbericht

import (
	"fmt"
	"reflect"
	"testing"
)

var (
	uew90 = Grenzwert{AnforderungID: 100, Art: Ueberwachungswert, Wert: "90", GueltigAb: "2024-03-01", GueltigBis: "3000-01-01"}
	hw180 = Grenzwert{AnforderungID: 101, Art: Hoechstwert, Wert: "180", GueltigAb: "2024-03-01", GueltigBis: "3000-01-01"}
)

// werte are daily values from 1 March 2025 on, one a week.
func werte(ws ...string) []Messwert {
	out := make([]Messwert, len(ws))
	for i, w := range ws {
		out[i] = Messwert{Datum: fmt.Sprintf("2025-03-%02d", 1+7*(i%4)), Wert: w}
		if i >= 4 {
			out[i].Datum = fmt.Sprintf("2025-%02d-%02d", 4+(i-4)/4, 1+7*(i%4))
		}
	}
	return out
}

type erwartet struct {
	eingehalten []bool // per value in date order
	bewertung   bool
	massgeblich []int // row indexes of the Bewertung's deciding comparisons
}

func pruefeAuswertung(t *testing.T, a Auswertung, art string, want erwartet) {
	t.Helper()
	var eingehalten []bool
	for _, v := range a.Vergleiche {
		if v.Art == art {
			eingehalten = append(eingehalten, v.Eingehalten)
		}
	}
	var b *Bewertung
	for i := range a.Bewertungen {
		if a.Bewertungen[i].Art == art {
			b = &a.Bewertungen[i]
		}
	}
	if b == nil {
		t.Fatalf("no Bewertung for %s: %+v", art, a)
	}
	var massgeblich []int
	for _, v := range b.Massgeblich {
		massgeblich = append(massgeblich, v.Index)
	}
	if !reflect.DeepEqual(eingehalten, want.eingehalten) || b.Eingehalten != want.bewertung || !reflect.DeepEqual(massgeblich, want.massgeblich) {
		t.Fatalf("%s: values %v, parameter %v by %v; want %v, %v by %v", art, eingehalten, b.Eingehalten, massgeblich,
			want.eingehalten, want.bewertung, want.massgeblich)
	}
}

// TestBewerte_VierAusFuenf: § 6 Abs. 1 AbwV — an exceeded Überwachungswert still counts as kept
// when four of this and the four preceding results keep it and none exceeds it by more than
// 100 percent.
func TestBewerte_VierAusFuenf(t *testing.T) {
	for _, tc := range []struct {
		name  string
		werte []Messwert
		want  erwartet
	}{
		{"fewer than five results, none above: kept", werte("50", "60", "90"),
			erwartet{[]bool{true, true, true}, true, []int{0, 1, 2}}},
		{"fewer than five results, one above: four that keep it cannot be had", werte("50", "60", "70", "95"),
			erwartet{[]bool{true, true, true, false}, false, []int{0, 1, 2, 3}}},
		{"one of five above by 50 percent: kept", werte("50", "60", "70", "80", "135"),
			erwartet{[]bool{true, true, true, true, true}, true, []int{0, 1, 2, 3, 4}}},
		{"one of five exactly 100 percent above: not more than 100 percent, kept", werte("50", "60", "70", "80", "180"),
			erwartet{[]bool{true, true, true, true, true}, true, []int{0, 1, 2, 3, 4}}},
		{"one of five over 100 percent above at two significant digits (185 → 190): not kept", werte("50", "60", "70", "80", "185"),
			erwartet{[]bool{true, true, true, true, false}, false, []int{0, 1, 2, 3, 4}}},
		// § 6 Abs. 2 AbwV: 180,001 at two significant digits is 180, exactly 100 percent above
		{"just over 100 percent only beyond the significant digits: kept", werte("50", "60", "70", "80", "180,001"),
			erwartet{[]bool{true, true, true, true, true}, true, []int{0, 1, 2, 3, 4}}},
		{"a result over 100 percent keeps the four after it from being forgiven", werte("50", "60", "70", "80", "190", "50", "95"),
			erwartet{[]bool{true, true, true, true, false, true, false}, false, []int{0, 1, 2, 3, 4}}},
		{"two of five above: not kept; the first decides", werte("50", "60", "70", "80", "95", "60", "70", "80", "95"),
			erwartet{[]bool{true, true, true, true, true, true, true, true, false}, false, []int{4, 5, 6, 7, 8}}},
		{"equal to the value is keeping it", werte("90", "90", "90", "90", "90"),
			erwartet{[]bool{true, true, true, true, true}, true, []int{0, 1, 2, 3, 4}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			pruefeAuswertung(t, BewerteNachAbwV(nil, tc.werte, []Grenzwert{uew90}, Regeln{}), Ueberwachungswert, tc.want)
		})
	}
}

func TestBewerte_InDateOrderNotRowOrder(t *testing.T) {
	ms := []Messwert{{Datum: "2025-06-01", Wert: "95"}, {Datum: "2025-01-01", Wert: "50"}, {Datum: "2025-02-01", Wert: "50"},
		{Datum: "2025-03-01", Wert: "50"}, {Datum: "2025-04-01", Wert: "50"}, {Datum: "2025-05-01", Wert: "50"}}
	a := BewerteNachAbwV(nil, ms, []Grenzwert{uew90}, Regeln{})
	pruefeAuswertung(t, a, Ueberwachungswert, erwartet{[]bool{true, true, true, true, true, true}, true, []int{2, 3, 4, 5, 0}})
	if last := a.Vergleiche[5]; last.Index != 0 || !last.Ueberschritten || !reflect.DeepEqual(last.Massgeblich, []int{2, 3, 4, 5, 0}) {
		t.Fatalf("%+v", last)
	}
}

// TestBewerte_TheDayAnAnforderungChanges: each value is compared with the value valid on its
// own date; where two are valid on one day, the one that begins that day.
func TestBewerte_TheDayAnAnforderungChanges(t *testing.T) {
	alt := Grenzwert{AnforderungID: 100, Art: Ueberwachungswert, Wert: "90", GueltigAb: "2024-01-01", GueltigBis: "2025-06-30"}
	neu := Grenzwert{AnforderungID: 200, Art: Ueberwachungswert, Wert: "75", GueltigAb: "2025-07-01", GueltigBis: "3000-01-01"}
	ms := []Messwert{{Datum: "2025-06-30", Wert: "80"}, {Datum: "2025-07-01", Wert: "80"}}
	a := BewerteNachAbwV(nil, ms, []Grenzwert{neu, alt}, Regeln{})
	if v := a.Vergleiche; len(v) != 2 || v[0].Ueberschritten || v[0].AnforderungID != 100 || !v[1].Ueberschritten || v[1].AnforderungID != 200 ||
		v[1].Grenzwert != "75" {
		t.Fatalf("%+v", a.Vergleiche)
	}
	// the old one still valid on the change day: the one that begins that day applies
	alt.GueltigBis = "2025-07-01"
	if v := BewerteNachAbwV(nil, ms[1:], []Grenzwert{alt, neu}, Regeln{}).Vergleiche; len(v) != 1 || v[0].AnforderungID != 200 || !v[0].Ueberschritten {
		t.Fatalf("%+v", v)
	}
	// before the first Anforderung nothing is compared
	if a := BewerteNachAbwV(nil, []Messwert{{Datum: "2023-12-31", Wert: "500"}}, []Grenzwert{alt}, Regeln{}); len(a.Vergleiche) != 0 || len(a.Bewertungen) != 0 {
		t.Fatalf("%+v", a)
	}
}

// TestBewerte_Hoechstwert: every exceedance counts, no 4-of-5.
func TestBewerte_Hoechstwert(t *testing.T) {
	// 185 is 190 at two significant digits (§ 6 Abs. 2 AbwV), 181 would be 180 and keep it
	a := BewerteNachAbwV(nil, werte("50", "60", "70", "80", "185", "90"), []Grenzwert{uew90, hw180}, Regeln{})
	pruefeAuswertung(t, a, Hoechstwert, erwartet{[]bool{true, true, true, true, false, true}, false, []int{4}})
	// the Überwachungswert is exceeded by more than 100 percent by the same value
	pruefeAuswertung(t, a, Ueberwachungswert, erwartet{[]bool{true, true, true, true, false, true}, false, []int{0, 1, 2, 3, 4}})
	if a.Bewertungen[0].Art != Ueberwachungswert || a.Bewertungen[1].Art != Hoechstwert {
		t.Fatalf("order %+v", a.Bewertungen)
	}
	pruefeAuswertung(t, BewerteNachAbwV(nil, werte("180", "10"), []Grenzwert{hw180}, Regeln{}), Hoechstwert, erwartet{[]bool{true, true}, true, nil})
}

// TestBewerte_ResultsOlderThanThreeYearsDoNotCount: § 6 Abs. 1 Satz 2 AbwV.
func TestBewerte_ResultsOlderThanThreeYearsDoNotCount(t *testing.T) {
	ms := []Messwert{{Datum: "2022-05-31", Wert: "50"}, {Datum: "2022-06-01", Wert: "50"}, {Datum: "2023-01-01", Wert: "50"},
		{Datum: "2024-06-01", Wert: "50"}, {Datum: "2025-06-01", Wert: "95"}}
	seit2020 := uew90
	seit2020.GueltigAb = "2020-01-01"
	// 2022-05-31 lies more than three years before 2025-06-01, 2022-06-01 exactly three: three keep it
	pruefeAuswertung(t, BewerteNachAbwV(nil, ms, []Grenzwert{seit2020}, Regeln{}), Ueberwachungswert, erwartet{[]bool{true, true, true, true, false}, false, []int{1, 2, 3, 4}})
	ms[0].Datum = "2022-06-01"
	pruefeAuswertung(t, BewerteNachAbwV(nil, ms, []Grenzwert{seit2020}, Regeln{}), Ueberwachungswert, erwartet{[]bool{true, true, true, true, true}, true, []int{0, 1, 2, 3, 4}})
}

func TestBewerte_PeriodsStandForTheirLastDay(t *testing.T) {
	g := Grenzwert{AnforderungID: 7, Art: Hoechstwert, Wert: "10", GueltigAb: "2025-03-15", GueltigBis: "2025-12-31"}
	a := BewerteNachAbwV(nil, []Messwert{{Datum: "2025-02", Wert: "20"}, {Datum: "2025-03", Wert: "20"}, {Datum: "2025", Wert: "5"}, {Datum: "", Wert: "5"},
		{Datum: "2025-04", Wert: ""}}, []Grenzwert{g}, Regeln{})
	if v := a.Vergleiche; len(v) != 2 || v[0].Index != 1 || !v[0].Ueberschritten || v[1].Index != 2 || v[1].Ueberschritten {
		t.Fatalf("%+v", v)
	}
	if Stichtag("2024-02") != "2024-02-29" || Stichtag("2025") != "2025-12-31" || Stichtag("2025-05-17") != "2025-05-17" {
		t.Fatal("Stichtag")
	}
}

// TestBewerteMitVorwerten: the year's first results are judged with the results of the year
// before in their window — an exceedance in January is kept when the four results before it,
// from last autumn, kept the value; without them it is not. Earlier results are not evaluated
// again and show as Index -1 among the deciding ones.
func TestBewerteMitVorwerten_DieLetztenFuenfErgebnisseZaehlenUeberDenJahreswechsel(t *testing.T) {
	vorjahr := []Messwert{{Datum: "2024-09-02", Wert: "50"}, {Datum: "2024-10-07", Wert: "60"}, {Datum: "2024-11-04", Wert: "55"},
		{Datum: "2024-12-02", Wert: "70"}}
	jahr := []Messwert{{Datum: "2025-01-13", Wert: "120"}, {Datum: "2025-02-10", Wert: "80"}}

	ohne := BewerteNachAbwV(nil, jahr, []Grenzwert{uew90}, Regeln{})
	pruefeAuswertung(t, ohne, Ueberwachungswert, erwartet{eingehalten: []bool{false, true}, bewertung: false, massgeblich: []int{0}})

	mit := BewerteNachAbwV(vorjahr, jahr, []Grenzwert{uew90}, Regeln{})
	pruefeAuswertung(t, mit, Ueberwachungswert, erwartet{eingehalten: []bool{true, true}, bewertung: true,
		massgeblich: []int{-1, -1, -1, 0, 1}})
	if len(mit.Vergleiche) != 2 || mit.Vergleiche[0].Index != 0 || !mit.Vergleiche[0].Ueberschritten ||
		!reflect.DeepEqual(mit.Vergleiche[0].Massgeblich, []int{0}) {
		t.Errorf("the year's comparisons: %+v", mit.Vergleiche)
	}

	// results older than three years do not count (§ 6 Abs. 1 Satz 2 AbwV)
	alt := []Messwert{{Datum: "2021-09-02", Wert: "50"}, {Datum: "2021-10-07", Wert: "60"}, {Datum: "2021-11-04", Wert: "55"},
		{Datum: "2021-12-02", Wert: "70"}}
	pruefeAuswertung(t, BewerteNachAbwV(alt, jahr, []Grenzwert{{AnforderungID: 1, Art: Ueberwachungswert, Wert: "90"}}, Regeln{}),
		Ueberwachungswert, erwartet{eingehalten: []bool{false, true}, bewertung: false, massgeblich: []int{0}})
}

// TestMassgebend_StoredLimitsReadByTheStoredRule: a limit stored before issue 43 in the form with
// a decimal point keeps its value ("0.4"); "1.000" is one thousand (eabwasser pruefe zahlen lists it).
func TestMassgebend_StoredLimitsReadByTheStoredRule(t *testing.T) {
	for wert, want := range map[string]string{"0.4": "0.4", "12.50": "12.5", "1.000": "1000", "1000,5": "1000.5"} {
		_, w, ok := Massgebend([]Grenzwert{{Art: Ueberwachungswert, Wert: wert}}, Ueberwachungswert, "2025-03-01")
		if !ok || w.String() != want {
			t.Errorf("%q: %s %v, want %s", wert, w, ok, want)
		}
	}
}
