package eventstore

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v5"
)

const (
	loadCheckpointSQL = `SELECT tx_id, position FROM checkpoints WHERE name = $1`
	// SaveCheckpointSQL records where the reader $1 has got to ($2 its tx_id, $3 its position):
	// for a statement sent with others (a projector's writes).
	SaveCheckpointSQL = `INSERT INTO checkpoints (name, tx_id, position, updated_at) VALUES ($1, $2, $3, now())
		ON CONFLICT (name) DO UPDATE SET tx_id = $2, position = $3, updated_at = now()`
)

// LoadCheckpoint returns where the reader name has got to in the global log.
func LoadCheckpoint(ctx context.Context, q Querier, name string) (Cursor, error) {
	var c Cursor
	return c, checkpointLesen(q.QueryRow(ctx, loadCheckpointSQL, name), &c)
}

// QueueLoadCheckpoint is LoadCheckpoint as a statement of batch b: *c is set when b is sent.
func QueueLoadCheckpoint(b *pgx.Batch, name string, c *Cursor) {
	b.Queue(loadCheckpointSQL, name).QueryRow(func(row pgx.Row) error { return checkpointLesen(row, c) })
}

func checkpointLesen(row pgx.Row, c *Cursor) error {
	err := row.Scan(&c.TxID, &c.Position)
	if errors.Is(err, pgx.ErrNoRows) {
		*c = Cursor{}
		return nil
	}
	return err
}

// SaveCheckpoint records where the reader name has got to.
func SaveCheckpoint(ctx context.Context, q Querier, name string, c Cursor) error {
	_, err := q.Exec(ctx, SaveCheckpointSQL, name, c.TxID, c.Position)
	return err
}
