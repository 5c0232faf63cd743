package httpapi

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/eabwasser/eabwasser/internal/werkzeug/seed"
)

// bescheidSuche is the Aktenzeichen of each row of operation betriebID's Bescheid list as token
// sees it (nil when the list answers otherwise than 200).
func (w *kontoWelt) bescheidSuche(t testing.TB, betriebID int64, token string) []string {
	t.Helper()
	a := w.send(t, "GET", fmt.Sprintf("/api/betrieb/%d/bescheid/search?size=200", betriebID), nil, token)
	if a.Code != 200 {
		return nil
	}
	var seite struct {
		Content []struct {
			Aktenzeichen string `json:"aktenzeichen"`
		} `json:"content"`
	}
	a.decode(t, &seite)
	out := []string{}
	for _, z := range seite.Content {
		out = append(out, z.Aktenzeichen)
	}
	return out
}

// berichtSuche are the ids of the annual reports worklist's rows token sees.
func berichtSuche(t testing.TB, w *kontoWelt, token string) []int64 {
	t.Helper()
	a := w.send(t, "GET", "/api/jahresbericht/search?size=1000", nil, token)
	if a.Code != 200 {
		t.Fatalf("report worklist: %d %s", a.Code, a.Body.String())
	}
	var seite struct {
		Content []struct {
			ID int64 `json:"id"`
		} `json:"content"`
	}
	a.decode(t, &seite)
	out := []int64{}
	for _, z := range seite.Content {
		out = append(out, z.ID)
	}
	return out
}

// The change of operator (issue 42, finding 4): the fachadmin moves the paper mill from
// Klärwerk Rheinaue GmbH (betreiber) to the Verbandsgemeinde Musterhausen (betreiber2). The new
// operator gets the operation's released record — the operation, its plants, the Bescheide and
// the submitted applications — but not the previous operator's unsubmitted Bescheid draft
// (PF-2026-02), nor its contacts and responsible persons, in the detail, the list, the
// Bescheid "as of" a past day and the print. The previous operator keeps read access to what
// it submitted (the application PF-2026-01), and nothing else of the operation. The plants
// whose obligee was the previous operator get the new one in the same command and can be saved.
func TestBetreiberwechsel_NeuerBetreiberErbtDieFreigegebeneAkteOhneEntwuerfeUndDerAlteBehaeltSeineEinreichungen(t *testing.T) {
	w := newKontoWelt(t, "")
	fachadmin := w.login(t, "fachadmin", seed.DemoPasswort)
	alt, neu := w.login(t, "betreiber", seed.DemoPasswort), w.login(t, "betreiber2", seed.DemoPasswort)
	papier := idVon(t, w, "betrieb", "Papierfabrik Rheinaue – Werk Koblenz")
	rheinaue := orgID(t, w, "Klärwerk Rheinaue GmbH")
	musterhausen := idIn(t, w, `SELECT organisation_id FROM anwender WHERE benutzername = 'betreiber2'`)
	entwurf := idIn(t, w, `SELECT id FROM bescheid WHERE betrieb_id = $1 AND daten->>'aktenzeichen' = 'PF-2026-02'`, papier)
	eingereicht := idIn(t, w, `SELECT id FROM bescheid WHERE betrieb_id = $1 AND daten->>'aktenzeichen' = 'PF-2026-01'`, papier)
	klaeranlage := idVon(t, w, "anlage", "Betriebskläranlage Papierfabrik")
	// the plant's annual report of 2024, submitted by the previous operator's account in March
	// 2025, and the one of 2025 still in work
	bericht := idIn(t, w, `SELECT j.id FROM jahresbericht j JOIN anwender k ON k.id = j.eingereicht_von
		WHERE j.anlage_id = $1 AND j.jahr = 2024 AND j.status = 'EINGEREICHT' AND k.benutzername = 'betreiber'`, klaeranlage)
	inArbeit := idIn(t, w, `SELECT id FROM jahresbericht WHERE anlage_id = $1 AND jahr = 2025 AND status = 'IN_BEARBEITUNG'`, klaeranlage)
	heute := w.jetzt.Format("2006-01-02")
	gestern := w.jetzt.AddDate(0, 0, -1).Format("2006-01-02")

	// given the operation with contacts and a responsible person of its operator
	b := w.betrieb(t, papier, fachadmin)
	b["kontakte"] = []map[string]any{{"anrede": "Frau", "vorname": "Alma", "name": "Altbetreiberin", "telefon": "0261-111", "email": "alma@rheinaue.example", "funktion": "Leitstand"}}
	person := idIn(t, w, `SELECT id FROM anwender WHERE benutzername = 'betreiber'`)
	b["zustaendigePersonen"] = []map[string]any{{"id": person, "zustaendig": []string{"Abwasser"}}}
	if a := w.send(t, "PUT", fmt.Sprintf("/api/betrieb/%d", papier), b, fachadmin); a.Code != 200 {
		t.Fatalf("contacts: %d %s", a.Code, a.Body.String())
	}
	// when the fachadmin moves it to the Verbandsgemeinde, not keeping the old operator as obligee
	b = w.betrieb(t, papier, fachadmin)
	b["betreiber"] = map[string]any{"id": musterhausen}
	b["preserveBetreiberAsAbwasserbeseitigungspflichtigen"] = false
	b["auditInfo"] = map[string]any{"gueltigAb": heute, "aenderungsgrund": "Verkauf des Werks", "ueberschreiben": true}
	if a := w.send(t, "PUT", fmt.Sprintf("/api/betrieb/%d", papier), b, fachadmin); a.Code != 200 {
		t.Fatalf("change of operator: %d %s", a.Code, a.Body.String())
	}
	w.arbeitsliste(t)

	// then the new operator sees the operation, without the previous operator's contacts and persons
	nb := w.betrieb(t, papier, neu)
	if s := fmt.Sprint(nb["kontakte"], nb["zustaendigePersonen"]); strings.Contains(s, "Altbetreiberin") || strings.Contains(s, fmt.Sprint(person)) {
		t.Errorf("new operator sees the previous operator's contacts or persons: %s", s)
	}
	// … nor in the operation as of yesterday
	if a := w.send(t, "GET", fmt.Sprintf("/api/betrieb/%d?stand=%s", papier, gestern), nil, neu); a.Code != 200 ||
		strings.Contains(a.Body.String(), "Altbetreiberin") {
		t.Errorf("new operator, operation as of yesterday: %d %.400s", a.Code, a.Body.String())
	}
	// the submitted application and the released Bescheide, but not the draft
	if a := w.send(t, "GET", fmt.Sprintf("/api/bescheid/%d", eingereicht), nil, neu); a.Code != 200 {
		t.Errorf("new operator, submitted application: %d %s", a.Code, a.Body.String())
	}
	for _, pfad := range []string{"/api/bescheid/%d", "/api/bescheidsantrag/%d", "/api/bescheid/%d?stand=" + gestern} {
		if a := w.send(t, "GET", fmt.Sprintf(pfad, entwurf), nil, neu); a.Code != 404 {
			t.Errorf("new operator reads the previous operator's draft at %s: %d %.300s", pfad, a.Code, a.Body.String())
		}
	}
	liste := w.bescheidSuche(t, papier, neu)
	if !strings.Contains(fmt.Sprint(liste), "PF-2026-01") || strings.Contains(fmt.Sprint(liste), "PF-2026-02") {
		t.Errorf("new operator's Bescheid list: %v", liste)
	}
	// the print: the draft is another operation's object for him, the rest prints
	if a := w.drucke(t, papier, map[string]any{"bescheidIds": []int64{entwurf}}, neu); a.Code != 400 ||
		a.json(t)["message"] != "Ein ausgewähltes Objekt gehört nicht zu diesem Betrieb oder ist nicht sichtbar." {
		t.Errorf("new operator prints the previous operator's draft: %d %s", a.Code, a.Header().Get("Content-Type"))
	}
	text := pdfText(t, w.drucke(t, papier, map[string]any{"betrieb": true, "bescheidIds": []int64{eingereicht},
		"standZum": gestern}, neu), fmt.Sprintf("Betriebsakte-%d.pdf", papier))
	if !strings.Contains(text, "PF-2026-01") || strings.Contains(text, "Altbetreiberin") {
		t.Errorf("new operator's print as of yesterday:\n%s", text)
	}

	// the annual reports are the plant's duty: the new operator reads the one the previous
	// operator submitted and takes over the one in work
	// … whose submitter, an account of the previous operator, it reads as the Historie names him
	if a := w.send(t, "GET", fmt.Sprintf("/api/jahresbericht/id/%d", bericht), nil, neu); a.Code != 200 {
		t.Errorf("new operator, the report the previous operator submitted: %d %s", a.Code, a.Body.String())
	} else if von := a.json(t)["eingereichtVon"].(map[string]any)["person"].(map[string]any)["name"]; von != "Andere Organisation" {
		t.Errorf("new operator, the previous operator's submitter: %v", von)
	}
	if a := w.send(t, "GET", "/api/jahresbericht/search?size=1000", nil, neu); strings.Count(a.Body.String(), `"eingereichtVon":"Andere Organisation"`) == 0 {
		t.Errorf("new operator's worklist names the previous operator's submitter: %s", a.Body.String())
	}
	if a := w.send(t, "GET", fmt.Sprintf("/api/jahresbericht/id/%d", inArbeit), nil, neu); a.Code != 200 {
		t.Errorf("new operator, the report in work: %d %s", a.Code, a.Body.String())
	} else if r := rechteVon(a.json(t)); r["bearbeiten"] != true {
		t.Errorf("new operator's rights on the report in work: %v", r)
	}
	if l := berichtSuche(t, w, neu); !slices.Contains(l, bericht) || !slices.Contains(l, inArbeit) {
		t.Errorf("new operator's report worklist %v, want %d and %d", l, bericht, inArbeit)
	}

	// the previous operator: the application it submitted, read-only; nothing else
	ab := w.send(t, "GET", fmt.Sprintf("/api/bescheid/%d", eingereicht), nil, alt)
	if ab.Code != 200 {
		t.Errorf("previous operator, its submitted application: %d %s", ab.Code, ab.Body.String())
	} else if r := rechteVon(ab.json(t)); r["bearbeiten"] != false || r["loeschen"] != false || r["dateien"] != false {
		t.Errorf("previous operator's rights on its submission: %v", r)
	}
	if a := w.send(t, "GET", fmt.Sprintf("/api/bescheid/%d?stand=%s", eingereicht, gestern), nil, alt); a.Code != 200 {
		t.Errorf("previous operator, its submission as of yesterday: %d %s", a.Code, a.Body.String())
	}
	// … and the annual report it submitted, read-only: the form, a parameter's values, its files
	// and reminders, its print and its row in the worklist
	ab = w.send(t, "GET", fmt.Sprintf("/api/jahresbericht/id/%d", bericht), nil, alt)
	if ab.Code != 200 {
		t.Errorf("previous operator, its submitted report: %d %s", ab.Code, ab.Body.String())
	} else {
		m := ab.json(t)
		r := rechteVon(m)
		if ziele, _ := r["statusWerte"].([]any); r["bearbeiten"] != false || r["einreichen"] != false || r["loeschen"] != false ||
			r["importieren"] != false || r["plausibilisieren"] != false || len(ziele) != 0 {
			t.Errorf("previous operator's rights on its report: %v", r)
		}
		parameter, _ := m["parameter"].([]any)
		if len(parameter) == 0 {
			t.Errorf("previous operator's report without parameters: %v", m["parameter"])
		}
		for _, p := range parameter {
			p := p.(map[string]any)
			pfad := fmt.Sprintf("/api/jahresbericht/%d/messstelle/%.0f/parameter-messwert/%.0f", bericht, p["messstelle"], p["parameterId"])
			if a := w.send(t, "GET", pfad, nil, alt); a.Code != 200 {
				t.Errorf("previous operator, %s: %d %s", pfad, a.Code, a.Body.String())
			}
		}
	}
	for _, pfad := range []string{"/api/jahresbericht/%d/dateien", "/api/jahresbericht/%d/externe-dateien", "/api/jahresbericht/%d/wiedervorlage"} {
		if a := w.send(t, "GET", fmt.Sprintf(pfad, bericht), nil, alt); a.Code != 200 {
			t.Errorf("previous operator, %s of its report: %d %s", pfad, a.Code, a.Body.String())
		}
	}
	if a := w.send(t, "GET", fmt.Sprintf("/api/jahresbericht/%d/print", bericht), nil, alt); a.Code != 200 {
		t.Errorf("previous operator prints its report: %d %.300s", a.Code, a.Body.String())
	} else if text := pdfText(t, a, fmt.Sprintf("Jahresbericht-%d.pdf", bericht)); !strings.Contains(text, "Jahresbericht 2024") {
		t.Errorf("previous operator's print of its report:\n%s", text)
	}
	if a := w.hochladen(t, fmt.Sprintf("/api/jahresbericht/%d/upload-file", bericht), alt, teil{name: "bezeichnung", inhalt: "Nachtrag"},
		teil{name: "file", dateiname: "nachtrag.pdf", typ: "application/pdf", inhalt: pdf}); a.Code != 403 {
		t.Errorf("previous operator uploads to its report: %d %s", a.Code, a.Body.String())
	}
	if l := berichtSuche(t, w, alt); !slices.Contains(l, bericht) || slices.Contains(l, inArbeit) {
		t.Errorf("previous operator's report worklist %v, want %d and not %d", l, bericht, inArbeit)
	}
	for _, pfad := range []string{fmt.Sprintf("/api/bescheid/%d", entwurf), fmt.Sprintf("/api/betrieb/%d", papier),
		fmt.Sprintf("/api/anlage/%d", klaeranlage), fmt.Sprintf("/api/jahresbericht/id/%d", inArbeit),
		fmt.Sprintf("/api/jahresbericht/%d/print", inArbeit), fmt.Sprintf("/api/jahresbericht/%d", papier)} {
		if a := w.send(t, "GET", pfad, nil, alt); a.Code != 404 {
			t.Errorf("previous operator reads %s: %d", pfad, a.Code)
		}
	}
	// staff see everything as before
	if a := w.send(t, "GET", fmt.Sprintf("/api/bescheid/%d", entwurf), nil, fachadmin); a.Code != 200 {
		t.Errorf("staff, the draft: %d", a.Code)
	}

	// the plant of the moved operation names the new operator as obligee and can be saved, by
	// staff and by the new operator
	anl := w.send(t, "GET", fmt.Sprintf("/api/anlage/%d", klaeranlage), nil, fachadmin).json(t)
	if s := fmt.Sprint(anl["abwasserbeseitigungspflichtige"]); strings.Contains(s, fmt.Sprintf("organisation:%d ", rheinaue)) ||
		!strings.Contains(s, fmt.Sprint(musterhausen)) {
		t.Errorf("obligees after the change: %s", s)
	}
	anl["bemerkung"] = "Nach dem Betreiberwechsel gespeichert."
	if a := w.send(t, "PUT", fmt.Sprintf("/api/anlage/abwasserbehandlung/%d", klaeranlage), anl, fachadmin); a.Code != 200 {
		t.Errorf("staff saves the plant: %d %s", a.Code, a.Body.String())
	}
	anl = w.send(t, "GET", fmt.Sprintf("/api/anlage/%d", klaeranlage), nil, neu).json(t)
	anl["planungen"] = []map[string]any{{"status": "geplant", "massnahme": "Neue Vorklärung", "plandatum": "2027-05-01"}}
	if a := w.send(t, "PUT", fmt.Sprintf("/api/anlage/abwasserbehandlung/%d", klaeranlage), anl, neu); a.Code != 200 {
		t.Errorf("new operator saves the plant: %d %s", a.Code, a.Body.String())
	}
}
