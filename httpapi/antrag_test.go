package httpapi

import (
	"fmt"
	"strings"
	"testing"

	"github.com/eabwasser/eabwasser/internal/werkzeug/seed"
)

// Issue 28, items 1 and 2: staff decide a plant's change request field by field — each refused
// field with a reason, partial adoption recorded in one decision —, the operator's message names
// the adopted and the refused fields with the reasons, and the Verlauf shows each application
// event's requested values against the state it was made on and the decision; a role that may
// not see applications does not see them there.
func TestAenderungsantrag_RefusedFieldsNeedReasonsAndStayVisible(t *testing.T) {
	w, _ := liveWelt(t)
	sbd, betreiber := w.login(t, "zust_sbd", seed.DemoPasswort), w.login(t, "betreiber", seed.DemoPasswort)
	// the demo's open request: a new name and TEG-Abschluss
	id := idVon(t, w, "anlage", "Betriebskläranlage Papierfabrik")
	uebernahme := fmt.Sprintf("/api/anlage/%d/aenderungsantrag/uebernahme", id)
	antrag := fmt.Sprintf("/api/anlage/%d/aenderungsantrag", id)

	// a refusal without reasons names every field that needs one
	m := wantFehler(t, w.send(t, "DELETE", antrag, nil, sbd), 400, "Bitte begründen Sie, warum „Bezeichnung“ nicht übernommen wird.")
	if ve, _ := m["validationErrors"].(map[string]any); len(ve) != 2 || ve["begruendungen.tegAbschluss"] != "Bitte begründen Sie, warum „TEG-Abschluss“ nicht übernommen wird." {
		t.Fatalf("validationErrors: %v", m["validationErrors"])
	}
	// so does an adoption that leaves a field without reason
	m = wantFehler(t, w.send(t, "POST", uebernahme, map[string]any{"felder": []string{"tegAbschluss"}, "begruendungen": map[string]string{"bezeichnung": " "}}, sbd), 400,
		"Bitte begründen Sie, warum „Bezeichnung“ nicht übernommen wird.")
	if ve, _ := m["validationErrors"].(map[string]any); len(ve) != 1 || ve["begruendungen.bezeichnung"] == nil {
		t.Fatalf("validationErrors: %v", m["validationErrors"])
	}
	if w.send(t, "GET", antrag, nil, sbd).json(t)["aenderungsantrag"] == nil {
		t.Fatal("a refused decision closed the request")
	}

	// a partial decision: TEG-Abschluss adopted, the name refused with its reason
	grund := "Die Umfirmierung ist noch nicht im Handelsregister eingetragen."
	a := w.send(t, "POST", uebernahme, map[string]any{"felder": []string{"tegAbschluss"}, "begruendungen": map[string]string{"bezeichnung": grund}}, sbd)
	if a.Code != 200 {
		t.Fatalf("decision: %d %s", a.Code, a.Body.String())
	}
	anl := w.send(t, "GET", fmt.Sprintf("/api/anlage/%d", id), nil, sbd).json(t)
	if anl["tegAbschluss"] != true || anl["bezeichnung"] != "Betriebskläranlage Papierfabrik" {
		t.Fatalf("after the decision: %v %v", anl["tegAbschluss"], anl["bezeichnung"])
	}
	n := nachrichtenVon(t, w, betreiber, a.Header().Get("X-Event-Position"))
	// the deciding official as the Historie names him to the operator (issue 42)
	if want := "Die Behörde hat Ihren Änderungsantrag zur Anlage „Betriebskläranlage Papierfabrik“ bearbeitet. Übernommen wurden: TEG-Abschluss.\n" +
		"Abgelehnt: Bezeichnung – Begründung: " + grund; len(n) != 1 || n[0]["text"] != want {
		t.Fatalf("message: %v\nwant %q", n, want)
	}

	// the Verlauf: the request against the state it was made on, the decision per field
	verlauf := func(tok string) map[string]map[string]any {
		var schritte []map[string]any
		w.send(t, "GET", fmt.Sprintf("/api/anlage/%d/verlauf", id), nil, tok).decode(t, &schritte)
		out := map[string]map[string]any{}
		for _, s := range schritte {
			out[s["ereignis"].(string)] = s
		}
		return out
	}
	felder := func(s map[string]any) string {
		a, _ := s["antrag"].(map[string]any)
		if a == nil {
			return "<kein Antrag>"
		}
		var z []string
		for _, f := range a["felder"].([]any) {
			f := f.(map[string]any)
			z = append(z, fmt.Sprintf("%s: %v → %v %v %v", f["bezeichnung"], f["bisher"], f["beantragt"], f["entscheidung"], f["grund"]))
		}
		return strings.Join(z, "; ")
	}
	for _, wer := range []string{"zust_sbd", "fachadmin"} {
		v := verlauf(w.login(t, wer, seed.DemoPasswort))
		if got, want := felder(v["AnlagenAenderungsantragGestellt"]), "Bezeichnung: Betriebskläranlage Papierfabrik → Betriebskläranlage Papierfabrik Rheinaue OFFEN <nil>; "+
			"TEG-Abschluss: Nein → Ja OFFEN <nil>"; got != want {
			t.Errorf("%s, gestellt: %s\nwant %s", wer, got, want)
		}
		if got, want := felder(v["AnlagenAenderungsantragUebernommen"]), "Bezeichnung: Betriebskläranlage Papierfabrik → Betriebskläranlage Papierfabrik Rheinaue ABGELEHNT "+grund+"; "+
			"TEG-Abschluss: Nein → Ja UEBERNOMMEN <nil>"; got != want {
			t.Errorf("%s, übernommen: %s\nwant %s", wer, got, want)
		}
	}

	// a whole refusal of a new request: every field with its reason, in the message and the Verlauf
	if a := w.send(t, "POST", fmt.Sprintf("/api/anlage/abwasserbehandlung/%d/aenderungsantrag", id), map[string]any{"bezeichnung": "Betriebskläranlage Papierfabrik",
		"tegAbschluss": true, "aufKAGelaende": true, "kommentar": "Lage"}, betreiber); a.Code != 201 {
		t.Fatalf("second request: %d %s", a.Code, a.Body.String())
	}
	a = w.send(t, "DELETE", antrag, map[string]any{"begruendungen": map[string]string{"aufKAGelaende": "Lageplan fehlt."}}, sbd)
	if a.Code != 200 {
		t.Fatalf("refusal: %d %s", a.Code, a.Body.String())
	}
	n = nachrichtenVon(t, w, betreiber, a.Header().Get("X-Event-Position"))
	if len(n) == 0 || !strings.HasSuffix(n[0]["text"].(string), "abgelehnt.\nAbgelehnt: Auf KA-Gelände – Begründung: Lageplan fehlt.") {
		t.Fatalf("refusal message: %v", n)
	}
	if got := felder(verlauf(sbd)["AnlagenAenderungsantragAbgelehnt"]); got != "Auf KA-Gelände: Nein → Ja ABGELEHNT Lageplan fehlt." {
		t.Errorf("abgelehnt: %s", got)
	}

	// who reads the Verlauf but may not see applications sees no application block
	for e, s := range verlauf(w.login(t, "leser_behoerde", seed.DemoPasswort)) {
		if s["antrag"] != nil {
			t.Errorf("leser_behoerde sees the application of %s: %v", e, s["antrag"])
		}
	}
}
