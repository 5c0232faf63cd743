package projektortest_test

import (
	"context"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"

	"github.com/eabwasser/eabwasser/eventstore"
	"github.com/eabwasser/eabwasser/internal/werkzeug/testdb"
	"github.com/eabwasser/eabwasser/projections"
)

// folge is a read model that reads nothing: one row per event (OhneLesen), written with COPY.
var folge = projections.Projection{
	Name:   "folge",
	Schema: `CREATE TABLE zeile (position bigint PRIMARY KEY, stream_id text NOT NULL, version integer NOT NULL)`,
	Indexe: `CREATE INDEX zeile_stream ON zeile (stream_id, version);
		CREATE INDEX zeile_version ON zeile (version);`,
	OhneLesen: true,
	Projiziere: func(_ context.Context, s *projections.Stapel) (*projections.Schreiben, error) {
		zeilen := make([][]any, len(s.Events))
		for i, e := range s.Events {
			zeilen[i] = []any{e.Position, e.StreamID, e.Version}
		}
		w := &projections.Schreiben{}
		w.Kopieren("zeile", []string{"position", "stream_id", "version"}, zeilen)
		return w, nil
	},
}

// A rebuild of a read model that reads nothing projects each batch while the one before is
// written: over several batches it still writes every event once, in order, and the read model
// follows the log live afterwards.
func TestOhneLesen_RebuildProjectsAheadAndWritesEveryEventOnce(t *testing.T) {
	ctx := context.Background()
	pool, _ := testdb.New(t)
	store := eventstore.New(pool)
	const n = 23456 // three batches of the rebuild
	for s := 0; s < n/1000; s++ {
		events := make([]eventstore.NewEvent, 1000)
		for i := range events {
			events[i] = eventstore.NewEvent{Type: "TestGeschrieben", Data: map[string]int{"i": i}}
		}
		if _, err := store.Append(ctx, eventstore.StreamID("test", int64(s)), "test", eventstore.NoStream, events, eventstore.Metadata{}); err != nil {
			t.Fatal(err)
		}
	}
	anhaengen(t, store, n%1000)
	testdb.WarteAufSichtbarkeit(t, pool)
	if err := projections.Rebuild(ctx, store, folge, nil); err != nil {
		t.Fatal(err)
	}
	rows, err := pool.Query(ctx, `SELECT indexname FROM pg_indexes WHERE schemaname = 'folge' ORDER BY 1`)
	if err != nil {
		t.Fatal(err)
	}
	indexe, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(indexe, " ") != "zeile_pkey zeile_stream zeile_version" { // built side by side after the bulk phase
		t.Fatalf("indexes of the rebuilt read model: %v", indexe)
	}
	anhaengen(t, store, 3) // and live after the swap
	testdb.WarteAufSichtbarkeit(t, pool)
	if _, err := projections.CatchUp(ctx, store, folge); err != nil {
		t.Fatal(err)
	}
	rows, err = pool.Query(ctx, `SELECT e.global_position, z.position, e.stream_id = z.stream_id AND e.version = z.version
		FROM events e FULL JOIN folge.zeile z ON z.position = e.global_position ORDER BY 1, 2`)
	if err != nil {
		t.Fatal(err)
	}
	type paar struct {
		Event, Zeile *int64
		Gleich       *bool
	}
	paare, err := pgx.CollectRows(rows, pgx.RowToStructByPos[paar])
	if err != nil {
		t.Fatal(err)
	}
	if len(paare) != n+3 {
		t.Fatalf("%d rows for %d events", len(paare), n+3)
	}
	for _, p := range paare {
		if p.Event == nil || p.Zeile == nil || !*p.Gleich {
			t.Fatalf("event %v, row %v: not one row per event", p.Event, p.Zeile)
		}
	}
}

// A read model that says it reads nothing but does is stopped at its first batch, not built
// from a view that skips the writes of the batch before.
func TestOhneLesen_AProjectionThatReadsAnywayFails(t *testing.T) {
	ctx := context.Background()
	pool, _ := testdb.New(t)
	store := eventstore.New(pool)
	anhaengen(t, store, 3)
	testdb.WarteAufSichtbarkeit(t, pool)
	liest := folge
	liest.Name = "liest"
	liest.Projiziere = func(ctx context.Context, s *projections.Stapel) (*projections.Schreiben, error) {
		var n int
		if err := s.QueryRow(ctx, `SELECT count(*) FROM zeile`).Scan(&n); err != nil {
			return nil, err
		}
		return folge.Projiziere(ctx, s)
	}
	err := projections.Rebuild(ctx, store, liest, nil)
	if err == nil || !strings.Contains(err.Error(), "OhneLesen") {
		t.Fatalf("Rebuild = %v, want the OhneLesen error", err)
	}
}
