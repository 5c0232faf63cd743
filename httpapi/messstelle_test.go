package httpapi

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/eabwasser/eabwasser/domain/berechtigung"
	"github.com/eabwasser/eabwasser/internal/werkzeug/seed"
	"github.com/eabwasser/eabwasser/projections"
	"github.com/eabwasser/eabwasser/projections/nachrichten"
	"github.com/eabwasser/eabwasser/projections/projektortest"
)

// neueMessstelle is the body of a request for a measuring point.
func neueMessstelle(nummer, typ, name string) map[string]any {
	return map[string]any{"messstellenId": nummer, "bezeichnung": name, "messstellentyp": typ,
		"lage":                map[string]float64{"hochwert": 5581900.5, "rechtswert": 399100.25},
		"anhang":              map[string]any{"anhangAbwasserverordnung": "Anhang 28 – Herstellung von Papier und Pappe", "abwasserart": "Produktionsabwasser", "csb": "120,5"},
		"zustaendigeBehoerde": "Struktur- und Genehmigungsdirektion Nord (SGD Nord)", "limsBerechtigte": []string{"Landesamt für Umwelt (LfU)"}}
}

func (w *kontoWelt) messstelleLesen(t testing.TB, id int64, token string) map[string]any {
	t.Helper()
	a := w.send(t, "GET", fmt.Sprintf("/api/messstelle/%d", id), nil, token)
	if a.Code != 200 {
		t.Fatalf("GET messstelle %d: %d %s", id, a.Code, a.Body.String())
	}
	return a.json(t)
}

func rechteVon(m map[string]any) map[string]any { return m["rechte"].(map[string]any) }

func TestMessstelle_RequestDecideSaveReadAndLists(t *testing.T) {
	w := newKontoWelt(t, "")
	sbd, fach := w.login(t, "zust_sbd", seed.DemoPasswort), w.login(t, "fachadmin", seed.DemoPasswort)
	betreiber, fremd := w.login(t, "betreiber", seed.DemoPasswort), w.login(t, "betreiber2", seed.DemoPasswort)
	klaeranlage := idVon(t, w, "anlage", "Betriebskläranlage Papierfabrik")
	papier := idVon(t, w, "betrieb", "Papierfabrik Rheinaue – Werk Koblenz")
	pfad := fmt.Sprintf("/api/anlage/%d/messstelle", klaeranlage)

	// who creates, and the rules of spec 000 §4/§5 with the facts the service looks up
	wantFehler(t, w.send(t, "POST", pfad, neueMessstelle("1110000209", "NR_9", "Probenahme Nord"), betreiber), 403,
		"Sie sind nicht berechtigt, diese Aktion auszuführen.")
	wantFehler(t, w.send(t, "POST", pfad, neueMessstelle("1110000209", "NR_9", "Probenahme Nord"), fremd), 403,
		"Sie sind nicht berechtigt, diese Aktion auszuführen.")
	m := wantFehler(t, w.send(t, "POST", pfad, neueMessstelle("1110000109", "NR_9", "Probenahme Nord"), sbd), 400,
		"Die Messstellennummer ist bereits vergeben.")
	if m["validationErrors"].(map[string]any)["messstellenId"] != "Die Messstellennummer ist bereits vergeben." {
		t.Fatalf("taken number: %v", m)
	}
	falsch := neueMessstelle("11100-002-01", "NR_9", "Probenahme Nord")
	falsch["zustaendigeBehoerde"] = "Erfundene Behörde"
	falsch["limsBerechtigte"] = []string{"Niemand"}
	ve := wantFehler(t, w.send(t, "POST", pfad, falsch, sbd), 400,
		"Der Wert ist in der Werteliste nicht vorhanden. Bitte wählen Sie einen Eintrag der Liste.")["validationErrors"].(map[string]any)
	if ve["zustaendigeBehoerde"] != "Der Wert ist in der Werteliste nicht vorhanden. Bitte wählen Sie einen Eintrag der Liste." ||
		ve["limsBerechtigte[0]"] == nil || !strings.Contains(fmt.Sprint(ve["messstellenId"]), "müssen zum Messstellentyp passen") {
		t.Fatalf("value lists and suffix: %v", ve)
	}
	wantFehler(t, w.send(t, "POST", fmt.Sprintf("/api/anlage/%d/messstelle", 999999), neueMessstelle("1110000209", "NR_9", "X"), sbd), 404,
		"Das angeforderte Objekt existiert nicht.")

	a := w.send(t, "POST", pfad, neueMessstelle("111000-02-09", "NR_9", "Probenahme Nord"), sbd)
	if a.Code != 201 || a.json(t)["message"] != "Die Messstelle wurde erfolgreich angelegt." || a.Header().Get("X-Event-Position") == "" {
		t.Fatalf("create: %d %s", a.Code, a.Body.String())
	}
	id := int64(a.json(t)["id"].(float64))
	ms := w.messstelleLesen(t, id, sbd)
	if ms["messstellenId"] != "1110000209" || ms["freigabe"].(map[string]any)["status"] != "BEANTRAGT" || ms["messstellenstatus"] != "GEPLANT" ||
		ms["anlage"].(map[string]any)["id"].(float64) != float64(klaeranlage) || ms["betrieb"].(map[string]any)["id"].(float64) != float64(papier) ||
		ms["anlagentyp"] != "ABWASSERBEHANDLUNG" || ms["betriebstyp"] != "INDUSTRIE" || ms["bereiche"].(map[string]any)["einleitstelle"] != false {
		t.Fatalf("point: %v", ms)
	}
	// the requester saves but never decides his own request; the other decider does
	if r := rechteVon(ms); r["speichern"] != true || r["freigeben"] != false || strings.Contains(fmt.Sprint(r["felder"]), "messstellenstatus") {
		t.Fatalf("requester's rights: %v", r)
	}
	if r := rechteVon(w.messstelleLesen(t, id, fach)); r["freigeben"] != true || r["speichern"] != true {
		t.Fatalf("fachadmin's rights: %v", r)
	}
	// the operator reads it, another organisation does not see it
	if r := rechteVon(w.messstelleLesen(t, id, betreiber)); r["speichern"] != false || r["freigeben"] != false || len(r["felder"].([]any)) != 0 {
		t.Fatalf("operator's rights: %v", r)
	}
	wantFehler(t, w.send(t, "GET", fmt.Sprintf("/api/messstelle/%d", id), nil, fremd), 404, "Das angeforderte Objekt existiert nicht.")

	freigabe := fmt.Sprintf("/api/messstelle/%d/freigabe", id)
	wantFehler(t, w.send(t, "POST", freigabe, map[string]any{"neuerStatus": "FREIGEGEBEN"}, sbd), 400,
		"Sie haben die Freigabe dieser Messstelle selbst angefordert. Über die Freigabe entscheidet eine andere berechtigte Person (Vier-Augen-Prinzip).")
	wantFehler(t, w.send(t, "POST", freigabe, map[string]any{"neuerStatus": "FREIGEGEBEN"}, betreiber), 403,
		"Sie sind nicht berechtigt, diese Aktion auszuführen.")
	wantFehler(t, w.send(t, "POST", freigabe, map[string]any{"neuerStatus": "ABGEWIESEN", "kommentar": " "}, fach), 400,
		"Bitte begründen Sie die Zurückweisung im Kommentar, damit der Antragsteller erfährt, was fehlt.")
	if a := w.send(t, "POST", freigabe, map[string]any{"neuerStatus": "ABGEWIESEN", "kommentar": "Die Lage fehlt genauer."}, fach); a.Code != 200 ||
		a.json(t)["message"] != "Die Messstelle wurde erfolgreich zurückgewiesen." {
		t.Fatalf("reject: %d %s", a.Code, a.Body.String())
	}
	ms = w.messstelleLesen(t, id, sbd)
	if f := ms["freigabe"].(map[string]any); f["status"] != "ABGEWIESEN" || f["kommentar"] != "Die Lage fehlt genauer." || rechteVon(ms)["freigeben"] != false {
		t.Fatalf("rejected: %v", ms)
	}
	// the save of a rejected point requests the Freigabe anew (by fachadmin now: zust_sbd decides)
	ms["lage"] = map[string]float64{"hochwert": 5581910.5, "rechtswert": 399110.25}
	if a := w.send(t, "PUT", fmt.Sprintf("/api/messstelle/%d", id), ms, fach); a.Code != 200 || a.json(t)["message"] != "Die Messstelle wurde erfolgreich gespeichert." {
		t.Fatalf("renewed request: %d %s", a.Code, a.Body.String())
	}
	ms = w.messstelleLesen(t, id, sbd)
	if ms["freigabe"].(map[string]any)["status"] != "BEANTRAGT" || rechteVon(ms)["freigeben"] != true {
		t.Fatalf("renewed: %v", ms)
	}
	wantFehler(t, w.send(t, "POST", freigabe, map[string]any{"neuerStatus": "FREIGEGEBEN", "version": 1}, sbd), 409,
		"Die Daten wurden inzwischen von jemand anderem geändert. Bitte laden Sie die Seite neu und wiederholen Sie Ihre Änderung.")
	if a := w.send(t, "POST", freigabe, map[string]any{"neuerStatus": "FREIGEGEBEN", "version": ms["version"]}, sbd); a.Code != 200 ||
		a.json(t)["message"] != "Die Messstelle wurde erfolgreich freigegeben." {
		t.Fatalf("approve: %d %s", a.Code, a.Body.String())
	}
	wantFehler(t, w.send(t, "POST", freigabe, map[string]any{"neuerStatus": "FREIGEGEBEN"}, fach), 400, "Die Messstelle wartet nicht auf eine Freigabe.")

	// approved: the status is historised (date and reason), a stale form is a conflict
	ms = w.messstelleLesen(t, id, sbd)
	if !strings.Contains(fmt.Sprint(rechteVon(ms)["felder"]), "messstellenstatus") {
		t.Fatalf("status not saveable after the Freigabe: %v", rechteVon(ms))
	}
	ms["messstellenstatus"] = "IN_BETRIEB"
	if m := wantFehler(t, w.send(t, "PUT", fmt.Sprintf("/api/messstelle/%d", id), ms, sbd), 400,
		"Die Änderung muss historisiert werden: Bitte geben Sie an, ab wann sie gilt, und einen Änderungsgrund."); m["auditInfoViolation"] != "MISSING" {
		t.Fatalf("violation: %v", m)
	}
	heute := w.jetzt.Format("2006-01-02")
	ms["auditInfo"] = map[string]any{"gueltigAb": heute, "aenderungsgrund": "Inbetriebnahme", "ueberschreiben": true}
	if a := w.send(t, "PUT", fmt.Sprintf("/api/messstelle/%d", id), ms, sbd); a.Code != 200 {
		t.Fatalf("historised save: %d %s", a.Code, a.Body.String())
	}
	ms["bezeichnung"] = "Überholt"
	m = wantFehler(t, w.send(t, "PUT", fmt.Sprintf("/api/messstelle/%d", id), ms, sbd), 409,
		"Die Daten wurden inzwischen von jemand anderem geändert. Bitte laden Sie die Seite neu und wiederholen Sie Ihre Änderung.")
	if s, ok := m["aenderungen"].([]any); !ok || len(s) != 1 {
		t.Fatalf("aenderungen: %v", m["aenderungen"])
	}
	ms = w.messstelleLesen(t, id, betreiber)
	if ms["messstellenstatus"] != "IN_BETRIEB" || ms["statuswechsel"] != heute || ms["bezeichnung"] != "Probenahme Nord" {
		t.Fatalf("after the save: %v", ms)
	}
	wantFehler(t, w.send(t, "PUT", fmt.Sprintf("/api/messstelle/%d", id), ms, betreiber), 403, "Sie sind nicht berechtigt, diese Aktion auszuführen.")

	// history, Verlauf (auditors), the state after an event
	var versionen []map[string]any
	w.send(t, "GET", fmt.Sprintf("/api/messstelle/%d/historie/", id), nil, betreiber).decode(t, &versionen)
	if len(versionen) != 1 || versionen[0]["messstelle"].(map[string]any)["messstellenstatus"] != "IN_BETRIEB" || versionen[0]["aenderungsgrund"] != "Inbetriebnahme" {
		t.Fatalf("history: %v", versionen)
	}
	wantFehler(t, w.send(t, "GET", fmt.Sprintf("/api/messstelle/%d/verlauf", id), nil, betreiber), 403, "Sie sind nicht berechtigt, diese Aktion auszuführen.")
	var schritte []map[string]any
	w.send(t, "GET", fmt.Sprintf("/api/messstelle/%d/verlauf", id), nil, fach).decode(t, &schritte)
	if len(schritte) != 5 || schritte[0]["zusammenfassung"] != "Freigabe der Messstelle angefordert" || schritte[1]["akteur"] != "Thomas Becker" {
		t.Fatalf("Verlauf: %d steps: %v", len(schritte), schritte)
	}
	if s := w.send(t, "GET", fmt.Sprintf("/api/messstelle/%d/stand/2", id), nil, fach).json(t); s["freigabe"].(map[string]any)["status"] != "ABGEWIESEN" {
		t.Fatalf("Stand 2: %v", s["freigabe"])
	}

	// lists: the plant's, the operation's (with the plant), the plants of a number
	var zeilen []map[string]any
	w.send(t, "GET", fmt.Sprintf("/api/messstelle/uebersicht/%d", klaeranlage), nil, betreiber).decode(t, &zeilen)
	var nummern []string
	for _, z := range zeilen {
		nummern = append(nummern, fmt.Sprintf("%s %s %s", z["messstellenId"], z["messstellentyp"], z["freigabestatus"]))
	}
	if strings.Join(nummern, "|") != "1110000101 NR_1 BEANTRAGT|1110000108 NR_8 FREIGEGEBEN|1110000109 NR_9 FREIGEGEBEN|1110000209 NR_9 FREIGEGEBEN" {
		t.Fatalf("uebersicht: %v", nummern)
	}
	wantFehler(t, w.send(t, "GET", fmt.Sprintf("/api/messstelle/uebersicht/%d", klaeranlage), nil, fremd), 404, "Das angeforderte Objekt existiert nicht.")
	zeilen = nil
	w.send(t, "GET", fmt.Sprintf("/api/betrieb/%d/messstelle/", papier), nil, sbd).decode(t, &zeilen)
	if len(zeilen) != 4 || zeilen[0]["anlage"].(map[string]any)["bezeichnung"] != "Betriebskläranlage Papierfabrik" {
		t.Fatalf("of the operation: %v", zeilen)
	}
	zeilen = nil
	w.send(t, "GET", "/api/anlage/messstellenAnlagen/111000-02-09", nil, betreiber).decode(t, &zeilen)
	if len(zeilen) != 1 || zeilen[0]["id"].(float64) != float64(klaeranlage) || zeilen[0]["anlagentyp"] != "ABWASSERBEHANDLUNG" {
		t.Fatalf("plants of the number: %v", zeilen)
	}
	zeilen = nil
	w.send(t, "GET", "/api/anlage/messstellenAnlagen/1110000209", nil, fremd).decode(t, &zeilen)
	if len(zeilen) != 0 {
		t.Fatalf("another organisation sees the plant of a number: %v", zeilen)
	}

	// the number check of the dialog
	for eingabe, want := range map[string]string{"1110000209": "Die Messstellennummer ist bereits vergeben.",
		"111000-03-09": "Die Messstellennummer ist verfügbar.", "11100": "Die Messstellennummer ist zu kurz.",
		"1a": "Zahlen 0 – 9, als Trennzeichen nur „-“ zulässig"} {
		c := w.send(t, "GET", "/api/messstelle/check-id?id="+eingabe, nil, sbd).json(t)
		if c["text"] != want || c["verfuegbar"] != (want == "Die Messstellennummer ist verfügbar.") {
			t.Errorf("check-id %s: %v", eingabe, c)
		}
	}
	wantFehler(t, w.send(t, "GET", "/api/messstelle/check-id?id=1110000309", nil, betreiber), 403, "Sie sind nicht berechtigt, diese Aktion auszuführen.")

	// the number proposal: Koblenz (07111000) gives the prefix 111000; frei counts past the
	// numbers taken (…0109 and …0209 are), the suffix is the type's
	vorschlag := func(typ string) map[string]any {
		return w.send(t, "GET", "/api/messstelle/new-id?hochwert=5580500&rechtswert=400000&typ="+typ, nil, sbd).json(t)
	}
	if v := vorschlag("NR_8"); v["messstellenId"] != "1110000008" || v["prefix"] != "111000" || v["frei"] != "00" || v["suffix"] != "08" {
		t.Fatalf("NR_8: %v", v)
	}
	if v := vorschlag("NR_1"); v["messstellenId"] != "1110000001" {
		t.Fatalf("NR_1: %v", v)
	}
	// NR_9 has a free suffix: the first one no type fixes, 00
	if v := vorschlag("NR_9"); v["messstellenId"] != "1110000000" || v["suffix"] != "00" {
		t.Fatalf("NR_9: %v", v)
	}
	ve = wantFehler(t, w.send(t, "GET", "/api/messstelle/new-id?hochwert=5480500&rechtswert=300000&typ=NR_9", nil, sbd), 400,
		"Die Lage liegt in keiner bekannten Gemeinde. Bitte geben Sie den Präfix der Messstellennummer selbst ein.")["validationErrors"].(map[string]any)
	if ve["lage"] == nil {
		t.Fatalf("outside: %v", ve)
	}
	wantFehler(t, w.send(t, "GET", "/api/messstelle/new-id?hochwert=x&rechtswert=400000&typ=NR_9", nil, sbd), 400, "Ungültige Zahl")
	wantFehler(t, w.send(t, "GET", "/api/messstelle/new-id?hochwert=5580500&rechtswert=400000&typ=NR_17", nil, sbd), 400, "Unbekannter Messstellentyp.")
	wantFehler(t, w.send(t, "GET", "/api/messstelle/new-id?hochwert=5580500&rechtswert=400000&typ=NR_9", nil, betreiber), 403,
		"Sie sind nicht berechtigt, diese Aktion auszuführen.")
}

// Every combination of a prefix taken: the proposal answers 204.
func TestMessstelle_NumberProposalExhaustedIs204(t *testing.T) {
	w := newKontoWelt(t, "")
	sbd := w.login(t, "zust_sbd", seed.DemoPasswort)
	// the 100 numbers of NR_8 under Koblenz's prefix, as documents (the proposal reads them)
	if _, err := w.dienst.Store.Pool().Exec(t.Context(), `INSERT INTO messstelle (id, anlage_id, betrieb_id, messstellen_id, bezeichnung,
		messstellentyp, messstellenstatus, freigabestatus, freigabe_kommentar, antragsteller, letzter_beginn, daten, version)
		SELECT -i, 0, 0, '111000' || lpad(i::text, 2, '0') || '08', 'Belegt', 'NR_8', 'GEPLANT', 'BEANTRAGT', '', 0, '', '{}', 1
		FROM generate_series(0, 99) i ON CONFLICT DO NOTHING`); err != nil {
		t.Fatal(err)
	}
	a := w.send(t, "GET", "/api/messstelle/new-id?hochwert=5580500&rechtswert=400000&typ=NR_8", nil, sbd)
	if a.Code != 204 || a.Body.Len() != 0 {
		t.Fatalf("exhausted: %d %s", a.Code, a.Body.String())
	}
}

// Two requests for one number at the same time: the unique index lets one win, the other gets
// the German 409 and leaves nothing behind — neither a document nor an event.
func TestMessstelle_NumberRaceOneWinsTheOtherGets409(t *testing.T) {
	w := newKontoWelt(t, "")
	sbd, fach := w.login(t, "zust_sbd", seed.DemoPasswort), w.login(t, "fachadmin", seed.DemoPasswort)
	pfad := fmt.Sprintf("/api/anlage/%d/messstelle", idVon(t, w, "anlage", "Betriebskläranlage Papierfabrik"))
	pool := w.dienst.Store.Pool()
	const vergeben = "Die Messstellennummer 1110000409 ist inzwischen vergeben. Bitte wählen Sie eine andere."

	// deterministic: a transaction holds the number uncommitted while a request checks it (free)
	// and inserts — the insert waits on the index and fails once the transaction commits
	tx, err := pool.Begin(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := tx.Exec(context.Background(), `INSERT INTO messstelle (id, anlage_id, betrieb_id, messstellen_id, bezeichnung, messstellentyp,
		messstellenstatus, freigabestatus, freigabe_kommentar, antragsteller, letzter_beginn, daten, version)
		VALUES (-1, 0, 0, '1110000409', 'Rennen', 'NR_9', 'GEPLANT', 'BEANTRAGT', '', 0, '', '{}', 1)`); err != nil {
		t.Fatal(err)
	}
	ergebnis := make(chan antwort)
	go func() { ergebnis <- w.send(t, "POST", pfad, neueMessstelle("1110000409", "NR_9", "Zweite"), sbd) }()
	for warten := true; warten; {
		// the request waits for the lock of the index entry
		var n int
		_ = pool.QueryRow(context.Background(), `SELECT count(*) FROM pg_locks WHERE NOT granted`).Scan(&n)
		warten = n == 0
	}
	if err := tx.Commit(context.Background()); err != nil {
		t.Fatal(err)
	}
	wantFehler(t, <-ergebnis, 409, vergeben)
	var streams int
	if err := pool.QueryRow(context.Background(), `SELECT count(*) FROM events WHERE stream_type = 'messstelle' AND data->>'messstellenId' = '1110000409'`).Scan(&streams); err != nil || streams != 0 {
		t.Fatalf("events of the loser: %d %v", streams, err)
	}
	if _, err := pool.Exec(context.Background(), `DELETE FROM messstelle WHERE id = -1`); err != nil {
		t.Fatal(err)
	}

	// two real requests at once: exactly one is created, the other refused in German
	var wg sync.WaitGroup
	antworten := make([]antwort, 2)
	for i, token := range []string{sbd, fach} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			antworten[i] = w.send(t, "POST", pfad, neueMessstelle("1110000509", "NR_9", fmt.Sprintf("Gleichzeitig %d", i)), token)
		}()
	}
	wg.Wait()
	angelegt := 0
	for _, a := range antworten {
		switch {
		case a.Code == 201:
			angelegt++
		case a.Code == 409:
			wantFehler(t, a, 409, "Die Messstellennummer 1110000509 ist inzwischen vergeben. Bitte wählen Sie eine andere.")
		default:
			if m := wantFehler(t, a, 400, "Die Messstellennummer ist bereits vergeben."); m["validationErrors"].(map[string]any)["messstellenId"] != "Die Messstellennummer ist bereits vergeben." {
				t.Fatalf("loser: %v", m)
			}
		}
	}
	var dokumente, events int
	_ = pool.QueryRow(context.Background(), `SELECT count(*) FROM messstelle WHERE messstellen_id = '1110000509'`).Scan(&dokumente)
	_ = pool.QueryRow(context.Background(), `SELECT count(*) FROM events WHERE stream_type = 'messstelle' AND data->>'messstellenId' = '1110000509'`).Scan(&events)
	if angelegt != 1 || dokumente != 1 || events != 1 {
		t.Fatalf("created %d, documents %d, events %d", angelegt, dokumente, events)
	}
}

// A plant's shut-down (a save to STILLGELEGT) and an operation's (its plants with it) shut their
// measuring points down in the same transaction, on the day of the status change.
func TestMessstelle_ShutDownOfPlantAndOperationShutsThePointsDown(t *testing.T) {
	w := newKontoWelt(t, "")
	sbd, fach := w.login(t, "zust_sbd", seed.DemoPasswort), w.login(t, "fachadmin", seed.DemoPasswort)
	status := func(name string) string {
		var s string
		if err := w.dienst.Store.Pool().QueryRow(t.Context(), `SELECT messstellenstatus || ' ' || coalesce(daten->>'statuswechsel', '') FROM messstelle WHERE bezeichnung = $1`, name).Scan(&s); err != nil {
			t.Fatal(err)
		}
		return s
	}
	heute := w.jetzt.Format("2006-01-02")
	klaeranlage := idVon(t, w, "anlage", "Betriebskläranlage Papierfabrik")
	anl := w.send(t, "GET", fmt.Sprintf("/api/anlage/%d", klaeranlage), nil, sbd).json(t)
	anl["anlagenstatus"] = "STILLGELEGT"
	anl["auditInfo"] = map[string]any{"gueltigAb": heute, "aenderungsgrund": "Stilllegung", "ueberschreiben": true}
	if a := w.send(t, "PUT", fmt.Sprintf("/api/anlage/abwasserbehandlung/%d", klaeranlage), anl, sbd); a.Code != 200 {
		t.Fatalf("plant shut down: %d %s", a.Code, a.Body.String())
	}
	for _, name := range []string{"Endkontrolle Ablauf Betriebskläranlage", "Einleitungsstelle Rhein", "Zulauf Betriebskläranlage"} {
		if got := status(name); got != "STILLGELEGT "+heute {
			t.Errorf("%s: %s", name, got)
		}
	}
	// no new point under a shut-down plant
	wantFehler(t, w.send(t, "POST", fmt.Sprintf("/api/anlage/%d/messstelle", klaeranlage), neueMessstelle("1110000609", "NR_9", "Zu spät"), sbd), 400,
		"Unter einer stillgelegten Anlage können keine Messstellen angelegt werden.")

	musterhausen := idVon(t, w, "betrieb", "Kläranlage Musterhausen")
	b := w.betrieb(t, musterhausen, fach)
	b["betriebsstatus"] = map[string]any{"id": "STILLGELEGT"}
	b["auditInfo"] = map[string]any{"gueltigAb": heute, "aenderungsgrund": "Stilllegung", "ueberschreiben": true}
	if a := w.send(t, "PUT", fmt.Sprintf("/api/betrieb/%d", musterhausen), b, fach); a.Code != 200 {
		t.Fatalf("operation shut down: %d %s", a.Code, a.Body.String())
	}
	if got := status("Ablauf Kläranlage Musterhausen"); got != "STILLGELEGT "+heute {
		t.Errorf("Musterhausen: %s", got)
	}
	// one correlation: the point's shut-down is caused by the plant's, caused by the operation's
	var kette int
	_ = w.dienst.Store.Pool().QueryRow(t.Context(), `SELECT count(*) FROM events m JOIN events a ON a.global_position = (m.metadata->>'causationId')::bigint
		JOIN events b ON b.global_position = (a.metadata->>'causationId')::bigint
		WHERE m.event_type = 'MessstelleStillgelegt' AND a.event_type = 'AnlageStillgelegt' AND b.event_type = 'BetriebStillgelegt'`).Scan(&kette)
	if kette != 1 {
		var typen []string
		rows, _ := w.dienst.Store.Pool().Query(t.Context(), `SELECT event_type || ' ' || coalesce(metadata->>'causationId', '') FROM events ORDER BY global_position DESC LIMIT 6`)
		for rows.Next() {
			var s string
			_ = rows.Scan(&s)
			typen = append(typen, s)
		}
		t.Fatalf("cascade chain %d: %v", kette, typen)
	}
}

// Visibility across organisations and Regionalstellen: the Koblenz staff do not see the
// Musterhausen point (Regionalstelle Trier), its operator does, administrators see all.
func TestMessstelle_VisibleAsItsOperation(t *testing.T) {
	w := newKontoWelt(t, "")
	musterhausen := idVon(t, w, "messstelle", "Ablauf Kläranlage Musterhausen")
	papier := idVon(t, w, "messstelle", "Endkontrolle Ablauf Betriebskläranlage")
	for _, tt := range []struct {
		konto          string
		siehtM, siehtP bool
	}{
		{"zust_sbd", false, true}, {"leser_behoerde", false, true}, {"fachadmin", true, true}, {"systemadmin", true, true},
		{"betreiber", false, true}, {"leser_organisation", false, true}, {"betreiber2", true, false},
	} {
		token := w.login(t, tt.konto, seed.DemoPasswort)
		for id, sieht := range map[int64]bool{musterhausen: tt.siehtM, papier: tt.siehtP} {
			want := 404
			if sieht {
				want = 200
			}
			for _, p := range []string{"/api/messstelle/%d", "/api/messstelle/%d/historie", "/api/messstelle/%d/dateien", "/api/messstelle/%d/wiedervorlage"} {
				a := w.send(t, "GET", fmt.Sprintf(p, id), nil, token)
				if a.Code != want && !(a.Code == 403 && strings.HasSuffix(p, "wiedervorlage")) {
					t.Errorf("%s %s: %d, want %d", tt.konto, fmt.Sprintf(p, id), a.Code, want)
				}
			}
		}
	}
}

// A measuring point's Freigabe: the request reaches who may approve measuring points and sees
// the operation (not the requester, not the operator side), the decision reaches the account
// that requested it, and the request's message says it is decided.
func TestMessstelle_FreigabeMessagesReachTheDecidersAndTheRequester(t *testing.T) {
	w, _ := liveWelt(t)
	sbd, fach := w.login(t, "zust_sbd", seed.DemoPasswort), w.login(t, "fachadmin", seed.DemoPasswort)
	klaeranlage := idVon(t, w, "anlage", "Betriebskläranlage Papierfabrik")
	papier := idVon(t, w, "betrieb", "Papierfabrik Rheinaue – Werk Koblenz")
	a := w.send(t, "POST", fmt.Sprintf("/api/anlage/%d/messstelle", klaeranlage), neueMessstelle("1110000709", "NR_9", "Probenahme <Süd>"), fach)
	if a.Code != 201 {
		t.Fatalf("create: %d %s", a.Code, a.Body.String())
	}
	id := int64(a.json(t)["id"].(float64))
	pos := a.Header().Get("X-Event-Position")
	pfad := fmt.Sprintf("/betriebsakte/%d/abwasserbehandlung/%d/messstellen/%d/messstellendaten", papier, klaeranlage, id)
	n := nachrichtenVon(t, w, sbd, pos)
	if len(n) != 1 || n[0]["betreff"] != "Messstelle zur Freigabe beantragt: Probenahme <Süd>" || n[0]["bezugZuFachobjekt"] != "MESSSTELLE" ||
		n[0]["fachobjektId"] != float64(id) || n[0]["pfad"] != pfad || n[0]["absender"] != "Thomas Becker" ||
		n[0]["text"] != "Thomas Becker hat die Messstelle „Probenahme <Süd>“ zur Freigabe beantragt. Bitte prüfen Sie den Antrag unter „Freigabe bearbeiten“." {
		t.Fatalf("request message: %v", n)
	}
	for _, wer := range []string{"fachadmin", "systemadmin", "zust_sbb", "betreiber", "beauftragter", "betreiber2"} {
		if n := nachrichtenVon(t, w, w.login(t, wer, seed.DemoPasswort), pos); len(n) != 0 {
			t.Fatalf("%s got %v", wer, n)
		}
	}
	a = w.send(t, "POST", fmt.Sprintf("/api/messstelle/%d/freigabe", id), map[string]any{"neuerStatus": "ABGEWIESEN", "kommentar": "Bitte die Lage prüfen."}, sbd)
	if a.Code != 200 {
		t.Fatalf("reject: %d %s", a.Code, a.Body.String())
	}
	pos = a.Header().Get("X-Event-Position")
	n = nachrichtenVon(t, w, fach, pos)
	if len(n) != 1 || n[0]["betreff"] != "Freigabe abgewiesen: Probenahme <Süd>" || n[0]["pfad"] != pfad ||
		n[0]["text"] != "Die Freigabe der Messstelle „Probenahme <Süd>“ wurde von Claudia Schneider abgewiesen. Sie können die Angaben ändern und die Freigabe erneut beantragen.\n\nKommentar: Bitte die Lage prüfen." {
		t.Fatalf("decision message: %v", n)
	}
	if m := nachrichtenVon(t, w, sbd, pos); len(m) != 1 || !strings.HasPrefix(m[0]["erledigt"].(string), "Abgewiesen am ") {
		t.Fatalf("request message not marked decided: %v", m)
	}
	// requested again by the Fachadmin, approved by zust_sbd
	ms := w.messstelleLesen(t, id, fach)
	if a := w.send(t, "PUT", fmt.Sprintf("/api/messstelle/%d", id), ms, fach); a.Code != 200 {
		t.Fatalf("renewed: %d %s", a.Code, a.Body.String())
	} else if n := nachrichtenVon(t, w, sbd, a.Header().Get("X-Event-Position")); len(n) != 2 || n[0]["betreff"] != "Freigabe erneut beantragt: Probenahme <Süd>" ||
		n[0]["text"] != "Thomas Becker hat die abgewiesene Messstelle „Probenahme <Süd>“ überarbeitet und die Freigabe erneut beantragt." {
		t.Fatalf("renewed request message: %v", n)
	}
	a = w.send(t, "POST", fmt.Sprintf("/api/messstelle/%d/freigabe", id), map[string]any{"neuerStatus": "FREIGEGEBEN"}, sbd)
	if n := nachrichtenVon(t, w, fach, a.Header().Get("X-Event-Position")); len(n) != 2 || n[0]["betreff"] != "Messstelle freigegeben: Probenahme <Süd>" ||
		n[0]["text"] != "Die Messstelle „Probenahme <Süd>“ wurde von Claudia Schneider freigegeben." {
		t.Fatalf("approval message: %v", n)
	}
	// built live one command at a time, rebuilt from the log: the same rows
	pool := w.dienst.Store.Pool()
	live := projektortest.Lesemodell(t, pool, nachrichten.Name)
	if err := projections.Rebuild(context.Background(), w.dienst.Store, lesemodelle.Nachrichten(), nil); err != nil {
		t.Fatal(err)
	}
	projektortest.Gleich(t, nachrichten.Name, live, projektortest.Lesemodell(t, pool, nachrichten.Name))
}

// Files and reminders hang on a measuring point as on its plant: staff and the operator's own
// users upload, another organisation does not see the point, readers upload nothing.
func TestMessstelle_FilesAndRemindersAsOnThePlant(t *testing.T) {
	w := newKontoWelt(t, "")
	id := idVon(t, w, "messstelle", "Endkontrolle Ablauf Betriebskläranlage")
	pfad := fmt.Sprintf("/api/messstelle/%d/upload-file", id)
	datei := func(name string) []teil {
		return []teil{{name: "bezeichnung", inhalt: name}, {name: "file", dateiname: "protokoll.pdf", typ: "application/pdf", inhalt: pdf}}
	}
	for wer, want := range map[string]int{"zust_sbd": 201, "betreiber": 201, "leser_organisation": 403, "betreiber2": 404} {
		if a := w.hochladen(t, pfad, w.login(t, wer, seed.DemoPasswort), datei("Probenahmeprotokoll "+wer)...); a.Code != want {
			t.Errorf("upload as %s: %d, want %d: %s", wer, a.Code, want, a.Body.String())
		}
	}
	var dateien []map[string]any
	w.send(t, "GET", fmt.Sprintf("/api/messstelle/%d/dateien", id), nil, w.login(t, "leser_organisation", seed.DemoPasswort)).decode(t, &dateien)
	if len(dateien) != 2 {
		t.Fatalf("files: %v", dateien)
	}
	sbd := w.login(t, "zust_sbd", seed.DemoPasswort)
	if a := w.send(t, "POST", fmt.Sprintf("/api/messstelle/%d/wiedervorlage", id), map[string]any{"betreff": "Probenahme prüfen", "datum": "2026-12-01"}, sbd); a.Code != 201 {
		t.Fatalf("reminder: %d %s", a.Code, a.Body.String())
	}
	var wv []map[string]any
	w.send(t, "GET", fmt.Sprintf("/api/messstelle/%d/wiedervorlage", id), nil, sbd).decode(t, &wv)
	if len(wv) != 1 || wv[0]["betreff"] != "Probenahme prüfen" || wv[0]["fachobjekt"] != "messstelle" {
		t.Fatalf("reminders: %v", wv)
	}
}

// The measuring point area's rows of the permission matrix (TestBerechtigung_EveryRouteTimesEveryRoleAndOrganisation).
var _ = regelnDes("messstelle", func() map[string]regel {
	// measuring points (issue 29): created, saved and decided by the roles docs/decisions.md
	// settles; read by whoever sees the plant
	messstellenAnleger := []berechtigung.Rolle{berechtigung.ZustSBD, berechtigung.Fachadmin, berechtigung.Systemadmin}
	return map[string]regel{
		"POST /api/anlage/{id}/messstelle":            {aktion: berechtigung.MessstelleAnlegen, betrieb: true, nur: messstellenAnleger},
		"GET /api/anlage/messstellenAnlagen/{nummer}": angemeldet,
		"GET /api/betrieb/{id}/messstelle":            amBetrieb(""),
		"GET /api/messstelle/check-id":                {aktion: berechtigung.MessstelleAnlegen, nur: messstellenAnleger},
		"GET /api/messstelle/new-id":                  {aktion: berechtigung.MessstelleAnlegen, nur: messstellenAnleger},
		"GET /api/messstelle/uebersicht/{id}":         amBetrieb(""),
		"GET /api/messstelle/{id}":                    amBetrieb(""),
		"PUT /api/messstelle/{id}":                    {aktion: berechtigung.MessstelleBearbeiten, betrieb: true, nur: messstellenAnleger},
		"POST /api/messstelle/{id}/freigabe": {aktion: berechtigung.MessstelleFreigeben, betrieb: true,
			nur: []berechtigung.Rolle{berechtigung.ZustSBD, berechtigung.Fachadmin}},
		"GET /api/messstelle/{id}/historie":        amBetrieb(""),
		"GET /api/messstelle/{id}/verlauf":         amBetrieb(berechtigung.BetriebVerlaufLesen),
		"GET /api/messstelle/{id}/stand/{version}": amBetrieb(berechtigung.BetriebVerlaufLesen),
		"GET /api/messstelle/{id}/dateien":         amBetrieb(""),
		"POST /api/messstelle/{id}/upload-file":    amBetrieb(berechtigung.DateiHochladen),
		"GET /api/messstelle/{id}/wiedervorlage":   amBetrieb(berechtigung.WiedervorlagenLesen),
		"POST /api/messstelle/{id}/wiedervorlage":  amBetrieb(berechtigung.WiedervorlagenLesen),
	}
})

// The messstelle area's rows of the list walk (TestListen_EveryListAndExportShowsOnlyRowsOfObjectsTheCallerSees).
var _ = listenDes("messstelle", map[string]listenRoute{
	"GET /api/messstelle/uebersicht/{id}": {art: artAmObjekt, objekt: "anlage", zeilen: true},
	"GET /api/betrieb/{id}/messstelle":    {art: artAmObjekt, objekt: "betrieb", zeilen: true},
	"GET /api/anlage/messstellenAnlagen/{nummer}": {art: artListe, zeilen: true,
		aufrufe: []string{"/api/anlage/messstellenAnlagen/1110000109", "/api/anlage/messstellenAnlagen/2350010009"}},
	"GET /api/messstelle/check-id":             {art: artAnderes},
	"GET /api/messstelle/new-id":               {art: artAnderes},
	"GET /api/messstelle/{id}":                 {art: artEinzeln},
	"GET /api/messstelle/{id}/historie":        {art: artEinzeln},
	"GET /api/messstelle/{id}/verlauf":         {art: artEinzeln},
	"GET /api/messstelle/{id}/stand/{version}": {art: artEinzeln},
})
