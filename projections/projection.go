// Package projections is the one runtime for read models: it feeds each projection the
// events of the store in commit order, in batches — live from its durable JetStream consumer
// (a message wakes the projector, which applies everything committed since its checkpoint), from
// the event store when it starts or finds a gap — and commits the batch's writes together with
// the projection's checkpoint. It also rebuilds a read model into a shadow schema and swaps it
// in while the API keeps serving the old one. The read models live in sub-packages.
//
// The contract (docs/architektur.md, "Ein Lesemodell schreiben"): a projection receives a
// batch of events and returns its writes. It may read what earlier batches wrote, never
// write itself; the runtime writes insert-only rows with COPY, keyed rows with one guarded
// upsert per row and set-based statements as given, in the order the projection added them.
package projections

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"regexp"
	"runtime"
	"sync"

	"github.com/jackc/pgx/v5"

	"github.com/eabwasser/eabwasser/eventstore"
)

// Projection is one read model. Its tables live in the Postgres schema named like the
// projection; its DDL and statements use unqualified table names, because the runtime points
// search_path at the live schema or, during a rebuild, at the shadow schema.
type Projection struct {
	Name string // lower case; the schema and the checkpoint name
	// Schema creates the tables (with their primary keys and unique constraints, which the
	// upserts need) in an empty schema.
	Schema string
	// Indexe creates the secondary indexes, one statement per index, separated by semicolons. A
	// rebuild creates them after its bulk phase, when building each index once is cheaper than
	// keeping it up to date row by row, several at a time (IndexeBauen).
	Indexe string
	// Projiziere turns a batch of events (commit order) into writes. It reads the read model
	// as the previous batches left it (Stapel.Query) and keeps what the batch changes in memory
	// (Zeilen), so each row is written once per batch.
	Projiziere func(ctx context.Context, s *Stapel) (*Schreiben, error)
	// OhneLesen says that Projiziere never reads the read model (Stapel.Query): its rows follow
	// from the events alone (an insert-only trail). A rebuild then projects the next batch while
	// it writes this one; Stapel.Query fails for such a projection.
	OhneLesen bool
}

// SchemaHash identifies the DDL; when it changes, the read model is rebuilt at start-up.
func (p Projection) SchemaHash() string {
	h := sha256.Sum256([]byte(p.Schema + "\n-- Indexe\n" + p.Indexe))
	return hex.EncodeToString(h[:8])
}

var validName = regexp.MustCompile(`^[a-z][a-z0-9_]*$`)

func (p Projection) check() error {
	if !validName.MatchString(p.Name) {
		return fmt.Errorf("projections: invalid name %q", p.Name)
	}
	if p.Projiziere == nil {
		return fmt.Errorf("projections: %s has no Projiziere", p.Name)
	}
	return nil
}

func (p Projection) shadow() string { return p.Name + "__rebuild" }

// Stapel is a batch of events after the projection's checkpoint, in commit order, and a
// read-only view of the read model as the previous batches left it.
type Stapel struct {
	Events  []eventstore.Event
	tx      pgx.Tx
	bekannt eventstore.Cursor // the live read model had applied everything up to here
}

// Wiederholung reports whether e has been applied to the live read model before — during a
// rebuild. Effects outside the read model (an outbox of mails) must not happen again then.
func (s *Stapel) Wiederholung(e eventstore.Event) bool { return !e.Cursor().After(s.bekannt) }

// Query reads the read model (and, qualified, the public tables) inside the batch's
// transaction. Writes of the batch itself are not visible: they are applied after Projiziere.
func (s *Stapel) Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error) {
	if s.tx == nil {
		return nil, errOhneLesen
	}
	return s.tx.Query(ctx, sql, args...)
}

// QueryRow is Query for one row.
func (s *Stapel) QueryRow(ctx context.Context, sql string, args ...any) pgx.Row {
	if s.tx == nil {
		return fehlerZeile{errOhneLesen}
	}
	return s.tx.QueryRow(ctx, sql, args...)
}

var errOhneLesen = errors.New("projections: Projiziere reads the read model, but its Projection says OhneLesen")

// fehlerZeile is a row that is only an error.
type fehlerZeile struct{ err error }

func (z fehlerZeile) Scan(...any) error { return z.err }

// JeStreamtyp calls, for each event of the batch whose stream type has a handler, that handler
// with the aggregate's id (the number of its stream id); other events are skipped.
func (s *Stapel) JeStreamtyp(handlers map[string]func(e eventstore.Event, id int64) error) error {
	for _, e := range s.Events {
		h, ok := handlers[e.StreamType]
		if !ok {
			continue
		}
		id, err := eventstore.AggregatID(e.StreamID)
		if err != nil {
			return err
		}
		if err := h(e, id); err != nil {
			return fmt.Errorf("event %d (%s): %w", e.Position, e.Type, err)
		}
	}
	return nil
}

// Parallel calls f(i) for every i in [0, n) on all cores, in chunks of at least mindestens:
// decoding the JSON of a rebuild's batch of 10,000 events is most of a projector's own work,
// and the database waits meanwhile. f may only touch what belongs to index i.
func Parallel(n, mindestens int, f func(i int)) {
	teile := max(1, min(runtime.GOMAXPROCS(0), n/max(mindestens, 1)))
	var wg sync.WaitGroup
	for t := range teile {
		von, bis := t*n/teile, (t+1)*n/teile
		wg.Go(func() {
			for i := von; i < bis; i++ {
				f(i)
			}
		})
	}
	wg.Wait()
}
