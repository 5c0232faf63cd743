package httpapi

// Tests of issue 32's reminder kinds (spec 000 §3: BESCHEID_MESSSTELLE, BERICHT, ENTLASTUNG,
// JAHRESBERICHT, JAHRESBERICHT_PARAMETER_MESSWERTE): the annual report as a reminder object,
// a relief plant's own kind, the Bescheid's measuring points; the start page's tab links them.

import (
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/eabwasser/eabwasser/domain/wiedervorlage"
	"github.com/eabwasser/eabwasser/internal/werkzeug/seed"
)

// wiedervorlageArten lists the kinds of an object's reminders, earliest first, as token reads them.
func wiedervorlageArten(t *testing.T, w *kontoWelt, pfad, token string) []string {
	t.Helper()
	a := w.send(t, "GET", pfad, nil, token)
	if a.Code != 200 {
		t.Fatalf("GET %s: %d %s", pfad, a.Code, a.Body.String())
	}
	var zeilen []struct{ BezugZuFachobjekt string }
	a.decode(t, &zeilen)
	out := []string{}
	for _, z := range zeilen {
		out = append(out, z.BezugZuFachobjekt)
	}
	slices.Sort(out)
	return out
}

func TestWiedervorlage_AnAnnualReportHasRemindersOfItsKindsSeenAsTheReportIs(t *testing.T) {
	w := neueBerichtsWelt(t)
	pfad := fmt.Sprintf("/api/jahresbericht/%d/wiedervorlage", w.bericht)
	heute := time.Now().Format("2006-01-02")
	for _, wv := range []struct {
		token string
		body  map[string]any
	}{
		{w.betreiber, map[string]any{"betreff": "Jahresbericht 2026 vervollständigen", "datum": heute}},
		{w.sbs, map[string]any{"betreff": "Messwerte CSB prüfen", "bezugZuFachobjekt": "JAHRESBERICHT_PARAMETER_MESSWERTE"}},
		{w.sbs, map[string]any{"betreff": "Bericht anfordern", "bezugZuFachobjekt": "BERICHT", "geteilt": true}},
	} {
		if a := w.send(t, "POST", pfad, wv.body, wv.token); a.Code != 201 || a.json(t)["message"] != textWiedervorlageAngelegt {
			t.Fatalf("reminder %v: %d %s", wv.body, a.Code, a.Body.String())
		}
	}
	m := wantFehler(t, w.send(t, "POST", pfad, map[string]any{"betreff": "x", "bezugZuFachobjekt": "ANLAGE"}, w.sbs), 400, wiedervorlage.MsgBezug)
	if ve, _ := m["validationErrors"].(map[string]any); ve["bezugZuFachobjekt"] != wiedervorlage.MsgBezug {
		t.Errorf("validationErrors = %v", m["validationErrors"])
	}
	// the operator sees the staff's shared reminder, not their internal one (issue 42)
	for token, want := range map[string][]string{w.betreiber: {"BERICHT", "JAHRESBERICHT"},
		w.sbs: {"BERICHT", "JAHRESBERICHT", "JAHRESBERICHT_PARAMETER_MESSWERTE"}} {
		if got := wiedervorlageArten(t, w.kontoWelt, pfad, token); !slices.Equal(got, want) {
			t.Errorf("the report's reminders: %v, want %v", got, want)
		}
	}

	// another operator neither sees nor sets them; a reader of the operator has no reminders
	const nichtDa = "Das angeforderte Objekt existiert nicht."
	wantFehler(t, w.send(t, "GET", pfad, nil, w.betreiber2), 404, nichtDa)
	wantFehler(t, w.send(t, "POST", pfad, map[string]any{"betreff": "Fremd"}, w.betreiber2), 404, nichtDa)
	leser := w.login(t, "leser_organisation", seed.DemoPasswort)
	wantFehler(t, w.send(t, "POST", pfad, map[string]any{"betreff": "Leser"}, leser), 403, "Sie sind nicht berechtigt, diese Aktion auszuführen.")

	// the start page's tab names the report's year and plant and links its reminders
	var liste []map[string]any
	w.send(t, "GET", "/api/wiedervorlage", nil, w.betreiber).decode(t, &liste)
	betrieb := idVon(t, w.kontoWelt, "betrieb", "Papierfabrik Rheinaue – Werk Koblenz")
	i := slices.IndexFunc(liste, func(z map[string]any) bool { return z["betreff"] == "Jahresbericht 2026 vervollständigen" })
	if i < 0 || liste[i]["bezugZuFachobjekt"] != "JAHRESBERICHT" || liste[i]["fachobjekt"] != "jahresbericht" || liste[i]["jahr"] != float64(2026) ||
		liste[i]["anlage"] != "Betriebskläranlage Papierfabrik" || liste[i]["betriebId"] != float64(betrieb) || liste[i]["faellig"] != true ||
		liste[i]["pfad"] != fmt.Sprintf("/betriebsakte/%d/jahresbericht/%d/wiedervorlagen", betrieb, w.bericht) || liste[i]["loeschbar"] != true {
		t.Fatalf("tab: %v", liste)
	}
	var fremde []map[string]any
	w.send(t, "GET", "/api/wiedervorlage", nil, w.betreiber2).decode(t, &fremde)
	if slices.ContainsFunc(fremde, func(z map[string]any) bool { return z["fachobjekt"] == "jahresbericht" }) {
		t.Errorf("another operator's tab shows the report's reminders: %v", fremde)
	}
}

func TestWiedervorlage_AReliefPlantIsEntlastungAndABescheidsMeasuringPointsAreAKind(t *testing.T) {
	w := newKontoWelt(t, "")
	fachadmin := w.login(t, "fachadmin", seed.DemoPasswort)
	rueb := idVon(t, w, "anlage", "Regenüberlaufbecken Musterhausen-Nord")
	klaeranlage := idVon(t, w, "anlage", "Betriebskläranlage Papierfabrik")
	anlegen := func(pfad string, body map[string]any) antwort {
		t.Helper()
		return w.send(t, "POST", pfad, body, fachadmin)
	}
	ruebPfad := fmt.Sprintf("/api/anlage/%d/wiedervorlage", rueb)
	for _, body := range []map[string]any{{"betreff": "Entlastungsereignisse prüfen"},
		{"betreff": "Antrag prüfen", "bezugZuFachobjekt": "AENDERUNGSANTRAG_ANLAGE"}} {
		if a := anlegen(ruebPfad, body); a.Code != 201 {
			t.Fatalf("relief plant's reminder %v: %d %s", body, a.Code, a.Body.String())
		}
	}
	wantFehler(t, anlegen(ruebPfad, map[string]any{"betreff": "x", "bezugZuFachobjekt": "ANLAGE"}), 400, wiedervorlage.MsgBezug)
	if got := wiedervorlageArten(t, w, ruebPfad, fachadmin); !slices.Equal(got, []string{"AENDERUNGSANTRAG_ANLAGE", "ENTLASTUNG"}) {
		t.Errorf("relief plant: %v", got)
	}
	// any other plant stays ANLAGE and cannot be ENTLASTUNG
	kaPfad := fmt.Sprintf("/api/anlage/%d/wiedervorlage", klaeranlage)
	if a := anlegen(kaPfad, map[string]any{"betreff": "Wartung"}); a.Code != 201 {
		t.Fatalf("treatment plant's reminder: %d %s", a.Code, a.Body.String())
	}
	wantFehler(t, anlegen(kaPfad, map[string]any{"betreff": "x", "bezugZuFachobjekt": "ENTLASTUNG"}), 400, wiedervorlage.MsgBezug)
	if got := wiedervorlageArten(t, w, kaPfad, fachadmin); !slices.Equal(got, []string{"ANLAGE"}) {
		t.Errorf("treatment plant: %v", got)
	}

	// BESCHEID_MESSSTELLE on a Bescheid and on a measuring point
	var bescheidID, messstelle int64
	var status string
	if err := w.dienst.Store.Pool().QueryRow(t.Context(), `SELECT id, bescheidsstatus, messstellen[1] FROM bescheid
		WHERE NOT geloescht AND cardinality(messstellen) > 0 ORDER BY id LIMIT 1`).Scan(&bescheidID, &status, &messstelle); err != nil {
		t.Fatal(err)
	}
	for _, pfad := range []string{fmt.Sprintf("/api/bescheid/%d/wiedervorlage", bescheidID), fmt.Sprintf("/api/messstelle/%d/wiedervorlage", messstelle)} {
		if a := anlegen(pfad, map[string]any{"betreff": "Zuordnung der Messstellen prüfen", "bezugZuFachobjekt": "BESCHEID_MESSSTELLE"}); a.Code != 201 {
			t.Fatalf("%s: %d %s", pfad, a.Code, a.Body.String())
		}
	}
	wantFehler(t, anlegen(fmt.Sprintf("/api/bescheid/%d/wiedervorlage", bescheidID), map[string]any{"betreff": "x", "bezugZuFachobjekt": "MESSSTELLE"}),
		400, wiedervorlage.MsgBezug)

	// the tab links each to its object's reminders
	var liste []map[string]any
	w.send(t, "GET", "/api/wiedervorlage", nil, fachadmin).decode(t, &liste)
	var b struct{ BetriebID int64 }
	if err := w.dienst.Store.Pool().QueryRow(t.Context(), `SELECT betrieb_id FROM bescheid WHERE id = $1`, bescheidID).Scan(&b.BetriebID); err != nil {
		t.Fatal(err)
	}
	segment := "bescheid"
	if status == "ANGELEGT" || status == "BEANTRAGT" {
		segment = "antrag"
	}
	musterhausen := idVon(t, w, "betrieb", "Kläranlage Musterhausen")
	for bezug, pfad := range map[string]string{
		"ENTLASTUNG": fmt.Sprintf("/betriebsakte/%d/entlastung/%d/wiedervorlagen", musterhausen, rueb),
	} {
		if !slices.ContainsFunc(liste, func(z map[string]any) bool { return z["bezugZuFachobjekt"] == bezug && z["pfad"] == pfad }) {
			t.Errorf("no %s row with %s: %v", bezug, pfad, liste)
		}
	}
	bescheidPfad := fmt.Sprintf("/betriebsakte/%d/%s/%d/wiedervorlagen", b.BetriebID, segment, bescheidID)
	if !slices.ContainsFunc(liste, func(z map[string]any) bool {
		return z["fachobjekt"] == "bescheid" && z["pfad"] == bescheidPfad && z["betriebId"] == float64(b.BetriebID)
	}) {
		t.Errorf("no Bescheid row with %s: %v", bescheidPfad, liste)
	}
}
