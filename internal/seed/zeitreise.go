package seed

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/eabwasser/eabwasser/domain/ereignis"
	"github.com/eabwasser/eabwasser/eventstore"
	"github.com/eabwasser/eabwasser/internal/kalender"
)

// The demo's past (issue 33). Production events carry the time of their commit
// (recorded_at DEFAULT now()) and no production code path changes it. The demo seed alone
// back-dates, here and nowhere else: one step of a demo object's life runs its commands
// through the ordinary command path inside a transaction the seed owns, and in the same
// transaction every event that transaction wrote — the command's, its reactions' — gets the
// step's time. The relay and the projectors only ever read committed events, so they see the
// past time and never the seed's minute. A test (zeitreise_test.go) keeps the UPDATE of
// recorded_at out of every other non-test Go file.

// amTag runs schritt in one transaction and records every event it appended at am, which
// must lie in the past.
func amTag(ctx context.Context, store *eventstore.Store, am time.Time, schritt func(tx pgx.Tx) error) error {
	if !am.Before(time.Now()) {
		return fmt.Errorf("seed: %s liegt nicht in der Vergangenheit", am.Format(time.RFC3339))
	}
	return pgx.BeginFunc(ctx, store.Pool(), func(tx pgx.Tx) error {
		if err := schritt(tx); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, `UPDATE events SET recorded_at = $1 WHERE tx_id = pg_current_xact_id()`, am)
		return err
	})
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
