package httpapi

import (
	"maps"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"

	"github.com/eabwasser/eabwasser/domain/anlage"
	"github.com/eabwasser/eabwasser/domain/bescheid"
	"github.com/eabwasser/eabwasser/domain/betrieb"
	"github.com/eabwasser/eabwasser/domain/jahresbericht"
	"github.com/eabwasser/eabwasser/domain/organisation"
	anlagedienst "github.com/eabwasser/eabwasser/internal/anwendung/anlage"
	"github.com/eabwasser/eabwasser/internal/anwendung/bescheidauswertung"
	betriebdienst "github.com/eabwasser/eabwasser/internal/anwendung/betrieb"
	berichtdienst "github.com/eabwasser/eabwasser/internal/anwendung/jahresbericht"
	"github.com/eabwasser/eabwasser/internal/dokumente/konten"
	"github.com/eabwasser/eabwasser/internal/plattform/geodaten"
	"github.com/eabwasser/eabwasser/internal/werkzeug/seed"
	"github.com/eabwasser/eabwasser/projections/arbeitsliste"
)

// alsTexte turns a list of string-like values into strings.
func alsTexte[T ~string](xs []T) []string {
	out := make([]string, len(xs))
	for i, x := range xs {
		out[i] = string(x)
	}
	return out
}

// dokumentEnums lists "METHOD /path name" of every enumerated query parameter of the document.
func dokumentEnums(t testing.TB) map[string]*aufzaehlung {
	t.Helper()
	auf, err := dokumentAufzaehlungen()
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]*aufzaehlung{}
	for op, ps := range auf.operationen {
		for name, e := range ps {
			out[op+" "+name] = e
		}
	}
	if len(out) < 30 {
		t.Fatalf("only %d enumerated query parameters read: %v", len(out), slices.Sorted(maps.Keys(out)))
	}
	return out
}

// The values the handlers compare with are the document's enums (issue 43, item 4): a sort key
// the document names but the list does not know would silently sort by the default; a filter
// value the code knows but the document does not would be refused. Every enumerated query
// parameter of the document is in this table.
func TestAufzaehlung_TheHandlersKnowExactlyTheDocumentsValues(t *testing.T) {
	sortierung := func(m map[string]string) []string { return slices.Collect(maps.Keys(m)) }
	richtung := []string{"asc", "desc", "ASC", "DESC"} // sortierrichtung's cases
	auswertung := []string{bescheidauswertung.Alle, bescheidauswertung.Zeitraum, bescheidauswertung.Stichtag}
	goWerte := map[string][]string{
		"GET /betrieb/search sortProperty":                        sortierung(betriebdienst.Arbeitsliste.Sortierung),
		"GET /anlage/search sortProperty":                         sortierung(anlagedienst.Arbeitsliste.Sortierung),
		"POST /anlage/export sortProperty":                        sortierung(anlagedienst.Arbeitsliste.Sortierung),
		"GET /messstelle/search sortProperty":                     sortierung(arbeitsliste.MessstellenListe.Sortierung),
		"POST /messstelle/export sortProperty":                    sortierung(arbeitsliste.MessstellenListe.Sortierung),
		"GET /jahresbericht/search sortProperty":                  sortierung(berichtdienst.Arbeitsliste.Sortierung),
		"POST /jahresbericht/export sortProperty":                 sortierung(berichtdienst.Arbeitsliste.Sortierung),
		"GET /jahresbericht/search status":                        jahresbericht.Status,
		"POST /jahresbericht/export status":                       jahresbericht.Status,
		"GET /betrieb/{id}/bescheid/search sortProperty":          sortierung(arbeitsliste.BescheideListe.Sortierung),
		"GET /betrieb/{id}/auflage/search sortProperty":           sortierung(arbeitsliste.AuflagenListe.Sortierung),
		"GET /betrieb/{id}/anforderung/auswertung sortProperty":   sortierung(arbeitsliste.AnforderungenListe.Sortierung),
		"GET /anforderung/auswertung sortProperty":                sortierung(arbeitsliste.AnforderungenListe.Sortierung),
		"POST /anforderung/export sortProperty":                   sortierung(arbeitsliste.AnforderungenListe.Sortierung),
		"GET /betrieb/{id}/anforderung/auswertung anforderungArt": bescheid.AnforderungArten,
		"GET /anforderung/auswertung anforderungArt":              bescheid.AnforderungArten,
		"POST /anforderung/export anforderungArt":                 bescheid.AnforderungArten,
		"GET /betrieb/{id}/anforderung/auswertung auswertung":     auswertung,
		"GET /anforderung/auswertung auswertung":                  auswertung,
		"POST /anforderung/export auswertung":                     auswertung,
		"GET /anwender sortProperty":                              konten.AnwenderSortierungen(),
		"GET /anlage/moeglicheAufnehmendeAnlagen anlagetyp":       anlage.Typen,
		"GET /organisation status":                                {organisation.Aktiv, organisation.Inaktiv},
		"GET /geodaten/karte ebene":                               alsTexte(geodaten.Ebenen),
		"POST /betrieb typ":                                       betrieb.Betriebstypen,
		"PATCH /nachricht/{id} gelesen":                           {"true"}, // the handler's only value
	}
	for op, e := range dokumentEnums(t) {
		werte, ok := goWerte[op]
		if !ok && strings.HasSuffix(op, " sortDirection") {
			werte, ok = richtung, true
		}
		if !ok {
			t.Errorf("%s: enumerated in the document; name the values its handler compares with here", op)
			continue
		}
		if a, b := slices.Sorted(slices.Values(e.werte)), slices.Sorted(slices.Values(werte)); !slices.Equal(a, b) {
			t.Errorf("%s: the document says %v, the code %v", op, a, b)
		}
		delete(goWerte, op)
	}
	for op := range goWerte {
		t.Errorf("%s: no longer enumerated in the document", op)
	}
}

func TestAufzaehlung_TheMessageNamesTheAllowedValues(t *testing.T) {
	for werte, want := range map[string]string{
		"alle zeitraum stichtag": "Erlaubt sind alle, zeitraum und stichtag.",
		"ASC DESC":               "Erlaubt sind ASC und DESC.",
		"true":                   "Erlaubt ist true.",
	} {
		if got := textErlaubt(strings.Fields(werte)); got != want {
			t.Errorf("%s: %q, want %q", werte, got, want)
		}
	}
	for muster, want := range map[string]string{"/api/anlage/{typ:a|b}/{id}": "/anlage/{typ}/{id}", "/api/audit/": "/audit", "": ""} {
		if got := dokumentPfad(muster); got != want {
			t.Errorf("dokumentPfad(%q) = %q, want %q", muster, got, want)
		}
	}
}

// Issue 43, item 4: every enumerated query parameter of the document refuses an unknown value
// with a 400 naming the parameter and the allowed values, and takes each of its values (the
// answer may still be a 400 for another reason, never for this parameter).
func TestAufzaehlung_AnUnknownValueOfEveryEnumIs400(t *testing.T) {
	doc, _, err := ladeVertrag()
	if err != nil {
		t.Fatal(err)
	}
	w := newKontoWelt(t, "")
	ids := ladeDemoIDs(t, w)
	admin := w.login(t, "fachadmin", seed.DemoPasswort)
	enums := dokumentEnums(t)
	ops := slices.Sorted(maps.Keys(enums))
	for _, op := range ops {
		e := enums[op]
		teile := strings.Fields(op)
		methode, pfad, name := teile[0], teile[1], teile[2]
		item := doc.Paths.Value(pfad)
		basis := url.Values{}
		if pa := pflichtAnfrage(item.GetOperation(methode), item); pa != "" {
			basis, _ = url.ParseQuery(strings.TrimPrefix(pa, "?"))
		}
		ziel := func(wert string) string {
			q := maps.Clone(basis)
			q.Set(name, wert)
			return "/api" + ids.pfadFuer(pfad) + "?" + q.Encode()
		}
		falsch := []string{"x-unbekannt"}
		if e.liste {
			falsch = append(falsch, e.werte[0]+",x-unbekannt")
		}
		for _, wert := range falsch {
			m := wantFehler(t, w.send(t, methode, ziel(wert), nil, admin), http.StatusBadRequest, e.text)
			if ve, _ := m["validationErrors"].(map[string]any); ve[name] != e.text {
				t.Errorf("%s %s: validationErrors %v", methode, ziel(wert), m["validationErrors"])
			}
		}
		richtig := slices.Clone(e.werte)
		if e.liste {
			richtig = append(richtig, strings.Join(e.werte, ","))
		}
		for _, wert := range richtig {
			a := w.send(t, methode, ziel(wert), nil, admin)
			if a.Code == http.StatusBadRequest {
				if ve, _ := a.json(t)["validationErrors"].(map[string]any); ve[name] != nil || strings.HasPrefix(a.Body.String(), `{"message":"Erlaubt`) {
					t.Errorf("%s %s: %s", methode, ziel(wert), a.Body.String())
				}
			}
		}
	}
	// the message names the values in the document's order, the case as the document has it
	wantFehler(t, w.send(t, "GET", "/api/anforderung/auswertung?auswertung=ALLE", nil, admin), 400, "Erlaubt sind alle, zeitraum und stichtag.")
}

// An empty value counts as absent (the handlers read it so), a parameter of another operation's
// enum is not checked, and an unknown route passes on to the 404. Checked without the client: the
// contract check would call an empty enum value a forbidden request.
func TestAufzaehlung_EmptyValuesAndOtherOperationsPass(t *testing.T) {
	auf, err := dokumentAufzaehlungen()
	if err != nil {
		t.Fatal(err)
	}
	mux := newAPI(alleBereiche()).routes(nil)
	for _, c := range []struct {
		methode, pfad string
		q             url.Values
		fehler        bool
	}{
		{"GET", "/api/anforderung/auswertung", url.Values{"auswertung": {""}, "sortProperty": {""}, "anforderungArt": {""}}, false},
		{"GET", "/api/jahresbericht/search", url.Values{"status": {",EINGEREICHT, ,"}}, false},
		{"GET", "/api/anlage/search", url.Values{"status": {"x-unbekannt"}}, false},
		{"GET", "/api/gibtesnicht", url.Values{"sortDirection": {"x-unbekannt"}}, false},
		{"HEAD", "/api/audit", url.Values{"sortDirection": {"x-unbekannt"}}, true},
		{"GET", "/api/betrieb/7/auflage/search", url.Values{"sortProperty": {"x-unbekannt"}}, true},
		{"GET", "/api/jahresbericht/search", url.Values{"status": {"EINGEREICHT", "x"}}, true},
	} {
		if err := auf.pruefe(mux, c.methode, c.pfad, c.q); (err != nil) != c.fehler {
			t.Errorf("%s %s %v: %v", c.methode, c.pfad, c.q, err)
		}
	}
}
