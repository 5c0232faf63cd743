package jahresbericht

import (
	"strings"
	"testing"

	"github.com/shopspring/decimal"
)

// The cases below are written from the wording of § 6 AbwV (Abwasserverordnung, in the version
// of 2018, gesetze-im-internet.de/abwv/__6.html; quoted in abwv.go and docs/decisions.md
// "Issue 43, item 3").

// TestRunde: § 6 Abs. 2 AbwV — "die Zahl der … signifikanten Stellen …, mindestens jedoch zwei
// signifikante Stellen, … maßgebend"; rounded half up (DIN 1333).
func TestRunde(t *testing.T) {
	for _, tc := range []struct {
		wert    string
		stellen int
		want    string
		text    string
	}{
		{"90.4", 2, "90", "90"}, {"94.9", 2, "95", "95"}, {"90.5", 2, "91", "91"}, {"94.9", 3, "94.9", "94,9"},
		{"0.445", 2, "0.45", "0,45"}, {"0.4", 2, "0.4", "0,40"}, {"1234", 2, "1200", "1200"}, {"0", 2, "0", "0"},
		{"180.001", 2, "180", "180"}, {"185", 2, "190", "190"}, {"99.95", 3, "100", "100"},
	} {
		w := decimal.RequireFromString(tc.wert)
		if got := Runde(w, tc.stellen); !got.Equal(decimal.RequireFromString(tc.want)) || Stellentext(w, tc.stellen) != tc.text {
			t.Errorf("%s at %d: %s %q, want %s %q", tc.wert, tc.stellen, got, Stellentext(w, tc.stellen), tc.want, tc.text)
		}
	}
	if StellenAus("") != 2 || StellenAus("1") != 2 || StellenAus("3") != 3 || StellenAus("x") != 2 {
		t.Error("StellenAus: absent, below two or no number is two")
	}
}

// TestBewerteNachAbwV_SignifikanteStellen: § 6 Abs. 2 AbwV — the result is compared at the
// parameter's significant digits: against 90 with two digits 90,4 (→ 90) keeps it, 94,9 (→ 95)
// and 90,5 (→ 91) exceed it; with three digits 90,4 exceeds it.
func TestBewerteNachAbwV_SignifikanteStellen(t *testing.T) {
	ms := werte("90,4", "94,9", "90,5")
	a := BewerteNachAbwV(nil, ms, []Grenzwert{uew90}, Regeln{Stellen: 2})
	if v := a.Vergleiche; v[0].Ueberschritten || v[0].Gerundet != "90" || v[0].Regel != RegelAbs2 || !v[1].Ueberschritten || v[1].Gerundet != "95" ||
		!v[2].Ueberschritten || v[2].Gerundet != "91" || v[1].Regel != RegelAbs1 || v[0].Stellen != 2 {
		t.Fatalf("%+v", v)
	}
	if v := BewerteNachAbwV(nil, ms[:1], []Grenzwert{uew90}, Regeln{Stellen: 3}).Vergleiche; !v[0].Ueberschritten || v[0].Gerundet != "90,4" {
		t.Fatalf("three digits: %+v", v)
	}
	// "mindestens jedoch zwei": one digit is read as two
	if v := BewerteNachAbwV(nil, werte("94"), []Grenzwert{uew90}, Regeln{Stellen: 1}).Vergleiche; !v[0].Ueberschritten || v[0].Stellen != 2 {
		t.Fatalf("one digit: %+v", v)
	}
}

// TestBewerteNachAbwV_Abs1: § 6 Abs. 1 AbwV — "… gilt er dennoch als eingehalten, wenn die
// Ergebnisse dieser und der vier vorausgegangenen … Überprüfungen in vier Fällen den jeweils
// maßgebenden Wert nicht überschreiten und kein Ergebnis den Wert um mehr als 100 Prozent
// übersteigt. Überprüfungen, die länger als drei Jahre zurückliegen, bleiben unberücksichtigt."
func TestBewerteNachAbwV_Abs1(t *testing.T) {
	g := []Grenzwert{uew90}
	letzter := func(a Auswertung) Vergleich { return a.Vergleiche[len(a.Vergleiche)-1] }
	// exactly at the limit: "nicht überschreiten"
	if v := letzter(BewerteNachAbwV(nil, werte("90"), g, Regeln{})); v.Ueberschritten || !v.Eingehalten || !strings.Contains(v.Erlaeuterung, "nicht überschritten") {
		t.Errorf("at the limit: %+v", v)
	}
	// exactly +100 percent (180 against 90) is not "mehr als 100 Prozent": kept as the one of five
	if v := letzter(BewerteNachAbwV(nil, werte("50", "60", "70", "80", "180"), g, Regeln{})); !v.Ueberschritten || v.UeberHundertProzent || !v.Eingehalten || v.Regel != RegelAbs1 {
		t.Errorf("exactly +100 %%: %+v", v)
	}
	// more than +100 percent: not kept although four of five keep the value
	v := letzter(BewerteNachAbwV(nil, werte("50", "60", "70", "80", "200"), g, Regeln{}))
	if !v.UeberHundertProzent || v.Eingehalten || !strings.Contains(v.Erlaeuterung, "um mehr als 100 Prozent") {
		t.Errorf("over +100 %%: %+v", v)
	}
	// fewer than five results: "in vier Fällen" cannot be had when one exceeds
	v = letzter(BewerteNachAbwV(nil, werte("50", "60", "95"), g, Regeln{}))
	if v.Eingehalten || !strings.Contains(v.Erlaeuterung, "nur 3 Ergebnisse") {
		t.Errorf("fewer than five: %+v", v)
	}
	// the window across report years: the year's first result with four of last year kept
	vorjahr := []Messwert{{Datum: "2024-09-02", Wert: "50"}, {Datum: "2024-10-07", Wert: "60"}, {Datum: "2024-11-04", Wert: "55"},
		{Datum: "2024-12-02", Wert: "70"}}
	jahr := []Messwert{{Datum: "2025-01-13", Wert: "120"}}
	v = BewerteNachAbwV(vorjahr, jahr, g, Regeln{}).Vergleiche[0]
	if !v.Eingehalten || v.Regel != RegelAbs1 || !strings.Contains(v.Erlaeuterung, "02.09.2024: 50 (eingehalten, Wert 90)") ||
		!strings.Contains(v.Erlaeuterung, "13.01.2025: 120 (überschritten, Wert 90)") || !strings.Contains(v.Erlaeuterung, "4 von 5") {
		t.Errorf("across years: %+v", v)
	}
	// the three-year edge: a result exactly three years before counts, one day older does not
	alt := []Messwert{{Datum: "2022-01-13", Wert: "50"}, {Datum: "2023-10-07", Wert: "60"}, {Datum: "2024-11-04", Wert: "55"},
		{Datum: "2024-12-02", Wert: "70"}}
	g = []Grenzwert{{AnforderungID: 1, Art: Ueberwachungswert, Wert: "90", GueltigAb: "2020-01-01"}}
	if v := BewerteNachAbwV(alt, jahr, g, Regeln{}).Vergleiche[0]; !v.Eingehalten {
		t.Errorf("exactly three years: %+v", v)
	}
	alt[0].Datum = "2022-01-12"
	if v := BewerteNachAbwV(alt, jahr, g, Regeln{}).Vergleiche[0]; v.Eingehalten || !strings.Contains(v.Erlaeuterung, "nur 4 Ergebnisse") {
		t.Errorf("three years and a day: %+v", v)
	}
}

// TestBewerteNachAbwV_Abs3: § 6 Abs. 3 AbwV — a CSB value "gilt unter Beachtung von Absatz 1
// auch als eingehalten, wenn der vierfache gemessene Wert des … (TOC), bestimmt in Milligramm je
// Liter, diesen Wert nicht überschreitet".
func TestBewerteNachAbwV_Abs3(t *testing.T) {
	csb := []Grenzwert{{AnforderungID: 9, Art: Ueberwachungswert, Wert: "110", GueltigAb: "2025-01-01"}}
	toc := &Ersatz{Regel: RegelAbs3, Name: "TOC", Faktor: 4, Stellen: 2,
		Werte: []Messwert{{Datum: "2025-03-01", Wert: "27"}, {Datum: "2025-03-08", Wert: "28"}, {Datum: "2025-03-15", Wert: "27,6"}}}
	a := BewerteNachAbwV(nil, werte("130", "130", "130", "130"), csb, Regeln{Ersatz: toc})
	v := a.Vergleiche
	// 4 × 27 = 108 ≤ 110: kept by Abs. 3; 4 × 28 = 112 > 110: exceeded; 27,6 → 28 at two digits:
	// exceeded; no TOC on the fourth date: exceeded
	if v[0].Ueberschritten || v[0].Regel != RegelAbs3 || !strings.Contains(v[0].Erlaeuterung, "4 × 27 = 108") ||
		!strings.Contains(v[0].Erlaeuterung, "§ 6 Abs. 3 AbwV") || !v[1].Ueberschritten || !v[2].Ueberschritten || !v[3].Ueberschritten {
		t.Fatalf("%+v", v)
	}
	// "unter Beachtung von Absatz 1": the value kept by the TOC counts as keeping it in the window
	ms := werte("130", "50", "60", "70", "120")
	toc.Werte = []Messwert{{Datum: "2025-03-01", Wert: "20"}}
	if v := BewerteNachAbwV(nil, ms, csb, Regeln{Ersatz: toc}).Vergleiche[4]; !v.Ueberschritten || !v.Eingehalten {
		t.Fatalf("with Abs. 1: %+v", v)
	}
	if v := BewerteNachAbwV(nil, ms, csb, Regeln{}).Vergleiche[4]; v.Eingehalten {
		t.Fatalf("without the TOC two of five exceed: %+v", v)
	}
}

// TestBewerteNachAbwV_Abs3a: § 6 Abs. 3a AbwV — N gesamt "gilt … auch als eingehalten, wenn der
// gemessene Wert des gesamten gebundenen Stickstoffs (TNb) diesen Wert nicht überschreitet".
func TestBewerteNachAbwV_Abs3a(t *testing.T) {
	nges := []Grenzwert{{AnforderungID: 5, Art: Ueberwachungswert, Wert: "18", GueltigAb: "2025-01-01"}}
	tnb := &Ersatz{Regel: RegelAbs3a, Name: "TNb", Faktor: 1, Stellen: 2,
		Werte: []Messwert{{Datum: "2025-03-01", Uhrzeit: "08:00", Wert: "17,9"}, {Datum: "2025-03-01", Uhrzeit: "10:00", Wert: "16"}}}
	ms := []Messwert{{Datum: "2025-03-01", Uhrzeit: "08:00", Wert: "19"}, {Datum: "2025-03-01", Uhrzeit: "09:00", Wert: "19"}}
	v := BewerteNachAbwV(nil, ms, nges, Regeln{Ersatz: tnb}).Vergleiche
	// the TNb of 08:00 (17,9 → 18) keeps it; at 09:00 no TNb was measured
	if v[0].Ueberschritten || v[0].Regel != RegelAbs3a || !strings.Contains(v[0].Erlaeuterung, "TNb 17,9") || !v[1].Ueberschritten {
		t.Fatalf("%+v", v)
	}
}

// TestRegelnFuer: the digits and marks come from the value list; the TOC must be at the same
// measuring point, of the same kind, in mg/l.
func TestRegelnFuer(t *testing.T) {
	regeln := map[string]Parameterregel{"301": {Stellen: 3, Kennung: KennungCSB}, "402": {Stellen: 2, Kennung: KennungTOC}}
	csb := Parameter{ParameterID: 1, Messstelle: 7, ParameterNr: "301", ParameterArt: "KONZENTRATION", Einheit: "mg/l"}
	toc := Parameter{ParameterID: 2, Messstelle: 7, ParameterNr: "402", ParameterArt: "KONZENTRATION", Einheit: "mg/l",
		Messreihe: Messreihe{Messwerte: []Messwert{{Datum: "2025-03-01", Wert: "20"}}}}
	anders := toc
	anders.ParameterID, anders.Messstelle = 3, 8
	vor := func(p Parameter) []Messwert { return []Messwert{{Datum: "2024-03-01", Wert: "1"}} }
	r := RegelnFuer(csb, []Parameter{anders, csb, toc}, regeln, vor)
	if r.Stellen != 3 || r.Ersatz == nil || r.Ersatz.Faktor != 4 || len(r.Ersatz.Werte) != 2 || r.Ersatz.Regel != RegelAbs3 {
		t.Fatalf("%+v", r)
	}
	toc.Einheit = "µg/l"
	if r := RegelnFuer(csb, []Parameter{csb, toc}, regeln, vor); r.Ersatz != nil {
		t.Fatalf("TOC not in mg/l: %+v", r)
	}
	if r := RegelnFuer(toc, []Parameter{csb, toc}, map[string]Parameterregel{}, vor); r.Stellen != 2 || r.Ersatz != nil {
		t.Fatalf("no entry: %+v", r)
	}
}
