package ablage_test

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/jackc/pgx/v5/stdlib"
	"github.com/pressly/goose/v3"

	"github.com/eabwasser/eabwasser/domain/datei"
	"github.com/eabwasser/eabwasser/domain/wiedervorlage"
	"github.com/eabwasser/eabwasser/eventstore"
	"github.com/eabwasser/eabwasser/internal/plattform/schema"
	"github.com/eabwasser/eabwasser/internal/verdrahtung/schreibmodell"
	"github.com/eabwasser/eabwasser/internal/werkzeug/testdb"
)

// The events of files and reminders as the code before issue 42's finding 3 (8ab81f2) wrote
// them: no uploader's id, no side, no organisation, no geteilt.
type (
	alteDateiHochgeladen struct {
		Fachobjekt     string    `json:"fachobjekt"`
		FachobjektID   int64     `json:"fachobjektId"`
		Bezeichnung    string    `json:"bezeichnung"`
		Dateiname      string    `json:"dateiname"`
		Dateityp       string    `json:"dateityp"`
		Groesse        int64     `json:"groesse"`
		SHA256         string    `json:"sha256"`
		Schluessel     string    `json:"schluessel"`
		HochgeladenVon string    `json:"hochgeladenVon"`
		HochgeladenAm  time.Time `json:"hochgeladenAm"`
	}
	alteWiedervorlageAngelegt struct {
		Fachobjekt        string    `json:"fachobjekt"`
		FachobjektID      int64     `json:"fachobjektId"`
		BezugZuFachobjekt string    `json:"bezugZuFachobjekt"`
		Betreff           string    `json:"betreff"`
		Datum             string    `json:"datum,omitempty"`
		AngelegtVonID     int64     `json:"angelegtVonId"`
		AngelegtVon       string    `json:"angelegtVon"`
		AngelegtAm        time.Time `json:"angelegtAm"`
	}
)

// alteDokumente are the inline documents of files and reminders as they were written before
// migration 00021 (internal/dokumente/ablage at 8ab81f2^), for a store on a database at version 20.
func alteDokumente(s *eventstore.Store) {
	s.Inline(datei.StreamType, func(ctx context.Context, tx pgx.Tx, events []eventstore.Event) error {
		for _, e := range events {
			id, err := eventstore.AggregatID(e.StreamID)
			if err != nil {
				return err
			}
			if e.Type == "DateiGeloescht" {
				if _, err := tx.Exec(ctx, `DELETE FROM datei WHERE id = $1`, id); err != nil {
					return err
				}
				continue
			}
			var d alteDateiHochgeladen
			if err := json.Unmarshal(e.Data, &d); err != nil {
				return err
			}
			if _, err := tx.Exec(ctx, `INSERT INTO datei (id, fachobjekt, fachobjekt_id, bezeichnung, dateiname, dateityp, groesse,
				sha256, schluessel, hochgeladen_von, hochgeladen_am, version)
				VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
				id, d.Fachobjekt, d.FachobjektID, d.Bezeichnung, d.Dateiname, d.Dateityp, d.Groesse, d.SHA256, d.Schluessel,
				d.HochgeladenVon, d.HochgeladenAm, e.Version); err != nil {
				return err
			}
		}
		return nil
	})
	s.Inline(wiedervorlage.StreamType, func(ctx context.Context, tx pgx.Tx, events []eventstore.Event) error {
		for _, e := range events {
			id, err := eventstore.AggregatID(e.StreamID)
			if err != nil {
				return err
			}
			var w alteWiedervorlageAngelegt
			if err := json.Unmarshal(e.Data, &w); err != nil {
				return err
			}
			var datum *string
			if w.Datum != "" {
				datum = &w.Datum
			}
			if _, err := tx.Exec(ctx, `INSERT INTO wiedervorlage (id, fachobjekt, fachobjekt_id, bezug_zu_fachobjekt, betreff, datum,
				angelegt_von_id, angelegt_von, angelegt_am, version)
				VALUES ($1, $2, $3, $4, $5, $6::date, $7, $8, $9, $10)`,
				id, w.Fachobjekt, w.FachobjektID, w.BezugZuFachobjekt, w.Betreff, datum, w.AngelegtVonID, w.AngelegtVon,
				w.AngelegtAm, e.Version); err != nil {
				return err
			}
		}
		return nil
	})
}

// leereDatenbank is a new database on the test server with no migration applied (testdb's
// template is migrated to the newest), dropped when the test ends.
func leereDatenbank(t *testing.T) *pgxpool.Pool {
	t.Helper()
	ctx := context.Background()
	name := fmt.Sprintf("m_%d_%08x", time.Now().UnixNano()%1e9, rand.Uint32())
	admin, err := pgx.Connect(ctx, testdb.AdminURL())
	if err != nil {
		t.Fatalf("%v (is Postgres running?)", err)
	}
	defer admin.Close(ctx)
	if _, err := admin.Exec(ctx, fmt.Sprintf(`CREATE DATABASE %q`, name)); err != nil {
		t.Fatal(err)
	}
	pool, err := pgxpool.New(ctx, testdb.URLFor(name))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		pool.Close()
		testdb.Drop(name)
	})
	return pool
}

// migriere applies the embedded migrations up to version bis (0: all), as schema.Migrate does.
func migriere(t *testing.T, pool *pgxpool.Pool, bis int64) {
	t.Helper()
	db := stdlib.OpenDBFromPool(pool)
	defer func(db *sql.DB) { _ = db.Close() }(db)
	p, err := goose.NewProvider(goose.DialectPostgres, db, schema.Files)
	if err != nil {
		t.Fatal(err)
	}
	if bis == 0 {
		_, err = p.Up(context.Background())
	} else {
		_, err = p.UpTo(context.Background(), bis)
	}
	if err != nil {
		t.Fatalf("migrations up to %d: %v", bis, err)
	}
}

// ablageZeile is a row of datei or wiedervorlage with the columns migration 00021 added.
type ablageZeile struct {
	Tabelle               string
	ID                    int64
	Version               int
	Betreff               string // bezeichnung of a file
	Von                   string
	VonID, OrganisationID int64
	Seite                 string
	Geteilt               bool   // reminders only
	Fachobjekt, Rest      string // the object; times, file or due date
}

// ablageZeilen reads the rows of both tables; mitSeite false: of a database before migration
// 00021 (the side columns read as zero).
func ablageZeilen(t *testing.T, pool *pgxpool.Pool, mitSeite bool) []ablageZeile {
	t.Helper()
	dateiSeite, vorlageSeite := "hochgeladen_von_id, organisation_id, seite, false", "angelegt_von_id, organisation_id, seite, geteilt"
	if !mitSeite {
		dateiSeite, vorlageSeite = "0::bigint, 0::bigint, '', false", "angelegt_von_id, 0::bigint, '', false"
	}
	rows, err := pool.Query(context.Background(), `
		SELECT 'datei', id, version, bezeichnung, hochgeladen_von, `+dateiSeite+`,
			fachobjekt || ':' || fachobjekt_id, to_char(hochgeladen_am AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS')
			|| '|' || dateiname || '|' || dateityp || '|' || groesse || '|' || sha256 || '|' || schluessel
		FROM datei
		UNION ALL
		SELECT 'wiedervorlage', id, version, betreff, angelegt_von, `+vorlageSeite+`,
			fachobjekt || ':' || fachobjekt_id || ':' || bezug_zu_fachobjekt, to_char(angelegt_am AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS')
			|| '|' || coalesce(to_char(datum, 'YYYY-MM-DD'), '')
		FROM wiedervorlage
		ORDER BY 1, 2`)
	if err != nil {
		t.Fatal(err)
	}
	out, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (ablageZeile, error) {
		var z ablageZeile
		err := r.Scan(&z.Tabelle, &z.ID, &z.Version, &z.Betreff, &z.Von, &z.VonID, &z.OrganisationID, &z.Seite, &z.Geteilt,
			&z.Fachobjekt, &z.Rest)
		return z, err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// Migration 00021 gives the files and reminders written before issue 42 (finding 3) their
// author's side from the creating event's metadata: a staff account's are the authority's (no
// organisation; a reminder internal), an operator's are his organisation's (a reminder shared),
// and a file names who uploaded it by account. Writing the documents again from the events with
// today's writers gives the same rows (rebuild equality): the side of an old event is its
// metadata's there too.
func TestMigration00021_OldFilesAndRemindersGetTheirAuthorsSideAndARebuildGivesTheSameRows(t *testing.T) {
	ctx := context.Background()
	pool := leereDatenbank(t)
	migriere(t, pool, 20)

	// given files and reminders on a plant written at version 20 by a staff account and an
	// operator's account, with the metadata the API recorded then (account, roles, organisation)
	alt := eventstore.New(pool)
	alteDokumente(alt)
	am := time.Date(2025, 11, 3, 9, 30, 0, 0, time.UTC)
	sbd := eventstore.Metadata{ActorID: "12", ActorName: "Sabine Sachbearbeiterin", Roles: []string{"ZUST_SBD"}}
	admin := eventstore.Metadata{ActorID: "3", ActorName: "Fritz Fachadmin", Roles: []string{"FACHADMIN"}}
	betreiber := eventstore.Metadata{ActorID: "41", ActorName: "Bernd Betreiber", Roles: []string{"BETREIBER"}, Organisation: "7"}
	beauftragter := eventstore.Metadata{ActorID: "42", ActorName: "Berta Beauftragte", Roles: []string{"BEAUFTRAGTER"}, Organisation: "7"}
	anhaengen := func(streamType string, id int64, daten any, typ string, md eventstore.Metadata) {
		t.Helper()
		if _, err := alt.Append(ctx, eventstore.StreamID(streamType, id), streamType, eventstore.NoStream,
			[]eventstore.NewEvent{{Type: typ, Data: daten}}, md); err != nil {
			t.Fatal(err)
		}
	}
	datei1 := func(id int64, bezeichnung string, md eventstore.Metadata) {
		anhaengen(datei.StreamType, id, alteDateiHochgeladen{Fachobjekt: datei.Anlage, FachobjektID: 5, Bezeichnung: bezeichnung,
			Dateiname: bezeichnung + ".pdf", Dateityp: "application/pdf", Groesse: 1234, SHA256: fmt.Sprintf("%064d", id),
			Schluessel: fmt.Sprintf("ab/%d", id), HochgeladenVon: md.ActorName, HochgeladenAm: am}, "DateiHochgeladen", md)
	}
	vorlage := func(id int64, betreff, datum string, md eventstore.Metadata) {
		var von int64
		_, _ = fmt.Sscan(md.ActorID, &von)
		anhaengen(wiedervorlage.StreamType, id, alteWiedervorlageAngelegt{Fachobjekt: wiedervorlage.Anlage, FachobjektID: 5,
			BezugZuFachobjekt: wiedervorlage.BezugAnlage, Betreff: betreff, Datum: datum, AngelegtVonID: von, AngelegtVon: md.ActorName,
			AngelegtAm: am}, "WiedervorlageAngelegt", md)
	}
	datei1(1, "Probenahmeprotokoll", sbd)
	datei1(2, "Betriebstagebuch", betreiber)
	datei1(3, "Bescheidentwurf", admin)
	vorlage(1, "Unangemeldete Probenahme", "2025-12-01", sbd)
	vorlage(2, "Wartung Rechen", "", betreiber)
	vorlage(3, "Nachweis Schlammentsorgung", "2026-01-15", beauftragter)
	vorlage(4, "Bescheid prüfen", "", admin)
	// a file uploaded and deleted again leaves no row
	datei1(4, "Falsche Datei", betreiber)
	if _, err := alt.Append(ctx, eventstore.StreamID(datei.StreamType, 4), datei.StreamType, 1,
		[]eventstore.NewEvent{{Type: "DateiGeloescht", Data: struct{}{}}}, betreiber); err != nil {
		t.Fatal(err)
	}
	vorher := ablageZeilen(t, pool, false)
	if len(vorher) != 7 {
		t.Fatalf("rows before the migration: %+v", vorher)
	}

	// when the database is migrated to the newest version
	migriere(t, pool, 0)

	// then each row has its author's side, organisation and (files) account, reminders their
	// side's default of sharing, and nothing else changed
	type seite struct {
		Tabelle        string
		ID             int64
		VonID, Org     int64
		Seite          string
		Geteilt        bool
		Betreff, Datum string
	}
	want := []seite{
		{"datei", 1, 12, 0, "BEHOERDE", false, "Probenahmeprotokoll", ""},
		{"datei", 2, 41, 7, "ORGANISATION", false, "Betriebstagebuch", ""},
		{"datei", 3, 3, 0, "BEHOERDE", false, "Bescheidentwurf", ""},
		{"wiedervorlage", 1, 12, 0, "BEHOERDE", false, "Unangemeldete Probenahme", "2025-12-01"},
		{"wiedervorlage", 2, 41, 7, "ORGANISATION", true, "Wartung Rechen", ""},
		{"wiedervorlage", 3, 42, 7, "ORGANISATION", true, "Nachweis Schlammentsorgung", "2026-01-15"},
		{"wiedervorlage", 4, 3, 0, "BEHOERDE", false, "Bescheid prüfen", ""},
	}
	migriert := ablageZeilen(t, pool, true)
	var got []seite
	for i, z := range migriert {
		datum := ""
		if z.Tabelle == "wiedervorlage" {
			datum = z.Rest[len("2025-11-03 09:30:00|"):]
		}
		got = append(got, seite{z.Tabelle, z.ID, z.VonID, z.OrganisationID, z.Seite, z.Geteilt, z.Betreff, datum})
		if i < len(vorher) {
			v := vorher[i]
			v.VonID, v.OrganisationID, v.Seite, v.Geteilt = z.VonID, z.OrganisationID, z.Seite, z.Geteilt
			if v != z {
				t.Errorf("migration changed more than the side columns:\n before %+v\n after  %+v", vorher[i], z)
			}
		}
	}
	if !slices.Equal(got, want) {
		t.Errorf("rows after migration 00021:\n got  %+v\n want %+v", got, want)
	}

	// and writing the documents again from the events with today's writers gives the same rows
	s := schreibmodell.Store(pool)
	if _, err := pool.Exec(ctx, `DELETE FROM datei; DELETE FROM wiedervorlage`); err != nil {
		t.Fatal(err)
	}
	for _, streamType := range []string{datei.StreamType, wiedervorlage.StreamType} {
		for id := int64(1); id <= 4; id++ {
			neuSchreiben(t, s, streamType, id)
		}
	}
	if neu := ablageZeilen(t, pool, true); !slices.Equal(neu, migriert) {
		t.Errorf("rebuild from the events differs from the migrated rows:\n rebuilt  %+v\n migrated %+v", neu, migriert)
	}
}

// neuSchreiben writes the document of stream streamType-id from its events, as a rebuild does:
// the stream folded with today's decider, the state handed to the writer the area registered.
func neuSchreiben(t *testing.T, s *eventstore.Store, streamType string, id int64) {
	t.Helper()
	ctx := context.Background()
	events, err := s.ReadStream(ctx, eventstore.StreamID(streamType, id), 1, 0)
	if err != nil || len(events) == 0 {
		t.Fatalf("events of %s-%d: %d, %v", streamType, id, len(events), err)
	}
	var state any
	var version int
	switch streamType {
	case datei.StreamType:
		state, version, err = eventstore.Fold(datei.Decider, datei.Decider.Initial(), events)
	case wiedervorlage.StreamType:
		state, version, err = eventstore.Fold(wiedervorlage.Decider, wiedervorlage.Decider.Initial(), events)
	}
	if err != nil {
		t.Fatal(err)
	}
	if err := pgx.BeginFunc(ctx, s.Pool(), func(tx pgx.Tx) error {
		return s.SchreibeDokument(ctx, tx, streamType, id, state, version)
	}); err != nil {
		t.Fatalf("%s-%d: %v", streamType, id, err)
	}
}
