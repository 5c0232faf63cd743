package httpapi

import (
	"fmt"
	"testing"
	"time"

	"github.com/eabwasser/eabwasser/internal/werkzeug/seed"
)

// The operation file "as of" a date (issue 33): the detail queries and the tree's lists take
// ?stand=YYYY-MM-DD and answer the state at the end of that day, replayed from the event store —
// a plant's name before its rename, not today's; a plant created later is missing; an object
// that did not exist then is a 404 with its own message; another organisation still finds
// nothing; a malformed or future date is a 400; and nothing of it is writable.
func TestStand_DieBetriebsakteZeigtDenFrueherenStand(t *testing.T) {
	w := newKontoWelt(t, "")
	sbd := w.login(t, "zust_sbd", seed.DemoPasswort)
	papier := idIn(t, w, `SELECT id FROM betrieb WHERE bezeichnung = 'Papierfabrik Rheinaue – Werk Koblenz'`)
	org := orgID(t, w, "Klärwerk Rheinaue GmbH")
	anlegen := func(name string) int64 {
		t.Helper()
		a := w.send(t, "POST", "/api/anlage/abwasserbehandlung", neueKlaeranlage(papier, org, name), sbd)
		if a.Code != 201 {
			t.Fatalf("create: %d %s", a.Code, a.Body.String())
		}
		return int64(a.json(t)["id"].(float64))
	}
	id := anlegen("Nachklärung Süd")
	// the operation's and the plant's past (a test-only stand-in: production events carry the
	// time of their commit)
	zurueckdatieren(t, w, fmt.Sprintf("betrieb-%d", papier), 40)
	zurueckdatieren(t, w, fmt.Sprintf("anlage-%d", id), 10)
	anl := w.send(t, "GET", fmt.Sprintf("/api/anlage/%d", id), nil, sbd).json(t)
	anl["bezeichnung"] = "Nachklärung Süd-West"
	anl["auditInfo"] = map[string]any{"gueltigAb": time.Now().In(berlin).Format("2006-01-02"), "aenderungsgrund": "Umbenennung", "ueberschreiben": true}
	if a := w.send(t, "PUT", fmt.Sprintf("/api/anlage/abwasserbehandlung/%d", id), anl, sbd); a.Code != 200 {
		t.Fatalf("rename: %d %s", a.Code, a.Body.String())
	}
	spaeter := anlegen("Schlammbehandlung Nord") // created today
	tag := func(vorTagen int) string { return time.Now().In(berlin).AddDate(0, 0, -vorTagen).Format("2006-01-02") }

	// the plant's page: the earlier name before the rename, today's after; read-only rights
	damals := w.send(t, "GET", fmt.Sprintf("/api/anlage/%d?stand=%s", id, tag(5)), nil, sbd).json(t)
	if damals["bezeichnung"] != "Nachklärung Süd" {
		t.Errorf("as of 5 days ago: bezeichnung = %v, want the earlier name", damals["bezeichnung"])
	}
	if r, _ := damals["rechte"].(map[string]any); r == nil || r["speichern"] != false || r["bearbeiten"] != false || r["verlaufLesen"] != true {
		t.Errorf("as of a date: rechte = %v, want nothing writable and the Verlauf readable", damals["rechte"])
	}
	if heute := w.send(t, "GET", fmt.Sprintf("/api/anlage/%d?stand=%s", id, tag(0)), nil, sbd).json(t); heute["bezeichnung"] != "Nachklärung Süd-West" {
		t.Errorf("as of today: bezeichnung = %v, want today's name", heute["bezeichnung"])
	}
	wantFehler(t, w.send(t, "GET", fmt.Sprintf("/api/anlage/%d?stand=%s", id, tag(20)), nil, sbd), 404, "Zu diesem Stand gab es das Objekt noch nicht.")

	// the tree's list: the plants that existed then, with their names then
	baum := func(stand string) map[int64]string {
		t.Helper()
		var zeilen []struct {
			ID          int64  `json:"id"`
			Bezeichnung string `json:"bezeichnung"`
		}
		pfad := fmt.Sprintf("/api/anlage?betrieb=%d", papier)
		if stand != "" {
			pfad += "&stand=" + stand
		}
		a := w.send(t, "GET", pfad, nil, sbd)
		if a.Code != 200 {
			t.Fatalf("%s: %d %s", pfad, a.Code, a.Body.String())
		}
		a.decode(t, &zeilen)
		out := map[int64]string{}
		for _, z := range zeilen {
			out[z.ID] = z.Bezeichnung
		}
		return out
	}
	if b := baum(tag(5)); b[id] != "Nachklärung Süd" {
		t.Errorf("tree as of 5 days ago: plant %d = %q, want the earlier name", id, b[id])
	} else if _, ok := b[spaeter]; ok {
		t.Errorf("tree as of 5 days ago lists plant %d created today", spaeter)
	}
	if b := baum(tag(20)); b[id] != "" {
		t.Errorf("tree as of 20 days ago lists plant %d created 10 days ago", id)
	}
	if b := baum(""); b[id] != "Nachklärung Süd-West" || b[spaeter] != "Schlammbehandlung Nord" {
		t.Errorf("tree today: %v", b)
	}

	// the operation and its header as of a date: read-only rights; before its first event not found
	betrieb := w.send(t, "GET", fmt.Sprintf("/api/betrieb/%d?stand=%s", papier, tag(5)), nil, sbd).json(t)
	if r, _ := betrieb["rechte"].(map[string]any); betrieb["bezeichnung"] != "Papierfabrik Rheinaue – Werk Koblenz" || r == nil ||
		r["alsAdminSpeichern"] != false || r["bearbeiten"] != false {
		t.Errorf("operation as of 5 days ago: %v", betrieb)
	}
	if info := w.send(t, "GET", fmt.Sprintf("/api/betrieb/%d/info?stand=%s", papier, tag(5)), nil, sbd).json(t); info["bezeichnung"] != "Papierfabrik Rheinaue – Werk Koblenz" {
		t.Errorf("header as of 5 days ago: %v", info)
	}
	wantFehler(t, w.send(t, "GET", fmt.Sprintf("/api/betrieb/%d/info?stand=1990-01-01", papier), nil, sbd), 404, "Zu diesem Stand gab es das Objekt noch nicht.")

	// the measuring points and Bescheide of the tree and their pages take the date too; long ago
	// there were none of them
	mst := idIn(t, w, `SELECT id FROM messstelle WHERE betrieb_id = $1 ORDER BY id LIMIT 1`, papier)
	if a := w.send(t, "GET", fmt.Sprintf("/api/messstelle/%d?stand=%s", mst, tag(0)), nil, sbd); a.Code != 200 {
		t.Errorf("measuring point as of today: %d %s", a.Code, a.Body.String())
	}
	wantFehler(t, w.send(t, "GET", fmt.Sprintf("/api/messstelle/%d?stand=1990-01-01", mst), nil, sbd), 404, "Zu diesem Stand gab es das Objekt noch nicht.")
	var punkte []map[string]any
	w.send(t, "GET", fmt.Sprintf("/api/betrieb/%d/messstelle?stand=1990-01-01", papier), nil, sbd).decode(t, &punkte)
	if len(punkte) != 0 {
		t.Errorf("measuring points as of 1990: %v", punkte)
	}
	w.send(t, "GET", fmt.Sprintf("/api/betrieb/%d/messstelle?stand=%s", papier, tag(0)), nil, sbd).decode(t, &punkte)
	if len(punkte) == 0 {
		t.Error("measuring points as of today: none")
	}
	var seite struct {
		Content []map[string]any `json:"content"`
	}
	w.send(t, "GET", fmt.Sprintf("/api/betrieb/%d/bescheid/search?stand=1990-01-01", papier), nil, sbd).decode(t, &seite)
	if len(seite.Content) != 0 {
		t.Errorf("Bescheide as of 1990: %v", seite.Content)
	}
	w.send(t, "GET", fmt.Sprintf("/api/betrieb/%d/bescheid/search?stand=%s", papier, tag(0)), nil, sbd).decode(t, &seite)
	if len(seite.Content) == 0 {
		t.Fatal("Bescheide as of today: none")
	}
	for _, b := range seite.Content {
		if b["bearbeiten"] != false {
			t.Errorf("Bescheid as of a date editable: %v", b)
		}
	}
	bescheid := int64(seite.Content[0]["id"].(float64))
	if a := w.send(t, "GET", fmt.Sprintf("/api/bescheid/%d?stand=%s", bescheid, tag(0)), nil, sbd); a.Code != 200 {
		t.Errorf("Bescheid as of today: %d %s", a.Code, a.Body.String())
	}
	wantFehler(t, w.send(t, "GET", fmt.Sprintf("/api/bescheid/%d?stand=1990-01-01", bescheid), nil, sbd), 404, "Zu diesem Stand gab es das Objekt noch nicht.")

	// another organisation's account finds nothing, as of any date
	betreiber2 := w.login(t, "betreiber2", seed.DemoPasswort)
	wantFehler(t, w.send(t, "GET", fmt.Sprintf("/api/anlage/%d?stand=%s", id, tag(5)), nil, betreiber2), 404, "Das angeforderte Objekt existiert nicht.")
	wantFehler(t, w.send(t, "GET", fmt.Sprintf("/api/betrieb/%d?stand=%s", papier, tag(5)), nil, betreiber2), 404, "Das angeforderte Objekt existiert nicht.")
	wantFehler(t, w.send(t, "GET", fmt.Sprintf("/api/messstelle/%d?stand=%s", mst, tag(0)), nil, betreiber2), 404, "Das angeforderte Objekt existiert nicht.")
	wantFehler(t, w.send(t, "GET", fmt.Sprintf("/api/bescheid/%d?stand=%s", bescheid, tag(0)), nil, betreiber2), 404, "Das angeforderte Objekt existiert nicht.")
	var fremd []map[string]any
	w.send(t, "GET", fmt.Sprintf("/api/anlage?betrieb=%d&stand=%s", papier, tag(5)), nil, betreiber2).decode(t, &fremd)
	if len(fremd) != 0 {
		t.Errorf("another organisation's tree as of a date: %v", fremd)
	}

	// a malformed date or one in the future
	morgen := time.Now().In(berlin).AddDate(0, 0, 2).Format("2006-01-02")
	for _, pfad := range []string{fmt.Sprintf("/api/anlage/%d?stand=2025-13-45", id), fmt.Sprintf("/api/anlage/%d?stand=%s", id, morgen),
		fmt.Sprintf("/api/betrieb/%d?stand=01.02.2024", papier), fmt.Sprintf("/api/anlage?betrieb=%d&stand=morgen", papier),
		fmt.Sprintf("/api/betrieb/%d/messstelle?stand=%s", papier, morgen), fmt.Sprintf("/api/betrieb/%d/bescheid/search?stand=x", papier),
		fmt.Sprintf("/api/bescheid/%d?stand=%s", bescheid, morgen), fmt.Sprintf("/api/messstelle/%d?stand=2024-02-30", mst)} {
		m := wantFehler(t, w.send(t, "GET", pfad, nil, sbd), 400, "Bitte geben Sie „Stand zum“ als Datum (JJJJ-MM-TT) an, das nicht in der Zukunft liegt.")
		if fe, _ := m["validationErrors"].(map[string]any); fe["stand"] == nil {
			t.Errorf("%s: validationErrors = %v, want stand", pfad, m["validationErrors"])
		}
	}
}

// A plant's page as of a date names what it refers to as it was named then: its operation
// (renamed since) and its receiving plant (renamed since), not today's names; as of today the
// new names.
func TestStand_DieAnlageNenntBetriebUndAufnehmendeAnlageMitDemDamaligenNamen(t *testing.T) {
	w := newKontoWelt(t, "")
	sbd := w.login(t, "zust_sbd", seed.DemoPasswort)
	papier := idIn(t, w, `SELECT id FROM betrieb WHERE bezeichnung = 'Papierfabrik Rheinaue – Werk Koblenz'`)
	ka := anlageAnlegen(t, w, sbd, "abwasserbehandlung", neueKlaeranlage(papier, orgID(t, w, "Klärwerk Rheinaue GmbH"), "Nachklärung Süd"))
	rueb := entlastungsanlageAnlegen(t, w, sbd, neueEntlastungsanlage(papier, ka, "RÜB Hafen", nil))
	// the past (a test-only stand-in: production events carry the time of their commit)
	zurueckdatieren(t, w, fmt.Sprintf("betrieb-%d", papier), 40)
	zurueckdatieren(t, w, fmt.Sprintf("anlage-%d", ka), 10)
	zurueckdatieren(t, w, fmt.Sprintf("anlage-%d", rueb), 10)
	heute := time.Now().In(berlin).Format("2006-01-02")
	b := w.betrieb(t, papier, sbd)
	b["bezeichnung"] = "Papierfabrik Rheinaue – Werk Lützel"
	b["auditInfo"] = map[string]any{"gueltigAb": heute, "aenderungsgrund": "Umbenennung", "ueberschreiben": true}
	if a := w.send(t, "PUT", fmt.Sprintf("/api/betrieb/%d", papier), b, sbd); a.Code != 200 {
		t.Fatalf("rename the operation: %d %s", a.Code, a.Body.String())
	}
	anl := w.send(t, "GET", fmt.Sprintf("/api/anlage/%d", ka), nil, sbd).json(t)
	anl["bezeichnung"] = "Nachklärung Süd-West"
	anl["auditInfo"] = map[string]any{"gueltigAb": heute, "aenderungsgrund": "Umbenennung", "ueberschreiben": true}
	if a := w.send(t, "PUT", fmt.Sprintf("/api/anlage/abwasserbehandlung/%d", ka), anl, sbd); a.Code != 200 {
		t.Fatalf("rename the receiving plant: %d %s", a.Code, a.Body.String())
	}
	vor5Tagen := time.Now().In(berlin).AddDate(0, 0, -5).Format("2006-01-02")
	namen := func(stand string) (betrieb, aufnahme any) {
		t.Helper()
		a := w.send(t, "GET", fmt.Sprintf("/api/anlage/%d?stand=%s", rueb, stand), nil, sbd)
		if a.Code != 200 {
			t.Fatalf("relief plant as of %s: %d %s", stand, a.Code, a.Body.String())
		}
		v := a.json(t)
		bv, _ := v["betrieb"].(map[string]any)
		av, _ := v["aufnahmeAnlage"].(map[string]any)
		return bv["bezeichnung"], av["bezeichnung"]
	}
	if betrieb, aufnahme := namen(vor5Tagen); betrieb != "Papierfabrik Rheinaue – Werk Koblenz" || aufnahme != "Nachklärung Süd" {
		t.Errorf("as of 5 days ago: operation %v, receiving plant %v; want the names then", betrieb, aufnahme)
	}
	if betrieb, aufnahme := namen(heute); betrieb != "Papierfabrik Rheinaue – Werk Lützel" || aufnahme != "Nachklärung Süd-West" {
		t.Errorf("as of today: operation %v, receiving plant %v; want today's names", betrieb, aufnahme)
	}
}

// A Bescheid's page as of a date names its operation and its measuring points as they were
// named then (both renamed since), not today's names; as of today the new names.
func TestStand_DerBescheidNenntBetriebUndMessstellenMitDemDamaligenNamen(t *testing.T) {
	w := newKontoWelt(t, "")
	sbd := w.login(t, "zust_sbd", seed.DemoPasswort)
	papier := idIn(t, w, `SELECT id FROM betrieb WHERE bezeichnung = 'Papierfabrik Rheinaue – Werk Koblenz'`)
	// a demo Bescheid of the operation with a measuring point
	var seite struct {
		Content []struct {
			ID int64 `json:"id"`
		} `json:"content"`
	}
	w.send(t, "GET", fmt.Sprintf("/api/betrieb/%d/bescheid/search?size=50", papier), nil, sbd).decode(t, &seite)
	var bescheid, mst int64
	var altName string
	for _, z := range seite.Content {
		b := w.send(t, "GET", fmt.Sprintf("/api/bescheid/%d", z.ID), nil, sbd).json(t)
		if ms, _ := b["messstellen"].([]any); len(ms) > 0 {
			m := ms[0].(map[string]any)
			bescheid, mst, altName = z.ID, int64(m["id"].(float64)), m["bezeichnung"].(string)
			break
		}
	}
	if bescheid == 0 {
		t.Fatal("no demo Bescheid of the operation names a measuring point")
	}
	// the past (a test-only stand-in: production events carry the time of their commit)
	for _, stream := range []string{fmt.Sprintf("betrieb-%d", papier), fmt.Sprintf("bescheid-%d", bescheid), fmt.Sprintf("messstelle-%d", mst)} {
		zurueckdatieren(t, w, stream, 40)
	}
	heute := time.Now().In(berlin).Format("2006-01-02")
	b := w.betrieb(t, papier, sbd)
	b["bezeichnung"] = "Papierfabrik Rheinaue – Werk Lützel"
	b["auditInfo"] = map[string]any{"gueltigAb": heute, "aenderungsgrund": "Umbenennung", "ueberschreiben": true}
	if a := w.send(t, "PUT", fmt.Sprintf("/api/betrieb/%d", papier), b, sbd); a.Code != 200 {
		t.Fatalf("rename the operation: %d %s", a.Code, a.Body.String())
	}
	ms := w.messstelleLesen(t, mst, sbd)
	ms["bezeichnung"] = altName + " (neu)"
	ms["auditInfo"] = map[string]any{"gueltigAb": heute, "aenderungsgrund": "Umbenennung", "ueberschreiben": true}
	if a := w.send(t, "PUT", fmt.Sprintf("/api/messstelle/%d", mst), ms, sbd); a.Code != 200 {
		t.Fatalf("rename the measuring point: %d %s", a.Code, a.Body.String())
	}
	namen := func(stand string) (betrieb any, messstelle string) {
		t.Helper()
		a := w.send(t, "GET", fmt.Sprintf("/api/bescheid/%d?stand=%s", bescheid, stand), nil, sbd)
		if a.Code != 200 {
			t.Fatalf("Bescheid as of %s: %d %s", stand, a.Code, a.Body.String())
		}
		v := a.json(t)
		bv, _ := v["betrieb"].(map[string]any)
		ms, _ := v["messstellen"].([]any)
		for _, m := range ms {
			if m := m.(map[string]any); int64(m["id"].(float64)) == mst {
				messstelle, _ = m["bezeichnung"].(string)
			}
		}
		return bv["bezeichnung"], messstelle
	}
	vor5Tagen := time.Now().In(berlin).AddDate(0, 0, -5).Format("2006-01-02")
	if betrieb, messstelle := namen(vor5Tagen); betrieb != "Papierfabrik Rheinaue – Werk Koblenz" || messstelle != altName {
		t.Errorf("as of 5 days ago: operation %v, measuring point %q; want the names then (%q)", betrieb, messstelle, altName)
	}
	if betrieb, messstelle := namen(heute); betrieb != "Papierfabrik Rheinaue – Werk Lützel" || messstelle != altName+" (neu)" {
		t.Errorf("as of today: operation %v, measuring point %q; want today's names", betrieb, messstelle)
	}
}
