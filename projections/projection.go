// Package projections is the one runtime for read models: it feeds each projection the
// events of the store in commit order — live from its durable JetStream consumer, from the
// event store when it starts or finds a gap — and commits the read-model change together with
// the projection's checkpoint. It also rebuilds a read model into a shadow schema and swaps it
// in while the API keeps serving the old one. The read models live in sub-packages.
package projections

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"regexp"

	"github.com/jackc/pgx/v5"

	"github.com/eabwasser/eabwasser/eventstore"
)

// Projection is one read model. Its tables live in the Postgres schema named like the
// projection; its DDL and handlers use unqualified table names, because the runtime points
// search_path at the live schema or, during a rebuild, at the shadow schema.
type Projection struct {
	Name   string // lower case; the schema and the checkpoint name
	Schema string // DDL creating the tables and indexes in an empty schema
	Apply  func(ctx context.Context, tx *Tx, e eventstore.Event) error
}

// SchemaHash identifies the DDL; when it changes, the read model is rebuilt at start-up.
func (p Projection) SchemaHash() string {
	h := sha256.Sum256([]byte(p.Schema))
	return hex.EncodeToString(h[:8])
}

var validName = regexp.MustCompile(`^[a-z][a-z0-9_]*$`)

func (p Projection) check() error {
	if !validName.MatchString(p.Name) {
		return fmt.Errorf("projections: invalid name %q", p.Name)
	}
	return nil
}

func (p Projection) shadow() string { return p.Name + "__rebuild" }

// Tx is what a projection writes through: statements are queued and sent to Postgres in one
// round trip per batch of events; Query sends what is queued first, so reads see prior writes.
type Tx struct {
	tx      pgx.Tx
	batch   *pgx.Batch
	aktuell eventstore.Cursor // the event being applied
	bekannt eventstore.Cursor // the live read model had applied everything up to here
}

// Wiederholung reports whether the event being applied has been applied to the live read
// model before — during a rebuild. Effects outside the read model (an outbox of mails) must
// not happen again then.
func (t *Tx) Wiederholung() bool { return !t.aktuell.After(t.bekannt) }

// Exec queues a statement.
func (t *Tx) Exec(sql string, args ...any) { t.batch.Queue(sql, args...) }

// Query runs a query after sending the queued statements.
func (t *Tx) Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error) {
	if err := t.flush(ctx); err != nil {
		return nil, err
	}
	return t.tx.Query(ctx, sql, args...)
}

// QueryRow is Query for one row.
func (t *Tx) QueryRow(ctx context.Context, sql string, args ...any) pgx.Row {
	if err := t.flush(ctx); err != nil {
		return errRow{err}
	}
	return t.tx.QueryRow(ctx, sql, args...)
}

func (t *Tx) flush(ctx context.Context) error {
	if t.batch.Len() == 0 {
		return nil
	}
	b := t.batch
	t.batch = &pgx.Batch{}
	return t.tx.SendBatch(ctx, b).Close()
}

type errRow struct{ err error }

func (r errRow) Scan(...any) error { return r.err }
