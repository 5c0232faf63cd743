package laden

import (
	"context"
	"errors"
	"testing"

	"github.com/jackc/pgx/v5"

	"github.com/eabwasser/eabwasser/eventstore"
	"github.com/eabwasser/eabwasser/internal/werkzeug/testdb"
)

// Zugleich answers every read as the pool would: rows, a row, a missing row, a second query and
// a read that sends none.
func TestZugleich_AnswersEachReadAsThePoolWould(t *testing.T) {
	ctx := context.Background()
	pool, _ := testdb.New(t)
	var eins, zwei int
	var liste []int
	var fehlt error
	err := Zugleich(ctx, pool,
		func(q eventstore.Querier) error { return q.QueryRow(ctx, `SELECT 1`).Scan(&eins) },
		func(q eventstore.Querier) error {
			rows, err := q.Query(ctx, `SELECT g FROM generate_series(1, 3) g`)
			if err != nil {
				return err
			}
			liste, err = pgx.CollectRows(rows, pgx.RowTo[int])
			return err
		},
		func(q eventstore.Querier) error { return nil },
		func(q eventstore.Querier) error {
			var x int
			fehlt = q.QueryRow(ctx, `SELECT 1 WHERE false`).Scan(&x)
			return q.QueryRow(ctx, `SELECT 2`).Scan(&zwei)
		},
	)
	if err != nil || eins != 1 || zwei != 2 || len(liste) != 3 || !errors.Is(fehlt, pgx.ErrNoRows) {
		t.Fatalf("err %v, eins %d, zwei %d, liste %v, fehlt %v", err, eins, zwei, liste, fehlt)
	}
	weg := errors.New("weg")
	if err := Zugleich(ctx, pool, func(q eventstore.Querier) error { return weg },
		func(q eventstore.Querier) error { return q.QueryRow(ctx, `SELECT 1`).Scan(&eins) }); err != weg {
		t.Fatalf("err = %v", err)
	}
}
