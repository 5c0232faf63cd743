package eventstore

import (
	"context"
	"errors"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/eabwasser/eabwasser/domain/ereignis"
	"github.com/eabwasser/eabwasser/internal/werkzeug/testdb"
)

type gezaehlt struct{ Um int }

func (gezaehlt) EventType() string { return "Gezaehlt" }

// mitStand is a store whose stream type "stand" has only its document, table stand, whose
// value must stay below 50.
func mitStand(t *testing.T) (*Store, *pgxpool.Pool) {
	ctx := context.Background()
	pool, _ := testdb.New(t)
	s := New(pool)
	if _, err := pool.Exec(ctx, `CREATE TABLE stand (id bigint PRIMARY KEY, wert int CHECK (wert < 50), version int)`); err != nil {
		t.Fatal(err)
	}
	d := ereignis.Decider[int, gezaehlt]{StreamType: "stand", Initial: func() int { return 0 },
		Evolve: func(s int, e ereignis.DomainEvent) int { return s + e.(gezaehlt).Um },
		Decode: ereignis.Katalog(ereignis.Art[gezaehlt]()).Decode}
	Dokument(s, d, func(ctx context.Context, tx pgx.Tx, id int64, wert, version int) error {
		_, err := tx.Exec(ctx, `INSERT INTO stand VALUES ($1, $2, $3) ON CONFLICT (id) DO UPDATE SET wert = $2, version = $3`, id, wert, version)
		return err
	})
	return s, pool
}

func TestGebuendelt_ConflictRollsTheDocumentBack(t *testing.T) {
	ctx := context.Background()
	s, pool := mitStand(t)
	neu := []NewEvent{{Type: "Gezaehlt", Data: gezaehlt{Um: 1}}}
	// given a stream at version 1 whose document says 1
	if _, err := s.append(ctx, "stand-1", "stand", NoStream, neu, Metadata{}, true, &zustand{id: 1, state: 1}); err != nil {
		t.Fatal(err)
	}
	// when a command that loaded no version appends as if the stream were new
	_, err := s.append(ctx, "stand-1", "stand", NoStream, neu, Metadata{}, true, &zustand{id: 1, state: 99})
	// then it is a conflict, and the document was not written
	var ce *ConflictError
	if !errors.As(err, &ce) || ce.Actual != 1 {
		t.Fatalf("err = %v", err)
	}
	var wert, version int
	if err := pool.QueryRow(ctx, `SELECT wert, version FROM stand WHERE id = 1`).Scan(&wert, &version); err != nil || wert != 1 || version != 1 {
		t.Fatalf("document = %d v%d, %v", wert, version, err)
	}
	// and the connection is usable again (no transaction left open)
	if _, err := s.append(ctx, "stand-1", "stand", 1, neu, Metadata{}, true, &zustand{id: 1, state: 2}); err != nil {
		t.Fatal(err)
	}
	if err := pool.QueryRow(ctx, `SELECT wert, version FROM stand WHERE id = 1`).Scan(&wert, &version); err != nil || wert != 2 || version != 2 {
		t.Fatalf("document = %d v%d, %v", wert, version, err)
	}
}

// COMMIT goes in the pipeline: a document statement that fails must keep it from committing
// the events sent before it.
func TestGebuendelt_FailingDocumentRollsTheEventsBack(t *testing.T) {
	ctx := context.Background()
	s, pool := mitStand(t)
	neu := []NewEvent{{Type: "Gezaehlt", Data: gezaehlt{Um: 1}}}
	if _, err := s.append(ctx, "stand-1", "stand", NoStream, neu, Metadata{}, true, &zustand{id: 1, state: 1}); err != nil {
		t.Fatal(err)
	}
	// when the document of the next state breaks the table's check
	if _, err := s.append(ctx, "stand-1", "stand", 1, neu, Metadata{}, true, &zustand{id: 1, state: 99}); err == nil {
		t.Fatal("the document's check did not fail the command")
	}
	// then neither the event nor the document was written
	if v, err := s.Version(ctx, "stand-1"); err != nil || v != 1 {
		t.Fatalf("version = %d, %v", v, err)
	}
	var wert, version int
	if err := pool.QueryRow(ctx, `SELECT wert, version FROM stand WHERE id = 1`).Scan(&wert, &version); err != nil || wert != 1 || version != 1 {
		t.Fatalf("document = %d v%d, %v", wert, version, err)
	}
	// and the next command goes through on every connection of the pool
	for i := range 2 * int(pool.Config().MaxConns) {
		if _, err := s.append(ctx, "stand-1", "stand", 1+i, neu, Metadata{}, true, &zustand{id: 1, state: 2 + i%40}); err != nil {
			t.Fatal(err)
		}
	}
}

// A document writer that reads cannot go into the pipeline: the command still succeeds, step by
// step, and the store counts it, so the drop-out is never silent.
func TestGebuendelt_AReadingWriterIsCounted(t *testing.T) {
	ctx := context.Background()
	pool, _ := testdb.New(t)
	s := New(pool)
	d := ereignis.Decider[int, gezaehlt]{StreamType: "lesend", Initial: func() int { return 0 },
		Evolve: func(s int, e ereignis.DomainEvent) int { return s + e.(gezaehlt).Um },
		Decode: ereignis.Katalog(ereignis.Art[gezaehlt]()).Decode}
	Dokument(s, d, func(ctx context.Context, tx pgx.Tx, id int64, wert, version int) error {
		var eins int
		return tx.QueryRow(ctx, `SELECT 1`).Scan(&eins)
	})
	neu := []NewEvent{{Type: "Gezaehlt", Data: gezaehlt{Um: 1}}}
	if _, err := s.append(ctx, "lesend-1", "lesend", NoStream, neu, Metadata{}, true, &zustand{id: 1, state: 1}); err != nil {
		t.Fatal(err)
	}
	if n := s.Ungebuendelt(); n != 1 {
		t.Fatalf("Ungebuendelt = %d, want 1", n)
	}
}
