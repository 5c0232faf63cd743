package nachrichten_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/eabwasser/eabwasser/domain/anlage"
	"github.com/eabwasser/eabwasser/domain/betrieb"
	"github.com/eabwasser/eabwasser/domain/ereignis"
	"github.com/eabwasser/eabwasser/domain/postfach"
	"github.com/eabwasser/eabwasser/eventstore"
	"github.com/eabwasser/eabwasser/internal/werkzeug/testdb"
	"github.com/eabwasser/eabwasser/projections"
	"github.com/eabwasser/eabwasser/projections/nachrichten"
	"github.com/eabwasser/eabwasser/projections/projektortest"
)

// Accounts of the tests: who gets which message follows from their roles, organisation and
// local roles (internal/zugriff.Zustaendige).
const (
	fachadmin   = 1 // decides everything, wants mails
	sbdNord     = 2 // ZUST_SBD of Regionalstelle 7 (the operation's)
	sbdSued     = 3 // ZUST_SBD of Regionalstelle 8
	betreiber   = 4 // BETREIBER of organisation 100 (the operator), wants mails
	gesperrt    = 5 // BETREIBER of organisation 100, not active
	umgezogen   = 6 // BETREIBER of organisation 200 (the operator after the move)
	systemadmin = 7 // reviews plants' change requests
)

// metadaten is what a command of account k writes into its events: its roles and
// organisation, as the token carries them (the Historie's masking reads them).
func metadaten(k int64, name string) eventstore.Metadata {
	m := eventstore.Metadata{ActorID: fmt.Sprint(k), ActorName: name}
	switch k {
	case fachadmin:
		m.Roles = []string{"FACHADMIN"}
	case sbdNord, sbdSued:
		m.Roles = []string{"ZUST_SBD"}
	case systemadmin:
		m.Roles = []string{"SYSTEMADMIN"}
	case betreiber, gesperrt:
		m.Roles, m.Organisation = []string{"BETREIBER"}, "100"
	case umgezogen:
		m.Roles, m.Organisation = []string{"BETREIBER"}, "200"
	}
	return m
}

func konten(t *testing.T, pool *pgxpool.Pool) {
	t.Helper()
	ctx := context.Background()
	for _, sql := range []string{
		`INSERT INTO organisation (id, bezeichnung, strasse, hausnummer, plz, ort, status, version) VALUES
			(100, 'Betreiber A', '', '', '', '', 'AKTIV', 1), (200, 'Betreiber B', '', '', '', '', 'AKTIV', 1)`,
		`INSERT INTO lokale_rolle (id, bezeichnung, globale_rolle, regionalstelle_ids, geaendert_am, version) VALUES
			(10, 'Nord', 'BEHOERDE', '{7}', now(), 1), (11, 'Süd', 'BEHOERDE', '{8}', now(), 1)`,
		`INSERT INTO anwender (id, benutzername, status, name, email, organisation_id, funktionale_rollen, lokale_rollen, angelegt_am, gueltig_bis, version) VALUES
			(1, 'fachadmin', 'AKTIV', 'Fach', 'fach@example.org', NULL, '{FACHADMIN}', '{}', now(), now(), 1),
			(2, 'nord', 'AKTIV', 'Nord', 'nord@example.org', NULL, '{ZUST_SBD}', '{10}', now(), now(), 1),
			(3, 'sued', 'AKTIV', 'Süd', 'sued@example.org', NULL, '{ZUST_SBD}', '{11}', now(), now(), 1),
			(4, 'betreiber', 'AKTIV', 'Betreiber', 'betreiber@example.org', 100, '{BETREIBER}', '{}', now(), now(), 1),
			(5, 'gesperrt', 'GESPERRT', 'Gesperrt', 'gesperrt@example.org', 100, '{BETREIBER}', '{}', now(), now(), 1),
			(6, 'umgezogen', 'AKTIV', 'Umgezogen', 'umgezogen@example.org', 200, '{BETREIBER}', '{}', now(), now(), 1),
			(7, 'system', 'AKTIV', 'System', 'system@example.org', NULL, '{SYSTEMADMIN}', '{}', now(), now(), 1)`,
		`INSERT INTO personalisierung (anwender_id, send_mail_nachrichten, version) VALUES (1, true, 1), (4, true, 1), (2, false, 1)`,
	} {
		if _, err := pool.Exec(ctx, sql); err != nil {
			t.Fatal(err)
		}
	}
}

// schritt is one event of the test's log; quelle refers to the message of an earlier step
// (its index) for the postfach events.
type schritt struct {
	stream string
	akteur int64
	name   string
	event  func(pos []int64) ereignis.DomainEvent
}

func daten(name string, betreiber int64) betrieb.Daten {
	return betrieb.Daten{Bezeichnung: name, BetreiberID: betreiber, RegionalstelleID: 7, Betriebsstatus: "IN_BETRIEB"}
}

// log: an operation requested, renamed, rejected, requested again and approved; a plant's
// change request and its adoption; a Stammdaten-Antrag whose operation moves to another
// operator before it is rejected; users reading and deleting messages. Steps refer to earlier
// steps' positions (pos).
var log = []schritt{
	/* 0 */ {"betrieb-1", betreiber, "Betreiber", func([]int64) ereignis.DomainEvent {
		return betrieb.BetriebBeantragt{BetriebsID: "B-1", Daten: daten("Nord", 100)}
	}},
	/* 1 */ {"betrieb-1", betreiber, "Betreiber", func([]int64) ereignis.DomainEvent {
		return betrieb.BetriebsdatenGeaendert{Daten: daten("Nord II", 100)}
	}},
	/* 2 */ {"betrieb-1", sbdNord, "Nord", func([]int64) ereignis.DomainEvent {
		return betrieb.BetriebAbgewiesen{Kommentar: "Bitte ergänzen"}
	}},
	/* 3 */ {"postfach-1", fachadmin, "Fach", func(p []int64) ereignis.DomainEvent { return postfach.NachrichtGelesen{Quelle: p[0]} }},
	/* 4 */ {"postfach-2", sbdNord, "Nord", func(p []int64) ereignis.DomainEvent { return postfach.NachrichtGeloescht{Quelle: p[0]} }},
	/* 5 */ {"betrieb-1", betreiber, "Betreiber", func([]int64) ereignis.DomainEvent {
		return betrieb.FreigabeErneutBeantragt{Daten: daten("Nord III", 100)}
	}},
	/* 6 */ {"postfach-2", sbdNord, "Nord", func(p []int64) ereignis.DomainEvent { return postfach.NachrichtGelesen{Quelle: p[5]} }},
	/* 7 */ {"betrieb-1", fachadmin, "Fach", func([]int64) ereignis.DomainEvent { return betrieb.BetriebFreigegeben{} }},
	/* 8 */ {"anlage-50", betreiber, "Betreiber", func([]int64) ereignis.DomainEvent {
		return anlage.AnlageAngelegt{BetriebID: 1, Typ: "KUEHLANLAGE", Daten: anlage.Daten{Bezeichnung: "Kühlturm"}}
	}},
	/* 9 */ {"anlage-50", betreiber, "Betreiber", func([]int64) ereignis.DomainEvent {
		return anlage.AenderungsantragGestellt{Antrag: anlage.Aenderungsantrag{Bezeichnung: "Kühlturm 2", Kommentar: "neu"}}
	}},
	/* 10 */ {"anlage-50", systemadmin, "System", func([]int64) ereignis.DomainEvent {
		return anlage.AnlageGeaendert{Daten: anlage.Daten{Bezeichnung: "Kühlturm 2"}}
	}},
	/* 11 */ {"anlage-50", systemadmin, "System", func([]int64) ereignis.DomainEvent {
		return anlage.AenderungsantragUebernommen{Felder: []string{"bezeichnung"}}
	}},
	/* 12 */ {"postfach-4", betreiber, "Betreiber", func(p []int64) ereignis.DomainEvent { return postfach.NachrichtGelesen{Quelle: p[11]} }},
	/* 13 */ {"betrieb-1", sbdNord, "Nord", func([]int64) ereignis.DomainEvent {
		return betrieb.StammdatenAntragGestellt{Antrag: betrieb.StammdatenAntrag{Bezeichnung: "Nord IV"}}
	}},
	/* 14 */ {"betrieb-1", fachadmin, "Fach", func([]int64) ereignis.DomainEvent { return betrieb.BetreiberUmgezogen{AltID: 100, NeuID: 200} }},
	/* 15 */ {"betrieb-1", fachadmin, "Fach", func([]int64) ereignis.DomainEvent { return betrieb.StammdatenAntragAbgelehnt{} }},
	/* 16 */ {"postfach-6", umgezogen, "Umgezogen", func(p []int64) ereignis.DomainEvent { return postfach.NachrichtGeloescht{Quelle: p[15]} }},
	/* 17 */ {"postfach-3", sbdSued, "Süd", func(p []int64) ereignis.DomainEvent { return postfach.NachrichtGelesen{Quelle: p[0]} }},
}

// anhaengen appends step i; nach runs after each append (the live test waits there).
func anhaengen(t *testing.T, store *eventstore.Store, nach func(pos int64)) []int64 {
	t.Helper()
	ctx := context.Background()
	pos := make([]int64, len(log))
	for i, s := range log {
		typ, _, _ := strings.Cut(s.stream, "-")
		e := s.event(pos)
		a, err := store.Append(ctx, s.stream, typ, eventstore.AnyVersion, []eventstore.NewEvent{{Type: e.EventType(), Data: e}},
			metadaten(s.akteur, s.name))
		if err != nil {
			t.Fatal(err)
		}
		pos[i] = a.Events[0].Position
		if nach != nil {
			nach(pos[i])
		}
	}
	return pos
}

// zeile is a message row without its identity id.
type zeile struct {
	Quelle, Empfaenger                              int64
	Gelesen                                         bool
	Datum                                           time.Time
	Absender, Betreff, Text, Bezug, Fachobjektbezug string
	FachobjektID                                    int64
	Erledigt, Pfad                                  string
}

func zeilen(t *testing.T, pool *pgxpool.Pool) []zeile {
	t.Helper()
	rows, err := pool.Query(context.Background(), `SELECT quelle, empfaenger_id, gelesen, absende_datum, absender, betreff, text,
		bezug, fachobjektbezug, fachobjekt_id, erledigt, pfad FROM nachrichten.nachricht ORDER BY quelle, empfaenger_id`)
	if err != nil {
		t.Fatal(err)
	}
	out, err := pgx.CollectRows(rows, pgx.RowToStructByPos[zeile])
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// kopien are the copied operations and plants.
func kopien(t *testing.T, pool *pgxpool.Pool) []string {
	t.Helper()
	rows, err := pool.Query(context.Background(), `SELECT format('%s %s %s %s %s', id, betriebs_id, bezeichnung, betreiber_id, regionalstelle_id) FROM nachrichten.betrieb
		UNION ALL SELECT format('%s %s %s %s', id, betrieb_id, anlagentyp, bezeichnung) FROM nachrichten.anlage ORDER BY 1`)
	if err != nil {
		t.Fatal(err)
	}
	out, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func mails(t *testing.T, pool *pgxpool.Pool) []string {
	t.Helper()
	rows, err := pool.Query(context.Background(), `SELECT schluessel || ' ' || an || ' ' || betreff FROM mail_ausgang ORDER BY id`)
	if err != nil {
		t.Fatal(err)
	}
	out, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// pruefen checks the messages of the log: who got which, read, deleted, decided — and that
// every mail is there once.
func pruefen(t *testing.T, pool *pgxpool.Pool, pos []int64) {
	t.Helper()
	type kurz struct {
		schritt    int
		empfaenger int64
		gelesen    bool
		erledigt   string // prefix
		betreff    string
	}
	want := []kurz{
		{0, fachadmin, true, "Abgewiesen am ", "Betrieb zur Freigabe beantragt: Nord"},
		// sbdNord deleted his; sbdSued does not see Regionalstelle 7 (his read changes nothing).
		// A decision's own message is about the request too: the next decision marks it.
		{2, betreiber, false, "Freigegeben am ", "Freigabe abgewiesen: Nord II"},
		{5, fachadmin, false, "Freigegeben am ", "Freigabe erneut beantragt: Nord III"},
		{5, sbdNord, true, "Freigegeben am ", "Freigabe erneut beantragt: Nord III"},
		{7, betreiber, false, "", "Betrieb freigegeben: Nord III"},
		{9, fachadmin, false, "Übernommen am ", "Änderungsantrag zur Anlage: Kühlturm"},
		{9, sbdNord, false, "Übernommen am ", "Änderungsantrag zur Anlage: Kühlturm"},
		{9, systemadmin, false, "Übernommen am ", "Änderungsantrag zur Anlage: Kühlturm"},
		{11, betreiber, true, "", "Änderungsantrag übernommen: Kühlturm 2"},
		// sbdNord sent it: only the administrator
		{13, fachadmin, false, "Abgelehnt am ", "Stammdatenänderungsantrag: Nord III"},
		// the operation moved to organisation 200 before the decision; its user deleted it
	}
	got := zeilen(t, pool)
	if len(got) != len(want) {
		for _, z := range got {
			t.Logf("%d %d %v %q %q", slices.Index(pos, z.Quelle), z.Empfaenger, z.Gelesen, z.Erledigt, z.Betreff)
		}
		t.Fatalf("%d messages, want %d", len(got), len(want))
	}
	for i, w := range want {
		g := got[i]
		if g.Quelle != pos[w.schritt] || g.Empfaenger != w.empfaenger || g.Gelesen != w.gelesen || g.Betreff != w.betreff ||
			!strings.HasPrefix(g.Erledigt, w.erledigt) || (w.erledigt == "") != (g.Erledigt == "") {
			t.Errorf("message %d: %d %d %v %q %q, want step %d: %+v", i, slices.Index(pos, g.Quelle), g.Empfaenger, g.Gelesen, g.Erledigt, g.Betreff, w.schritt, w)
		}
	}
	if g := got[0]; !strings.HasSuffix(g.Erledigt, " von Nord") || g.Absender != "Betreiber" || g.Pfad != "/betriebsakte/1/betriebsdaten" ||
		g.Fachobjektbezug != "Betrieb Nord (B-1)" || g.Bezug != "BETRIEB" || g.FachobjektID != 1 {
		t.Errorf("first message: %+v", g)
	}
	// who did the event, as each recipient may see him (the Historie's masking, issue 42): the
	// operator's user reads staff as "Behörde" in the sender, the text and the decided mark;
	// staff read every name
	if g := got[1]; g.Absender != "Behörde" || !strings.Contains(g.Text, "wurde von der Behörde abgewiesen") || !strings.HasSuffix(g.Erledigt, " von der Behörde") {
		t.Errorf("operator's message of a rejection: %+v", g)
	}
	for _, i := range []int{4, 8} {
		if g := got[i]; g.Absender != "Behörde" || strings.Contains(g.Text, "Fach") || strings.Contains(g.Text, "System") {
			t.Errorf("operator's message of a decision: %+v", g)
		}
	}
	if g := got[2]; g.Absender != "Betreiber" || !strings.HasPrefix(g.Text, "Betreiber hat ") || !strings.HasSuffix(g.Erledigt, " von Fach") {
		t.Errorf("staff's message: %+v", g)
	}
	var mailtext string
	if err := pool.QueryRow(context.Background(), `SELECT text FROM mail_ausgang WHERE schluessel = $1`,
		fmt.Sprintf("nachricht-%d-4", pos[2])).Scan(&mailtext); err != nil || !strings.Contains(mailtext, "wurde von der Behörde abgewiesen") {
		t.Errorf("operator's mail: %q %v", mailtext, err)
	}
	if g := got[5]; g.Pfad != "/betriebsakte/1/kuehlanlage/50/anlagendaten" || g.Fachobjektbezug != "Anlage Kühlturm – Betrieb Nord III (B-1)" ||
		g.FachobjektID != 50 || !strings.HasSuffix(g.Text, "\n\nKommentar: neu") {
		t.Errorf("plant's message: %+v", g)
	}
	// mails: to the administrator and the operator's user, who want them — once per message,
	// also for the ones deleted since
	wantMails := []string{
		fmt.Sprintf("nachricht-%d-1 fach@example.org eAbwasser: Betrieb zur Freigabe beantragt: Nord", pos[0]),
		fmt.Sprintf("nachricht-%d-4 betreiber@example.org eAbwasser: Freigabe abgewiesen: Nord II", pos[2]),
		fmt.Sprintf("nachricht-%d-1 fach@example.org eAbwasser: Freigabe erneut beantragt: Nord III", pos[5]),
		fmt.Sprintf("nachricht-%d-4 betreiber@example.org eAbwasser: Betrieb freigegeben: Nord III", pos[7]),
		fmt.Sprintf("nachricht-%d-1 fach@example.org eAbwasser: Änderungsantrag zur Anlage: Kühlturm", pos[9]),
		fmt.Sprintf("nachricht-%d-4 betreiber@example.org eAbwasser: Änderungsantrag übernommen: Kühlturm 2", pos[11]),
		fmt.Sprintf("nachricht-%d-1 fach@example.org eAbwasser: Stammdatenänderungsantrag: Nord III", pos[13]),
	}
	if g := mails(t, pool); !slices.Equal(g, wantMails) {
		t.Errorf("mails:\n%s\nwant\n%s", strings.Join(g, "\n"), strings.Join(wantMails, "\n"))
	}
	if g, w := kopien(t, pool), []string{"1 B-1 Nord III 200 7", "50 1 KUEHLANLAGE Kühlturm 2"}; !slices.Equal(g, w) {
		t.Errorf("copies %q, want %q", g, w)
	}
}

// One batch for the whole log (catch-up from zero): the batch's own messages are decided,
// read and deleted in memory. Applied a second time from zero (the read model lost), it
// gives the same rows and not one mail more.
func TestNachrichten_EinStapel_ZweimalAngewendet_JedeMailEinmal(t *testing.T) {
	pool, _ := testdb.New(t)
	konten(t, pool)
	store := eventstore.New(pool)
	pos := anhaengen(t, store, nil)
	ctx := context.Background()
	// the store's reader sees an event once no older transaction runs (on a shared server, a
	// long one elsewhere holds it back)
	projektortest.WarteBis(t, "the log readable", func() bool {
		events, err := store.ReadAll(ctx, eventstore.Cursor{}, 100)
		return err == nil && len(events) == len(log)
	})
	if _, err := projections.CatchUp(ctx, store, projektion); err != nil {
		t.Fatal(err)
	}
	pruefen(t, pool, pos)
	vorher := zeilen(t, pool)
	if _, err := pool.Exec(ctx, `DROP SCHEMA nachrichten CASCADE; DELETE FROM checkpoints WHERE name = 'nachrichten'`); err != nil {
		t.Fatal(err)
	}
	if _, err := projections.CatchUp(ctx, store, projektion); err != nil {
		t.Fatal(err)
	}
	pruefen(t, pool, pos)
	if nachher := zeilen(t, pool); !slices.Equal(vorher, nachher) {
		t.Errorf("second application differs")
	}
}

// The live projector, one event per batch (each appended after the previous one is
// applied), gives the same rows as one batch (a rebuild); redelivered messages change
// nothing, and a rebuild writes no mail again, even when the outbox has been emptied.
func TestNachrichten_EinzelnGleichStapel_WiederholungOhneMail(t *testing.T) {
	pool, _ := testdb.New(t)
	konten(t, pool)
	store := eventstore.New(pool)
	live := projektortest.Start(t, store, projektion)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	pos := anhaengen(t, store, func(p int64) {
		if err := projections.WaitFor(ctx, store, nachrichten.Name, p); err != nil {
			t.Fatal(err)
		}
		// one event per batch: the checkpoint moved by exactly this event
		cp, err := eventstore.LoadCheckpoint(ctx, pool, nachrichten.Name)
		if err != nil || cp.Position != p {
			t.Fatalf("checkpoint %v after event %d (%v)", cp, p, err)
		}
	})
	pruefen(t, pool, pos)
	einzeln, einzelnKopien := zeilen(t, pool), kopien(t, pool)

	// redelivery: every event published again
	events, err := store.ReadAll(ctx, eventstore.Cursor{}, 100)
	if err != nil {
		t.Fatal(err)
	}
	var prev eventstore.Cursor
	for _, e := range events {
		msg, err := eventstore.ToMessage(e, prev)
		if err != nil {
			t.Fatal(err)
		}
		if err := live.Pub.Publish(eventstore.Subject(e), msg); err != nil {
			t.Fatal(err)
		}
		prev = e.Cursor()
	}
	time.Sleep(300 * time.Millisecond)
	pruefen(t, pool, pos)

	if err := projections.Rebuild(ctx, store, projektion, nil); err != nil {
		t.Fatal(err)
	}
	pruefen(t, pool, pos)
	if stapel := zeilen(t, pool); !slices.Equal(einzeln, stapel) {
		for i := range max(len(einzeln), len(stapel)) {
			if i >= len(einzeln) || i >= len(stapel) || einzeln[i] != stapel[i] {
				t.Errorf("row %d differs", i)
			}
		}
		t.Fatalf("rebuild (one batch) differs from the live build (batches of one)")
	}
	if g := kopien(t, pool); !slices.Equal(einzelnKopien, g) {
		t.Fatalf("copies: %q, live %q", g, einzelnKopien)
	}
	// a rebuild replays what the live model applied: no mail, whatever the outbox holds
	if _, err := pool.Exec(ctx, `DELETE FROM mail_ausgang`); err != nil {
		t.Fatal(err)
	}
	if err := projections.Rebuild(ctx, store, projektion, nil); err != nil {
		t.Fatal(err)
	}
	if g := mails(t, pool); len(g) != 0 {
		t.Fatalf("a rebuild wrote mails again: %q", g)
	}
	if stapel := zeilen(t, pool); !slices.Equal(einzeln, stapel) {
		t.Fatalf("second rebuild differs")
	}
}

// Batches cut anywhere — before a decision, between a message and its reading — give the
// same messages: what the batch does to stored messages and to its own meets in the middle.
func TestNachrichten_StapelGrenzen(t *testing.T) {
	for _, k := range []int{1, 2, 3, 5, 6, 7, 9, 11, 12, 15, 16} {
		t.Run(fmt.Sprint(k), func(t *testing.T) {
			pool, _ := testdb.New(t)
			konten(t, pool)
			store := eventstore.New(pool)
			ctx := context.Background()
			n := 0
			pos := anhaengen(t, store, func(int64) {
				n++
				if n != k && n != len(log) {
					return
				}
				projektortest.WarteBis(t, "the events readable", func() bool {
					events, err := store.ReadAll(ctx, eventstore.Cursor{}, 100)
					return err == nil && len(events) == n
				})
				if _, err := projections.CatchUp(ctx, store, projektion); err != nil {
					t.Fatal(err)
				}
			})
			pruefen(t, pool, pos)
		})
	}
}

// The recipients query narrows the pairs of operation and staff member before it applies
// zugriff.Zustaendige; it finds the same recipients as the condition over every pair: accounts
// with every kind of local role (all Regionalstellen, some, single operations, operator
// organisations, several, none), administrators, inactive and operator accounts, over
// operations that differ in each column.
func TestNachrichten_EmpfaengerWieZustaendige(t *testing.T) {
	pool, _ := testdb.New(t)
	ctx := context.Background()
	for _, sql := range []string{
		`INSERT INTO organisation (id, bezeichnung, strasse, hausnummer, plz, ort, status, version)
			SELECT i, 'O' || i, '', '', '', '', 'AKTIV', 1 FROM generate_series(100, 300, 100) i`,
		`INSERT INTO lokale_rolle (id, bezeichnung, globale_rolle, alle_regionalstellen, regionalstelle_ids, betriebe, organisationen, geaendert_am, version) VALUES
			(1, 'alle', 'BEHOERDE', true, '{}', '{}', '{}', now(), 1),
			(2, 'rs7', 'BEHOERDE', false, '{7}', '{}', '{}', now(), 1),
			(3, 'rs8+9', 'BEHOERDE', false, '{8,9}', '{}', '{}', now(), 1),
			(4, 'betriebe', 'BEHOERDE', false, '{}', '{2,5}', '{}', now(), 1),
			(5, 'organisationen', 'BEHOERDE', false, '{}', '{}', '{200}', now(), 1),
			(6, 'leer', 'BEHOERDE', false, '{}', '{}', '{}', now(), 1)`,
		`INSERT INTO anwender (id, benutzername, status, email, organisation_id, funktionale_rollen, lokale_rollen, angelegt_am, gueltig_bis, version) VALUES
			(1, 'a1', 'AKTIV', 'a1@x', NULL, '{FACHADMIN}', '{}', now(), now(), 1),
			(2, 'a2', 'AKTIV', 'a2@x', NULL, '{SYSTEMADMIN}', '{}', now(), now(), 1),
			(3, 'a3', 'AKTIV', 'a3@x', NULL, '{ZUST_SBD}', '{1}', now(), now(), 1),
			(4, 'a4', 'AKTIV', '', NULL, '{ZUST_SBD}', '{2}', now(), now(), 1),
			(5, 'a5', 'AKTIV', 'a5@x', NULL, '{ZUST_SBD}', '{3}', now(), now(), 1),
			(6, 'a6', 'AKTIV', 'a6@x', NULL, '{ZUST_SBD}', '{4}', now(), now(), 1),
			(7, 'a7', 'AKTIV', 'a7@x', NULL, '{ZUST_SBD}', '{5}', now(), now(), 1),
			(8, 'a8', 'AKTIV', 'a8@x', NULL, '{ZUST_SBD}', '{2,4,5}', now(), now(), 1),
			(9, 'a9', 'AKTIV', 'a9@x', NULL, '{ZUST_SBD}', '{6}', now(), now(), 1),
			(10, 'a10', 'AKTIV', 'a10@x', NULL, '{ZUST_SBD}', '{}', now(), now(), 1),
			(11, 'a11', 'GESPERRT', 'a11@x', NULL, '{FACHADMIN}', '{}', now(), now(), 1),
			(12, 'a12', 'GESPERRT', 'a12@x', NULL, '{ZUST_SBD}', '{1}', now(), now(), 1),
			(13, 'a13', 'AKTIV', 'a13@x', NULL, '{ZUST_SBB}', '{1}', now(), now(), 1),
			(14, 'a14', 'AKTIV', 'a14@x', NULL, '{ZUST_SBB,ZUST_SBD}', '{2}', now(), now(), 1),
			(15, 'a15', 'AKTIV', 'a15@x', 100, '{BETREIBER}', '{}', now(), now(), 1),
			(16, 'a16', 'AKTIV', 'a16@x', 200, '{BETREIBER}', '{5}', now(), now(), 1),
			(17, 'a17', 'AKTIV', 'a17@x', 200, '{LESER_ORGANISATION}', '{}', now(), now(), 1),
			(18, 'a18', 'AKTIV', 'a18@x', NULL, '{FACHADMIN,ZUST_SBD}', '{6}', now(), now(), 1)`,
		`INSERT INTO personalisierung (anwender_id, send_mail_nachrichten, version) VALUES (1, true, 1), (4, true, 1), (15, false, 1)`,
	} {
		if _, err := pool.Exec(ctx, sql); err != nil {
			t.Fatal(err)
		}
	}
	// every operation in every group: ids 1–6, operators 100–300, Regionalstellen 7–9
	// (the group of one requesting account reads the account from the operator's column: 15–17
	// there are accounts)
	args := make([]any, 4*nachrichten.Gruppen)
	for g := range nachrichten.Gruppen {
		var k []int32
		var id, betreiber, rs []int64
		for b := int64(1); b <= 6; b++ {
			for _, o := range []int64{100, 200, 300, 15, 17} {
				for r := int64(7); r <= 9; r++ {
					k = append(k, int32(g*1000+len(k)))
					id, betreiber, rs = append(id, b), append(betreiber, o), append(rs, r)
				}
			}
		}
		args[4*g], args[4*g+1], args[4*g+2], args[4*g+3] = k, id, betreiber, rs
	}
	lesen := func(sql string) []string {
		rows, err := pool.Query(ctx, sql, args[:]...)
		if err != nil {
			t.Fatal(err)
		}
		out, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (string, error) {
			var k int32
			var id int64
			var email string
			var mail bool
			var organisation int64
			var rollen []string
			err := r.Scan(&k, &id, &email, &mail, &organisation, &rollen)
			return fmt.Sprint(k, id, email, mail, organisation, rollen), err
		})
		if err != nil {
			t.Fatal(err)
		}
		return out
	}
	schnell, direkt := lesen(nachrichten.EmpfaengerSQL), lesen(nachrichten.EmpfaengerDirektSQL)
	if len(direkt) < 100 {
		t.Fatalf("only %d recipients: the test data cover too little", len(direkt))
	}
	if !slices.Equal(schnell, direkt) {
		t.Fatalf("the recipients query finds\n%v\nthe condition over every pair\n%v", schnell, direkt)
	}
}
