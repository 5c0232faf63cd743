package projections

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/eabwasser/eabwasser/eventstore"
)

// Progress of a rebuild.
type Progress struct {
	Done, Total  int64
	EventsPerSec float64
	ETA          time.Duration
}

const rebuildBatch = 10000

// Rebuild replays the whole event store into a shadow schema, then — holding the
// projection's lock, so the live projector pauses for that moment only — applies the last
// events, swaps the shadow schema in and sets the checkpoint. Readers keep using the old
// tables until the swap commits.
func Rebuild(ctx context.Context, store *eventstore.Store, p Projection, progress func(Progress)) error {
	if err := p.check(); err != nil {
		return err
	}
	if _, err := ensureSchema(ctx, store.Pool(), p); err != nil {
		return err
	}
	shadow := p.shadow()
	err := pgx.BeginFunc(ctx, store.Pool(), func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, fmt.Sprintf(`DROP SCHEMA IF EXISTS %q CASCADE`, shadow)); err != nil {
			return err
		}
		return createSchema(ctx, tx, shadow, p, false)
	})
	if err != nil {
		return err
	}
	var total int64
	if err := store.Pool().QueryRow(ctx, `SELECT count(*) FROM events`).Scan(&total); err != nil {
		return err
	}
	start := time.Now()
	var done int64
	report := func() {
		if progress == nil {
			return
		}
		el := time.Since(start).Seconds()
		pr := Progress{Done: done, Total: max(total, done)}
		if el > 0 {
			pr.EventsPerSec = float64(done) / el
		}
		if pr.EventsPerSec > 0 {
			pr.ETA = time.Duration(float64(pr.Total-done) / pr.EventsPerSec * float64(time.Second))
		}
		progress(pr)
	}
	// Bulk phase: no lock, the live read model goes on serving and updating.
	var cp eventstore.Cursor
	live, err := eventstore.LoadCheckpoint(ctx, store.Pool(), p.Name)
	if err != nil {
		return err
	}
	for {
		var n int
		err := pgx.BeginFunc(ctx, store.Pool(), func(tx pgx.Tx) error {
			events, err := eventstore.ReadAll(ctx, tx, store, cp, rebuildBatch)
			if err != nil || len(events) == 0 {
				return err
			}
			// a crash loses nothing here: the shadow is thrown away and the rebuild starts again
			if _, err := tx.Exec(ctx, fmt.Sprintf(`SET LOCAL search_path TO %q, public; SET LOCAL synchronous_commit TO off`, shadow)); err != nil {
				return err
			}
			n, cp, err = applyEvents(ctx, tx, p, events, cp, live)
			return err
		})
		if err != nil {
			return err
		}
		done += int64(n)
		report()
		if n < rebuildBatch {
			break
		}
	}
	// The secondary indexes, each built once over the filled tables; then statistics, without
	// which the first queries after the swap plan badly (docs/benchmarks.md, finding 3).
	err = pgx.BeginFunc(ctx, store.Pool(), func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, fmt.Sprintf(`SET LOCAL search_path TO %q, public; SET LOCAL maintenance_work_mem TO '256MB'`, shadow)); err != nil {
			return err
		}
		return createIndexe(ctx, tx, p)
	})
	if err != nil {
		return err
	}
	if err := analysieren(ctx, store, shadow); err != nil {
		return err
	}
	// Swap phase: the rest of the log and the swap in one transaction under the lock.
	err = pgx.BeginFunc(ctx, store.Pool(), func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock(hashtext('projection:' || $1))`, p.Name); err != nil {
			return err
		}
		live, err := eventstore.LoadCheckpoint(ctx, tx, p.Name)
		if err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, fmt.Sprintf(`SET LOCAL search_path TO %q, public`, shadow)); err != nil {
			return err
		}
		for {
			events, err := eventstore.ReadAll(ctx, tx, store, cp, rebuildBatch)
			if err != nil {
				return err
			}
			var n int
			if n, cp, err = applyEvents(ctx, tx, p, events, cp, live); err != nil {
				return err
			}
			done += int64(n)
			if len(events) < rebuildBatch {
				break
			}
		}
		old := p.Name + "__old"
		for _, stmt := range []string{
			fmt.Sprintf(`DROP SCHEMA IF EXISTS %q CASCADE`, old),
			fmt.Sprintf(`ALTER SCHEMA %q RENAME TO %q`, p.Name, old),
			fmt.Sprintf(`ALTER SCHEMA %q RENAME TO %q`, shadow, p.Name),
			fmt.Sprintf(`DROP SCHEMA %q CASCADE`, old),
		} {
			if _, err := tx.Exec(ctx, stmt); err != nil {
				return err
			}
		}
		_, err = tx.Exec(ctx, `INSERT INTO checkpoints (name, tx_id, position, schema_hash, updated_at)
			VALUES ($1, $2, $3, $4, now())
			ON CONFLICT (name) DO UPDATE SET tx_id = $2, position = $3, schema_hash = $4, updated_at = now()`,
			p.Name, cp.TxID, cp.Position, p.SchemaHash())
		return err
	})
	if err != nil {
		return err
	}
	report()
	return nil
}

// analysieren gathers the statistics of every table of a schema.
func analysieren(ctx context.Context, store *eventstore.Store, schema string) error {
	rows, err := store.Pool().Query(ctx, `SELECT tablename FROM pg_tables WHERE schemaname = $1`, schema)
	if err != nil {
		return err
	}
	tabellen, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return err
	}
	for _, t := range tabellen {
		if _, err := store.Pool().Exec(ctx, fmt.Sprintf(`ANALYZE %q.%q`, schema, t)); err != nil {
			return err
		}
	}
	return nil
}
