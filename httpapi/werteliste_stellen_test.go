package httpapi

import (
	"fmt"
	"slices"
	"testing"

	"github.com/eabwasser/eabwasser/domain/validierung"
	"github.com/eabwasser/eabwasser/internal/werkzeug/seed"
)

// parameterEintrag is the value-list entry of anforderungsparameter with parameterNr nr, as the
// API lists it.
func (w berichtsWelt) parameterEintrag(t *testing.T, nr string) wlEintrag {
	t.Helper()
	for _, e := range w.liste(t, "/api/anforderungsparameter", w.betreiber) {
		if e["parameterNr"] == nr {
			return e
		}
	}
	t.Fatalf("no entry of anforderungsparameter with parameterNr %s", nr)
	return nil
}

// TestParameterStellen_FachadminKeepsTheDigitsAndNothingElse: issue 43, item 3 — the
// parameters' significant digits are "maintained by the Fachadmin". He changes the two § 6 AbwV
// columns of anforderungsparameter (signifikanteStellen, abwvKennung) through the usual PUT
// with its version, and the verdicts follow; any other change of that entry, of another list,
// or adding and deleting entries is refused (403) and changes nothing. The Systemadmin keeps
// every right he had.
func TestParameterStellen_FachadminKeepsTheDigitsAndNothingElse(t *testing.T) {
	w := neueBerichtsWelt(t)
	admin := w.login(t, "systemadmin", seed.DemoPasswort)

	// what the UI mirrors: the Fachadmin's action and the columns it changes
	if a := w.send(t, "GET", "/api/me", nil, w.fachadmin); a.Code != 200 ||
		!slices.Contains(a.json(t)["aktionen"].([]any), any("PARAMETER_STELLEN_PFLEGEN")) ||
		slices.Contains(a.json(t)["aktionen"].([]any), any("SYSTEMVERWALTUNG_BEARBEITEN")) {
		t.Fatalf("GET /api/me as fachadmin: %d %s", a.Code, a.Body.String())
	}
	var gepflegt []string
	for _, d := range w.liste(t, "/api/wertelisten", w.fachadmin) {
		for _, x := range asListe(d["extras"]) {
			if x["pflege"] != nil {
				gepflegt = append(gepflegt, fmt.Sprint(d["liste"], ".", x["name"], ":", x["pflege"]))
			}
		}
	}
	if want := []string{"anforderungsparameter.signifikanteStellen:PARAMETER_STELLEN_PFLEGEN",
		"anforderungsparameter.abwvKennung:PARAMETER_STELLEN_PFLEGEN"}; !slices.Equal(gepflegt, want) {
		t.Fatalf("columns kept by another action: %v, want %v", gepflegt, want)
	}

	// at two significant digits 354 is 350 and not exceeded
	vergleich := w.fuenfCSBProben(t)
	if v := vergleich(); v["ueberschritten"] != false || v["stellen"] != float64(2) {
		t.Fatalf("at two digits: %v", v)
	}

	// the Fachadmin saves the entry as the dialog sends it, with three digits
	e := w.parameterEintrag(t, "301")
	wlPfad := "/api/anforderungsparameter/" + e.id()
	form := func(e wlEintrag, aenderungen map[string]any) map[string]any {
		f := map[string]any{}
		for _, k := range []string{"value", "version", "parameterNr", "parameterName", "parameterArten", "betriebstypen", "signifikanteStellen", "abwvKennung"} {
			f[k] = e[k]
		}
		for k, v := range aenderungen {
			f[k] = v
		}
		return f
	}
	a := w.send(t, "PUT", wlPfad, form(e, map[string]any{"signifikanteStellen": "3"}), w.fachadmin)
	if a.Code != 200 || a.json(t)["signifikanteStellen"] != "3" || a.json(t)["abwvKennung"] != "CSB" ||
		a.json(t)["version"] != e["version"].(float64)+1 {
		t.Fatalf("fachadmin's digits: %d %s", a.Code, a.Body.String())
	}
	// the verdict follows: 354 exceeds 350 at three digits
	if v := vergleich(); v["ueberschritten"] != true || v["gerundet"] != "354" || v["stellen"] != float64(3) {
		t.Fatalf("at three digits: %v", v)
	}
	// the version he loaded: a stale one is a conflict
	a = w.send(t, "PUT", wlPfad, form(e, map[string]any{"signifikanteStellen": "4"}), w.fachadmin)
	if a.Code != 409 {
		t.Fatalf("stale version: %d %s", a.Code, a.Body.String())
	}
	// his digits are checked like anybody's; the mark he may clear
	e = w.parameterEintrag(t, "301")
	wantFehler(t, w.send(t, "PUT", wlPfad, form(e, map[string]any{"signifikanteStellen": "1"}), w.fachadmin),
		400, "Es muss eine ganze Zahl von 2 bis 10 oder nichts eingegeben werden.")
	if a := w.send(t, "PUT", wlPfad, form(e, map[string]any{"abwvKennung": ""}), w.fachadmin); a.Code != 200 || a.json(t)["abwvKennung"] != "" {
		t.Fatalf("fachadmin clears the mark: %d %s", a.Code, a.Body.String())
	}

	// nothing else: the value, another column (with or without the digits), other lists,
	// adding and deleting are refused and change nothing
	e = w.parameterEintrag(t, "301")
	verboten := []struct {
		name, method, pfad string
		body               map[string]any
	}{
		{"the value", "PUT", wlPfad, form(e, map[string]any{"value": "301 CSB (homogenisiert)"})},
		{"the name", "PUT", wlPfad, form(e, map[string]any{"parameterName": "CSB gesamt"})},
		{"the name with the digits", "PUT", wlPfad, form(e, map[string]any{"parameterName": "CSB gesamt", "signifikanteStellen": "4"})},
		{"the parameter kinds", "PUT", wlPfad, form(e, map[string]any{"parameterArten": []any{}, "signifikanteStellen": "4"})},
		{"the number, only that column sent", "PUT", wlPfad, map[string]any{"value": e["value"], "version": e["version"], "parameterNr": "399"}},
		{"a new parameter", "POST", "/api/anforderungsparameter", map[string]any{"value": "999 Test", "parameterNr": "999", "parameterName": "Test"}},
		{"a parameter deleted", "DELETE", wlPfad, nil},
	}
	for _, v := range verboten {
		wantFehler(t, w.send(t, v.method, v.pfad, v.body, w.fachadmin), 403, validierung.NichtErlaubt.Error())
	}
	if nachher := w.parameterEintrag(t, "301"); fmt.Sprint(nachher) != fmt.Sprint(e) {
		t.Fatalf("a refused change changed the entry: %v, was %v", nachher, e)
	}
	anrede := finde(w.liste(t, "/api/anrede", w.fachadmin), "Frau")
	wantFehler(t, w.send(t, "PUT", "/api/anrede/"+anrede.id(), map[string]any{"value": "Frau Dr.", "version": anrede["version"]}, w.fachadmin),
		403, validierung.NichtErlaubt.Error())
	if nachher := finde(w.liste(t, "/api/anrede", w.fachadmin), "Frau"); nachher == nil || nachher["version"] != anrede["version"] {
		t.Fatalf("anrede changed by the Fachadmin: %v", nachher)
	}

	// the Systemadmin changes everything as before, the digits included
	a = w.send(t, "PUT", wlPfad, form(e, map[string]any{"parameterName": "CSB gesamt", "signifikanteStellen": "2", "abwvKennung": "CSB"}), admin)
	if a.Code != 200 || a.json(t)["parameterName"] != "CSB gesamt" || a.json(t)["signifikanteStellen"] != "2" {
		t.Fatalf("systemadmin: %d %s", a.Code, a.Body.String())
	}
	if v := vergleich(); v["ueberschritten"] != false || v["stellen"] != float64(2) {
		t.Fatalf("back at two digits: %v", v)
	}
}

func asListe(v any) []map[string]any {
	var out []map[string]any
	l, _ := v.([]any)
	for _, x := range l {
		if m, ok := x.(map[string]any); ok {
			out = append(out, m)
		}
	}
	return out
}
