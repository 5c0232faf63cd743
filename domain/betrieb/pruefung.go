package betrieb

import (
	"fmt"
	"math"
	"net/mail"
	"regexp"
	"strconv"
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"

	"github.com/eabwasser/eabwasser/domain/validierung"
)

// Messages of the field rules (spec 000 §5).
const (
	MsgEmail   = "Das Feld muss eine gültige E-Mail Adresse enthalten!"
	MsgUhrzeit = "Ungültige Uhrzeit"
	MsgJahr    = "Das Jahr muss zwischen 1900 und 2100 liegen."
	MsgWert    = validierung.MsgWert
	MsgPositiv = validierung.MsgPositiv
	MsgTelefon = validierung.MsgTelefon
	MsgZahl    = "Es muss eine Zahl oder nichts eingegeben werden."
	// MsgNegativ is the message of a negative count or size (Anzahl, Größe, Produktionstage,
	// Beschäftigte), where 0 is valid: spec 001 §5's text for negative measured values
	// (docs/decisions.md, "Plant screen walk (issue 28): every error at once").
	MsgNegativ    = "Wert darf nicht negativ sein"
	MsgZustaendig = "Es muss mindestens eine Zuständigkeit ausgewählt werden."
)

const maxKoordinate = 99999999.99

var (
	uhrzeit = regexp.MustCompile(`^([01]\d|2[0-3]):[0-5]\d$`)
	telefon = regexp.MustCompile(`^\d+(-\d+)*$`)
)

// normalisiert trims the texts, fills the defaults and drops empty lists, so that two saves of
// the same form compare equal.
func normalisiert(d Daten) Daten {
	t := strings.TrimSpace
	d.Bezeichnung, d.Muttergesellschaft, d.URL, d.PRTRNr = t(d.Bezeichnung), t(d.Muttergesellschaft), t(d.URL), t(d.PRTRNr)
	d.Haupttaetigkeit, d.Nacecode, d.KatasterNr, d.ArbeitsstaettenNr = t(d.Haupttaetigkeit), t(d.Nacecode), t(d.KatasterNr), t(d.ArbeitsstaettenNr)
	d.Adresse = Adresse{Strasse: t(d.Adresse.Strasse), Hausnummer: t(d.Adresse.Hausnummer), Plz: t(d.Adresse.Plz), Ort: t(d.Adresse.Ort)}
	if d.Behoerdenkennung = t(d.Behoerdenkennung); d.Behoerdenkennung == "" {
		d.Behoerdenkennung = "RLP"
	}
	p := &d.Produktion
	p.Taetigkeiten, p.Produktbezeichnungen = texte(p.Taetigkeiten), texte(p.Produktbezeichnungen)
	p.Produktionsverfahren, p.Produktionsarten = texte(p.Produktionsverfahren), texte(p.Produktionsarten)
	p.TagesarbeitszeitVon, p.TagesarbeitszeitBis = Uhrzeit(p.TagesarbeitszeitVon), Uhrzeit(p.TagesarbeitszeitBis)
	d.Wasserversorgung.WvbNr = t(d.Wasserversorgung.WvbNr)
	var kontakte []Kontakt
	for _, k := range d.Kontakte {
		kontakte = append(kontakte, Kontakt{Anrede: t(k.Anrede), Titel: t(k.Titel), Vorname: t(k.Vorname), Name: t(k.Name),
			Telefon: t(k.Telefon), Mobil: t(k.Mobil), Email: t(k.Email), Funktion: t(k.Funktion)})
	}
	d.Kontakte = kontakte
	if len(d.ZustaendigeBearbeiter) == 0 {
		d.ZustaendigeBearbeiter = nil
	}
	var personen []ZustaendigePerson
	for _, z := range d.ZustaendigePersonen {
		personen = append(personen, ZustaendigePerson{AnwenderID: z.AnwenderID, Zustaendig: texte(z.Zustaendig)})
	}
	d.ZustaendigePersonen = personen
	return d
}

var einstellig = regexp.MustCompile(`^\d:[0-5]\d$`)

// Uhrzeit normalises a typed time: blanks trimmed, a one-digit hour padded ("6:00" → "06:00").
func Uhrzeit(v string) string {
	v = strings.TrimSpace(v)
	if einstellig.MatchString(v) {
		return "0" + v
	}
	return v
}

func texte(ts []string) []string {
	var out []string
	for _, s := range ts {
		if s = strings.TrimSpace(s); s != "" {
			out = append(out, s)
		}
	}
	return out
}

// pruefeMit checks the data into s and returns them normalised.
func pruefeMit(s *validierung.Sammler, d Daten) Daten {
	d = normalisiert(d)
	s.Laengen("", d)
	s.Pflichtfelder("", Formular, d) // the contacts and responsible persons by their own checks below
	Koordinate(s, "lage.hochwert", d.Lage.Hochwert)
	Koordinate(s, "lage.rechtswert", d.Lage.Rechtswert)

	p := d.Produktion
	zeit(s, "produktion.tagesarbeitszeitVon", p.TagesarbeitszeitVon)
	zeit(s, "produktion.tagesarbeitszeitBis", p.TagesarbeitszeitBis)
	Jahr(s, "produktion.bezugsjahrProduktion", p.BezugsjahrProduktion)
	anzahl(s, "produktion.produktionstage", p.Produktionstage, 366)
	anzahl(s, "produktion.anzahlBeschaeftigte", p.AnzahlBeschaeftigte, math.MaxInt32)
	w := d.Wasserversorgung
	Jahr(s, "wasserversorgung.bezugsjahrWv", w.BezugsjahrWv)
	Wert(s, "wasserversorgung.wasserbezug", w.Wasserbezug)
	Wert(s, "wasserversorgung.eigenversorgung", w.Eigenversorgung)

	PruefeKontakte(s, d.Kontakte)
	PruefeZustaendige(s, d.ZustaendigePersonen, d.ZustaendigeBearbeiter)
	return d
}

// PruefeKontakte checks the contact persons of a form (operations and plants): the required
// fields of KontaktFelder, e-mail valid, phone numbers digits with hyphens.
func PruefeKontakte(s *validierung.Sammler, kontakte []Kontakt) {
	for i, k := range kontakte {
		f := fmt.Sprintf("kontakte[%d].", i)
		s.Pflichtfelder(f, kontaktZeile, k)
		if k.Email != "" && !EmailGueltig(k.Email) {
			s.Feld(f+"email", MsgEmail)
		}
		if k.Telefon != "" && !telefon.MatchString(k.Telefon) {
			s.Feld(f+"telefon", MsgTelefon)
		}
		if k.Mobil != "" && !telefon.MatchString(k.Mobil) {
			s.Feld(f+"mobil", MsgTelefon)
		}
	}
}

// PruefeZustaendige checks the responsible persons (a person and at least one
// Zuständigkeit each) and the responsible authority users (a datascoutId each).
func PruefeZustaendige(s *validierung.Sammler, personen []ZustaendigePerson, bearbeiter []Bearbeiter) {
	s.Pflichtfelder("", zustaendigeZeilen, zustaendige{Personen: personen})
	for i, b := range bearbeiter {
		if b.AnwenderID == 0 || strings.TrimSpace(b.DatascoutID) == "" {
			s.Feld(fmt.Sprintf("zustaendigeBearbeiter[%d].bearbeiter", i), validierung.Pflichtfeld)
		}
	}
}

// EmailGueltig is the e-mail rule of the forms: one address with a dot in its domain.
func EmailGueltig(e string) bool {
	a, err := mail.ParseAddress(e)
	return err == nil && a.Address == e && strings.Contains(e[strings.LastIndex(e, "@")+1:], ".")
}

// Koordinate is the rule of spec 000 §5 for rechtswert and hochwert: required, at most
// 99999999.99 with two decimals; a negative one is told it must be positive (MsgPositiv: 0 is
// the blank field), not that it is too big.
func Koordinate(s *validierung.Sammler, feld string, v float64) {
	switch {
	case v == 0:
		s.Feld(feld, validierung.Pflichtfeld)
	case v < 0:
		s.Feld(feld, MsgPositiv)
	case v > maxKoordinate:
		s.Feld(feld, MsgKoordinate)
	case math.Abs(v*100-math.Round(v*100)) > 1e-6:
		s.Feld(feld, "Es sind höchstens zwei Nachkommastellen erlaubt.")
	}
}

func zeit(s *validierung.Sammler, feld, v string) {
	if v != "" && !uhrzeit.MatchString(v) {
		s.Feld(feld, MsgUhrzeit)
	}
}

// Jahr is the rule of the year fields: 1900 to 2100.
func Jahr(s *validierung.Sammler, feld string, v *int) {
	if v != nil && (*v < 1900 || *v > 2100) {
		s.Feld(feld, MsgJahr)
	}
}

func anzahl(s *validierung.Sammler, feld string, v *int, hoechstens int) {
	switch {
	case v == nil:
	case *v < 0:
		s.Feld(feld, MsgNegativ)
	case *v > hoechstens:
		s.Feld(feld, MsgZahl)
	}
}

// Wert is the rule of spec 000 §5 for quantities: positive, at most 10 digits before and
// three after the decimal point. The number is checked by the one rule for decimal strings
// (validierung.Dezimal) in its shortest exact decimal form written with a decimal comma — the
// digits JSON sent, 12.5 as "12,5" (strconv 'f', -1: the shortest text that reads back as the
// same float, no exponent). A JSON number is no text a user typed: the client read that.
func Wert(s *validierung.Sammler, feld string, v *float64) {
	switch {
	case v == nil:
	case math.IsNaN(*v) || math.IsInf(*v, 0):
		s.Feld(feld, MsgWert)
	case *v <= 0:
		s.Feld(feld, MsgPositiv)
	default:
		validierung.Dezimal(s, feld, strings.Replace(strconv.FormatFloat(*v, 'f', -1, 64), ".", ",", 1))
	}
}

// Aehnlich tells whether two operation names probably mean the same operation: equal after
// folding case, umlauts, punctuation and legal forms, or — with the same numbers in them —
// differing by a few typing errors.
func Aehnlich(a, b string) bool {
	x, y := namenskern(a), namenskern(b)
	if x == "" || y == "" {
		return false
	}
	if x == y {
		return true
	}
	if ziffern(x) != ziffern(y) {
		return false // "Werk 1" and "Werk 2" are two operations
	}
	n := max(len([]rune(x)), len([]rune(y)))
	return levenshtein(x, y)*5 <= n // at most one error per five letters
}

func ziffern(s string) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsDigit(r) {
			return r
		}
		return -1
	}, s)
}

var rechtsformen = map[string]bool{"gmbh": true, "ag": true, "kg": true, "co": true, "ohg": true, "ug": true,
	"ev": true, "eg": true, "gbr": true, "mbh": true, "und": true}

// namenskern lower-cases, folds umlauts and accents, and drops punctuation and legal forms.
func namenskern(s string) string {
	s = strings.NewReplacer("ä", "ae", "ö", "oe", "ü", "ue", "ß", "ss", "Ä", "ae", "Ö", "oe", "Ü", "ue").Replace(s)
	var b strings.Builder
	for _, r := range norm.NFD.String(strings.ToLower(s)) {
		switch {
		case unicode.Is(unicode.Mn, r):
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			b.WriteRune(r)
		default:
			b.WriteRune(' ')
		}
	}
	var teile []string
	for _, w := range strings.Fields(b.String()) {
		if !rechtsformen[w] {
			teile = append(teile, w)
		}
	}
	return strings.Join(teile, " ")
}

func levenshtein(a, b string) int {
	x, y := []rune(a), []rune(b)
	prev := make([]int, len(y)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(x); i++ {
		cur := make([]int, len(y)+1)
		cur[0] = i
		for j := 1; j <= len(y); j++ {
			kosten := 1
			if x[i-1] == y[j-1] {
				kosten = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+kosten)
		}
		prev = cur
	}
	return prev[len(y)]
}
