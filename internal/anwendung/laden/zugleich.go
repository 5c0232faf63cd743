package laden

import (
	"context"
	"sync"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/eabwasser/eabwasser/eventstore"
)

// Lesen is one read of a service: it sends its queries through q.
type Lesen func(q eventstore.Querier) error

// Zugleich runs reads that do not depend on each other in one round trip: the first query of
// each (QueryRow or Query) goes to Postgres in one batch, and each read gets its answer in
// turn; a read's further queries, and any Exec, go one by one through the pool. The reads run
// as they would on the pool (same statements, same answers) — only their first queries are
// sent together. The first error of a read (in their order) is returned, as it is, after all
// have ended.
func Zugleich(ctx context.Context, pool *pgxpool.Pool, lesen ...Lesen) error {
	qs := make([]*gebuendelt, len(lesen))
	anfragen := make(chan int, len(lesen))
	fehler := make([]error, len(lesen))
	var wg sync.WaitGroup
	for i, l := range lesen {
		qs[i] = &gebuendelt{pool: pool, i: i, anfragen: anfragen, antwort: make(chan antwort, 1), fertig: make(chan struct{}, 1),
			beendet: make(chan struct{})}
		wg.Add(1)
		go func(q *gebuendelt) {
			defer wg.Done()
			defer close(q.beendet)
			fehler[q.i] = l(q)
			q.einmal.Do(func() { anfragen <- -1 - q.i }) // ended without a query
		}(qs[i])
	}
	var b pgx.Batch
	var reihe []*gebuendelt
	for range lesen {
		if i := <-anfragen; i >= 0 {
			reihe = append(reihe, qs[i])
		}
	}
	for _, q := range reihe {
		b.Queue(q.sql, q.args...)
	}
	if len(reihe) > 0 {
		br := pool.SendBatch(ctx, &b)
		for _, q := range reihe {
			var a antwort
			if q.zeilen {
				a.rows, a.err = br.Query()
			} else {
				a.row = br.QueryRow()
			}
			q.antwort <- a
			select {
			case <-q.fertig:
			case <-q.beendet:
				verwerfen(q)
			}
		}
		if err := br.Close(); err != nil {
			fehler = append(fehler, err)
		}
	}
	wg.Wait()
	for _, err := range fehler {
		if err != nil {
			return err // as the read returned it (callers compare with the validierung errors)
		}
	}
	return nil
}

// antwort is the batch's answer to one read's first query.
type antwort struct {
	rows pgx.Rows
	row  pgx.Row
	err  error
}

// verwerfen reads an answer a read that ended did not take (so the next one can be read).
func verwerfen(q *gebuendelt) {
	select {
	case a := <-q.antwort:
		if a.rows != nil {
			a.rows.Close()
		} else if a.row != nil {
			_ = a.row.Scan()
		}
	default:
	}
}

// gebuendelt is the Querier one read of Zugleich sees.
type gebuendelt struct {
	pool     *pgxpool.Pool
	i        int
	einmal   sync.Once
	anfragen chan<- int
	sql      string
	args     []any
	zeilen   bool // the first query is a Query (rows), else a QueryRow
	antwort  chan antwort
	fertig   chan struct{}
	beendet  chan struct{}
}

// erste reports whether this is the read's first query, and queues it.
func (q *gebuendelt) erste(sql string, args []any, zeilen bool) bool {
	erste := false
	q.einmal.Do(func() {
		erste, q.sql, q.args, q.zeilen = true, sql, args, zeilen
		q.anfragen <- q.i
	})
	return erste
}

func (q *gebuendelt) Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error) {
	return q.pool.Exec(ctx, sql, args...)
}

func (q *gebuendelt) QueryRow(ctx context.Context, sql string, args ...any) pgx.Row {
	if !q.erste(sql, args, false) {
		return q.pool.QueryRow(ctx, sql, args...)
	}
	return &spaeteZeile{q: q}
}

func (q *gebuendelt) Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error) {
	if !q.erste(sql, args, true) {
		return q.pool.Query(ctx, sql, args...)
	}
	return &spaeteZeilen{q: q}, nil
}

// spaeteZeile is the row of a first QueryRow: Scan waits for the batch's answer.
type spaeteZeile struct{ q *gebuendelt }

func (z *spaeteZeile) Scan(dest ...any) error {
	a := <-z.q.antwort
	defer func() { z.q.fertig <- struct{}{} }()
	return a.row.Scan(dest...)
}

// spaeteZeilen are the rows of a first Query: the first use waits for the batch's answer; the
// read is done with them when they are closed or read to the end.
type spaeteZeilen struct {
	pgx.Rows
	q      *gebuendelt
	da     bool
	err    error
	fertig sync.Once
}

func (r *spaeteZeilen) warte() {
	if !r.da {
		a := <-r.q.antwort
		r.Rows, r.err, r.da = a.rows, a.err, true
	}
}

func (r *spaeteZeilen) ende() { r.fertig.Do(func() { r.q.fertig <- struct{}{} }) }

func (r *spaeteZeilen) Next() bool {
	r.warte()
	if r.err != nil || r.Rows == nil {
		r.ende()
		return false
	}
	if r.Rows.Next() {
		return true
	}
	r.ende()
	return false
}

func (r *spaeteZeilen) Err() error {
	r.warte()
	if r.err != nil {
		return r.err
	}
	return r.Rows.Err()
}

func (r *spaeteZeilen) Close() {
	r.warte()
	if r.Rows != nil {
		r.Rows.Close()
	}
	r.ende()
}
