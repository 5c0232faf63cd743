package seed

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/eabwasser/eabwasser/domain/ereignis"
	"github.com/eabwasser/eabwasser/domain/jahresbericht"
	"github.com/eabwasser/eabwasser/eventstore"
	"github.com/eabwasser/eabwasser/internal/plattform/kalender"
)

// The demo's past (issue 33). Production events carry the time of their commit
// (recorded_at DEFAULT now()) and no production code path changes it. The demo seed alone
// back-dates, here and nowhere else: one step of a demo object's life runs its commands
// through the ordinary command path inside a transaction the seed owns, and in the same
// transaction every event that transaction wrote — the command's, its reactions' — gets the
// step's time. The relay and the projectors only ever read committed events, so they see the
// past time and never the seed's minute. A test (zeitreise_test.go) keeps the UPDATE of
// recorded_at out of every Go file outside internal/werkzeug/seed. The scale seed dates the same way:
// its command path through amTag, its bulk path through datiere (scale_zeiten.go).

// amTag runs schritt in one transaction and records every event it appended at am, which
// must lie in the past.
//
// The documents the step wrote inline were written before the dating; the one that keeps a
// time, the annual report's geaendert (the recorded_at of the event at its version,
// internal/dokumente/jahresbericht.Schreibe), is taken from the dated event again here — a seed-only
// fix-up in the same transaction, so no reader ever sees the seed's minute. (The bulk path
// of the scale seed dates its events before it writes the documents and needs none.)
func amTag(ctx context.Context, store *eventstore.Store, am time.Time, schritt func(tx pgx.Tx) error) error {
	if !am.Before(time.Now()) {
		return fmt.Errorf("seed: %s liegt nicht in der Vergangenheit", am.Format(time.RFC3339))
	}
	return pgx.BeginFunc(ctx, store.Pool(), func(tx pgx.Tx) error {
		if err := schritt(tx); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `UPDATE events SET recorded_at = $1 WHERE tx_id = pg_current_xact_id()`, am); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, `UPDATE jahresbericht j SET geaendert = e.recorded_at FROM events e
			WHERE e.tx_id = pg_current_xact_id() AND e.stream_type = $1 AND e.stream_id = $1 || '-' || j.id AND e.version = j.version`,
			jahresbericht.StreamType)
		return err
	})
}

// datiere records the events at positionen at the moments zeiten (one each), in one statement
// of the caller's transaction: the scale seed's bulk path, before it writes the documents.
func datiere(ctx context.Context, tx pgx.Tx, positionen []int64, zeiten []time.Time) error {
	if len(positionen) == 0 {
		return nil
	}
	_, err := tx.Exec(ctx, `UPDATE events SET recorded_at = z.am FROM unnest($1::bigint[], $2::timestamptz[]) AS z(pos, am)
		WHERE global_position = z.pos`, positionen, zeiten)
	return err
}

// ordneLog writes the log anew in position order. The dating rewrote every event row once
// (an UPDATE puts the new row where there is room, mostly at the table's end): after a scale
// seed the events table would hold each event twice over, its live rows out of position order
// and its indexes bloated — a log no running system has (production appends in position order
// and never updates). CLUSTER on the primary key writes the table and its indexes as an
// append-only log has them, so what reads the log (rebuilds, the bench) reads what production
// would; ANALYZE gives the planner its statistics. It locks the table while it runs: the
// scale seed runs before the server starts.
func ordneLog(ctx context.Context, pool *pgxpool.Pool) error {
	if _, err := pool.Exec(ctx, `CLUSTER events USING events_pkey`); err != nil {
		return err
	}
	_, err := pool.Exec(ctx, `ANALYZE events`)
	return err
}

// befehlAm is one command of the demo's past: cmd to aggregate id of decider d, issued by md,
// recorded at am.
func befehlAm[S, C any](ctx context.Context, store *eventstore.Store, d ereignis.Decider[S, C], id int64, am time.Time, cmd C,
	md eventstore.Metadata) error {
	return amTag(ctx, store, am, func(tx pgx.Tx) error {
		_, err := eventstore.Befehle(store, d).HandleTx(ctx, tx, id, eventstore.VersionUnbekannt, cmd, md)
		return err
	})
}

// am is a moment of the demo's past, local time of the authority.
func am(jahr int, monat time.Month, tag, stunde, minute int) time.Time {
	return time.Date(jahr, monat, tag, stunde, minute, 0, 0, kalender.Zone)
}

// vorTagen is n days before today at stunde:minute: the recent steps (open applications, this
// year's reports) stay recent whenever the seed runs.
func vorTagen(n, stunde, minute int) time.Time {
	h := time.Now().In(kalender.Zone)
	return time.Date(h.Year(), h.Month(), h.Day()-n, stunde, minute, 0, 0, kalender.Zone)
}
