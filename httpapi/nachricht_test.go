package httpapi

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/eabwasser/eabwasser/domain/berechtigung"
	"github.com/eabwasser/eabwasser/eventstore"
	"github.com/eabwasser/eabwasser/internal/anwendung/benachrichtigung"
	"github.com/eabwasser/eabwasser/internal/plattform/mail"
	"github.com/eabwasser/eabwasser/internal/werkzeug/seed"
	"github.com/eabwasser/eabwasser/projections"
	"github.com/eabwasser/eabwasser/projections/arbeitsliste"
	"github.com/eabwasser/eabwasser/projections/nachrichten"
	"github.com/eabwasser/eabwasser/projections/projektortest"
)

// liveWelt is the test world with the real projector runtime fed through a NATS server of the
// test, and read-your-writes through minPosition.
func liveWelt(t *testing.T) (*kontoWelt, *projektortest.Live) {
	w := newKontoWelt(t, "")
	store := w.dienst.Store
	l := projektortest.Start(t, store, lesemodelle.Nachrichten(), arbeitsliste.Projection)
	w.warte = func(ctx context.Context, name string, pos int64) error {
		return projections.WaitFor(ctx, store, name, pos)
	}
	// the demo data are through before the test begins
	var kopf int64
	_ = store.Pool().QueryRow(context.Background(), `SELECT max(global_position) FROM events`).Scan(&kopf)
	for _, p := range []string{nachrichten.Name, arbeitsliste.Name} {
		if err := projections.WaitFor(context.Background(), store, p, kopf); err != nil {
			t.Fatal(err)
		}
	}
	return w, l
}

// nachrichtenVon lists the messages of the user about operations other than the demo's.
func nachrichtenVon(t testing.TB, w *kontoWelt, token, minPosition string) []map[string]any {
	t.Helper()
	var alle, out []map[string]any
	a := w.send(t, "GET", "/api/nachricht?minPosition="+minPosition, nil, token)
	if a.Code != 200 {
		t.Fatalf("nachricht: %d %s", a.Code, a.Body.String())
	}
	a.decode(t, &alle)
	for _, n := range alle {
		// the demo's messages: sent as the demo data, or as a demo account before the world
		// began (the measuring point zust_sbd requested)
		gesendet, err := time.Parse(time.RFC3339Nano, n["absendeDatum"].(string))
		if err != nil {
			t.Fatal(err)
		}
		if n["absender"] != "Demo-Daten" && !gesendet.Before(w.beginn) {
			out = append(out, n)
		}
	}
	return out
}

func TestNachrichten_RequestAndDecisionReachThePeopleConcerned(t *testing.T) {
	w, _ := liveWelt(t)
	betreiber := w.login(t, "betreiber", seed.DemoPasswort)
	sbd := w.login(t, "zust_sbd", seed.DemoPasswort)
	fachadmin := w.login(t, "fachadmin", seed.DemoPasswort)
	b2 := w.login(t, "betreiber2", seed.DemoPasswort)

	// betreiber wants messages by e-mail too
	p := w.send(t, "GET", "/api/personalisierung", nil, betreiber).json(t)
	p["sendMailOnNachrichten"] = true
	if a := w.send(t, "PUT", "/api/personalisierung", p, betreiber); a.Code != 200 || a.json(t)["message"] != "Die Personalisierung wurde erfolgreich gespeichert." {
		t.Fatalf("personalisation: %d %s", a.Code, a.Body.String())
	}
	wantFehler(t, w.send(t, "PUT", "/api/personalisierung", p, betreiber), 409,
		"Die Daten wurden inzwischen von jemand anderem geändert. Bitte laden Sie die Seite neu und wiederholen Sie Ihre Änderung.")

	a := w.send(t, "POST", "/api/betrieb?typ=INDUSTRIE", neuerBetrieb(w, t, "Weinkellerei Winningen"), betreiber)
	id, pos := int64(a.json(t)["id"].(float64)), a.Header().Get("X-Event-Position")
	for _, wer := range []string{sbd, fachadmin} {
		n := nachrichtenVon(t, w, wer, pos)
		if len(n) != 1 || n[0]["betreff"] != "Betrieb zur Freigabe beantragt: Weinkellerei Winningen" || n[0]["gelesen"] != false ||
			n[0]["absender"] != "Michael Wagner" || n[0]["fachobjektId"] != float64(id) || n[0]["bezugZuFachobjekt"] != "BETRIEB" {
			t.Fatalf("request message: %v", n)
		}
	}
	if n := nachrichtenVon(t, w, betreiber, pos); len(n) != 0 {
		t.Fatalf("the sender got his own message: %v", n)
	}

	a = w.send(t, "POST", "/api/betrieb/freigabe", map[string]any{"betriebId": id, "neuerStatus": "ABGEWIESEN", "kommentar": "Bitte Lage prüfen."}, sbd)
	pos = a.Header().Get("X-Event-Position")
	n := nachrichtenVon(t, w, betreiber, pos)
	if len(n) != 1 || n[0]["betreff"] != "Freigabe abgewiesen: Weinkellerei Winningen" || !strings.Contains(n[0]["text"].(string), "Kommentar: Bitte Lage prüfen.") {
		t.Fatalf("decision message: %v", n)
	}
	if got := nachrichtenVon(t, w, b2, pos); len(got) != 0 {
		t.Fatalf("betreiber2 got %v", got)
	}
	// the request's message to staff now says it is decided (issue 14)
	entschieden := 0
	for _, m := range nachrichtenVon(t, w, sbd, pos) {
		if m["betreff"] == "Betrieb zur Freigabe beantragt: Weinkellerei Winningen" {
			if !strings.HasPrefix(m["erledigt"].(string), "Abgewiesen am ") {
				t.Fatalf("request message not marked decided: %v", m)
			}
			entschieden++
		}
	}
	if entschieden != 1 {
		t.Fatalf("%d request messages of zust_sbd", entschieden)
	}
	vorher := w.send(t, "GET", "/api/nachricht/count?minPosition="+pos, nil, betreiber).json(t)["count"].(float64)
	// opened: read; then deleted on close
	mid := int64(n[0]["id"].(float64))
	wantFehler(t, w.send(t, "PATCH", fmt.Sprintf("/api/nachricht/%d?gelesen=true", mid), nil, b2), 404, "Das angeforderte Objekt existiert nicht.")
	a = w.send(t, "PATCH", fmt.Sprintf("/api/nachricht/%d?gelesen=true", mid), nil, betreiber)
	if a.Code != 200 {
		t.Fatalf("read: %d %s", a.Code, a.Body.String())
	}
	if c := w.send(t, "GET", "/api/nachricht/count?minPosition="+a.Header().Get("X-Event-Position"), nil, betreiber).json(t)["count"]; c != vorher-1 {
		t.Fatalf("unread after reading: %v, before %v", c, vorher)
	}
	a = w.send(t, "DELETE", fmt.Sprintf("/api/nachricht/%d", mid), nil, betreiber)
	if a.Code != 200 || a.json(t)["message"] != "Die Nachricht wurde gelöscht." {
		t.Fatalf("delete: %d %s", a.Code, a.Body.String())
	}
	if got := nachrichtenVon(t, w, betreiber, a.Header().Get("X-Event-Position")); len(got) != 0 {
		t.Fatalf("deleted message still listed: %v", got)
	}
	wantFehler(t, w.send(t, "GET", "/api/nachricht", nil, w.login(t, "leser_behoerde", seed.DemoPasswort)), 403,
		"Sie sind nicht berechtigt, diese Aktion auszuführen.")
}

func TestNachrichten_ExactlyOneMailPerMessageEvenWhenEventsAreRedelivered(t *testing.T) {
	w, l := liveWelt(t)
	betreiber := w.login(t, "betreiber", seed.DemoPasswort)
	sbd := w.login(t, "zust_sbd", seed.DemoPasswort)
	p := w.send(t, "GET", "/api/personalisierung", nil, betreiber).json(t)
	p["sendMailOnNachrichten"] = true
	w.send(t, "PUT", "/api/personalisierung", p, betreiber)
	id := beantragen(t, w, betreiber, "Ölmühle Kobern")
	a := w.send(t, "POST", "/api/betrieb/freigabe", map[string]any{"betriebId": id, "neuerStatus": "FREIGEGEBEN", "kommentar": "Passt."}, sbd)
	pos := a.Header().Get("X-Event-Position")
	nachrichtenVon(t, w, betreiber, pos) // the projector is past the decision

	// every event once more through NATS, then a marker event
	ctx := context.Background()
	store := w.dienst.Store
	events, err := store.ReadAll(ctx, eventstore.Cursor{}, 100000)
	if err != nil {
		t.Fatal(err)
	}
	prev := eventstore.Cursor{}
	for _, e := range events {
		msg, _ := eventstore.ToMessage(e, prev)
		msg.UUID = "nochmal-" + msg.UUID
		if err := l.Pub.Publish(eventstore.Subject(e), msg); err != nil {
			t.Fatal(err)
		}
		prev = e.Cursor()
	}
	a = w.send(t, "POST", fmt.Sprintf("/api/betrieb/%d/stammdaten", id), map[string]any{"bezeichnung": "Ölmühle Kobern-Gondorf",
		"strasse": "Hafenstraße", "hausnummer": "7", "plz": "56070", "ort": "Koblenz"}, betreiber)
	nachrichtenVon(t, w, sbd, a.Header().Get("X-Event-Position"))
	// and a rebuild of the messages read model
	if err := projections.Rebuild(ctx, store, lesemodelle.Nachrichten(), nil); err != nil {
		t.Fatal(err)
	}

	versand, err := mail.Neu(w.smtp.URL(), "", "", slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err != nil {
		t.Fatal(err)
	}
	v := &benachrichtigung.Versender{Pool: store.Pool(), Mail: versand, PublicURL: "https://eabwasser.example", Log: slog.New(slog.NewTextHandler(io.Discard, nil))}
	for i := 0; i < 2; i++ {
		if _, err := v.Senden(ctx); err != nil {
			t.Fatal(err)
		}
	}
	wctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	m, err := w.smtp.Warte(wctx, "betreiber@demo.eabwasser.example")
	if err != nil {
		t.Fatal(err)
	}
	if m.Betreff != "eAbwasser: Betrieb freigegeben: Ölmühle Kobern" || !strings.Contains(m.Text, "Kommentar: „Passt.“") ||
		!strings.Contains(m.Text, fmt.Sprintf("https://eabwasser.example/eAbwasser/betriebsakte/%d/betriebsdaten", id)) {
		t.Fatalf("mail: %s\n%s", m.Betreff, m.Text)
	}
	time.Sleep(200 * time.Millisecond)
	if n := w.smtp.Anzahl("betreiber@demo.eabwasser.example"); n != 0 {
		t.Fatalf("%d more mails to betreiber", n)
	}
}

func TestPersonalisierung_ChoicesAndUnknownValues(t *testing.T) {
	w := newKontoWelt(t, "")
	tok := w.login(t, "zust_sbd", seed.DemoPasswort)
	var auswahl map[string]map[string][]map[string]any
	w.send(t, "GET", "/api/personalisierung/auswahl", nil, tok).decode(t, &auswahl)
	if len(auswahl["betriebstyp"]["inaktiv"]) != 6 || len(auswahl["betriebstyp"]["aktiv"]) != 0 || len(auswahl["messstellentyp"]["inaktiv"]) == 0 {
		t.Fatalf("choices: %v", auswahl["betriebstyp"])
	}
	p := w.send(t, "GET", "/api/personalisierung", nil, tok).json(t)
	p["active"], p["betriebstyp"] = true, []string{"KOMMUNAL"}
	if a := w.send(t, "PUT", "/api/personalisierung", p, tok); a.Code != 200 {
		t.Fatalf("save: %d %s", a.Code, a.Body.String())
	}
	w.send(t, "GET", "/api/personalisierung/auswahl", nil, tok).decode(t, &auswahl)
	if a := auswahl["betriebstyp"]["aktiv"]; len(a) != 1 || a[0]["id"] != "KOMMUNAL" || len(auswahl["betriebstyp"]["inaktiv"]) != 5 {
		t.Fatalf("after save: %v", auswahl["betriebstyp"])
	}
	p = w.send(t, "GET", "/api/personalisierung", nil, tok).json(t)
	p["betriebstyp"] = []string{"RAUMFAHRT"}
	wantFehler(t, w.send(t, "PUT", "/api/personalisierung", p, tok), 400, "Der Wert „RAUMFAHRT“ ist in dieser Auswahl nicht vorgesehen.")
}

func TestWiedervorlagen_TabListsWhatConcernsTheUserAndDueOnesComeByMailOnce(t *testing.T) {
	w := newKontoWelt(t, "")
	betreiber := w.login(t, "betreiber", seed.DemoPasswort)
	id := beantragen(t, w, betreiber, "Steinbruch Mayen")
	heute := time.Now().Format("2006-01-02")
	for _, wv := range []map[string]any{{"betreff": "Messbericht anfordern", "datum": heute}, {"betreff": "Ohne Termin"}} {
		if a := w.send(t, "POST", fmt.Sprintf("/api/betrieb/%d/wiedervorlage", id), wv, betreiber); a.Code != 201 {
			t.Fatalf("reminder: %d %s", a.Code, a.Body.String())
		}
	}
	var liste []map[string]any
	w.send(t, "GET", "/api/wiedervorlage", nil, betreiber).decode(t, &liste)
	if len(liste) != 2 || liste[0]["betreff"] != "Messbericht anfordern" || liste[0]["faellig"] != true || liste[1]["datum"] != nil ||
		!strings.HasPrefix(liste[0]["betriebInfo"].(string), "Steinbruch Mayen (") {
		t.Fatalf("tab: %v", liste)
	}
	w.send(t, "GET", "/api/wiedervorlage", nil, w.login(t, "zust_sbd", seed.DemoPasswort)).decode(t, &liste)
	if len(liste) != 0 {
		t.Fatalf("zust_sbd sees another user's reminders: %v", liste)
	}

	p := w.send(t, "GET", "/api/personalisierung", nil, betreiber).json(t)
	p["sendMailOnWiedervorlage"] = true
	w.send(t, "PUT", "/api/personalisierung", p, betreiber)
	versand, _ := mail.Neu(w.smtp.URL(), "", "", slog.New(slog.NewTextHandler(io.Discard, nil)))
	v := &benachrichtigung.Versender{Pool: w.dienst.Store.Pool(), Mail: versand, PublicURL: "https://eabwasser.example",
		Log: slog.New(slog.NewTextHandler(io.Discard, nil))}
	ctx := context.Background()
	for i, want := range []int64{1, 0} { // the daily job may run any number of times
		if n, err := v.Erinnern(ctx); err != nil || n != want {
			t.Fatalf("run %d: %d reminders queued, %v", i, n, err)
		}
	}
	if n, err := v.Senden(ctx); err != nil || n != 1 {
		t.Fatalf("sent %d, %v", n, err)
	}
	wctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	m, err := w.smtp.Warte(wctx, "betreiber@demo.eabwasser.example")
	if err != nil || m.Betreff != "eAbwasser: Wiedervorlage fällig – Messbericht anfordern" || !strings.Contains(m.Text, "zum Betrieb „Steinbruch Mayen“") {
		t.Fatalf("mail: %+v %v", m, err)
	}
}

func TestNachrichten_PlantChangeRequestReachesTheDecidingStaffAndTheDecisionTheOperator(t *testing.T) {
	w, _ := liveWelt(t)
	betreiber, sbd := w.login(t, "betreiber", seed.DemoPasswort), w.login(t, "zust_sbd", seed.DemoPasswort)
	id := idVon(t, w, "anlage", "Kühlwasserkreislauf Papiermaschine 2")
	papier := idVon(t, w, "betrieb", "Papierfabrik Rheinaue – Werk Koblenz")
	a := w.send(t, "POST", fmt.Sprintf("/api/anlage/kuehlwasser/%d/aenderungsantrag", id),
		map[string]any{"bezeichnung": "Kühlwasserkreislauf Papiermaschine 2", "kuehlart": "Kreislaufkühlung", "kommentar": "Umbau zu 100 % Kreislauf"}, betreiber)
	if a.Code != 201 {
		t.Fatalf("request: %d %s", a.Code, a.Body.String())
	}
	pos := a.Header().Get("X-Event-Position")
	pfad := fmt.Sprintf("/betriebsakte/%d/kuehlwasser/%d/anlagendaten", papier, id)
	// the staff who review change requests and see the operation; nobody else
	for _, wer := range []string{sbd, w.login(t, "fachadmin", seed.DemoPasswort), w.login(t, "systemadmin", seed.DemoPasswort)} {
		n := nachrichtenVon(t, w, wer, pos)
		if len(n) != 1 || n[0]["betreff"] != "Änderungsantrag zur Anlage: Kühlwasserkreislauf Papiermaschine 2" ||
			n[0]["bezugZuFachobjekt"] != "AENDERUNGSANTRAG_ANLAGE" || n[0]["fachobjektId"] != float64(id) || n[0]["pfad"] != pfad ||
			n[0]["absender"] != "Michael Wagner" || !strings.HasSuffix(n[0]["text"].(string), "Kommentar: Umbau zu 100 % Kreislauf") ||
			!strings.HasPrefix(n[0]["fachobjektbezug"].(string), "Anlage Kühlwasserkreislauf Papiermaschine 2 – Betrieb Papierfabrik Rheinaue") {
			t.Fatalf("request message: %v", n)
		}
	}
	for _, wer := range []string{"zust_sbb", "zust_sbs", "betreiber2", "beauftragter"} {
		if n := nachrichtenVon(t, w, w.login(t, wer, seed.DemoPasswort), pos); len(n) != 0 {
			t.Fatalf("%s got %v", wer, n)
		}
	}

	a = w.send(t, "POST", fmt.Sprintf("/api/anlage/%d/aenderungsantrag/uebernahme", id), map[string]any{"felder": []string{"kuehlart"}}, sbd)
	if a.Code != 200 {
		t.Fatalf("adopt: %d %s", a.Code, a.Body.String())
	}
	pos = a.Header().Get("X-Event-Position")
	n := nachrichtenVon(t, w, betreiber, pos)
	if len(n) != 1 || n[0]["betreff"] != "Änderungsantrag übernommen: Kühlwasserkreislauf Papiermaschine 2" ||
		!strings.HasSuffix(n[0]["text"].(string), "Übernommen wurden: Kühlart.") || n[0]["pfad"] != pfad {
		t.Fatalf("decision message: %v", n)
	}
	// the beauftragter of the operator is told as well; the request's message to staff says it is decided
	if n := nachrichtenVon(t, w, w.login(t, "beauftragter", seed.DemoPasswort), pos); len(n) != 1 {
		t.Fatalf("beauftragter: %v", n)
	}
	if m := nachrichtenVon(t, w, sbd, pos); len(m) != 1 || !strings.HasPrefix(m[0]["erledigt"].(string), "Übernommen am ") ||
		!strings.HasSuffix(m[0]["erledigt"].(string), " von Claudia Schneider") {
		t.Fatalf("request message not marked decided: %v", m)
	}

	// a rejection: the operator is told, the staff's message is marked
	w.send(t, "POST", fmt.Sprintf("/api/anlage/kuehlwasser/%d/aenderungsantrag", id), map[string]any{"bezeichnung": "PM 2"}, betreiber)
	a = w.send(t, "DELETE", fmt.Sprintf("/api/anlage/%d/aenderungsantrag", id), map[string]any{"begruendungen": map[string]string{"bezeichnung": "Name bleibt", "kuehlart": "Kühlart bleibt"}}, sbd)
	pos = a.Header().Get("X-Event-Position")
	n = nachrichtenVon(t, w, betreiber, pos)
	if len(n) != 2 || n[0]["betreff"] != "Änderungsantrag abgelehnt: Kühlwasserkreislauf Papiermaschine 2" {
		t.Fatalf("rejection message: %v", n)
	}
	for _, m := range nachrichtenVon(t, w, sbd, pos) {
		if !strings.Contains(m["erledigt"].(string), " am ") {
			t.Fatalf("open request message after the decisions: %v", m)
		}
	}
}

func TestWiedervorlagen_OnAPlantAndItsChangeRequestAppearInTheTabWithTheirPlant(t *testing.T) {
	w := newKontoWelt(t, "")
	sbd := w.login(t, "zust_sbd", seed.DemoPasswort)
	id := idVon(t, w, "anlage", "Kühlwasserkreislauf Papiermaschine 2")
	papier := idVon(t, w, "betrieb", "Papierfabrik Rheinaue – Werk Koblenz")
	heute := time.Now().Format("2006-01-02")
	for _, wv := range []map[string]any{{"betreff": "Kühlart nachfragen", "datum": heute, "bezugZuFachobjekt": "AENDERUNGSANTRAG_ANLAGE"},
		{"betreff": "Wartung prüfen"}} {
		if a := w.send(t, "POST", fmt.Sprintf("/api/anlage/%d/wiedervorlage", id), wv, sbd); a.Code != 201 {
			t.Fatalf("reminder: %d %s", a.Code, a.Body.String())
		}
	}
	wantFehler(t, w.send(t, "POST", fmt.Sprintf("/api/anlage/%d/wiedervorlage", id), map[string]any{"betreff": "x",
		"bezugZuFachobjekt": "BETRIEB_STAMMDATEN_AENDERUNG"}, sbd), 400, "Diese Art der Wiedervorlage gibt es für dieses Objekt nicht.")
	var liste []map[string]any
	w.send(t, "GET", "/api/wiedervorlage", nil, sbd).decode(t, &liste)
	pfad := fmt.Sprintf("/betriebsakte/%d/kuehlwasser/%d/wiedervorlagen", papier, id)
	if len(liste) != 2 || liste[0]["bezugZuFachobjekt"] != "AENDERUNGSANTRAG_ANLAGE" || liste[1]["bezugZuFachobjekt"] != "ANLAGE" ||
		liste[0]["anlage"] != "Kühlwasserkreislauf Papiermaschine 2" || liste[0]["pfad"] != pfad || liste[0]["betriebId"] != float64(papier) ||
		!strings.HasPrefix(liste[0]["betriebInfo"].(string), "Papierfabrik Rheinaue – Werk Koblenz (") || liste[0]["loeschbar"] != true {
		t.Fatalf("tab: %v", liste)
	}
	var eigene []map[string]any
	w.send(t, "GET", fmt.Sprintf("/api/anlage/%d/wiedervorlage", id), nil, sbd).decode(t, &eigene)
	if len(eigene) != 2 || eigene[0]["bezugZuFachobjekt"] != "AENDERUNGSANTRAG_ANLAGE" {
		t.Fatalf("plant's reminders: %v", eigene)
	}

	// the due one comes by mail with the plant and its link
	p := w.send(t, "GET", "/api/personalisierung", nil, sbd).json(t)
	p["sendMailOnWiedervorlage"] = true
	w.send(t, "PUT", "/api/personalisierung", p, sbd)
	versand, _ := mail.Neu(w.smtp.URL(), "", "", slog.New(slog.NewTextHandler(io.Discard, nil)))
	v := &benachrichtigung.Versender{Pool: w.dienst.Store.Pool(), Mail: versand, PublicURL: "https://eabwasser.example",
		Log: slog.New(slog.NewTextHandler(io.Discard, nil))}
	ctx := context.Background()
	if n, err := v.Erinnern(ctx); err != nil || n != 1 {
		t.Fatalf("%d reminders queued, %v", n, err)
	}
	if _, err := v.Senden(ctx); err != nil {
		t.Fatal(err)
	}
	wctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	m, err := w.smtp.Warte(wctx, "zust_sbd@demo.eabwasser.example")
	if err != nil || !strings.Contains(m.Text, "zur Anlage „Kühlwasserkreislauf Papiermaschine 2“ des Betriebs „Papierfabrik Rheinaue – Werk Koblenz“") ||
		!strings.Contains(m.Text, "https://eabwasser.example/eAbwasser"+pfad) {
		t.Fatalf("mail: %+v %v", m, err)
	}
}

// A reminder on a measuring point appears in the tab with the point and its plant, links to
// the point's reminders, and its mail names the point, the plant and the operation.
func TestWiedervorlagen_OnAMeasuringPointAppearsInTheTabAndTheMailWithItsPlant(t *testing.T) {
	w := newKontoWelt(t, "")
	sbd := w.login(t, "zust_sbd", seed.DemoPasswort)
	anlageID := idVon(t, w, "anlage", "Betriebskläranlage Papierfabrik")
	papier := idVon(t, w, "betrieb", "Papierfabrik Rheinaue – Werk Koblenz")
	var id int64
	if err := w.dienst.Store.Pool().QueryRow(context.Background(), `SELECT id FROM messstelle WHERE bezeichnung = 'Einleitungsstelle Rhein'`).Scan(&id); err != nil {
		t.Fatal(err)
	}
	heute := time.Now().Format("2006-01-02")
	if a := w.send(t, "POST", fmt.Sprintf("/api/messstelle/%d/wiedervorlage", id), map[string]any{"betreff": "Pegel abgleichen", "datum": heute}, sbd); a.Code != 201 {
		t.Fatalf("reminder: %d %s", a.Code, a.Body.String())
	}
	var liste []map[string]any
	w.send(t, "GET", "/api/wiedervorlage", nil, sbd).decode(t, &liste)
	pfad := fmt.Sprintf("/betriebsakte/%d/abwasserbehandlung/%d/messstellen/%d/wiedervorlagen", papier, anlageID, id)
	if len(liste) != 1 || liste[0]["bezugZuFachobjekt"] != "MESSSTELLE" || liste[0]["messstelle"] != "Einleitungsstelle Rhein" ||
		liste[0]["anlage"] != "Betriebskläranlage Papierfabrik" || liste[0]["pfad"] != pfad || liste[0]["betriebId"] != float64(papier) ||
		!strings.HasPrefix(liste[0]["betriebInfo"].(string), "Papierfabrik Rheinaue – Werk Koblenz (") {
		t.Fatalf("tab: %v", liste)
	}
	p := w.send(t, "GET", "/api/personalisierung", nil, sbd).json(t)
	p["sendMailOnWiedervorlage"] = true
	w.send(t, "PUT", "/api/personalisierung", p, sbd)
	versand, _ := mail.Neu(w.smtp.URL(), "", "", slog.New(slog.NewTextHandler(io.Discard, nil)))
	v := &benachrichtigung.Versender{Pool: w.dienst.Store.Pool(), Mail: versand, PublicURL: "https://eabwasser.example",
		Log: slog.New(slog.NewTextHandler(io.Discard, nil))}
	ctx := context.Background()
	if n, err := v.Erinnern(ctx); err != nil || n != 1 {
		t.Fatalf("%d reminders queued, %v", n, err)
	}
	if _, err := v.Senden(ctx); err != nil {
		t.Fatal(err)
	}
	wctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	m, err := w.smtp.Warte(wctx, "zust_sbd@demo.eabwasser.example")
	if err != nil || !strings.Contains(m.Text, "zur Messstelle „Einleitungsstelle Rhein“ der Anlage „Betriebskläranlage Papierfabrik“ des Betriebs „Papierfabrik Rheinaue – Werk Koblenz“") ||
		!strings.Contains(m.Text, "https://eabwasser.example/eAbwasser"+pfad) {
		t.Fatalf("mail: %+v %v", m, err)
	}
}

// The nachricht area's rows of the list walk (TestListen_EveryListAndExportShowsOnlyRowsOfObjectsTheCallerSees).
var _ = listenDes("nachricht", map[string]listenRoute{
	"GET /api/personalisierung":         {art: artAnderes},
	"GET /api/wiedervorlage":            {art: artListe, zeilen: true},
	"GET /api/nachricht":                {art: artListe, zeilen: true},
	"GET /api/nachricht/count":          {art: artListe},
	"GET /api/personalisierung/auswahl": {art: artStammdaten},
})

// The nachricht area's rows of the permission matrix (TestBerechtigung_EveryRouteTimesEveryRoleAndOrganisation).
var _ = regelnDes("nachricht", func() map[string]regel {
	return map[string]regel{
		"GET /api/personalisierung":         angemeldet,
		"PUT /api/personalisierung":         angemeldet,
		"GET /api/personalisierung/auswahl": angemeldet,
		"GET /api/nachricht":                mitAktion(berechtigung.NachrichtenLesen),
		"GET /api/nachricht/count":          mitAktion(berechtigung.NachrichtenLesen),
		"PATCH /api/nachricht/{id}":         mitAktion(berechtigung.NachrichtenLesen),
		"DELETE /api/nachricht/{id}":        mitAktion(berechtigung.NachrichtenLesen),
		"GET /api/wiedervorlage":            mitAktion(berechtigung.WiedervorlagenLesen),
	}
})
