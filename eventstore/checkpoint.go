package eventstore

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v5"
)

// LoadCheckpoint returns where the reader name has got to in the global log.
func LoadCheckpoint(ctx context.Context, q Querier, name string) (Cursor, error) {
	var c Cursor
	err := q.QueryRow(ctx, `SELECT tx_id, position FROM checkpoints WHERE name = $1`, name).Scan(&c.TxID, &c.Position)
	if errors.Is(err, pgx.ErrNoRows) {
		return Cursor{}, nil
	}
	return c, err
}

// SaveCheckpoint records where the reader name has got to.
func SaveCheckpoint(ctx context.Context, q Querier, name string, c Cursor) error {
	_, err := q.Exec(ctx, `INSERT INTO checkpoints (name, tx_id, position, updated_at) VALUES ($1, $2, $3, now())
		ON CONFLICT (name) DO UPDATE SET tx_id = $2, position = $3, updated_at = now()`, name, c.TxID, c.Position)
	return err
}
