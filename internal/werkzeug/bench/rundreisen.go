package bench

import (
	"context"
	"fmt"
	"strings"
	"sync/atomic"

	"github.com/jackc/pgx/v5"
)

// rundreisen counts the round trips to Postgres of the calls whose context carries a counter:
// every query, exec (BEGIN and COMMIT too) and batch is one.
type rundreisen struct{}

type zaehlerSchluessel struct{}

type protokollSchluessel struct{}

// mitProtokoll returns ctx whose statements are noted in p too (the start of each; a batch as
// "batch of n"), so a test can say which statements a save sent.
func mitProtokoll(ctx context.Context, p *[]string) context.Context {
	return context.WithValue(ctx, protokollSchluessel{}, p)
}

func notiere(ctx context.Context, sql string) {
	if p, ok := ctx.Value(protokollSchluessel{}).(*[]string); ok {
		*p = append(*p, strings.Join(strings.Fields(sql), " ")[:min(len(strings.Join(strings.Fields(sql), " ")), 110)])
	}
}

// mitZaehler returns ctx whose queries are counted into n.
func mitZaehler(ctx context.Context, n *atomic.Int64) context.Context {
	return context.WithValue(ctx, zaehlerSchluessel{}, n)
}

func zaehle(ctx context.Context) {
	if n, ok := ctx.Value(zaehlerSchluessel{}).(*atomic.Int64); ok {
		n.Add(1)
	}
}

func (rundreisen) TraceQueryStart(ctx context.Context, _ *pgx.Conn, d pgx.TraceQueryStartData) context.Context {
	zaehle(ctx)
	notiere(ctx, d.SQL)
	return ctx
}

func (rundreisen) TraceQueryEnd(context.Context, *pgx.Conn, pgx.TraceQueryEndData) {}

func (rundreisen) TraceBatchStart(ctx context.Context, _ *pgx.Conn, d pgx.TraceBatchStartData) context.Context {
	zaehle(ctx)
	notiere(ctx, fmt.Sprintf("batch of %d", d.Batch.Len()))
	return ctx
}

func (rundreisen) TraceBatchQuery(context.Context, *pgx.Conn, pgx.TraceBatchQueryData) {}
func (rundreisen) TraceBatchEnd(context.Context, *pgx.Conn, pgx.TraceBatchEndData)     {}
