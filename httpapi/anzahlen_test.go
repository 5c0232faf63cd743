package httpapi

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"testing"

	"github.com/eabwasser/eabwasser/domain/validierung"
	"github.com/eabwasser/eabwasser/internal/werkzeug/seed"
)

// listenpfade lists the paths of the arrays in a decoded JSON value that hold at least one
// entry, as validationErrors name them: "planungen", "entsorgungsraum.entsorgungsraeume",
// "zustaendigePersonen[0].zustaendig".
func listenpfade(v any, pfad string) []string {
	var out []string
	switch x := v.(type) {
	case map[string]any:
		for k, w := range x {
			p := k
			if pfad != "" {
				p = pfad + "." + k
			}
			out = append(out, listenpfade(w, p)...)
		}
	case []any:
		if len(x) > 0 {
			out = append(out, pfad)
		}
		for i, w := range x {
			out = append(out, listenpfade(w, fmt.Sprintf("%s[%d]", pfad, i))...)
		}
	}
	sort.Strings(out)
	return out
}

// mitListe is a copy of body with the array at ziel grown to n entries (copies of its first;
// texts numbered, since string lists drop duplicates).
func mitListe(t *testing.T, body any, ziel string, n int) any {
	t.Helper()
	var kopie any
	b, _ := json.Marshal(body)
	if err := json.Unmarshal(b, &kopie); err != nil {
		t.Fatal(err)
	}
	var ersetze func(v any, pfad string) any
	ersetze = func(v any, pfad string) any {
		switch x := v.(type) {
		case map[string]any:
			for k, w := range x {
				p := k
				if pfad != "" {
					p = pfad + "." + k
				}
				x[k] = ersetze(w, p)
			}
		case []any:
			if pfad == ziel {
				viele := make([]any, n)
				for i := range viele {
					viele[i] = x[0]
					if text, ok := x[0].(string); ok {
						viele[i] = fmt.Sprintf("%s %d", text, i) // string lists drop duplicates
					}
				}
				return viele
			}
			for i, w := range x {
				x[i] = ersetze(w, fmt.Sprintf("%s[%d]", pfad, i))
			}
		}
		return v
	}
	return ersetze(kopie, "")
}

// pruefeAnzahlen sends every non-empty list of body with one entry more than the table allows,
// one at a time: 400, "Max. {n} Einträge erlaubt" at the list, nothing written; and at its
// maximum the list is no error of its own.
func (w *kontoWelt) pruefeAnzahlen(t *testing.T, name, methode, pfad, token string, body map[string]any, mindestens int) {
	t.Helper()
	var roh any
	j, _ := json.Marshal(body)
	_ = json.Unmarshal(j, &roh)
	// the rights are the detail's answer to the caller, no input of the save
	delete(roh.(map[string]any), "rechte")
	listen := listenpfade(roh, "")
	if len(listen) < mindestens {
		t.Fatalf("%s: %d lists %v, want at least %d", name, len(listen), listen, mindestens)
	}
	t.Logf("%s: %d lists %v", name, len(listen), listen)
	for _, l := range listen {
		n := validierung.Hoechstanzahl(l)
		vorher := w.letztesEreignis(t)
		a := w.send(t, methode, pfad, mitListe(t, roh, l, n+1), token)
		if a.Code != 400 {
			t.Fatalf("%s %s with %d entries: status %d; body %.300s", name, l, n+1, a.Code, a.Body.String())
		}
		ve, _ := a.json(t)["validationErrors"].(map[string]any)
		if ve[l] != validierung.ZuViele(n) {
			t.Fatalf("%s %s: validationErrors %v, want %q", name, l, ve, validierung.ZuViele(n))
		}
		// the list is answered with one message, not one per entry
		for k := range ve {
			if strings.HasPrefix(k, l+"[") {
				t.Fatalf("%s %s: an entry of the refused list has its own error %s (%d errors)", name, l, k, len(ve))
			}
		}
		if nach := w.letztesEreignis(t); nach != vorher {
			t.Fatalf("%s %s: events appended", name, l)
		}
		if a := w.send(t, methode, pfad, mitListe(t, roh, l, n), token); a.Code == 400 {
			if ve, _ := a.json(t)["validationErrors"].(map[string]any); ve[l] == validierung.ZuViele(n) {
				t.Fatalf("%s %s: %d entries refused", name, l, n)
			}
		}
	}
}

// The rule: every list of a command has a maximum number of entries (validierung.Hoechstanzahlen,
// 100 unless the table names more), checked by the deciders' walk over the command's data.
func TestAnzahlen_EveryListOfAPlantAndAnOperationSaveIsBounded(t *testing.T) {
	w := newKontoWelt(t, "")
	fachadmin := w.login(t, "fachadmin", seed.DemoPasswort)

	id := idVon(t, w, "anlage", "Kläranlage Musterhausen")
	anl := w.send(t, "GET", fmt.Sprintf("/api/anlage/%d", id), nil, fachadmin).json(t)
	eins := map[string][]any{
		"biologischeBehandlung": {"Belebungsverfahren"}, "schlammbehandlung": {"Faulung"}, "vorbehandlung": {"Rechen"},
		"chemischeBehandlung": {"Fällung"}, "nachbehandlung": {"Filtration"},
		"planungen":                   {map[string]any{"status": "geplant", "massnahme": "Erweiterung", "plandatum": "2027-05-01"}},
		"foerderungen":                {map[string]any{"mipNr": "MIP-1"}},
		"anlagenteile":                {map[string]any{"kategorie": "Mechanische Reinigung", "bezeichnung": "Rechen"}},
		"auslegungUndBelastungsDaten": {map[string]any{"jahr": 2025}},
		"kontakte":                    {map[string]any{"name": "Lang", "vorname": "Lars", "email": "lars@lang.example"}},
	}
	for k, v := range eins {
		if l, _ := anl[k].([]any); len(l) == 0 {
			anl[k] = v
		}
	}
	w.pruefeAnzahlen(t, "plant", "PUT", fmt.Sprintf("/api/anlage/abwasserbehandlung/%d", id), fachadmin, anl, 12)

	betreiber, sbd := w.login(t, "betreiber", seed.DemoPasswort), w.login(t, "zust_sbd", seed.DemoPasswort)
	betriebID := beantragen(t, w, betreiber, "Gerberei Lützel")
	w.send(t, "POST", "/api/betrieb/freigabe", map[string]any{"betriebId": betriebID, "neuerStatus": "FREIGEGEBEN"}, sbd)
	b := w.betrieb(t, betriebID, sbd)
	b["produktion"] = map[string]any{"taetigkeiten": []string{"Gerben"}, "produktbezeichnungen": []string{"Leder"},
		"produktionsverfahren": []string{"Chrom"}, "produktionsarten": []string{"Serie"}}
	b["kontakte"] = []map[string]any{{"name": "Lang", "vorname": "Lars", "email": "lars@lang.example"}}
	w.pruefeAnzahlen(t, "operation", "PUT", fmt.Sprintf("/api/betrieb/%d", betriebID), sbd, b, 5)
	w.pruefeAnzahlen(t, "operator's save", "PUT", fmt.Sprintf("/api/betrieb/%d/betriebsdaten", betriebID), betreiber, b, 5)
}
