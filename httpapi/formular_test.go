package httpapi

import (
	"fmt"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/eabwasser/eabwasser/internal/werkzeug/seed"
)

// Issue 28, items 4 and 6: a form's save is answered with every field error at once (one 400,
// errors of every tab), a negative number is told so, and what the detail's rechte.felder
// offers is exactly what the caller's save accepts.

// feldfehler are the validationErrors of a 400.
func feldfehler(t *testing.T, a antwort) map[string]any {
	t.Helper()
	if a.Code != 400 {
		t.Fatalf("status = %d, want 400; body %s", a.Code, a.Body.String())
	}
	ve, _ := a.json(t)["validationErrors"].(map[string]any)
	return ve
}

func wantFelder(t *testing.T, ve map[string]any, want map[string]string) {
	t.Helper()
	for k, m := range want {
		if ve[k] != m {
			t.Errorf("%s: %v, want %q", k, ve[k], m)
		}
	}
	if t.Failed() {
		t.Fatalf("validationErrors: %v", ve)
	}
}

// fehlerAufJedemReiter makes a plant form wrong on each of its tabs: Anlage, Auslegungs-/
// Planungsdaten, Anlagenteile, Zuständigkeiten.
func fehlerAufJedemReiter(f map[string]any) map[string]string {
	f["anlagenart"] = ""
	f["lage"] = map[string]float64{"hochwert": -5582900.5, "rechtswert": 398100.25}
	f["auslegungUndBelastungsDaten"] = []map[string]any{{"parameter": "", "einheit": "EW", "auslegungWert": -1}}
	f["planungen"] = []map[string]any{{"status": "", "massnahme": "Erweiterung"}}
	f["anlagenteile"] = []map[string]any{{"kategorie": "", "bezeichnung": "Rechen", "anzahl": -2}}
	f["kontakte"] = []map[string]any{{"anrede": "Herr", "vorname": "Max", "name": "Muster", "telefon": "0261-1", "email": "keine-adresse"}}
	return map[string]string{
		"anlagenart":    "Dieses Feld ist ein Pflichtfeld.",
		"lage.hochwert": "Es muss ein positiver Wert angegeben werden!",
		"auslegungUndBelastungsDaten[0].parameter":     "Dieses Feld ist ein Pflichtfeld.",
		"auslegungUndBelastungsDaten[0].auslegungWert": "Es muss ein positiver Wert angegeben werden!",
		"planungen[0].status":                          "Dieses Feld ist ein Pflichtfeld.",
		"anlagenteile[0].kategorie":                    "Dieses Feld ist ein Pflichtfeld.",
		"anlagenteile[0].anzahl":                       "Wert darf nicht negativ sein",
		"kontakte[0].email":                            "Das Feld muss eine gültige E-Mail Adresse enthalten!",
	}
}

func TestFormular_APlantFormWithErrorsOnEveryTabIsAnsweredWithAllOfThemInOne400(t *testing.T) {
	w := newKontoWelt(t, "")
	sbd, betreiber := w.login(t, "zust_sbd", seed.DemoPasswort), w.login(t, "betreiber", seed.DemoPasswort)
	papier := idVon(t, w, "betrieb", "Papierfabrik Rheinaue – Werk Koblenz")
	org := orgID(t, w, "Klärwerk Rheinaue GmbH")

	// creation
	neu := neueKlaeranlage(papier, org, "")
	want := fehlerAufJedemReiter(neu)
	want["bezeichnung"] = "Dieses Feld ist ein Pflichtfeld."
	wantFelder(t, feldfehler(t, w.send(t, "POST", "/api/anlage/abwasserbehandlung", neu, sbd)), want)
	// a reference the picker does not offer comes in the same answer as the data's errors
	neu["abwasserbeseitigungspflichtige"] = []map[string]any{{"organisation": 999999, "startJahr": 2024}}
	ve := feldfehler(t, w.send(t, "POST", "/api/anlage/abwasserbehandlung", neu, sbd))
	if ve["abwasserbeseitigungspflichtige"] == nil || ve["anlagenteile[0].anzahl"] != "Wert darf nicht negativ sein" {
		t.Fatalf("reference and data errors in one answer: %v", ve)
	}

	// staff's save of a stored plant
	id := idVon(t, w, "anlage", "Betriebskläranlage Papierfabrik")
	anl := w.send(t, "GET", fmt.Sprintf("/api/anlage/%d", id), nil, sbd).json(t)
	want = fehlerAufJedemReiter(anl)
	wantFelder(t, feldfehler(t, w.send(t, "PUT", fmt.Sprintf("/api/anlage/abwasserbehandlung/%d", id), anl, sbd)), want)

	// the operator's save: the fields he may not save, each on its field, with the errors of
	// the fields he may save
	b := w.send(t, "GET", fmt.Sprintf("/api/anlage/%d", id), nil, betreiber).json(t)
	b["anlagenart"], b["tegAbschluss"] = "KLEINKLAERANLAGE", !(b["tegAbschluss"] == true)
	b["lage"] = map[string]float64{"hochwert": 1234.5, "rechtswert": 398100.25}
	b["planungen"] = []map[string]any{{"status": ""}}
	b["kontakte"] = []map[string]any{{"anrede": "Herr", "vorname": "Max", "name": "Muster", "telefon": "0261-1", "email": "keine-adresse"}}
	wantFelder(t, feldfehler(t, w.send(t, "PUT", fmt.Sprintf("/api/anlage/abwasserbehandlung/%d", id), b, betreiber)), map[string]string{
		"anlagenart":          "Diese Angabe ändern Sie über einen Änderungsantrag.",
		"tegAbschluss":        "Diese Angabe ändern Sie über einen Änderungsantrag.",
		"lage.hochwert":       "Diese Angabe ändern Sie über einen Änderungsantrag.",
		"planungen[0].status": "Dieses Feld ist ein Pflichtfeld.",
		"kontakte[0].email":   "Das Feld muss eine gültige E-Mail Adresse enthalten!",
	})
}

func TestFormular_AnOperationFormWithErrorsOnEveryTabIsAnsweredWithAllOfThemInOne400(t *testing.T) {
	w := newKontoWelt(t, "")
	sbd, betreiber := w.login(t, "zust_sbd", seed.DemoPasswort), w.login(t, "betreiber", seed.DemoPasswort)
	id := idVon(t, w, "betrieb", "Papierfabrik Rheinaue – Werk Koblenz")
	fehler := func(b map[string]any) {
		b["produktion"] = map[string]any{"produktionstage": -2, "anzahlBeschaeftigte": -1}
		b["wasserversorgung"] = map[string]any{"wasserbezug": -3}
		b["kontakte"] = []map[string]any{{"anrede": "Frau", "vorname": "Eva", "name": "Muster", "telefon": "abc", "email": "x@y.de"}}
	}
	datenfehler := map[string]string{
		"produktion.produktionstage":     "Wert darf nicht negativ sein",
		"produktion.anzahlBeschaeftigte": "Wert darf nicht negativ sein",
		"wasserversorgung.wasserbezug":   "Es muss ein positiver Wert angegeben werden!",
		"kontakte[0].telefon":            "Nur Ziffern und als Trennzeichen „-“ sind zulässig.",
	}

	b := w.betrieb(t, id, sbd)
	b["bezeichnung"] = ""
	b["adresse"] = map[string]any{"strasse": "", "plz": "56068", "ort": "Koblenz"}
	b["lage"] = map[string]float64{"hochwert": -1, "rechtswert": 398100.25}
	fehler(b)
	want := map[string]string{"bezeichnung": "Dieses Feld ist ein Pflichtfeld.", "adresse.strasse": "Dieses Feld ist ein Pflichtfeld.",
		"lage.hochwert": "Es muss ein positiver Wert angegeben werden!"}
	for k, v := range datenfehler {
		want[k] = v
	}
	wantFelder(t, feldfehler(t, w.send(t, "PUT", fmt.Sprintf("/api/betrieb/%d", id), b, sbd)), want)

	// the operator of the approved operation: master data on their fields, with the data's errors
	b = w.betrieb(t, id, betreiber)
	b["bezeichnung"] = "Papierfabrik Rheinaue AG"
	b["adresse"] = map[string]any{"strasse": "Hafenstraße", "hausnummer": "99", "plz": "56068", "ort": "Koblenz"}
	fehler(b)
	want = map[string]string{"bezeichnung": "Diese Stammdaten ändern Sie über einen Stammdatenänderungsantrag.",
		"adresse.strasse": "Diese Stammdaten ändern Sie über einen Stammdatenänderungsantrag."}
	for k, v := range datenfehler {
		want[k] = v
	}
	wantFelder(t, feldfehler(t, w.send(t, "PUT", fmt.Sprintf("/api/betrieb/%d/betriebsdaten", id), b, betreiber)), want)
}

// planänderungen change one field of a plant form each (by the field's name in rechte.felder).
var planänderungen = map[string]func(f map[string]any){
	"bezeichnung":                func(f map[string]any) { f["bezeichnung"] = "Umbenannt" },
	"anlagenart":                 func(f map[string]any) { f["anlagenart"] = "KLEINKLAERANLAGE" },
	"anlagensystem":              func(f map[string]any) { f["anlagensystem"] = "Belebung" },
	"lage":                       func(f map[string]any) { f["lage"] = map[string]float64{"hochwert": 5582901, "rechtswert": 398101} },
	"beschreibung":               func(f map[string]any) { f["beschreibung"] = "neu beschrieben" },
	"selbstueberwachungspflicht": func(f map[string]any) { f["selbstueberwachungspflicht"] = !(f["selbstueberwachungspflicht"] == true) },
	"tegAbschluss":               func(f map[string]any) { f["tegAbschluss"] = !(f["tegAbschluss"] == true) },
	"aufKAGelaende":              func(f map[string]any) { f["aufKAGelaende"] = !(f["aufKAGelaende"] == true) },
	"dwaNr":                      func(f map[string]any) { f["dwaNr"] = "4711" },
	"auslegungUndBelastungsDaten": func(f map[string]any) {
		f["auslegungUndBelastungsDaten"] = []map[string]any{{"parameter": "EW", "einheit": "EW", "auslegungWert": 500}}
	},
	"planungen": func(f map[string]any) {
		f["planungen"] = []map[string]any{{"status": "geplant", "massnahme": "Neubau"}}
	},
	"anlagenteile": func(f map[string]any) {
		f["anlagenteile"] = []map[string]any{{"kategorie": "Rechen", "bezeichnung": "Feinrechen"}}
	},
	"kontakte": func(f map[string]any) {
		f["kontakte"] = []map[string]any{{"anrede": "Herr", "vorname": "Max", "name": "Muster", "telefon": "0261-1", "email": "max@example.de"}}
	},
	"abwasserbeseitigungspflichtige": func(f map[string]any) { f["abwasserbeseitigungspflichtige"] = []map[string]any{} },
}

func TestFormular_TheRightsOfTheDetailAreWhatTheOperatorsSaveAccepts(t *testing.T) {
	w := newKontoWelt(t, "")
	betreiber := w.login(t, "betreiber", seed.DemoPasswort)
	id := idVon(t, w, "anlage", "Betriebskläranlage Papierfabrik")
	pfad := fmt.Sprintf("/api/anlage/abwasserbehandlung/%d", id)
	felder := func() []string {
		var out []string
		for _, f := range w.send(t, "GET", fmt.Sprintf("/api/anlage/%d", id), nil, betreiber).json(t)["rechte"].(map[string]any)["felder"].([]any) {
			out = append(out, f.(string))
		}
		return out
	}()
	sort.Strings(felder)
	if want := []string{"kontakte", "planungen", "zustaendigePersonen"}; !slices.Equal(felder, want) {
		t.Fatalf("operator's rechte.felder = %v, want %v", felder, want)
	}
	for feld, aendere := range planänderungen {
		form := w.send(t, "GET", fmt.Sprintf("/api/anlage/%d", id), nil, betreiber).json(t)
		aendere(form)
		a := w.send(t, "PUT", pfad, form, betreiber)
		switch {
		case slices.Contains(felder, feld) && a.Code != 200:
			t.Errorf("%s is in rechte.felder, but the save is refused: %d %s", feld, a.Code, a.Body.String())
		case !slices.Contains(felder, feld):
			ve := feldfehler(t, a)
			hat := false
			for k := range ve {
				hat = hat || k == feld || len(k) > len(feld) && k[:len(feld)] == feld && (k[len(feld)] == '.' || k[len(feld)] == '[')
			}
			if !hat {
				t.Errorf("%s is not in rechte.felder: the refusal must name it, got %v", feld, ve)
			}
		}
	}
}

// betriebsänderungen change one field of an operation form each (by its name in rechte.felder).
var betriebsänderungen = map[string]func(f map[string]any){
	"bezeichnung":        func(f map[string]any) { f["bezeichnung"] = "Umbenannt" },
	"muttergesellschaft": func(f map[string]any) { f["muttergesellschaft"] = "Holding AG" },
	"url":                func(f map[string]any) { f["url"] = "https://example.de" },
	"adresse": func(f map[string]any) {
		f["adresse"] = map[string]any{"strasse": "Neue Straße", "plz": "56068", "ort": "Koblenz"}
	},
	"lage":             func(f map[string]any) { f["lage"] = map[string]float64{"hochwert": 5582901, "rechtswert": 398101} },
	"produktion":       func(f map[string]any) { f["produktion"] = map[string]any{"produktionstage": 200} },
	"wasserversorgung": func(f map[string]any) { f["wasserversorgung"] = map[string]any{"wasserbezug": 1200} },
	"kontakte": func(f map[string]any) {
		f["kontakte"] = []map[string]any{{"anrede": "Herr", "vorname": "Max", "name": "Muster", "telefon": "0261-1", "email": "max@example.de"}}
	},
}

func TestFormular_TheRightsOfAnOperationAreWhatTheOperatorsSaveAccepts(t *testing.T) {
	w := newKontoWelt(t, "")
	betreiber := w.login(t, "betreiber", seed.DemoPasswort)
	id := idVon(t, w, "betrieb", "Papierfabrik Rheinaue – Werk Koblenz")
	var felder []string
	for _, f := range w.betrieb(t, id, betreiber)["rechte"].(map[string]any)["felder"].([]any) {
		felder = append(felder, f.(string))
	}
	sort.Strings(felder)
	if want := []string{"kontakte", "produktion", "wasserversorgung", "zustaendigePersonen"}; !slices.Equal(felder, want) {
		t.Fatalf("operator's rechte.felder = %v, want %v", felder, want)
	}
	for feld, aendere := range betriebsänderungen {
		form := w.betrieb(t, id, betreiber)
		aendere(form)
		a := w.send(t, "PUT", fmt.Sprintf("/api/betrieb/%d/betriebsdaten", id), form, betreiber)
		if slices.Contains(felder, feld) {
			if a.Code != 200 {
				t.Errorf("%s is in rechte.felder, but the save is refused: %d %s", feld, a.Code, a.Body.String())
			}
			continue
		}
		hat := false
		for k := range feldfehler(t, a) {
			hat = hat || k == feld || strings.HasPrefix(k, feld+".")
		}
		if !hat {
			t.Errorf("%s is not in rechte.felder: the refusal must name it, got %s", feld, a.Body.String())
		}
	}
}
