package projections

import (
	"context"
	"fmt"
	"os"
	"runtime"
	"runtime/debug"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"golang.org/x/sync/errgroup"

	"github.com/eabwasser/eabwasser/eventstore"
)

// Progress of a rebuild.
type Progress struct {
	Done, Total  int64
	EventsPerSec float64
	ETA          time.Duration
}

const rebuildBatch = 10000

// NeuaufbauGC sets the garbage collector of a process that rebuilds (the command `projections
// rebuild`) to collect a quarter as often (GOGC=400) unless GOGC is set, and returns what
// restores it. A rebuild's live heap is the few batches in flight, a hundred megabytes, while
// it allocates every event's bytes once: with the default, collecting took a sixth of an audit
// rebuild's Go time (docs/benchmarks.md, findings of stop 23). The server keeps the default.
func NeuaufbauGC() (zurueck func()) {
	if os.Getenv("GOGC") != "" {
		return func() {}
	}
	alt := debug.SetGCPercent(400)
	return func() { debug.SetGCPercent(alt) }
}

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
	if err := schattenAnlegen(ctx, store.Pool(), p, shadow); err != nil {
		return err
	}
	f := &fortschritt{start: time.Now(), melden: progress}
	if err := store.Pool().QueryRow(ctx, `SELECT count(*) FROM events`).Scan(&f.total); err != nil {
		return err
	}
	cp, err := fuellen(ctx, store, p, shadow, f)
	if err != nil {
		return err
	}
	// The secondary indexes, each built once over the filled tables; then VACUUM and statistics,
	// without which the first queries after the swap plan badly (docs/benchmarks.md, finding 3).
	if err := IndexeBauen(ctx, store.Pool(), shadow, p); err != nil {
		return err
	}
	if err := Pflegen(ctx, store.Pool(), shadow); err != nil {
		return err
	}
	if err := tauschen(ctx, store, p, shadow, cp, f); err != nil {
		return err
	}
	f.melde()
	return nil
}

// schattenAnlegen creates the empty shadow schema of p, dropping one a broken rebuild left.
func schattenAnlegen(ctx context.Context, pool *pgxpool.Pool, p Projection, shadow string) error {
	return pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, fmt.Sprintf(`DROP SCHEMA IF EXISTS %q CASCADE`, shadow)); err != nil {
			return err
		}
		return createSchema(ctx, tx, shadow, p, false)
	})
}

// fortschritt counts a rebuild's events and reports them with rate and time left.
type fortschritt struct {
	start       time.Time
	done, total int64
	melden      func(Progress)
}

func (f *fortschritt) melde() {
	if f.melden == nil {
		return
	}
	el := time.Since(f.start).Seconds()
	pr := Progress{Done: f.done, Total: max(f.total, f.done)}
	if el > 0 {
		pr.EventsPerSec = float64(f.done) / el
	}
	if pr.EventsPerSec > 0 {
		pr.ETA = time.Duration(float64(pr.Total-f.done) / pr.EventsPerSec * float64(time.Second))
	}
	f.melden(pr)
}

// fuellen is the bulk phase: it applies the whole log to the shadow schema in batches, without
// the lock — the live read model goes on serving and updating — and returns where it stopped.
func fuellen(ctx context.Context, store *eventstore.Store, p Projection, shadow string, f *fortschritt) (eventstore.Cursor, error) {
	var cp eventstore.Cursor
	live, err := eventstore.LoadCheckpoint(ctx, store.Pool(), p.Name)
	if err != nil {
		return cp, err
	}
	// Reading the next batch overlaps with applying this one (two connections, two cores).
	lctx, stopLesen := context.WithCancel(ctx)
	defer stopLesen()
	stapel := lesen(lctx, store, rebuildBatch)
	if p.OhneLesen { // and projecting it too
		stapel = vorausProjizieren(lctx, p, stapel, live)
	}
	for l := range stapel {
		if l.err != nil {
			return cp, l.err
		}
		var n int
		err := pgx.BeginFunc(ctx, store.Pool(), func(tx pgx.Tx) error {
			// A crash loses nothing here: the shadow is thrown away and the rebuild starts
			// again. The shadow tables grow from empty: a generic plan made on an early batch
			// (the statements are prepared) would scan them whole in every later one.
			if _, err := tx.Exec(ctx, fmt.Sprintf(`SET LOCAL search_path TO %q, public; SET LOCAL synchronous_commit TO off;
				SET LOCAL plan_cache_mode TO force_custom_plan`, shadow)); err != nil {
				return err
			}
			var err error
			n, cp, err = applyEvents(ctx, tx, p, l.events, l.schreiben, cp, live, false)
			return err
		})
		if err != nil {
			return cp, err
		}
		f.done += int64(n)
		f.melde()
	}
	return cp, nil
}

// tauschen is the swap phase: the rest of the log after cp and the swap of the shadow schema
// for the live one, in one transaction under the projection's lock, with the new checkpoint.
func tauschen(ctx context.Context, store *eventstore.Store, p Projection, shadow string, cp eventstore.Cursor, f *fortschritt) error {
	return pgx.BeginFunc(ctx, store.Pool(), func(tx pgx.Tx) error {
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
			if n, cp, err = applyEvents(ctx, tx, p, events, nil, cp, live, false); err != nil {
				return err
			}
			f.done += int64(n)
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
}

// IndexeBauen builds the secondary indexes (Indexe) over the filled tables of a schema, several
// at a time on connections of their own: Postgres builds indexes of one table side by side, and
// one index can take as long as the others together (the audit trail's trigram index).
func IndexeBauen(ctx context.Context, pool *pgxpool.Pool, schema string, p Projection) error {
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(max(2, runtime.GOMAXPROCS(0)))
	for _, sql := range strings.Split(p.Indexe, ";") {
		if strings.TrimSpace(sql) == "" {
			continue
		}
		g.Go(func() error {
			return pgx.BeginFunc(gctx, pool, func(tx pgx.Tx) error {
				if _, err := tx.Exec(gctx, fmt.Sprintf(`SET LOCAL search_path TO %q, public; SET LOCAL maintenance_work_mem TO '256MB'`, schema)); err != nil {
					return err
				}
				if _, err := tx.Exec(gctx, sql); err != nil {
					return fmt.Errorf("projection %s: Indexe: %w", p.Name, err)
				}
				return nil
			})
		})
	}
	return g.Wait()
}

// Pflegen vacuums every table of a schema and gathers its statistics: a table filled by
// COPY has no visibility map yet, so an index-only scan (the Aufgaben count) would read the
// heap row by row until autovacuum came, and the first readers would set every row's hint
// bits. VACUUM of a fresh table reads it once (a few per cent of a rebuild).
func Pflegen(ctx context.Context, pool *pgxpool.Pool, schema string) error {
	rows, err := pool.Query(ctx, `SELECT tablename FROM pg_tables WHERE schemaname = $1`, schema)
	if err != nil {
		return err
	}
	tabellen, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return err
	}
	for _, t := range tabellen {
		if _, err := pool.Exec(ctx, fmt.Sprintf(`VACUUM (ANALYZE) %q.%q`, schema, t)); err != nil {
			return err
		}
	}
	return nil
}

type gelesen struct {
	events    []eventstore.Event
	schreiben *Schreiben // projected ahead (vorausProjizieren), else nil
	err       error
}

// lesen reads the log from its start in batches of size, one batch ahead of its reader; the
// channel ends after the first short batch (the rest is read under the swap's lock).
func lesen(ctx context.Context, store *eventstore.Store, size int) <-chan gelesen {
	ch := make(chan gelesen, 1)
	go func() {
		defer close(ch)
		var c eventstore.Cursor
		for {
			events, err := store.ReadAll(ctx, c, size)
			if err == nil && len(events) == 0 {
				return
			}
			select {
			case ch <- gelesen{events: events, err: err}:
			case <-ctx.Done():
				return
			}
			if err != nil || len(events) < size {
				return
			}
			c = events[len(events)-1].Cursor()
		}
	}()
	return ch
}

// vorausProjizieren projects the batches of a projection that reads nothing (OhneLesen) as they
// are read, one batch ahead of their writing: the projector's own time overlaps with the COPY
// of the batch before instead of leaving the database waiting.
func vorausProjizieren(ctx context.Context, p Projection, stapel <-chan gelesen, bekannt eventstore.Cursor) <-chan gelesen {
	ch := make(chan gelesen, 1)
	go func() {
		defer close(ch)
		for l := range stapel {
			if l.err == nil {
				l.schreiben, l.err = projizieren(ctx, p, &Stapel{Events: l.events, bekannt: bekannt})
				if l.err == nil && l.schreiben == nil {
					l.schreiben = &Schreiben{} // projected, nothing to write
				}
			}
			select {
			case ch <- l:
			case <-ctx.Done():
				return
			}
			if l.err != nil {
				return
			}
		}
	}()
	return ch
}
