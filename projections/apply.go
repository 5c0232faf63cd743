package projections

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/eabwasser/eabwasser/eventstore"
)

// ensureSchema creates the projection's schema and tables if they do not exist yet and
// returns whether the stored DDL hash differs (the read model must then be rebuilt).
func ensureSchema(ctx context.Context, pool *pgxpool.Pool, p Projection) (stale bool, err error) {
	err = pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock(hashtext('projection:' || $1))`, p.Name); err != nil {
			return err
		}
		var exists bool
		if err := tx.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM pg_namespace WHERE nspname = $1)`, p.Name).Scan(&exists); err != nil {
			return err
		}
		var hash string
		err := tx.QueryRow(ctx, `SELECT schema_hash FROM checkpoints WHERE name = $1`, p.Name).Scan(&hash)
		if err != nil && err != pgx.ErrNoRows {
			return err
		}
		if exists {
			stale = hash != p.SchemaHash()
			return nil
		}
		if err := createSchema(ctx, tx, p.Name, p, true); err != nil {
			return err
		}
		_, err = tx.Exec(ctx, `INSERT INTO checkpoints (name, schema_hash) VALUES ($1, $2)
			ON CONFLICT (name) DO UPDATE SET tx_id = 0, position = 0, schema_hash = $2, updated_at = now()`, p.Name, p.SchemaHash())
		return err
	})
	return stale, err
}

// createSchema creates the schema with the projection's tables and, with indexe, its secondary
// indexes (a rebuild adds them after its bulk phase: createIndexe).
func createSchema(ctx context.Context, tx pgx.Tx, schema string, p Projection, indexe bool) error {
	if _, err := tx.Exec(ctx, fmt.Sprintf(`CREATE SCHEMA %q`, schema)); err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, fmt.Sprintf(`SET LOCAL search_path TO %q, public`, schema)); err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, p.Schema); err != nil {
		return fmt.Errorf("projection %s: schema: %w", p.Name, err)
	}
	if indexe {
		return createIndexe(ctx, tx, p)
	}
	return nil
}

// createIndexe creates the secondary indexes in the schema search_path points at.
func createIndexe(ctx context.Context, tx pgx.Tx, p Projection) error {
	if p.Indexe == "" {
		return nil
	}
	if _, err := tx.Exec(ctx, p.Indexe); err != nil {
		return fmt.Errorf("projection %s: Indexe: %w", p.Name, err)
	}
	return nil
}

// applyBatch applies, in one transaction together with the new checkpoint, the events read
// after von — where the caller last saw the projection's checkpoint. It holds the projection's
// advisory lock, so a rebuild's swap or a second instance never interleaves; the lock, the
// checkpoint and search_path go in one round trip, the checkpoint with the batch's writes. When
// the checkpoint is no longer von (another instance or a swap moved it), the events are read
// again inside the transaction, after the checkpoint.
func applyBatch(ctx context.Context, store *eventstore.Store, p Projection, von eventstore.Cursor, events []eventstore.Event) (cp eventstore.Cursor, applied int, err error) {
	err = pgx.BeginFunc(ctx, store.Pool(), func(tx pgx.Tx) error {
		b := &pgx.Batch{}
		b.Queue(`SELECT pg_advisory_xact_lock(hashtext('projection:' || $1))`, p.Name)
		b.Queue(fmt.Sprintf(`SET LOCAL search_path TO %q, public`, p.Name))
		// A read model and its checkpoint commit together, so a crash that loses the last
		// commits loses both and the projector applies those events again: no wait for the WAL.
		b.Queue(`SET LOCAL synchronous_commit TO off`)
		eventstore.QueueLoadCheckpoint(b, p.Name, &cp)
		if err := tx.SendBatch(ctx, b).Close(); err != nil {
			return err
		}
		if cp != von {
			var err error
			if events, err = eventstore.ReadAll(ctx, tx, store, cp, catchUpBatch); err != nil {
				return err
			}
		}
		applied, cp, err = applyEvents(ctx, tx, p, events, nil, cp, cp, true)
		return err
	})
	if err != nil {
		return von, 0, err
	}
	return cp, applied, nil
}

// applyEvents gives the events after cp to the projection as one batch, applies its writes
// and returns the new cursor; with checkpoint, the projection's checkpoint moves with the
// writes (the live read model). Events up to bekannt have been applied to the live read model
// before (a rebuild replays them). w, when given, are the batch's writes, projected ahead
// (OhneLesen); then every event must come after cp.
func applyEvents(ctx context.Context, tx pgx.Tx, p Projection, events []eventstore.Event, w *Schreiben, cp, bekannt eventstore.Cursor, checkpoint bool) (int, eventstore.Cursor, error) {
	neu := events[:0:0]
	for _, e := range events {
		if e.Cursor().After(cp) { // else redelivered or already caught up
			neu = append(neu, e)
		}
	}
	if len(neu) == 0 {
		return 0, cp, nil
	}
	if w != nil && len(neu) != len(events) {
		return 0, cp, fmt.Errorf("projection %s: a batch projected ahead repeats events up to %d", p.Name, cp.Position)
	}
	if w == nil {
		var err error
		if w, err = projizieren(ctx, p, &Stapel{Events: neu, tx: tx, bekannt: bekannt}); err != nil {
			return 0, cp, err
		}
	}
	bis := neu[len(neu)-1].Cursor()
	if checkpoint {
		if w == nil {
			w = &Schreiben{}
		}
		w.Anweisung(eventstore.SaveCheckpointSQL, p.Name, bis.TxID, bis.Position)
	}
	if err := w.anwenden(ctx, tx, p.Name); err != nil {
		return 0, cp, stapelFehler(p, neu, err)
	}
	return len(neu), bis, nil
}

// projizieren runs the projection on a batch (never empty) and names the batch in its error.
func projizieren(ctx context.Context, p Projection, s *Stapel) (*Schreiben, error) {
	w, err := p.Projiziere(ctx, s)
	if err != nil {
		return nil, stapelFehler(p, s.Events, err)
	}
	return w, nil
}

// stapelFehler is err of a batch, with the projection and the batch's events named.
func stapelFehler(p Projection, events []eventstore.Event, err error) error {
	return fmt.Errorf("projection %s: events %d–%d: %w", p.Name, events[0].Position, events[len(events)-1].Position, err)
}

// CatchUp applies everything the event store has after the projection's checkpoint, in
// batches, and returns the checkpoint reached. It creates the read model's tables if needed.
func CatchUp(ctx context.Context, store *eventstore.Store, p Projection) (eventstore.Cursor, error) {
	if err := p.check(); err != nil {
		return eventstore.Cursor{}, err
	}
	if _, err := ensureSchema(ctx, store.Pool(), p); err != nil {
		return eventstore.Cursor{}, err
	}
	_, cp, err := catchUp(ctx, store, p, nil, nil)
	return cp, err
}

const catchUpBatch = 5000

// catchUp applies what the store has after the projection's checkpoint, batch by batch, and
// returns how many events it applied and the checkpoint reached. von is where the caller saw
// the checkpoint last (the live runtime keeps it; nil: read it first).
func catchUp(ctx context.Context, store *eventstore.Store, p Projection, von *eventstore.Cursor, onBatch func(n int, cp eventstore.Cursor)) (int, eventstore.Cursor, error) {
	var cp eventstore.Cursor
	if von != nil {
		cp = *von
	} else {
		var err error
		if cp, err = eventstore.LoadCheckpoint(ctx, store.Pool(), p.Name); err != nil {
			return 0, cp, err
		}
	}
	total := 0
	for {
		events, err := store.ReadAll(ctx, cp, catchUpBatch)
		if err != nil {
			return total, cp, err
		}
		if len(events) == 0 {
			return total, cp, nil
		}
		var n int
		if cp, n, err = applyBatch(ctx, store, p, cp, events); err != nil {
			return total, cp, err
		}
		total += n
		if onBatch != nil {
			onBatch(n, cp)
		}
		if len(events) < catchUpBatch {
			return total, cp, nil
		}
	}
}
