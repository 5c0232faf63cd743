package jahresbericht

import (
	"encoding/json"
	"fmt"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/shopspring/decimal"

	"github.com/eabwasser/eabwasser/domain/ereignis"
	"github.com/eabwasser/eabwasser/domain/validierung"
)

// Vorlage is the template of a parameter's values (value list selbstueberwachungVorlage, spec
// 001 §3.5) as the service read it: how many rows at most, the date format, and which columns
// the entry grid shows.
type Vorlage struct {
	ID                      int64  `json:"id"`
	Value                   string `json:"value"`
	MaxZeilenAnzahl         int    `json:"maxZeilenAnzahl"`
	Datumsformat            string `json:"datumsformat"`
	Uhrzeit                 bool   `json:"uhrzeit"`
	Wetterschluessel        bool   `json:"wetterschluessel"`
	Schwelle                bool   `json:"schwelle"`
	Wert                    bool   `json:"wert"`
	MesswertAnzahl          bool   `json:"messwertAnzahl"`
	MesswertAnzahlGreater12 bool   `json:"messwertAnzahlGreater12"`
	MesswertMaxWert         bool   `json:"messwertMaxWert"`
	MesswertMaxQ            bool   `json:"messwertMaxQ"`
	Konzentration           bool   `json:"konzentration"`
	Abfluss                 bool   `json:"abfluss"`
}

// Messages of the measured values (spec 001 §5), in the spec's spelling. Where the spec names
// two, the long one is the field's message and the short one (…Kurz) the heading a summary of
// the grid may use.
const (
	MsgVorlage             = "Bitte Vorlage auswaehlen"
	MsgDatumsformat        = "Ungueltiges Datumsformat"
	MsgDatumFormat         = "Das Datum muss in dem Format %s sein"
	MsgDatumFormatKurz     = "Datum nicht im korrekten Format"
	MsgDatumDoppelt        = "Doppeltes Datum vorhanden"
	MsgUhrzeit             = "Die Uhrzeit muss im Format HH:MM sein"
	MsgUhrzeitKurz         = "Uhrzeit nicht im korrekten Format"
	MsgNegativ             = "Wert darf nicht negativ sein"
	MsgNegativKurz         = "Negative Werte sind unzulaessig"
	MsgMax                 = "Wert darf nicht groesser als %d sein"
	MsgGanzzahl            = "Es muss eine ganze Zahl angegeben werden."
	MsgAusserhalbDesJahres = "Das Datum muss im Berichtsjahr liegen."
)

// MaxMesswerte bounds the rows of one parameter whose template names no smaller maximum: a
// leap year of hourly values.
const MaxMesswerte = 366 * 24

// Aufloesung is what one row's date stands for: a day, a month or a year.
type Aufloesung int

// The resolutions of a template's date format.
const (
	Taeglich Aufloesung = iota + 1
	Monatlich
	Jaehrlich
)

// Anzeigeformat is how the screen and the messages write a date of the resolution.
func (a Aufloesung) Anzeigeformat() string {
	return map[Aufloesung]string{Taeglich: "TT.MM.JJJJ", Monatlich: "MM.JJJJ", Jaehrlich: "JJJJ"}[a]
}

// Datumsaufloesung reads a template's date format (spec 001 §5): parts T, M and J separated by
// dots — TT.MM.JJJJ, MM.JJJJ or JJJJ, each part written with one letter or several (T.M.J); the
// letters T, M and J alone stand for the three. ok is false for anything else ('Ungueltiges
// Datumsformat').
func Datumsaufloesung(format string) (Aufloesung, bool) {
	var buchstaben string
	for _, teil := range strings.Split(strings.ToUpper(strings.TrimSpace(format)), ".") {
		if teil == "" || strings.Trim(teil, teil[:1]) != "" {
			return 0, false
		}
		buchstaben += teil[:1]
	}
	switch buchstaben {
	case "TMJ", "T":
		return Taeglich, true
	case "MJ", "M":
		return Monatlich, true
	case "J":
		return Jaehrlich, true
	}
	return 0, false
}

// LiesDatum reads a date entered in resolution a: one group of digits per part of the format —
// day and month one or two digits, the year four ("1.2.2025" and "01.02.2025" are the same
// day). It returns the stored form (yyyy-MM-dd, yyyy-MM, yyyy) or the message: the format's for
// a wrong shape, 'Ungültiges Datumsformat' for a day or month the calendar does not have.
func LiesDatum(v string, a Aufloesung) (gespeichert, fehler string) {
	teile := strings.Split(v, ".")
	if len(teile) != map[Aufloesung]int{Taeglich: 3, Monatlich: 2, Jaehrlich: 1}[a] {
		return "", fmt.Sprintf(MsgDatumFormat, a.Anzeigeformat())
	}
	zahlen := make([]int, len(teile))
	for i, t := range teile {
		laenge := 2
		if i == len(teile)-1 {
			laenge = 4
		}
		n, err := strconv.Atoi(t)
		if !nurZiffern(t) || err != nil || len(t) > laenge || (laenge == 4 && len(t) != 4) {
			return "", fmt.Sprintf(MsgDatumFormat, a.Anzeigeformat())
		}
		zahlen[i] = n
	}
	switch a {
	case Jaehrlich:
		return teile[0], ""
	case Monatlich:
		if zahlen[0] < 1 || zahlen[0] > 12 {
			return "", MsgDatum
		}
		return fmt.Sprintf("%s-%02d", teile[1], zahlen[0]), ""
	}
	gespeichert = fmt.Sprintf("%s-%02d-%02d", teile[2], zahlen[1], zahlen[0])
	if _, err := time.Parse(Datumsformat, gespeichert); err != nil {
		return "", MsgDatum
	}
	return gespeichert, ""
}

func nurZiffern(t string) bool {
	return t != "" && strings.Trim(t, "0123456789") == ""
}

// DatumAnzeige writes a stored date as it is entered: 2025-02-01 → 01.02.2025, 2025-02 →
// 02.2025, 2025 → 2025 (LiesDatum reads it back to the same).
func DatumAnzeige(datum string) string {
	teile := strings.Split(datum, "-")
	slices.Reverse(teile)
	return strings.Join(teile, ".")
}

// uhrzeit is HH:MM on the 24-hour clock (spec 001 §9).
var uhrzeit = regexp.MustCompile(`^([01]\d|2[0-3]):[0-5]\d$`)

// Messzahl checks a measured value by the rule Wert (validierung.Dezimal: the German form — "1.000"
// is one thousand, "1.000,5" a thousand and a half, "1.00" and "0.4" are refused —, at most 10
// digits before and 3 after the comma, no sign) except that 0 is a value (a measurement may find
// nothing) and a negative one has the spec's message. It returns the canonical form — decimal
// comma, no thousands dots, no needless zeros ("012,50" is "12,5") — so an unchanged value saved
// or imported again is the same text.
func Messzahl(v string) (kanonisch, fehler string) {
	if v == "" {
		return "", ""
	}
	if rest, negativ := strings.CutPrefix(v, "-"); negativ {
		if _, ok := validierung.DezimalWert(rest); ok {
			return "", MsgNegativ
		}
		return "", validierung.MsgZahlOderNichts
	}
	if msg := validierung.DezimalFehler(v); msg != "" && msg != validierung.MsgPositiv {
		return "", msg
	}
	d, _ := validierung.DezimalWert(v)
	return Kanonisch(d), ""
}

// messanzahl checks a count column (anzahl, anzahl12Grad): a whole number of at most 10 digits,
// not negative.
func messanzahl(v string) (kanonisch, fehler string) {
	if v == "" {
		return "", ""
	}
	if rest, negativ := strings.CutPrefix(v, "-"); negativ && nurZiffern(rest) {
		return "", MsgNegativ
	}
	if !nurZiffern(v) {
		return "", MsgGanzzahl
	}
	return Messzahl(v)
}

// Kanonisch writes a decimal as a measured value is stored: decimal comma, no needless zeros.
func Kanonisch(d decimal.Decimal) string {
	return strings.Replace(d.String(), ".", ",", 1)
}

// Messgroesse is the measured value of a row: its column wert, or — where the template records
// the concentration instead (daily values of concentration and flow) — its konzentration. The
// mean and the comparison with the Anforderungen read it.
func (m Messwert) Messgroesse() string {
	if m.Wert != "" {
		return m.Wert
	}
	return m.Konzentration
}

// Mittelwert is the arithmetic mean of the measured values (Messgroesse) over the rows that have one, in
// decimal arithmetic (never float), rounded half-up to three decimals — the precision of the
// rule Wert — and written like the values ("12,346"); "" when no row has a value.
func Mittelwert(messwerte []Messwert) string {
	summe, n := decimal.Zero, int64(0)
	for _, m := range messwerte {
		if d, ok := validierung.GespeicherterWert(m.Messgroesse()); ok {
			summe, n = summe.Add(d), n+1
		}
	}
	if n == 0 {
		return ""
	}
	// The values are never negative, so rounding half away from zero is rounding half up.
	return Kanonisch(summe.DivRound(decimal.NewFromInt(n), 3))
}

// PruefeMesswerte normalises the values of a save of one parameter of a report of year jahr
// and checks them into s, every error at once under messwerte[i].<column> (spec 001 §5):
// anzahlWerte not negative and not above the template's maxZeilenAnzahl, a template chosen
// when there are rows and its date format valid; then rows 0 … anzahlWerte-1 (a missing row is
// an empty one, rows beyond are not kept): the date required, in the template's format and in
// the report year, not twice (the same day — and time, where the template records times —
// after normalising), the time HH:MM and required where the template records times, the decimal columns by Messzahl, the counts whole
// numbers. Columns the template does not switch on are not kept. Mittelwert is computed.
func PruefeMesswerte(s *validierung.Sammler, c SpeichereMesswerte, jahr int) Messreihe {
	r := Messreihe{Status: strings.TrimSpace(c.Status), AnzahlWerte: c.AnzahlWerte}
	s.Laenge("status", r.Status)
	if r.Status != "" && !slices.Contains(StatusMesswerteWerte, r.Status) {
		s.Feld("status", MsgListenwert)
	}
	v := c.Vorlage
	if v != nil && v.ID == 0 {
		v = nil
	}
	hoechstens := MaxMesswerte
	if v != nil {
		r.VorlageID = v.ID
		if v.MaxZeilenAnzahl > 0 && v.MaxZeilenAnzahl < hoechstens {
			hoechstens = v.MaxZeilenAnzahl
		}
	}
	switch {
	case r.AnzahlWerte < 0:
		s.Feld("anzahlWerte", MsgNegativ)
		return r
	case r.AnzahlWerte > hoechstens:
		s.Feld("anzahlWerte", fmt.Sprintf(MsgMax, hoechstens))
		return r
	case r.AnzahlWerte > 0 && v == nil:
		s.Feld("vorlageMesswerteId", MsgVorlage)
		return r
	case r.AnzahlWerte == 0:
		return r
	}
	aufloesung, ok := Datumsaufloesung(v.Datumsformat)
	if !ok {
		s.Feld("vorlageMesswerteId", MsgDatumsformat)
		return r
	}
	r.Messwerte = make([]Messwert, r.AnzahlWerte)
	gesehen := make(map[string]bool, r.AnzahlWerte)
	for i := range r.Messwerte {
		var m Messwert
		if i < len(c.Messwerte) {
			m = c.Messwerte[i]
		}
		f := fmt.Sprintf("messwerte[%d].", i)
		s.Laengen(f, m)
		m = pruefeZeile(s, f, m, *v, aufloesung, jahr)
		if m.Datum != "" {
			schluessel := m.Datum + " " + m.Uhrzeit
			if gesehen[schluessel] {
				s.Feld(f+"datum", MsgDatumDoppelt)
			}
			gesehen[schluessel] = true
		}
		r.Messwerte[i] = m
	}
	r.Mittelwert = Mittelwert(r.Messwerte)
	return r
}

// pruefeZeile normalises and checks one row; its Datum is "" when it is not a valid date.
func pruefeZeile(s *validierung.Sammler, f string, m Messwert, v Vorlage, a Aufloesung, jahr int) Messwert {
	t := strings.TrimSpace
	out := Messwert{}
	s.Pflichtfelder(f, messwertZeile, m, bedingungen(v)...)
	if datum := t(m.Datum); datum == "" {
		// required (MesswerteFormular)
	} else if gespeichert, msg := LiesDatum(datum, a); msg != "" {
		s.Feld(f+"datum", msg)
	} else if gespeichert[:4] != fmt.Sprintf("%04d", jahr) {
		s.Feld(f+"datum", MsgAusserhalbDesJahres)
	} else {
		out.Datum = gespeichert
	}
	if v.Uhrzeit {
		if out.Uhrzeit = t(m.Uhrzeit); out.Uhrzeit != "" && !uhrzeit.MatchString(out.Uhrzeit) {
			s.Feld(f+"uhrzeit", MsgUhrzeit)
		}
	}
	if v.Wetterschluessel {
		out.WetterSchluessel = t(m.WetterSchluessel)
	}
	for _, sp := range []struct {
		an     bool
		feld   string
		von    string
		nach   *string
		pruefe func(string) (string, string)
	}{
		{v.Schwelle, "schwelle", m.Schwelle, &out.Schwelle, Messzahl},
		{v.Wert, "wert", m.Wert, &out.Wert, Messzahl},
		{v.MesswertAnzahl, "anzahl", m.Anzahl, &out.Anzahl, messanzahl},
		{v.MesswertAnzahlGreater12, "anzahl12Grad", m.Anzahl12Grad, &out.Anzahl12Grad, messanzahl},
		{v.MesswertMaxWert, "maximalwert", m.Maximalwert, &out.Maximalwert, Messzahl},
		{v.MesswertMaxQ, "maximalwertQ", m.MaximalwertQ, &out.MaximalwertQ, Messzahl},
		{v.Konzentration, "konzentration", m.Konzentration, &out.Konzentration, Messzahl},
		{v.Abfluss, "abfluss", m.Abfluss, &out.Abfluss, Messzahl},
	} {
		if !sp.an {
			continue
		}
		wert, msg := sp.pruefe(t(sp.von))
		if msg != "" {
			s.Feld(f+sp.feld, msg)
		}
		*sp.nach = wert
	}
	return out
}

func speichereMesswerte(j Jahresbericht, c SpeichereMesswerte) ([]ereignis.DomainEvent, error) {
	if err := bearbeitbar(j, c.Rolle); err != nil {
		return nil, err
	}
	p, ok := j.ParameterMit(c.ParameterID)
	if !ok {
		return nil, validierung.NichtGefunden
	}
	var s validierung.Sammler
	r := PruefeMesswerte(&s, c, j.Jahr)
	if err := s.Err(); err != nil {
		return nil, err
	}
	if len(r.Messwerte) == 0 {
		r.Messwerte = nil
	}
	if reflect.DeepEqual(r, p.Messreihe) {
		return nil, nil
	}
	return []ereignis.DomainEvent{MesswerteGespeichert{ParameterID: c.ParameterID, Messreihe: r}}, nil
}

// VorlageAus reads a template from its entry of the value list selbstueberwachungVorlage: id,
// text and extra columns (the list keeps maxZeilenAnzahl as text).
func VorlageAus(id int64, wert string, extras []byte) (Vorlage, error) {
	var x struct {
		Vorlage
		MaxZeilenAnzahl string `json:"maxZeilenAnzahl"`
	}
	if len(extras) > 0 {
		if err := json.Unmarshal(extras, &x); err != nil {
			return Vorlage{}, err
		}
	}
	v := x.Vorlage
	v.ID, v.Value = id, wert
	v.MaxZeilenAnzahl, _ = strconv.Atoi(strings.TrimSpace(x.MaxZeilenAnzahl))
	return v, nil
}
