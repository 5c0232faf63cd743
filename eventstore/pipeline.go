package eventstore

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

// A command whose stream type has only an inline document is written in two round trips: the
// stream read, then BEGIN, the append, the document's statements and COMMIT sent together as
// one pipeline. The document's version is known before the append (the loaded version plus the
// new events). The append is one that writes every event or fails (no check of the version
// before that could write nothing): if the stream moved on, the unique key fails it, Postgres
// skips the rest of the pipeline, COMMIT included, and the transaction is rolled back, the
// document's statements with it.

// errLiestInPipeline: the document writer reads (Query, QueryRow) and so cannot be pipelined.
var errLiestInPipeline = errors.New("eventstore: document writer reads; not pipelined")

// pipelineTx is the transaction a document writer sees on the pipelined path: Exec queues the
// statement; reading, copying, preparing or a nested transaction fails, and the command takes
// the step-by-step path — not silently: the store counts it (Store.Ungebuendelt), and a test
// of the wiring asserts that no area's document writer reads. (Document writers use Exec,
// Query and QueryRow.)
type pipelineTx struct {
	pgx.Tx // nil: any other method is a programming error
	batch  *pgx.Batch
	lesend bool
}

func (s *pipelineTx) Exec(_ context.Context, sql string, args ...any) (pgconn.CommandTag, error) {
	s.batch.Queue(sql, args...)
	return pgconn.CommandTag{}, nil
}

func (s *pipelineTx) Query(context.Context, string, ...any) (pgx.Rows, error) {
	s.lesend = true
	return nil, errLiestInPipeline
}

func (s *pipelineTx) QueryRow(context.Context, string, ...any) pgx.Row {
	s.lesend = true
	return fehlerZeile{}
}

func (s *pipelineTx) CopyFrom(context.Context, pgx.Identifier, []string, pgx.CopyFromSource) (int64, error) {
	s.lesend = true
	return 0, errLiestInPipeline
}

func (s *pipelineTx) Prepare(context.Context, string, string) (*pgconn.StatementDescription, error) {
	s.lesend = true
	return nil, errLiestInPipeline
}

func (s *pipelineTx) Begin(context.Context) (pgx.Tx, error) {
	s.lesend = true
	return nil, errLiestInPipeline
}

type fehlerZeile struct{}

func (fehlerZeile) Scan(...any) error { return errLiestInPipeline }

// gebuendelt appends a's events and writes the document of z in one pipeline inside one
// transaction. ok is false when the document writer cannot be pipelined (nothing was sent;
// counted in Ungebuendelt).
func (s *Store) gebuendelt(ctx context.Context, dok dokument, a anhang, z *zustand, n int) (out Appended, ok bool, err error) {
	if !a.ohnePruefung {
		return Appended{}, false, nil // an append that may write nothing must not be committed blindly
	}
	b := &pgx.Batch{}
	b.Queue("BEGIN")
	b.Queue(a.sql, a.args...)
	pt := &pipelineTx{batch: b}
	version := max(a.expected, 0) + n
	if err := dok.ausZustand(ctx, pt, z.id, z.state, version); err != nil || pt.lesend {
		if pt.lesend {
			s.ungebuendelt.Add(1)
			return Appended{}, false, nil
		}
		return Appended{}, true, err
	}
	b.Queue("COMMIT")
	conn, err := s.pool.Acquire(ctx)
	if err != nil {
		return Appended{}, true, err
	}
	defer conn.Release()
	ende := "ROLLBACK"
	defer func() {
		if ende == "ROLLBACK" {
			// a failed or cancelled pipeline must not leave the transaction open on a pooled connection
			if _, rerr := conn.Exec(context.WithoutCancel(ctx), ende); rerr != nil {
				conn.Conn().Close(context.WithoutCancel(ctx))
			}
		}
	}()
	err = func() error {
		br := conn.SendBatch(ctx, b)
		defer br.Close()
		if _, err := br.Exec(); err != nil { // BEGIN
			return err
		}
		rows, err := br.Query()
		if err != nil {
			return err
		}
		if out, err = a.auslesen(rows); err != nil {
			return err
		}
		for range b.Len() - 2 { // the document's statements and COMMIT
			if _, err := br.Exec(); err != nil {
				return err
			}
		}
		return br.Close()
	}()
	if versionBelegt(err) {
		if _, err := conn.Exec(ctx, "ROLLBACK"); err != nil {
			return Appended{}, true, err
		}
		ende = ""
		return Appended{}, true, konflikt(ctx, conn, a.streamID, a.expected)
	}
	if err != nil {
		return Appended{}, true, err
	}
	ende = ""
	return out, true, nil
}

// Ungebuendelt counts the commands since the store was made that could not be sent as one
// pipeline and took the step-by-step path (BEGIN, append, document, COMMIT each a round trip):
// their document writer read, or an inline projection or a reaction to one of their events
// needed the transaction. The bench and the round-trip test report it; an area's typical save
// keeps it at 0.
func (s *Store) Ungebuendelt() int64 { return s.ungebuendelt.Load() }
