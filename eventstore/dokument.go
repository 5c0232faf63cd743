package eventstore

import (
	"context"

	"github.com/jackc/pgx/v5"
)

// Dokument is an inline projection that writes the whole current state of an aggregate:
// after each append it replays the stream (inside the append's transaction, so it sees the new
// events) and hands the state to write. Fit for aggregates with short streams.
func Dokument[S, C any](s *Store, d Decider[S, C], write func(ctx context.Context, tx pgx.Tx, id int64, state S, version int) error) InlineProjection {
	return func(ctx context.Context, tx pgx.Tx, events []Event) error {
		streamID := events[0].StreamID
		id, err := AggregatID(streamID)
		if err != nil {
			return err
		}
		rows, err := tx.Query(ctx, `SELECT `+eventColumns+` FROM events WHERE stream_id = $1 ORDER BY version`, streamID)
		if err != nil {
			return err
		}
		stored, err := s.collect(rows)
		if err != nil {
			return err
		}
		state, version, err := d.Fold(d.Initial(), stored)
		if err != nil {
			return err
		}
		return write(ctx, tx, id, state, version)
	}
}
