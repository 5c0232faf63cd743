package jahresbericht

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/shopspring/decimal"

	"github.com/eabwasser/eabwasser/domain/validierung"
)

// § 6 AbwV beyond Abs. 1 (issue 43, item 3; docs/decisions.md "Issue 43, item 3"):
//
// Abs. 2: "Für die Einhaltung eines nach dieser Verordnung einzuhaltenden oder in der
// wasserrechtlichen Zulassung festgesetzten Wertes ist die Zahl der in der
// Verfahrensvorschrift genannten signifikanten Stellen des zugehörigen Analyse- und
// Messverfahrens zur Bestimmung des jeweiligen Parameters gemäß der Anlage 1, mindestens jedoch
// zwei signifikante Stellen, mit Ausnahme der Werte für die Verdünnungsstufen, maßgebend."
//
// Abs. 3: "Ein nach dieser Verordnung einzuhaltender oder in der wasserrechtlichen Zulassung
// festgesetzter Wert für den Chemischen Sauerstoffbedarf (CSB) gilt unter Beachtung von Absatz 1
// auch als eingehalten, wenn der vierfache gemessene Wert des gesamten organisch gebundenen
// Kohlenstoffs (TOC), bestimmt in Milligramm je Liter, diesen Wert nicht überschreitet."
//
// Abs. 3a: "Ein nach dieser Verordnung einzuhaltender oder in der wasserrechtlichen Zulassung
// festgesetzter Wert für Stickstoff, gesamt, als Summe von Ammonium-, Nitrit- und
// Nitratstickstoff gilt unter Beachtung von Absatz 1 auch als eingehalten, wenn der gemessene
// Wert des gesamten gebundenen Stickstoffs (TNb) diesen Wert nicht überschreitet."

// MindestStellen: "mindestens jedoch zwei signifikante Stellen" (§ 6 Abs. 2 Satz 1 AbwV).
const MindestStellen = 2

// The paragraph that decided a comparison (Vergleich.Regel).
const (
	RegelAbs1  = "§ 6 Abs. 1 AbwV"  // exceeded; kept or not by the 4-of-5 rule
	RegelAbs2  = "§ 6 Abs. 2 AbwV"  // not exceeded at the parameter's significant digits
	RegelAbs3  = "§ 6 Abs. 3 AbwV"  // a CSB value kept by four times the TOC
	RegelAbs3a = "§ 6 Abs. 3a AbwV" // an N gesamt value kept by the TNb
	// RegelHoechstwert: a Höchstwert exceeded — the app's decision, not the regulation's (every
	// exceedance counts, no 4-of-5).
	RegelHoechstwert = "Höchstwert"
)

// The marks of the value list anforderungsparameter (extra abwvKennung) that § 6 Abs. 3 and 3a
// speak of.
const (
	KennungCSB  = "CSB"
	KennungTOC  = "TOC"
	KennungNges = "NGES"
	KennungTNb  = "TNB"
)

// Kennungen are the allowed marks.
var Kennungen = []string{KennungCSB, KennungTOC, KennungNges, KennungTNb}

// Parameterregel is what the value list anforderungsparameter says of a parameter for § 6 AbwV:
// its significant digits (extra signifikanteStellen; absent or below two: two) and its mark
// (extra abwvKennung).
type Parameterregel struct {
	Stellen int
	Kennung string
}

// StellenAus reads the extra signifikanteStellen of a value-list entry: a whole number, at
// least MindestStellen; anything else (absent in entries saved before issue 43) is MindestStellen.
func StellenAus(v string) int {
	n, err := strconv.Atoi(strings.TrimSpace(v))
	if err != nil || n < MindestStellen {
		return MindestStellen
	}
	return n
}

// Regeln are what § 6 AbwV needs of a parameter besides its values and limits: its significant
// digits (Abs. 2) and, for CSB and N gesamt, the values of the parameter that may keep its limit
// instead (Abs. 3, 3a).
type Regeln struct {
	Stellen int
	Ersatz  *Ersatz
}

func (r Regeln) stellen() int { return max(r.Stellen, MindestStellen) }

// Ersatz is the parameter of § 6 Abs. 3 (TOC, four times) or Abs. 3a (TNb, once) at the same
// measuring point: its values of the report year and the three years before, compared at its
// own significant digits, matched to a value of the parameter by date and time.
type Ersatz struct {
	Regel   string
	Name    string
	Faktor  int64
	Stellen int
	Werte   []Messwert
}

// wertAm is the substitute's value at datum and uhrzeit rounded to its digits, times its factor,
// and how it was reached in words.
func (e *Ersatz) wertAm(datum, uhrzeit string) (wert decimal.Decimal, text string, ok bool) {
	for _, m := range e.Werte {
		if m.Datum != datum || m.Uhrzeit != uhrzeit {
			continue
		}
		if w, ok := validierung.GespeicherterWert(m.Messgroesse()); ok {
			n := max(e.Stellen, MindestStellen)
			gerundet := Runde(w, n)
			produkt := gerundet.Mul(decimal.NewFromInt(e.Faktor))
			text := fmt.Sprintf("%s %s, auf %d signifikante Stellen gerundet %s", e.Name, m.Messgroesse(), n, Stellentext(w, n))
			if e.Faktor != 1 {
				text += fmt.Sprintf("; %d × %s = %s", e.Faktor, Stellentext(w, n), strings.Replace(produkt.String(), ".", ",", 1))
			}
			return produkt, text, true
		}
	}
	return decimal.Decimal{}, "", false
}

// RegelnFuer are the Regeln of parameter p of a report whose parameters are alle: the digits the
// value list gives p's number, and for a CSB (N gesamt) parameter of kind concentration the TOC
// (TNb) parameter at the same measuring point — a TOC in mg/l, as Abs. 3 says, a TNb in p's unit
// — with its values of the report and those vorwerte gives (the three years before).
func RegelnFuer(p Parameter, alle []Parameter, regeln map[string]Parameterregel, vorwerte func(Parameter) []Messwert) Regeln {
	r := Regeln{Stellen: max(regeln[p.ParameterNr].Stellen, MindestStellen)}
	var gesucht, regel, name, einheit string
	var faktor int64
	switch regeln[p.ParameterNr].Kennung {
	case KennungCSB:
		gesucht, regel, name, faktor, einheit = KennungTOC, RegelAbs3, "TOC", 4, "mg/l"
	case KennungNges:
		gesucht, regel, name, faktor, einheit = KennungTNb, RegelAbs3a, "TNb", 1, p.Einheit
	default:
		return r
	}
	for _, q := range alle {
		if q.Messstelle != p.Messstelle || q.ParameterID == p.ParameterID || regeln[q.ParameterNr].Kennung != gesucht ||
			q.ParameterArt != p.ParameterArt || q.Einheit != einheit || p.Einheit != einheit {
			continue
		}
		werte := append(vorwerte(q), q.Messwerte...)
		r.Ersatz = &Ersatz{Regel: regel, Name: name, Faktor: faktor, Stellen: regeln[q.ParameterNr].Stellen, Werte: werte}
		break
	}
	return r
}

// Runde rounds a non-negative w to n significant digits, half up (DIN 1333): 94,9 → 95,
// 90,4 → 90, 0,445 → 0,45, 1234 → 1200.
func Runde(w decimal.Decimal, n int) decimal.Decimal {
	if w.IsZero() {
		return w
	}
	ziffern := len(w.Coefficient().String())
	hoechste := ziffern + int(w.Exponent()) - 1 // the power of ten of the first digit
	return w.Round(int32(n - 1 - hoechste))
}

// Stellentext is w rounded to n significant digits as the explanation writes it: decimal comma,
// the trailing zeros that are significant kept ("0,40" for 0,4 at two digits).
func Stellentext(w decimal.Decimal, n int) string {
	if w.IsZero() {
		return "0"
	}
	r := Runde(w, n)
	ziffern := len(r.Coefficient().String())
	stellen := max(0, n-1-(ziffern+int(r.Exponent())-1))
	return strings.Replace(r.StringFixed(int32(stellen)), ".", ",", 1)
}

// gueltigkeit is a limit's validity in words.
func gueltigkeit(g Grenzwert) string {
	switch {
	case g.GueltigAb != "" && g.GueltigBis != "":
		return "gültig vom " + DatumAnzeige(g.GueltigAb) + " bis " + DatumAnzeige(g.GueltigBis)
	case g.GueltigAb != "":
		return "gültig ab " + DatumAnzeige(g.GueltigAb)
	case g.GueltigBis != "":
		return "gültig bis " + DatumAnzeige(g.GueltigBis)
	}
	return "unbefristet gültig"
}

// zeitpunkt is a result's date (dd.MM.yyyy, or as the template records a month or year) and time.
func zeitpunkt(v Vergleich) string {
	if v.Uhrzeit != "" {
		return DatumAnzeige(v.Datum) + " " + v.Uhrzeit
	}
	return DatumAnzeige(v.Datum)
}

// vergleichstext is the first sentence of a comparison's explanation: value, digits, limit.
func vergleichstext(v Vergleich, g Grenzwert) string {
	return fmt.Sprintf("Messwert %s vom %s, auf %d signifikante Stellen gerundet %s (§ 6 Abs. 2 AbwV), verglichen mit dem %s %s (Anforderung %d, %s): ",
		v.Wert, zeitpunkt(v), v.Stellen, v.Gerundet, v.Art, v.Grenzwert, v.AnforderungID, gueltigkeit(g))
}

// fenstertext names the results of a 4-of-5 window with their values and what they did.
func fenstertext(fenster []Vergleich) string {
	teile := make([]string, len(fenster))
	for i, f := range fenster {
		was := "eingehalten"
		switch {
		case f.UeberHundertProzent:
			was = "um mehr als 100 Prozent überschritten"
		case f.Ueberschritten:
			was = "überschritten"
		}
		teile[i] = fmt.Sprintf("%s: %s (%s, Wert %s)", zeitpunkt(f), f.Gerundet, was, f.Grenzwert)
	}
	return strings.Join(teile, "; ")
}

// erlaeutere writes the explanation of v in German — the one text the parameter view and the
// Überschreitungen show; fenster are the results of its 4-of-5 window (Überwachungswert).
func erlaeutere(v Vergleich, g Grenzwert, fenster []Vergleich) string {
	s := vergleichstext(v, g)
	switch {
	case v.Regel == RegelAbs3 || v.Regel == RegelAbs3a:
		was := "der vierfache gemessene TOC-Wert"
		if v.Regel == RegelAbs3a {
			was = "der gemessene TNb-Wert"
		}
		return s + fmt.Sprintf("überschritten, gilt aber nach %s als eingehalten: %s desselben Zeitpunkts (%s) überschreitet ihn nicht.",
			v.Regel, was, v.Ersatzwert)
	case !v.Ueberschritten:
		return s + "nicht überschritten."
	case v.Art == Hoechstwert:
		return s + "überschritten. Ein Höchstwert gilt bei jeder Überschreitung als nicht eingehalten; § 6 Abs. 1 AbwV wird auf ihn nicht angewandt."
	}
	eingehalten := 0
	for _, f := range fenster {
		if !f.Ueberschritten {
			eingehalten++
		}
	}
	zusatz := ""
	if len(fenster) < Fenster {
		zusatz = fmt.Sprintf(" Es liegen nur %d Ergebnisse der letzten drei Jahre vor; vier, die den Wert einhalten, setzen fünf voraus.", len(fenster))
	}
	if v.Eingehalten {
		return s + fmt.Sprintf("überschritten, gilt aber nach § 6 Abs. 1 AbwV als eingehalten: von diesem und den vorausgegangenen Ergebnissen (%s) überschreiten %d von %d den jeweils maßgebenden Wert nicht und keines um mehr als 100 Prozent.",
			fenstertext(fenster), eingehalten, len(fenster))
	}
	grund := fmt.Sprintf("nur %d von %d überschreiten den jeweils maßgebenden Wert nicht", eingehalten, len(fenster))
	if eingehalten >= MindestensEingehalten {
		grund = "ein Ergebnis übersteigt den Wert um mehr als 100 Prozent"
	}
	return s + fmt.Sprintf("überschritten und nach § 6 Abs. 1 AbwV nicht eingehalten: von diesem und den vorausgegangenen Ergebnissen (%s) %s.%s",
		fenstertext(fenster), grund, zusatz)
}

// ParameterregelAus reads the extras of an entry of the value list anforderungsparameter: its
// number and what it says for § 6 AbwV (columns an entry older than them lacks are defaults).
func ParameterregelAus(extras []byte) (nr string, r Parameterregel, ok bool) {
	var x struct {
		ParameterNr         string `json:"parameterNr"`
		SignifikanteStellen string `json:"signifikanteStellen"`
		AbwvKennung         string `json:"abwvKennung"`
	}
	if len(extras) == 0 || json.Unmarshal(extras, &x) != nil || x.ParameterNr == "" {
		return "", Parameterregel{}, false
	}
	return x.ParameterNr, Parameterregel{Stellen: StellenAus(x.SignifikanteStellen), Kennung: x.AbwvKennung}, true
}
