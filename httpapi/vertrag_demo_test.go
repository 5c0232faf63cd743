package httpapi

import (
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"

	"github.com/eabwasser/eabwasser/internal/werkzeug/seed"
)

// demoIDs are the ids of a chain of objects of the demo (an annual report with a parameter, its
// plant, measuring point, operation, a Bescheid of the operation, …), for the path parameters.
type demoIDs struct {
	betrieb, anlage, messstelle, bescheid, bescheidMessstelle, jahresbericht, parameter int64
	datei, organisation, anwender, lokaleRolle                                          int64
	messstellenNr                                                                       string
}

func ladeDemoIDs(t *testing.T, w *kontoWelt) demoIDs {
	t.Helper()
	var d demoIDs
	pool := w.dienst.Store.Pool()
	ctx := t.Context()
	abfrage := func(sql string, args []any, ziel ...any) {
		if err := pool.QueryRow(ctx, sql, args...).Scan(ziel...); err != nil {
			t.Fatalf("%s: %v", sql, err)
		}
	}
	abfrage(`SELECT p.jahresbericht_id, p.messstelle_id, p.parameter_id, j.anlage_id, a.betrieb_id
		FROM jahresbericht_parameter p JOIN jahresbericht j ON j.id = p.jahresbericht_id JOIN anlage a ON a.id = j.anlage_id
		WHERE NOT j.geloescht ORDER BY p.parameter_id LIMIT 1`, nil,
		&d.jahresbericht, &d.messstelle, &d.parameter, &d.anlage, &d.betrieb)
	abfrage(`SELECT messstellen_id FROM messstelle WHERE id = $1`, []any{d.messstelle}, &d.messstellenNr)
	abfrage(`SELECT coalesce((SELECT id FROM bescheid WHERE betrieb_id = $1 ORDER BY id LIMIT 1), (SELECT min(id) FROM bescheid), 0)`,
		[]any{d.betrieb}, &d.bescheid)
	abfrage(`SELECT coalesce((SELECT messstellen[1] FROM bescheid WHERE id = $1), 0)`, []any{d.bescheid}, &d.bescheidMessstelle)
	abfrage(`SELECT coalesce(min(id), 0) FROM datei`, nil, &d.datei)
	abfrage(`SELECT coalesce(min(id), 0) FROM organisation`, nil, &d.organisation)
	abfrage(`SELECT coalesce(min(id), 0) FROM anwender`, nil, &d.anwender)
	abfrage(`SELECT coalesce(min(id), 0) FROM lokale_rolle`, nil, &d.lokaleRolle)
	return d
}

// pfadFuer fills the path parameters of a documented path with ids of the demo: an {id} is the
// object the path's first segment names (with the exceptions the path's description names).
func (d demoIDs) pfadFuer(pfad string) string {
	id := map[string]int64{"anlage": d.anlage, "betrieb": d.betrieb, "messstelle": d.messstelle, "bescheid": d.bescheid,
		"bescheidsantrag": d.bescheid, "jahresbericht": d.jahresbericht, "datei": d.datei, "organisation": d.organisation,
		"anwender": d.anwender, "person": d.lokaleRolle, "messwert": d.jahresbericht}
	erstes, _, _ := strings.Cut(strings.TrimPrefix(pfad, "/"), "/")
	objekt := id[erstes]
	switch {
	case strings.Contains(pfad, "getJahresberichtAnlagenForBetrieb"), strings.HasPrefix(pfad, "/jahresbericht/betrieb/"),
		strings.Contains(pfad, "/uebersicht/"):
		objekt = d.betrieb
	}
	if strings.HasPrefix(pfad, "/messstelle/uebersicht/") {
		objekt = d.anlage
	}
	return strings.NewReplacer("{id}", fmt.Sprint(objekt), "{mid}", fmt.Sprint(d.messstelleFuer(pfad)), "{pid}", fmt.Sprint(d.parameter),
		"{version}", "1", "{position}", "1", "{betriebId}", fmt.Sprint(d.betrieb), "{anlagenart}", "MISCHWASSER",
		"{nummer}", url.PathEscape(d.messstellenNr), "{typ}", "INDUSTRIE", "{n}", "WR-2350-001", "{bescheidId}", "WR-1110-017",
		"{wbbId}", "1").Replace(pfad)
}

// messstelleFuer is the measuring point of a path's {mid}: the Bescheid's under /bescheid, else
// the annual report's.
func (d demoIDs) messstelleFuer(pfad string) int64 {
	if strings.HasPrefix(pfad, "/bescheid/") && d.bescheidMessstelle != 0 {
		return d.bescheidMessstelle
	}
	return d.messstelle
}

// pflichtAnfrage is a query with a value for every required query parameter: an enum's first
// value, the default, or a plain value of the type (within its bounds).
func pflichtAnfrage(op *openapi3.Operation, item *openapi3.PathItem) string {
	q := url.Values{}
	for _, ps := range [][]*openapi3.ParameterRef{item.Parameters, op.Parameters} {
		for _, pr := range ps {
			p := pr.Value
			if p == nil || p.In != "query" || !p.Required || p.Schema == nil || p.Schema.Value == nil {
				continue
			}
			q.Set(p.Name, beispielWert(p.Schema.Value))
		}
	}
	if len(q) == 0 {
		return ""
	}
	return "?" + q.Encode()
}

func beispielWert(s *openapi3.Schema) string {
	switch {
	case len(s.Enum) > 0:
		return fmt.Sprint(s.Enum[0])
	case s.Default != nil:
		return fmt.Sprint(s.Default)
	case s.Type.Is("array") && s.Items != nil && s.Items.Value != nil:
		return beispielWert(s.Items.Value)
	case s.Type.Is("integer"), s.Type.Is("number"):
		if s.Min != nil && s.Max != nil {
			return fmt.Sprint(int64((*s.Min + *s.Max) / 2))
		}
		if s.Min != nil {
			return fmt.Sprint(int64(*s.Min) + 1)
		}
		return "1"
	case s.Format == "date":
		return "2025-01-01"
	}
	return "1"
}

// Issue 43, item 4: for each demo role, every GET of the document, its path filled with ids of
// the demo, answers as the document says (the validating client checks each answer: status,
// media type and body; a 403 or 404 is fine where the route documents it).
func TestVertrag_EveryGETOfTheDocumentAnswersAsDocumentedForEachDemoRole(t *testing.T) {
	doc, _, err := ladeVertrag()
	if err != nil {
		t.Fatal(err)
	}
	w := newKontoWelt(t, "")
	ids := ladeDemoIDs(t, w)
	var gets []string
	for pfad, item := range doc.Paths.Map() {
		if item.Get != nil {
			gets = append(gets, pfad)
		}
	}
	slices.Sort(gets)
	for _, konto := range demoKonten {
		token := w.login(t, konto, seed.DemoPasswort)
		t.Run(konto, func(t *testing.T) {
			for _, pfad := range gets {
				item := doc.Paths.Value(pfad)
				ziel := "/api" + ids.pfadFuer(pfad) + pflichtAnfrage(item.Get, item)
				if a := w.send(t, "GET", ziel, nil, token); a.Code == http.StatusInternalServerError {
					t.Errorf("GET %s: %d %s", ziel, a.Code, a.Body.String())
				}
			}
		})
	}
}
