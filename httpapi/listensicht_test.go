package httpapi

// Tests of issue 27, item 1: every list applies the one visibility condition to the object a
// row belongs to, whatever else put the caller on the row (he set the reminder, he is named
// responsible, he received the message).

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/eabwasser/eabwasser/domain/anlage"
	"github.com/eabwasser/eabwasser/domain/betrieb"
	"github.com/eabwasser/eabwasser/eventstore"
	"github.com/eabwasser/eabwasser/internal/seed"
	anlagen "github.com/eabwasser/eabwasser/projections/anlage"
	"github.com/eabwasser/eabwasser/projections/konten"
)

// kontoID is the id of the demo account name.
func kontoID(t testing.TB, w *kontoWelt, name string) int64 {
	t.Helper()
	k, err := konten.NachBenutzername(t.Context(), w.dienst.Store.Pool(), name)
	if err != nil {
		t.Fatal(err)
	}
	return k.ID
}

// zustaendigeGespeichert names accounts as responsible persons and Bearbeiter of a plant through
// the command path, without the service's checks of who may be named: a plant saved before
// those checks existed.
func zustaendigeGespeichert(t testing.TB, w *kontoWelt, anlageID int64, personen []int64, bearbeiter []int64) {
	t.Helper()
	ctx := context.Background()
	a, _, ok, err := anlagen.Stand(ctx, w.dienst.Store.Pool(), anlageID)
	if err != nil || !ok {
		t.Fatalf("plant %d: %v", anlageID, err)
	}
	var typ string
	if err := w.dienst.Store.Pool().QueryRow(ctx, `SELECT betriebstyp FROM betrieb WHERE id = $1`, a.BetriebID).Scan(&typ); err != nil {
		t.Fatal(err)
	}
	d := a.Daten
	for _, id := range personen {
		d.ZustaendigePersonen = append(d.ZustaendigePersonen, betrieb.ZustaendigePerson{AnwenderID: id, Zustaendig: []string{"Betriebsleitung"}})
	}
	for _, id := range bearbeiter {
		d.ZustaendigeBearbeiter = append(d.ZustaendigeBearbeiter, betrieb.Bearbeiter{AnwenderID: id, DatascoutID: "DS-4711"})
	}
	if _, err := eventstore.Befehle(w.dienst.Store, anlage.Decider).Handle(ctx, anlageID, eventstore.VersionUnbekannt,
		anlage.Speichere{Daten: d, Heute: time.Now(), Umfang: anlage.Voll, DarfBezeichnung: true, Betriebstyp: typ, Von: "Test"}, seed.Akteur); err != nil {
		t.Fatal(err)
	}
}

// wiedervorlageAnlegen sets a reminder on an object as the caller.
func (w *kontoWelt) wiedervorlageAnlegen(t testing.TB, fachobjekt string, id int64, betreff, token string) {
	t.Helper()
	if a := w.send(t, "POST", fmt.Sprintf("/api/%s/%d/wiedervorlage", fachobjekt, id), map[string]any{"betreff": betreff}, token); a.Code != 201 {
		t.Fatalf("reminder %q on %s %d: %d %s", betreff, fachobjekt, id, a.Code, a.Body.String())
	}
}

// The first scenario: an account named as responsible person on a plant, then moved to
// another organisation, no longer sees the staff's reminders on the plant, nor the operation's
// name, nor the reminders he set there himself.
func TestWiedervorlagen_AResponsiblePersonMovedToAnotherOrganisationNoLongerSeesTheObjectsReminders(t *testing.T) {
	w := newKontoWelt(t, "")
	betreiber, sbd, admin := w.login(t, "betreiber", seed.DemoPasswort), w.login(t, "zust_sbd", seed.DemoPasswort), w.login(t, "systemadmin", seed.DemoPasswort)
	id := idVon(t, w, "anlage", "Kühlwasserkreislauf Papiermaschine 2")
	beauftragter := kontoID(t, w, "beauftragter")

	// the operator names his colleague responsible for the plant (an ordinary save)
	anl := w.send(t, "GET", fmt.Sprintf("/api/anlage/%d", id), nil, betreiber).json(t)
	anl["zustaendigePersonen"] = []map[string]any{{"id": beauftragter, "zustaendig": []string{"Betriebsleitung"}}}
	if a := w.send(t, "PUT", fmt.Sprintf("/api/anlage/kuehlwasser/%d", id), anl, betreiber); a.Code != 200 {
		t.Fatalf("save: %d %s", a.Code, a.Body.String())
	}
	w.wiedervorlageAnlegen(t, "anlage", id, "Ortstermin Kühlwasser vereinbaren", sbd)
	tok := w.login(t, "beauftragter", seed.DemoPasswort)
	w.wiedervorlageAnlegen(t, "anlage", id, "Eigene Notiz zur Papiermaschine", tok)
	if a := w.send(t, "GET", "/api/wiedervorlage", nil, tok); !strings.Contains(a.Body.String(), "Ortstermin Kühlwasser vereinbaren") ||
		!strings.Contains(a.Body.String(), "Eigene Notiz zur Papiermaschine") {
		t.Fatalf("responsible person before the move: %d %s", a.Code, a.Body.String())
	}

	// the administrator moves him to Verbandsgemeinde Musterhausen
	pfad := fmt.Sprintf("/api/anwender/%d", beauftragter)
	row := w.send(t, "GET", pfad, nil, admin).json(t)
	row["passwort"] = ""
	row["person"].(map[string]any)["organisation"] = map[string]any{"id": orgID(t, w, "Verbandsgemeinde Musterhausen")}
	if a := w.send(t, "PUT", pfad, row, admin); a.Code != 200 {
		t.Fatalf("move: %d %s", a.Code, a.Body.String())
	}
	tok = w.login(t, "beauftragter", seed.DemoPasswort)
	a := w.send(t, "GET", "/api/wiedervorlage", nil, tok)
	if a.Code != 200 {
		t.Fatalf("tab: %d %s", a.Code, a.Body.String())
	}
	for _, verboten := range []string{"Ortstermin Kühlwasser vereinbaren", "Eigene Notiz zur Papiermaschine", "Papierfabrik Rheinaue", "Kühlwasserkreislauf"} {
		if strings.Contains(a.Body.String(), verboten) {
			t.Errorf("after the move the tab still shows %q: %s", verboten, a.Body.String())
		}
	}
}

// The second scenario: betreiber2 (Verbandsgemeinde Musterhausen), named on a plant of
// Klärwerk Rheinaue GmbH, sees none of the ten reminders the staff set on it — and still his own
// on his organisation's plant.
func TestWiedervorlagen_AnAccountOfAnotherOrganisationNamedOnAPlantSeesNoneOfItsReminders(t *testing.T) {
	w := newKontoWelt(t, "")
	sbd, b2 := w.login(t, "zust_sbd", seed.DemoPasswort), w.login(t, "betreiber2", seed.DemoPasswort)
	id := idVon(t, w, "anlage", "Kühlwasserkreislauf Papiermaschine 2")
	zustaendigeGespeichert(t, w, id, []int64{kontoID(t, w, "betreiber2")}, nil)
	for i := range 10 {
		w.wiedervorlageAnlegen(t, "anlage", id, fmt.Sprintf("Prüfauftrag Kühlwasser %d", i+1), sbd)
	}
	w.wiedervorlageAnlegen(t, "anlage", idVon(t, w, "anlage", "Regenüberlaufbecken Musterhausen-Nord"), "Eigene Wiedervorlage Musterhausen", b2)
	a := w.send(t, "GET", "/api/wiedervorlage", nil, b2)
	if a.Code != 200 || !strings.Contains(a.Body.String(), "Eigene Wiedervorlage Musterhausen") {
		t.Fatalf("tab: %d %s", a.Code, a.Body.String())
	}
	for _, verboten := range []string{"Prüfauftrag Kühlwasser", "Papierfabrik Rheinaue", "Kühlwasserkreislauf"} {
		if strings.Contains(a.Body.String(), verboten) {
			t.Errorf("betreiber2 sees %q: %s", verboten, a.Body.String())
		}
	}
}
