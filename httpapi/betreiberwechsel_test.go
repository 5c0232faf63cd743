package httpapi

import (
	"fmt"
	"strings"
	"testing"

	"github.com/eabwasser/eabwasser/internal/seed"
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
	for _, pfad := range []string{fmt.Sprintf("/api/bescheid/%d", entwurf), fmt.Sprintf("/api/betrieb/%d", papier),
		fmt.Sprintf("/api/anlage/%d", klaeranlage)} {
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
