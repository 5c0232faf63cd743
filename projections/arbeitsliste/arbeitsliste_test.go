package arbeitsliste_test

import (
	"context"
	"testing"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/eabwasser/eabwasser/domain/betrieb"
	"github.com/eabwasser/eabwasser/eventstore"
	betriebe "github.com/eabwasser/eabwasser/internal/dokumente/betrieb"
	"github.com/eabwasser/eabwasser/internal/verdrahtung/schreibmodell"
	"github.com/eabwasser/eabwasser/internal/werkzeug/seed"
	"github.com/eabwasser/eabwasser/internal/werkzeug/testdb"
	"github.com/eabwasser/eabwasser/internal/zugriff"
	"github.com/eabwasser/eabwasser/projections"
	"github.com/eabwasser/eabwasser/projections/arbeitsliste"
	"github.com/eabwasser/eabwasser/projections/projektortest"
)

func dump(t *testing.T, l *projektortest.Live) string {
	t.Helper()
	var s string
	if err := l.Store.Pool().QueryRow(context.Background(),
		`SELECT coalesce((SELECT string_agg(b::text, E'\n' ORDER BY id) FROM arbeitsliste.betrieb b), '') || E'\n--\n' ||
			coalesce((SELECT string_agg(a::text, E'\n' ORDER BY id) FROM arbeitsliste.anlage a), '')`).Scan(&s); err != nil {
		t.Fatal(err)
	}
	return s
}

func zeilen(l *projektortest.Live) int {
	var n int
	_ = l.Store.Pool().QueryRow(context.Background(), `SELECT count(*) FROM arbeitsliste.betrieb`).Scan(&n)
	return n
}

// demo is a database with the demo data whose worklist is fed live.
func demo(t *testing.T) (*pgxpool.Pool, *eventstore.Store, *projektortest.Live) {
	t.Helper()
	pool, _ := testdb.New(t)
	store := schreibmodell.Store(pool)
	if _, err := seed.Demo(context.Background(), store); err != nil {
		t.Fatal(err)
	}
	return pool, store, projektortest.Start(t, store, arbeitsliste.Projection)
}

func TestWorklist_FedFromNATS_RedeliveryChangesNothing_RebuildIsIdentical(t *testing.T) {
	ctx := context.Background()
	pool, store, l := demo(t)
	projektortest.WarteBis(t, "the four demo operations", func() bool { return zeilen(l) == 4 })

	// a requested and then approved operation appears with its status
	var org, rs int64
	_ = pool.QueryRow(ctx, `SELECT betreiber_id, regionalstelle_id FROM betrieb WHERE bezeichnung = 'Brauerei am Deutschen Eck'`).Scan(&org, &rs)
	id, err := eventstore.NextID(ctx, store, "betrieb_id_seq")
	if err != nil {
		t.Fatal(err)
	}
	d := betrieb.Daten{Bezeichnung: "Sektkellerei Ehrenbreitstein", Adresse: betrieb.Adresse{Strasse: "Charlottenstraße", Hausnummer: "1", Plz: "56077", Ort: "Koblenz"},
		BetreiberID: org, RegionalstelleID: rs, Lage: betrieb.Lage{Hochwert: 5583500.5, Rechtswert: 399000.5}}
	if _, err := eventstore.Befehle(store, betrieb.Decider).Handle(ctx, id, eventstore.VersionUnbekannt, betrieb.BeantrageBetrieb{BetriebsID: "2026-000099", Daten: d, Typ: "INDUSTRIE"}, seed.Akteur); err != nil {
		t.Fatal(err)
	}
	out, err := eventstore.Befehle(store, betrieb.Decider).Handle(ctx, id, eventstore.VersionUnbekannt, betrieb.EntscheideFreigabe{NeuerStatus: betrieb.Freigegeben}, seed.Akteur)
	if err != nil {
		t.Fatal(err)
	}
	if err := projections.WaitFor(ctx, store, arbeitsliste.Name, out.LastPosition); err != nil {
		t.Fatal(err)
	}
	seite, err := arbeitsliste.Betriebe(ctx, pool, arbeitsliste.Filter{Sicht: betriebe.Sicht{Alle: true}, Q: "sektkellerei"})
	if err != nil || seite.TotalElements != 1 {
		t.Fatalf("search: %+v %v", seite, err)
	}
	// words in any order, umlauts and ß in either spelling (issue 14)
	for _, q := range []string{"Ehrenbreitstein sektkellerei", "charlottenstrasse 56077", "Charlottenstraße"} {
		if s, err := arbeitsliste.Betriebe(ctx, pool, arbeitsliste.Filter{Sicht: betriebe.Sicht{Alle: true}, Q: q}); err != nil || s.TotalElements != 1 {
			t.Fatalf("search %q: %+v %v", q, s, err)
		}
	}
	if s, _ := arbeitsliste.Betriebe(ctx, pool, arbeitsliste.Filter{Sicht: betriebe.Sicht{Alle: true}, Q: "Eck Brauerei"}); s.TotalElements != 1 ||
		s.Content[0].Bezeichnung != "Brauerei am Deutschen Eck" {
		t.Fatalf("short words begin a word: %+v", s)
	}
	if s, _ := arbeitsliste.Betriebe(ctx, pool, arbeitsliste.Filter{Sicht: betriebe.Sicht{Alle: true}, Q: "ck"}); s.TotalElements != 0 {
		t.Fatalf("a short fragment inside a word matches nothing: %+v", s)
	}
	if s, _ := arbeitsliste.Anlagen(ctx, pool, arbeitsliste.AnlagenFilter{Sicht: zugriff.Sicht{Alle: true}, Q: "kuehlwasserkreislauf"}); s.TotalElements != 1 {
		t.Fatalf("plant search without umlauts: %+v", s)
	}
	z := seite.Content[0]
	if z.Freigabestatus != betrieb.Freigegeben || z.Betreiber != "Klärwerk Rheinaue GmbH" || z.Betriebsstatus != "geplant" ||
		z.Betriebstyp != "Industrie" || z.Regionalstelle != seed.Regionalstelle {
		t.Fatalf("row: %+v", z)
	}

	// every event delivered a second time (new message ids, so JetStream does not drop them)
	events, err := store.ReadAll(ctx, eventstore.Cursor{}, 10000)
	if err != nil {
		t.Fatal(err)
	}
	prev := eventstore.Cursor{}
	for _, e := range events {
		msg, err := eventstore.ToMessage(e, prev)
		if err != nil {
			t.Fatal(err)
		}
		msg.UUID = "nochmal-" + msg.UUID
		if err := l.Pub.Publish(eventstore.Subject(e), msg); err != nil {
			t.Fatal(err)
		}
		prev = e.Cursor()
	}
	// one more real event after the duplicates, so we know they have been read (a duplicate
	// applied again would have failed the INSERT and stopped the projector before it)
	out, err = eventstore.Befehle(store, betrieb.Decider).Handle(ctx, id, eventstore.VersionUnbekannt, betrieb.StelleStammdatenAntrag{Antrag: betrieb.StammdatenAntrag{
		Bezeichnung: "Sektkellerei am Rhein", Adresse: d.Adresse}}, seed.Akteur)
	if err != nil {
		t.Fatal(err)
	}
	if err := projections.WaitFor(ctx, store, arbeitsliste.Name, out.LastPosition); err != nil {
		t.Fatal(err)
	}
	nachher := dump(t, l)
	var offen bool
	_ = pool.QueryRow(ctx, `SELECT antrag_offen FROM arbeitsliste.betrieb WHERE id = $1`, id).Scan(&offen)
	if !offen {
		t.Fatal("the application after the duplicates is missing")
	}
	if zeilen(l) != 5 {
		t.Fatalf("%d rows after redelivery", zeilen(l))
	}
	// the demo plants, visible as their operation: the Koblenz staff see the paper mill's, not
	// Musterhausen's (Trier)
	var koblenz zugriff.Sicht
	koblenz.Regionalstellen = []int64{rs}
	anlagen, err := arbeitsliste.Anlagen(ctx, pool, arbeitsliste.AnlagenFilter{Sicht: koblenz, SortProperty: "bezeichnung"})
	if err != nil || anlagen.TotalElements != 2 || anlagen.Content[0].Bezeichnung != "Betriebskläranlage Papierfabrik" ||
		anlagen.Content[0].Betrieb != "Papierfabrik Rheinaue – Werk Koblenz" || anlagen.Content[0].Anlagenstatus != "IN_BETRIEB" {
		t.Fatalf("plants: %+v %v", anlagen, err)
	}
	alle, _ := arbeitsliste.Anlagen(ctx, pool, arbeitsliste.AnlagenFilter{Sicht: zugriff.Sicht{Alle: true}, Q: "muster kanal", Anlagentyp: []string{"KANALNETZ"}})
	if alle.TotalElements != 1 || alle.Content[0].Bezeichnung != "Kanalnetz Musterhausen" {
		t.Fatalf("search in any word order: %+v", alle)
	}

	// a rebuild gives identical rows
	if err := projections.Rebuild(ctx, store, arbeitsliste.Projection, nil); err != nil {
		t.Fatal(err)
	}
	if got := dump(t, l); got != nachher {
		t.Fatalf("rebuild differs:\n%s\n---\n%s", got, nachher)
	}
}
