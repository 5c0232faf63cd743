package validierung

import (
	"errors"
	"fmt"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/eabwasser/eabwasser/domain/spiegel"
)

func TestLaengen_FeldnameIsTheLastElementWithoutIndex(t *testing.T) {
	for in, want := range map[string]string{
		"bezeichnung": "bezeichnung", "adresse.strasse": "strasse", "kontakte[3].email": "email",
		"produktion.taetigkeiten[2]": "taetigkeiten", "person.name": "name", "auditInfo.aenderungsgrund": "aenderungsgrund",
	} {
		if got := Feldname(in); got != want {
			t.Errorf("Feldname(%q) = %q, want %q", in, got, want)
		}
	}
	if Hoechstlaenge("adresse.plz") != 10 || Hoechstlaenge("kontakte[0].email") != 254 || Hoechstlaenge("unbekannt") != Standardlaenge {
		t.Error("the limit is looked up by the last element, unknown names get the standard")
	}
}

func TestLaengen_TheSpecsLimitsAndMessage(t *testing.T) {
	for feld, n := range map[string]int{"wasserbuchnummer": 9, "flur": 5, "flurstueck": 10, "gemarkung": 50, "zusatztext": 100} {
		if Hoechstlaengen[feld] != n {
			t.Errorf("%s: %d, spec says %d", feld, Hoechstlaengen[feld], n)
		}
	}
	var f *Fehler
	if err := Laenge("wasserbuchnummer", "S12345678"); err != nil {
		t.Errorf("9 characters: %v", err)
	}
	if err := Laenge("wasserbuchnummer", "S123456789"); !errors.As(err, &f) || f.Felder["wasserbuchnummer"] != "Max. 9 Zeichen erlaubt" {
		t.Errorf("10 characters: %v", err)
	}
}

func TestLaengen_CountsCharactersNotBytes(t *testing.T) {
	if err := Laenge("bezeichnung", strings.Repeat("ä", 255)); err != nil {
		t.Errorf("255 umlauts (510 bytes) are 255 characters: %v", err)
	}
	if err := Laenge("bezeichnung", strings.Repeat("ä", 256)); err == nil || err.Error() != "Max. 255 Zeichen erlaubt" {
		t.Errorf("256 umlauts: %v", err)
	}
}

type adresse struct {
	Strasse string `json:"strasse"`
	Plz     string `json:"plz,omitempty"`
}

type eingebettet struct {
	Kommentar string `json:"kommentar"`
}

type formular struct {
	eingebettet
	Bezeichnung string                   `json:"bezeichnung"`
	Adresse     adresse                  `json:"adresse"`
	Kontakte    []struct{ Email string } `json:"kontakte"`
	Listen      []string                 `json:"taetigkeiten"`
	Verweis     *adresse                 `json:"verweis"`
	Roh         []byte                   `json:"roh"`
	Geheim      string                   `json:"-"`
	Zahl        int                      `json:"zahl"`
	Extras      map[string]string        `json:"extras"`
	intern      string
}

func TestLaengen_WalkNamesEveryTextByItsJSONPath(t *testing.T) {
	lang := strings.Repeat("x", 5000)
	f := formular{eingebettet: eingebettet{Kommentar: lang}, Bezeichnung: lang, Adresse: adresse{Strasse: lang, Plz: "56068"},
		Kontakte: []struct{ Email string }{{Email: "a@b.de"}, {Email: lang}}, Listen: []string{"ok", lang},
		Verweis: &adresse{Plz: lang}, Roh: []byte(lang), Geheim: lang, Zahl: 1, Extras: map[string]string{"code": lang}, intern: lang}
	var s Sammler
	s.Laengen("form.", f)
	var fe *Fehler
	if !errors.As(s.Err(), &fe) {
		t.Fatalf("no error for %v", s.Err())
	}
	want := map[string]string{
		"form.kommentar":         "Max. 4000 Zeichen erlaubt",
		"form.bezeichnung":       "Max. 255 Zeichen erlaubt",
		"form.adresse.strasse":   "Max. 100 Zeichen erlaubt",
		"form.kontakte[1].Email": "Max. 255 Zeichen erlaubt",
		"form.taetigkeiten[1]":   "Max. 255 Zeichen erlaubt",
		"form.verweis.plz":       "Max. 10 Zeichen erlaubt",
		"form.extras.code":       "Max. 255 Zeichen erlaubt",
	}
	if !reflect.DeepEqual(fe.Felder, want) {
		t.Errorf("got %v\nwant %v", fe.Felder, want)
	}
	s = Sammler{}
	if s.Laengen("", formular{Bezeichnung: "Kläranlage"}); s.Err() != nil {
		t.Errorf("short texts: %v", s.Err())
	}
}

// TestLaengen_FrontendMirrorsTheTable keeps frontend/src/lib/laengen.ts equal to the tables of
// lengths and of list sizes;
// after a change of the table run: go test ./domain/validierung -run Frontend -update
func TestLaengen_FrontendMirrorsTheTable(t *testing.T) {
	spiegel.Pruefe(t, "../../frontend/src/lib/laengen.ts", frontendTabelle(), "validierung.Hoechstlaengen/Hoechstanzahlen", "./domain/validierung")
}

func frontendTabelle() string {
	namen := make([]string, 0, len(Hoechstlaengen))
	for n := range Hoechstlaengen {
		namen = append(namen, n)
	}
	sort.Strings(namen)
	var b strings.Builder
	b.WriteString(`// Generated from domain/validierung/laengen.go (validierung.Hoechstlaengen, Hoechstanzahlen); do not edit.
// After a change there run: go test ./domain/validierung -run Frontend -update

/** Maximum length in characters of a text field of any form, by the field's name. */
export const LAENGEN: Readonly<Record<string, number>> = {
`)
	for _, n := range namen {
		fmt.Fprintf(&b, "  %s: %d,\n", n, Hoechstlaengen[n])
	}
	fmt.Fprintf(&b, `};

/** Maximum of a text field the table does not name. */
export const STANDARD_LAENGE = %d;

/** Maximum of a search text or filter (every query parameter). */
export const SUCH_LAENGE = %d;

/** The message the server answers for a too long field. */
export const zuLang = (n: number) => %s;

/** Maximum length of the field: by its last path element without index ("kontakte[0].email" is "email"). */
export function maxLaenge(feld: string): number {
  const name = feldname(feld);
  return Object.prototype.hasOwnProperty.call(LAENGEN, name) ? LAENGEN[name] : STANDARD_LAENGE;
}

/** Maximum number of entries of a list field of any form, by the field's name (validierung.Hoechstanzahlen). */
export const ANZAHLEN: Readonly<Record<string, number>> = {
`, Standardlaenge, Suchlaenge, "`"+strings.Replace(MsgZuLang, "%d", "${n}", 1)+"`")
	namen = namen[:0]
	for n := range Hoechstanzahlen {
		namen = append(namen, n)
	}
	sort.Strings(namen)
	for _, n := range namen {
		fmt.Fprintf(&b, "  %s: %d,\n", n, Hoechstanzahlen[n])
	}
	fmt.Fprintf(&b, `};

/** Maximum number of entries of a list the table does not name. */
export const STANDARD_ANZAHL = %d;

/** The message the server answers for a list with too many entries. */
export const zuViele = (n: number) => %s;

/** Maximum number of entries of the list field ("entsorgungsraum.entsorgungsraeume" is "entsorgungsraeume"). */
export function maxAnzahl(feld: string): number {
  const name = feldname(feld);
  return Object.prototype.hasOwnProperty.call(ANZAHLEN, name) ? ANZAHLEN[name] : STANDARD_ANZAHL;
}

/** The last element of a field path without its index, as the server's table looks it up. */
function feldname(feld: string): string {
  return feld.slice(feld.lastIndexOf('.') + 1).replace(/\[.*$/, '');
}
`, Standardanzahl, "`"+strings.Replace(MsgZuViele, "%d", "${n}", 1)+"`")
	return b.String()
}

type raum struct {
	Einheiten []string `json:"entsorgungsraeume"`
}

type listenformular struct {
	Planungen []adresse         `json:"planungen"`
	Raum      *raum             `json:"entsorgungsraum"`
	Gruende   map[string]string `json:"begruendungen"`
	Zahlen    []int64           `json:"betriebe"`
}

func TestAnzahlen_EveryListOfACommandHasAMaximumNumberOfEntries(t *testing.T) {
	viele := func(n int) []string { return make([]string, n) }
	gruende := map[string]string{}
	for i := 0; i <= Standardanzahl; i++ {
		gruende[fmt.Sprint(i)] = "x"
	}
	f := listenformular{Planungen: make([]adresse, Standardanzahl+1), Raum: &raum{Einheiten: viele(501)},
		Gruende: gruende, Zahlen: make([]int64, 1001)}
	f.Planungen[Standardanzahl].Strasse = strings.Repeat("x", 5000) // not descended into: one message per list
	var s Sammler
	s.Laengen("", f)
	var fe *Fehler
	if !errors.As(s.Err(), &fe) {
		t.Fatalf("no error for %v", s.Err())
	}
	want := map[string]string{
		"planungen":                         "Max. 100 Einträge erlaubt",
		"entsorgungsraum.entsorgungsraeume": "Max. 500 Einträge erlaubt",
		"begruendungen":                     "Max. 100 Einträge erlaubt",
		"betriebe":                          "Max. 1000 Einträge erlaubt",
	}
	if !reflect.DeepEqual(fe.Felder, want) {
		t.Errorf("got %v\nwant %v", fe.Felder, want)
	}
	delete(gruende, "0")
	s = Sammler{}
	if s.Laengen("", listenformular{Planungen: make([]adresse, Standardanzahl), Raum: &raum{Einheiten: viele(500)}, Gruende: gruende,
		Zahlen: make([]int64, 1000)}); s.Err() != nil {
		t.Errorf("lists at their maximum: %v", s.Err())
	}
}
