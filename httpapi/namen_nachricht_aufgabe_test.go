package httpapi

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"strings"
	"testing"

	"github.com/eabwasser/eabwasser/internal/anwendung/benachrichtigung"
	"github.com/eabwasser/eabwasser/internal/plattform/mail"
	"github.com/eabwasser/eabwasser/internal/werkzeug/seed"
	"github.com/eabwasser/eabwasser/projections"
	"github.com/eabwasser/eabwasser/projections/arbeitsliste"
	"github.com/eabwasser/eabwasser/projections/aufgaben"
	"github.com/eabwasser/eabwasser/projections/nachrichten"
	"github.com/eabwasser/eabwasser/projections/projektortest"
)

// Issue 42, finding 3, for the messages and the Aufgaben: staff decide an operator's requests
// (the operation's Freigabe, two Stammdaten-Anträge) and request a measuring point on his
// plant. The operator's accounts read the deciding official as "Behörde" — in the message's
// sender, its text, the decided mark of an earlier message, the mail and the tasks' names —
// exactly as the Historie masks names for them; staff read every name.
func TestNamen_OperatorsSeeTheDecidingStaffAsBehoerdeInMessagesMailsAndTasks(t *testing.T) {
	w := newKontoWelt(t, "")
	store := w.dienst.Store
	projektortest.Start(t, store, lesemodelle.Nachrichten(), arbeitsliste.Projection, lesemodelle.Aufgaben())
	w.warte = func(ctx context.Context, name string, pos int64) error {
		return projections.WaitFor(ctx, store, name, pos)
	}
	var kopf int64
	_ = store.Pool().QueryRow(context.Background(), `SELECT max(global_position) FROM events`).Scan(&kopf)
	for _, p := range []string{nachrichten.Name, arbeitsliste.Name, aufgaben.Name} {
		if err := projections.WaitFor(context.Background(), store, p, kopf); err != nil {
			t.Fatal(err)
		}
	}
	const beamtin, betreiberName = "Claudia Schneider", "Michael Wagner" // zust_sbd, betreiber
	betreiber := w.login(t, "betreiber", seed.DemoPasswort)
	beauftragter := w.login(t, "beauftragter", seed.DemoPasswort)
	sbd := w.login(t, "zust_sbd", seed.DemoPasswort)
	fachadmin := w.login(t, "fachadmin", seed.DemoPasswort)
	for _, tok := range []string{betreiber, fachadmin} {
		p := w.send(t, "GET", "/api/personalisierung", nil, tok).json(t)
		p["sendMailOnNachrichten"] = true
		if a := w.send(t, "PUT", "/api/personalisierung", p, tok); a.Code != 200 {
			t.Fatalf("personalisation: %d %s", a.Code, a.Body.String())
		}
	}
	pruefe := func(a antwort, was string) string {
		t.Helper()
		if a.Code != 200 && a.Code != 201 {
			t.Fatalf("%s: %d %s", was, a.Code, a.Body.String())
		}
		return a.Header().Get("X-Event-Position")
	}

	// the operation's Freigabe, then two Stammdaten-Anträge adopted by zust_sbd
	id := beantragen(t, w, betreiber, "Mosterei Lay")
	pruefe(w.send(t, "POST", "/api/betrieb/freigabe", map[string]any{"betriebId": id, "neuerStatus": "FREIGEGEBEN", "kommentar": ""}, sbd), "Freigabe")
	var pos string
	for i, name := range []string{"Mosterei Lay GmbH", "Mosterei Lay GmbH & Co. KG"} {
		apos := pruefe(w.send(t, "POST", fmt.Sprintf("/api/betrieb/%d/stammdaten", id), map[string]any{"bezeichnung": name,
			"strasse": "Hafenstraße", "hausnummer": "7", "plz": "56070", "ort": "Koblenz"}, betreiber),
			fmt.Sprintf("Stammdaten-Antrag %d", i+1))
		if i == 0 {
			// staff see the operator's name in an open task
			offen := false
			for _, x := range aufgabenVon(t, w, fachadmin, apos) {
				if x["betriebId"] == float64(id) && x["art"] == "STAMMDATENANTRAG" && x["status"] == "OFFEN" {
					offen = true
					if x["beantragtVon"] != betreiberName {
						t.Errorf("fachadmin's open task names %v", x["beantragtVon"])
					}
				}
			}
			if !offen {
				t.Fatal("fachadmin: no open Stammdaten task")
			}
		}
		pos = pruefe(w.send(t, "POST", fmt.Sprintf("/api/betrieb/%d/stammdaten-antrag/uebernahme", id), map[string]any{"felder": []string{"bezeichnung", "strasse", "hausnummer", "plz", "ort"}}, sbd),
			fmt.Sprintf("adoption %d", i+1))
	}
	// zust_sbd requests a measuring point on the operator's plant
	klaeranlage := idVon(t, w, "anlage", "Betriebskläranlage Papierfabrik")
	a := w.send(t, "POST", fmt.Sprintf("/api/anlage/%d/messstelle", klaeranlage), neueMessstelle("111000-02-19", "NR_9", "Probenahme Süd"), sbd)
	if a.Code != 201 {
		t.Fatalf("measuring point: %d %s", a.Code, a.Body.String())
	}
	messstelle, mpos := a.json(t)["id"].(float64), a.Header().Get("X-Event-Position")

	// the messages of the operator's two accounts: staff as "Behörde"
	for wer, tok := range map[string]string{"betreiber": betreiber, "beauftragter": beauftragter} {
		n := nachrichtenVon(t, w, tok, pos)
		if len(n) != 3 {
			t.Fatalf("%s: %d messages %v", wer, len(n), n)
		}
		for _, m := range n {
			if m["absender"] != "Behörde" {
				t.Errorf("%s: sender %q of %q", wer, m["absender"], m["betreff"])
			}
			for _, f := range []string{"text", "erledigt", "absender"} {
				if strings.Contains(m[f].(string), beamtin) {
					t.Errorf("%s: %s names the official: %q", wer, f, m[f])
				}
			}
			switch m["betreff"] {
			case "Betrieb freigegeben: Mosterei Lay":
				if !strings.HasPrefix(m["text"].(string), "Der Betrieb „Mosterei Lay“ wurde von der Behörde freigegeben.") {
					t.Errorf("%s: text %q", wer, m["text"])
				}
			case "Stammdatenänderungsantrag übernommen: Mosterei Lay", "Stammdatenänderungsantrag übernommen: Mosterei Lay GmbH":
				if !strings.HasPrefix(m["text"].(string), "Die Behörde hat Ihren Stammdatenänderungsantrag zum Betrieb „") {
					t.Errorf("%s: text %q", wer, m["text"])
				}
			default:
				t.Errorf("%s: message %v", wer, m)
			}
		}
		// the first adoption's message is marked decided by the second: by the side, too
		if e := n[1]["erledigt"].(string); !strings.HasPrefix(e, "Übernommen am ") || !strings.HasSuffix(e, " von der Behörde") {
			t.Errorf("%s: first adoption's message marked %q", wer, e)
		}
	}
	// staff read every name: the request messages name the operator, and their decided mark
	// names the official
	n := nachrichtenVon(t, w, fachadmin, mpos)
	gesehen := map[string]bool{}
	for _, m := range n {
		b := m["betreff"].(string)
		switch {
		case strings.HasPrefix(b, "Betrieb zur Freigabe beantragt: Mosterei Lay"), strings.HasPrefix(b, "Stammdatenänderungsantrag: Mosterei Lay"):
			if m["absender"] != betreiberName || !strings.HasPrefix(m["text"].(string), betreiberName+" hat ") ||
				!strings.HasSuffix(m["erledigt"].(string), " von "+beamtin) {
				t.Errorf("fachadmin: %v", m)
			}
		case b == "Messstelle zur Freigabe beantragt: Probenahme Süd":
			if m["absender"] != beamtin || !strings.HasPrefix(m["text"].(string), beamtin+" hat die Messstelle") {
				t.Errorf("fachadmin: %v", m)
			}
		default:
			continue
		}
		gesehen[b] = true
	}
	if len(gesehen) != 4 {
		t.Errorf("fachadmin's messages: %v", n)
	}

	// the Aufgaben: the operator reads who decided and who requested as the Historie shows them
	var freigabe, stammdaten, mst int
	for _, x := range aufgabenVon(t, w, betreiber, mpos) {
		switch {
		case x["betriebId"] == float64(id) && x["art"] == "BETRIEB_FREIGABE":
			freigabe++
		case x["betriebId"] == float64(id) && x["art"] == "STAMMDATENANTRAG":
			stammdaten++
		case x["art"] == "MESSSTELLE_FREIGABE" && x["objektId"] == messstelle:
			mst++
			if x["beantragtVon"] != "Behörde" || x["status"] != "OFFEN" {
				t.Errorf("betreiber's measuring point task: %v", x)
			}
			continue
		default:
			if strings.Contains(fmt.Sprint(x["beantragtVon"], x["entschiedenVon"]), beamtin) {
				t.Errorf("betreiber's task names the official: %v", x)
			}
			continue
		}
		if x["entschiedenVon"] != "Behörde" || x["beantragtVon"] != betreiberName {
			t.Errorf("betreiber's task: %v", x)
		}
	}
	if freigabe != 1 || stammdaten != 2 || mst != 1 {
		t.Errorf("betreiber's tasks: %d Freigabe, %d Stammdaten, %d measuring point", freigabe, stammdaten, mst)
	}
	mst = 0
	for _, x := range aufgabenVon(t, w, fachadmin, mpos) {
		if x["art"] == "MESSSTELLE_FREIGABE" && x["objektId"] == messstelle {
			mst++
			if x["beantragtVon"] != beamtin {
				t.Errorf("fachadmin's measuring point task: %v", x)
			}
		}
	}
	if mst != 1 {
		t.Errorf("fachadmin: %d measuring point tasks", mst)
	}

	// the mails: the same names as the app
	versand, err := mail.Neu(w.smtp.URL(), "", "", slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err != nil {
		t.Fatal(err)
	}
	v := &benachrichtigung.Versender{Pool: store.Pool(), Mail: versand, PublicURL: "https://eabwasser.example", Log: slog.New(slog.NewTextHandler(io.Discard, nil))}
	if _, err := v.Senden(t.Context()); err != nil {
		t.Fatal(err)
	}
	post := func(an string, anzahl int) map[string]string {
		t.Helper()
		out := map[string]string{}
		for range anzahl {
			m, _ := w.mail(t, an, "")
			out[m.Betreff] = m.Text
		}
		return out
	}
	mails := post("betreiber@demo.eabwasser.example", 3)
	for betreff, text := range mails {
		if strings.Contains(text, beamtin) || !strings.Contains(text, "Die Behörde") && !strings.Contains(text, "der Behörde") {
			t.Errorf("betreiber's mail %q:\n%s", betreff, text)
		}
	}
	if !strings.Contains(mails["eAbwasser: Betrieb freigegeben: Mosterei Lay"], "Der Betrieb „Mosterei Lay“ wurde von der Behörde freigegeben.") {
		t.Errorf("betreiber's mails: %v", mails)
	}
	mails = post("fachadmin@demo.eabwasser.example", 4)
	if text := mails["eAbwasser: Messstelle zur Freigabe beantragt: Probenahme Süd"]; !strings.Contains(text, "„"+beamtin+"“ hat die Messstelle") {
		t.Errorf("fachadmin's mails: %v", mails)
	}
	if text := mails["eAbwasser: Betrieb zur Freigabe beantragt: Mosterei Lay"]; !strings.Contains(text, "„"+betreiberName+"“ hat den Betrieb") {
		t.Errorf("fachadmin's mails: %v", mails)
	}
}

// aufgabenVon is the caller's Aufgaben (the first 1,000).
func aufgabenVon(t testing.TB, w *kontoWelt, token, minPosition string) []map[string]any {
	t.Helper()
	a := w.send(t, "GET", "/api/aufgabe?size=1000&minPosition="+minPosition, nil, token)
	if a.Code != 200 {
		t.Fatalf("Aufgaben: %d %s", a.Code, a.Body.String())
	}
	var out []map[string]any
	for _, x := range a.json(t)["content"].([]any) {
		out = append(out, x.(map[string]any))
	}
	return out
}
