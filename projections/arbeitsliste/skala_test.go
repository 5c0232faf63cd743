package arbeitsliste_test

import (
	"context"
	"fmt"
	"os"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/eabwasser/eabwasser/internal/plattform/schema"
	"github.com/eabwasser/eabwasser/internal/verdrahtung/schreibmodell"
	"github.com/eabwasser/eabwasser/internal/werkzeug/seed"
	"github.com/eabwasser/eabwasser/internal/werkzeug/testdb"
	"github.com/eabwasser/eabwasser/projections"
	"github.com/eabwasser/eabwasser/projections/arbeitsliste"
)

// On the scale data (ARBEITSLISTE_SKALA=N, seed --scale N; off by default, it takes minutes):
// a rebuild's rate, and its rows against the old per-event projection's.
func TestWorklist_ScaleData_RebuildRate_SameRowsAsTheOldProjection(t *testing.T) {
	n, _ := strconv.Atoi(os.Getenv("ARBEITSLISTE_SKALA"))
	if n < 1 {
		t.Skip("ARBEITSLISTE_SKALA=N runs it on seed --scale N")
	}
	ctx := context.Background()
	pool := skalaDB(t)
	store := schreibmodell.Store(pool)
	var ereignisse int64
	if err := pool.QueryRow(ctx, `SELECT count(*) FROM events`).Scan(&ereignisse); err != nil {
		t.Fatal(err)
	}
	if ereignisse == 0 {
		b, err := seed.Skalieren(ctx, store, seed.Skalierung{N: n})
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("seed --scale %d: %d events in %s", n, b.Ereignisse, b.Dauer.Round(time.Millisecond))
		if _, err := pool.Exec(ctx, `VACUUM ANALYZE events`); err != nil {
			t.Fatal(err)
		}
	}
	for range 2 {
		start := time.Now()
		var done int64
		if err := projections.Rebuild(ctx, store, arbeitsliste.Projection, func(p projections.Progress) { done = p.Done }); err != nil {
			t.Fatal(err)
		}
		d := time.Since(start)
		t.Logf("rebuild arbeitsliste: %d events in %s = %.0f events/s", done, d.Round(time.Millisecond), float64(done)/d.Seconds())
	}
	if os.Getenv("ARBEITSLISTE_ALT") == "" {
		return
	}
	start := time.Now()
	if err := altAufbauen(ctx, store, "al_alt"); err != nil {
		t.Fatal(err)
	}
	t.Logf("old projection: %s", time.Since(start).Round(time.Millisecond))
	vergleichen(t, pool, "al_alt", arbeitsliste.Name)
}

// skalaDB is a fresh test database, or the database ARBEITSLISTE_DB names (created and
// migrated if needed, kept: measure again without seeding again).
func skalaDB(t *testing.T) *pgxpool.Pool {
	name := os.Getenv("ARBEITSLISTE_DB")
	if name == "" {
		pool, _ := testdb.New(t)
		return pool
	}
	ctx := context.Background()
	admin, err := pgx.Connect(ctx, testdb.AdminURL())
	if err != nil {
		t.Fatal(err)
	}
	defer admin.Close(ctx)
	var da bool
	if err := admin.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM pg_database WHERE datname = $1)`, name).Scan(&da); err != nil {
		t.Fatal(err)
	}
	if !da {
		if _, err := admin.Exec(ctx, fmt.Sprintf(`CREATE DATABASE %q`, name)); err != nil {
			t.Fatal(err)
		}
	}
	cfg, err := pgxpool.ParseConfig(testdb.URLFor(name))
	if err != nil {
		t.Fatal(err)
	}
	if os.Getenv("ARBEITSLISTE_ZEITEN") != "" {
		z := &zeiten{summe: map[string]time.Duration{}, anzahl: map[string]int{}}
		cfg.ConnConfig.Tracer = z
		if ms := os.Getenv("ARBEITSLISTE_EXPLAIN"); ms != "" { // plans of statements slower than ms, as notices
			cfg.AfterConnect = func(ctx context.Context, c *pgx.Conn) error {
				_, err := c.Exec(ctx, `LOAD 'auto_explain'; SET auto_explain.log_level = notice; SET auto_explain.log_analyze = on;
					SET auto_explain.log_nested_statements = on; SET auto_explain.log_min_duration = `+ms)
				return err
			}
			cfg.ConnConfig.OnNotice = func(_ *pgconn.PgConn, n *pgconn.Notice) {
				if len(n.Message) > 3000 {
					n.Message = n.Message[:3000]
				}
				t.Log(n.Message)
			}
		}
		t.Cleanup(func() { z.ausgeben(t) })
	}
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(pool.Close)
	if err := schema.Migrate(ctx, pool); err != nil {
		t.Fatal(err)
	}
	return pool
}

// zeiten sums the time of the statements and batches by their beginning (ARBEITSLISTE_ZEITEN).
type zeiten struct {
	mu     sync.Mutex
	summe  map[string]time.Duration
	anzahl map[string]int
}

type zeitKey struct{}

type zeitStart struct {
	name  string
	start time.Time
}

func kurz(sql string) string {
	sql = strings.Join(strings.Fields(sql), " ")
	if len(sql) > 70 {
		sql = sql[:70]
	}
	return sql
}

func (z *zeiten) TraceQueryStart(ctx context.Context, _ *pgx.Conn, d pgx.TraceQueryStartData) context.Context {
	return context.WithValue(ctx, zeitKey{}, zeitStart{kurz(d.SQL), time.Now()})
}

func (z *zeiten) TraceQueryEnd(ctx context.Context, _ *pgx.Conn, _ pgx.TraceQueryEndData) {
	z.dazu(ctx)
}

func (z *zeiten) TraceBatchStart(ctx context.Context, _ *pgx.Conn, d pgx.TraceBatchStartData) context.Context {
	var namen []string
	for i, q := range d.Batch.QueuedQueries {
		if i == 6 {
			namen = append(namen, "…")
			break
		}
		namen = append(namen, kurz(q.SQL)[:25])
	}
	return context.WithValue(ctx, zeitKey{}, zeitStart{"BATCH " + strings.Join(namen, " | "), time.Now()})
}

func (z *zeiten) TraceBatchQuery(context.Context, *pgx.Conn, pgx.TraceBatchQueryData) {}

func (z *zeiten) TraceBatchEnd(ctx context.Context, _ *pgx.Conn, _ pgx.TraceBatchEndData) {
	z.dazu(ctx)
}

func (z *zeiten) dazu(ctx context.Context) {
	s, ok := ctx.Value(zeitKey{}).(zeitStart)
	if !ok {
		return
	}
	z.mu.Lock()
	z.summe[s.name] += time.Since(s.start)
	z.anzahl[s.name]++
	z.mu.Unlock()
}

func (z *zeiten) ausgeben(t *testing.T) {
	type eintrag struct {
		name string
		d    time.Duration
	}
	var alle []eintrag
	for n, d := range z.summe {
		alle = append(alle, eintrag{n, d})
	}
	sort.Slice(alle, func(i, j int) bool { return alle[i].d > alle[j].d })
	for i, e := range alle {
		if i == 25 {
			break
		}
		t.Logf("%9s %6d× %s", e.d.Round(time.Millisecond), z.anzahl[e.name], e.name)
	}
}
