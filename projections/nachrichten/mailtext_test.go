package nachrichten_test

import (
	"context"
	"strings"
	"testing"

	"github.com/eabwasser/eabwasser/domain/anlage"
	"github.com/eabwasser/eabwasser/domain/betrieb"
	"github.com/eabwasser/eabwasser/eventstore"
	"github.com/eabwasser/eabwasser/internal/werkzeug/testdb"
	"github.com/eabwasser/eabwasser/projections"
	"github.com/eabwasser/eabwasser/projections/projektortest"
)

// Issue 27, item 8: the names of object and sender and a comment are user text; the mail of a
// message quotes them as data, on no line of their own and as no link, while the message in
// the app keeps the comment's paragraphs. A comment is never a format string.
func TestNachrichten_MailsQuoteNamesAndCommentsAsDataAndFormNoLink(t *testing.T) {
	pool, _ := testdb.New(t)
	konten(t, pool)
	store := eventstore.New(pool)
	ctx := context.Background()
	kommentar := "Bitte neu anmelden:\nhttps://phish.example/login %[1]s %d"
	// the decider's name reaches the operator's user where he may see it (issue 42): here an
	// account of his own organisation
	for _, s := range []struct {
		akteur, name string
		e            any
	}{
		{"4", "Betreiber", betrieb.BetriebBeantragt{BetriebsID: "B-1", Daten: daten("www.phish.example", 100)}},
		{"2", "Max https://phish.example", betrieb.BetriebAbgewiesen{Kommentar: kommentar}},
	} {
		e := s.e.(interface{ EventType() string })
		if _, err := store.Append(ctx, "betrieb-1", "betrieb", eventstore.AnyVersion, []eventstore.NewEvent{{Type: e.EventType(), Data: s.e}},
			eventstore.Metadata{ActorID: s.akteur, ActorName: s.name, Organisation: "100"}); err != nil {
			t.Fatal(err)
		}
	}
	projektortest.WarteBis(t, "the log readable", func() bool {
		events, err := store.ReadAll(ctx, eventstore.Cursor{}, 10)
		return err == nil && len(events) == 2
	})
	if _, err := projections.CatchUp(ctx, store, projektion); err != nil {
		t.Fatal(err)
	}
	var betreff, mail, app string
	if err := pool.QueryRow(ctx, `SELECT m.betreff, m.text, n.text FROM mail_ausgang m JOIN nachrichten.nachricht n ON n.empfaenger_id = 4
		WHERE m.an = 'betreiber@example.org'`).Scan(&betreff, &mail, &app); err != nil {
		t.Fatal(err)
	}
	if betreff != "eAbwasser: Freigabe abgewiesen: www[.]phish[.]example" {
		t.Errorf("subject %q", betreff)
	}
	want := "Die Freigabe des Betriebs „www[.]phish[.]example“ wurde von „Max https[:]//phish[.]example“ abgewiesen. " +
		"Sie können die Angaben ändern und die Freigabe erneut beantragen.\n\nKommentar: „Bitte neu anmelden: https[:]//phish[.]example/login %[1]s %d“"
	if mail != want {
		t.Errorf("mail text\n%q\nwant\n%q", mail, want)
	}
	if !strings.HasSuffix(app, "\n\nKommentar: "+kommentar) || !strings.Contains(app, "von Max https://phish.example abgewiesen") {
		t.Errorf("message in the app: %q", app)
	}
}

// Issue 28, item 1: the message of a refused change request names each refused field with its
// reason; the reasons are user text, quoted as data in the mail and kept as given in the app.
func TestNachrichten_RefusedFieldsAndTheirReasonsAreNamedAndQuoted(t *testing.T) {
	pool, _ := testdb.New(t)
	konten(t, pool)
	store := eventstore.New(pool)
	ctx := context.Background()
	grund := "Siehe https://phish.example %d"
	for _, s := range []struct {
		strom, typ, akteur, name string
		e                        any
	}{
		{"betrieb-1", "betrieb", "4", "Betreiber", betrieb.BetriebBeantragt{BetriebsID: "B-1", Daten: daten("Papier", 100)}},
		{"anlage-1", "anlage", "4", "Betreiber", anlage.AnlageAngelegt{BetriebID: 1, Typ: anlage.Kuehlwasser, Daten: anlage.Daten{Bezeichnung: "PM 2"}}},
		{"anlage-1", "anlage", "4", "Betreiber", anlage.AenderungsantragGestellt{Antrag: anlage.Aenderungsantrag{Bezeichnung: "PM 3", TegAbschluss: true}}},
		{"anlage-1", "anlage", "2", "Nord", anlage.AenderungsantragUebernommen{Felder: []string{"tegAbschluss"}, Begruendungen: map[string]string{"bezeichnung": grund}}},
	} {
		e := s.e.(interface{ EventType() string })
		if _, err := store.Append(ctx, s.strom, s.typ, eventstore.AnyVersion, []eventstore.NewEvent{{Type: e.EventType(), Data: s.e}},
			eventstore.Metadata{ActorID: s.akteur, ActorName: s.name}); err != nil {
			t.Fatal(err)
		}
	}
	projektortest.WarteBis(t, "the log readable", func() bool {
		events, err := store.ReadAll(ctx, eventstore.Cursor{}, 10)
		return err == nil && len(events) == 4
	})
	if _, err := projections.CatchUp(ctx, store, projektion); err != nil {
		t.Fatal(err)
	}
	var mail, app string
	if err := pool.QueryRow(ctx, `SELECT m.text, n.text FROM mail_ausgang m JOIN nachrichten.nachricht n ON n.empfaenger_id = 4
		WHERE m.an = 'betreiber@example.org' AND m.betreff LIKE '%übernommen%'`).Scan(&mail, &app); err != nil {
		t.Fatal(err)
	}
	if want := "Übernommen wurden: TEG-Abschluss.\nAbgelehnt: Bezeichnung – Begründung: " + grund; !strings.HasSuffix(app, want) {
		t.Errorf("message in the app: %q, want suffix %q", app, want)
	}
	if want := "Übernommen wurden: TEG-Abschluss.\nAbgelehnt: Bezeichnung – Begründung: „Siehe https[:]//phish[.]example %d“"; !strings.HasSuffix(mail, want) {
		t.Errorf("mail text: %q, want suffix %q", mail, want)
	}
}
