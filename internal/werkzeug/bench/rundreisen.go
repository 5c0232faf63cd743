package bench

import (
	"context"
	"sync/atomic"

	"github.com/jackc/pgx/v5"
)

// rundreisen counts the round trips to Postgres of the calls whose context carries a counter:
// every query, exec (BEGIN and COMMIT too) and batch is one.
type rundreisen struct{}

type zaehlerSchluessel struct{}

// mitZaehler returns ctx whose queries are counted into n.
func mitZaehler(ctx context.Context, n *atomic.Int64) context.Context {
	return context.WithValue(ctx, zaehlerSchluessel{}, n)
}

func zaehle(ctx context.Context) {
	if n, ok := ctx.Value(zaehlerSchluessel{}).(*atomic.Int64); ok {
		n.Add(1)
	}
}

func (rundreisen) TraceQueryStart(ctx context.Context, _ *pgx.Conn, _ pgx.TraceQueryStartData) context.Context {
	zaehle(ctx)
	return ctx
}

func (rundreisen) TraceQueryEnd(context.Context, *pgx.Conn, pgx.TraceQueryEndData) {}

func (rundreisen) TraceBatchStart(ctx context.Context, _ *pgx.Conn, _ pgx.TraceBatchStartData) context.Context {
	zaehle(ctx)
	return ctx
}

func (rundreisen) TraceBatchQuery(context.Context, *pgx.Conn, pgx.TraceBatchQueryData) {}
func (rundreisen) TraceBatchEnd(context.Context, *pgx.Conn, pgx.TraceBatchEndData)     {}
