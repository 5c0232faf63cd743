package bench

import (
	"context"
	"fmt"
	"io"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/eabwasser/eabwasser/eventstore"
	"github.com/eabwasser/eabwasser/internal/seed"
	"github.com/eabwasser/eabwasser/projections"
	"github.com/eabwasser/eabwasser/projections/arbeitsliste"
	"github.com/eabwasser/eabwasser/projections/audit"
	"github.com/eabwasser/eabwasser/projections/nachrichten"
)

// seed fills the bench database with `seed --scale N` (the bulk path, proven equal to the
// command path by the seed package's test).
func (l *lauf) seed(ctx context.Context) error {
	var gemeldet time.Time
	b, err := seed.Skalieren(ctx, l.store, seed.Skalierung{N: l.o.Scale, Fortschritt: func(f seed.Fortschritt) {
		if time.Since(gemeldet) >= 5*time.Second || f.Objekte == f.Gesamt {
			gemeldet = time.Now()
			l.printf("  seed: %-15s %s/%s, %s events, %s events/s", f.Phase, zahl(f.Objekte), zahl(f.Gesamt),
				zahl(f.Ereignisse), zahl(f.ProSekunde()))
		}
	}})
	if err != nil {
		return err
	}
	rate := float64(b.Ereignisse) / b.Dauer.Seconds()
	l.messung(Messung{ID: "seed.scale", Bereich: "Scale data", Name: fmt.Sprintf("seed --scale %d", l.o.Scale),
		Text: fmt.Sprintf("%s events in %s = %s events/s (%s Betriebe, %s Anlagen, %s organisations, %s users)", zahl(b.Ereignisse),
			b.Dauer.Round(100*time.Millisecond), zahl(rate), zahl(b.Betriebe), zahl(b.Anlagen), zahl(b.Organisationen), zahl(b.Anwender)),
		Werte: map[string]float64{"events": float64(b.Ereignisse), "seconds": b.Dauer.Seconds(), "events_per_s": rate,
			"betriebe": float64(b.Betriebe), "anlagen": float64(b.Anlagen), "organisations": float64(b.Organisationen), "users": float64(b.Anwender)}})
	return nil
}

// neuaufbau rebuilds the worklist and the audit trail over the whole log, each next to a raw
// COPY of the rows it produced, and brings the messages read model up to date for the server.
func (l *lauf) neuaufbau(ctx context.Context) error {
	if err := l.sichtbar(ctx); err != nil {
		return err
	}
	var gesamt int64
	if err := l.pool.QueryRow(ctx, `SELECT count(*) FROM events`).Scan(&gesamt); err != nil {
		return err
	}
	l.printf("  %s events in the log", zahl(gesamt))
	if err := l.globalLesen(ctx, gesamt); err != nil {
		return err
	}
	for _, p := range []projections.Projection{arbeitsliste.Projection, audit.Projection} {
		var gemeldet time.Time
		var fertig int64
		start := time.Now()
		err := projections.Rebuild(ctx, l.store, p, func(pr projections.Progress) {
			fertig = pr.Done
			if time.Since(gemeldet) >= 5*time.Second {
				gemeldet = time.Now()
				l.printf("  rebuild %s: %s/%s events, %s events/s", p.Name, zahl(pr.Done), zahl(pr.Total), zahl(pr.EventsPerSec))
			}
		})
		if err != nil {
			return err
		}
		d := time.Since(start)
		rate := float64(fertig) / d.Seconds()
		l.messung(Messung{ID: "rebuild." + p.Name, Bereich: "Rebuild", Name: "projections rebuild " + p.Name,
			Text:  fmt.Sprintf("%s events in %s = %s events/s", zahl(fertig), d.Round(100*time.Millisecond), zahl(rate)),
			Werte: map[string]float64{"events": float64(fertig), "seconds": d.Seconds(), "events_per_s": rate}}.
			mitZiel("≥ 50,000 events/s", rate >= 50000))
		zeilen, dc, err := l.kopieren(ctx, p)
		if err != nil {
			return err
		}
		kopieRate := float64(fertig) / dc.Seconds()
		l.messung(Messung{ID: "rebuild." + p.Name + ".copy", Bereich: "Rebuild",
			Name:  "raw COPY of the same " + p.Name + " rows (lower bound)",
			Text:  fmt.Sprintf("%s rows in %s = %s events/s equivalent", zahl(zeilen), dc.Round(100*time.Millisecond), zahl(kopieRate)),
			Werte: map[string]float64{"rows": float64(zeilen), "seconds": dc.Seconds(), "events_per_s_equivalent": kopieRate}})
		l.messung(Messung{ID: "rebuild." + p.Name + ".ratio", Bereich: "Rebuild", Name: "rebuild " + p.Name + " ÷ COPY",
			Text:  fmt.Sprintf("%.2f (rebuild takes %.1f× the time of the COPY)", dc.Seconds()/d.Seconds(), d.Seconds()/dc.Seconds()),
			Werte: map[string]float64{"ratio": dc.Seconds() / d.Seconds()}})
	}
	return l.nachrichtenAufholen(ctx, gesamt)
}

// nachrichtenAufholen lets the messages read model catch up from zero for a bounded time and
// reports its rate; then it puts the model's checkpoint at the head of the log, so the server
// does not spend the measurements catching up (the messages are not measured).
func (l *lauf) nachrichtenAufholen(ctx context.Context, gesamt int64) error {
	box := l.o.dauer(90*time.Second, 20*time.Second)
	l.printf("  catch-up nachrichten for at most %s", box)
	cctx, cancel := context.WithTimeout(ctx, box)
	start := time.Now()
	_, err := projections.CatchUp(cctx, l.store, nachrichten.Projection)
	d := time.Since(start)
	abgebrochen := cctx.Err() != nil
	cancel()
	if err != nil && !abgebrochen {
		return err
	}
	if ctx.Err() != nil {
		return ctx.Err()
	}
	cp, err := eventstore.LoadCheckpoint(ctx, l.pool, nachrichten.Name)
	if err != nil {
		return err
	}
	var fertig int64
	if err := l.pool.QueryRow(ctx, `SELECT count(*) FROM events WHERE (tx_id, global_position) <= ($1::bigint::text::xid8, $2)`,
		cp.TxID, cp.Position).Scan(&fertig); err != nil {
		return err
	}
	rate := float64(fertig) / d.Seconds()
	text := fmt.Sprintf("%s events in %s = %s events/s", zahl(fertig), d.Round(100*time.Millisecond), zahl(rate))
	if fertig < gesamt {
		text += fmt.Sprintf(" (stopped after %s; all %s would take %s)", box, zahl(gesamt),
			(time.Duration(float64(gesamt)/rate) * time.Second).Round(time.Minute))
	}
	l.messung(Messung{ID: "catchup.nachrichten", Bereich: "Rebuild", Name: "catch-up nachrichten (messages) from zero",
		Text: text, Werte: map[string]float64{"events": float64(fertig), "seconds": d.Seconds(), "events_per_s": rate}})
	if fertig == gesamt {
		return nil
	}
	var kopf eventstore.Cursor
	if err := l.pool.QueryRow(ctx, `SELECT tx_id::text::bigint, global_position FROM events
		ORDER BY tx_id DESC, global_position DESC LIMIT 1`).Scan(&kopf.TxID, &kopf.Position); err != nil {
		return err
	}
	_, err = l.pool.Exec(ctx, `UPDATE checkpoints SET tx_id = $2, position = $3, updated_at = now() WHERE name = $1`,
		nachrichten.Name, kopf.TxID, kopf.Position)
	return err
}

// kopieren copies the rows of the read model's tables with COPY (binary, Postgres to
// Postgres) into a schema created with the same DDL: the cost of writing those rows with
// their indexes, without reading and applying events.
func (l *lauf) kopieren(ctx context.Context, p projections.Projection) (int64, time.Duration, error) {
	ziel := "bench_kopie_" + p.Name
	err := pgx.BeginFunc(ctx, l.pool, func(tx pgx.Tx) error {
		for _, sql := range []string{fmt.Sprintf(`DROP SCHEMA IF EXISTS %q CASCADE`, ziel), fmt.Sprintf(`CREATE SCHEMA %q`, ziel),
			fmt.Sprintf(`SET LOCAL search_path TO %q, public`, ziel), p.Schema} {
			if _, err := tx.Exec(ctx, sql); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return 0, 0, err
	}
	defer l.pool.Exec(context.Background(), fmt.Sprintf(`DROP SCHEMA IF EXISTS %q CASCADE`, ziel)) //nolint:errcheck
	rows, err := l.pool.Query(ctx, `SELECT tablename FROM pg_tables WHERE schemaname = $1 ORDER BY tablename`, p.Name)
	if err != nil {
		return 0, 0, err
	}
	tabellen, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return 0, 0, err
	}
	quelle, err := l.pool.Acquire(ctx)
	if err != nil {
		return 0, 0, err
	}
	defer quelle.Release()
	senke, err := l.pool.Acquire(ctx)
	if err != nil {
		return 0, 0, err
	}
	defer senke.Release()
	start := time.Now()
	var n int64
	for _, t := range tabellen {
		pr, pw := io.Pipe()
		gelesen := make(chan error, 1)
		go func() {
			_, err := quelle.Conn().PgConn().CopyTo(ctx, pw, fmt.Sprintf(`COPY %q.%q TO STDOUT (FORMAT binary)`, p.Name, t))
			pw.CloseWithError(err)
			gelesen <- err
		}()
		tag, err := senke.Conn().PgConn().CopyFrom(ctx, pr, fmt.Sprintf(`COPY %q.%q FROM STDIN (FORMAT binary)`, ziel, t))
		pr.Close()
		if errLesen := <-gelesen; err == nil {
			err = errLesen
		}
		if err != nil {
			return 0, 0, fmt.Errorf("COPY %s: %w", t, err)
		}
		n += tag.RowsAffected()
	}
	return n, time.Since(start), nil
}

// globalLesen times the read path of catch-up and rebuild: one batch of the commit-ordered
// global log (eventstore.ReadAll) from the start of the log and from its middle. It should cost
// the same wherever the cursor stands; a read that sorts the rest of the log makes every
// catch-up and rebuild quadratic in the length of the log.
func (l *lauf) globalLesen(ctx context.Context, gesamt int64) error {
	var mitte eventstore.Cursor
	if err := l.pool.QueryRow(ctx, `SELECT tx_id::text::bigint, global_position FROM events
		ORDER BY global_position OFFSET $1 LIMIT 1`, gesamt/2).Scan(&mitte.TxID, &mitte.Position); err != nil {
		return err
	}
	for _, c := range []struct {
		id, name string
		cursor   eventstore.Cursor
	}{{"start", "from the start of the log", eventstore.Cursor{}}, {"middle", "from the middle of the log", mitte}} {
		var lat latenzen
		for range 3 {
			start := time.Now()
			events, err := l.store.ReadAll(ctx, c.cursor, 5000)
			if err != nil {
				return err
			}
			if len(events) != 5000 {
				return fmt.Errorf("ReadAll %s: %d events", c.name, len(events))
			}
			lat.add(time.Since(start))
		}
		d := lat.quantil(0.5)
		l.messung(Messung{ID: "read_all." + c.id, Bereich: "Rebuild", Name: "ReadAll of 5,000 events " + c.name,
			Text: fmt.Sprintf("%s (median of 3)", zeit(d)), Werte: map[string]float64{"ms": ms(d), "events": 5000}})
		if d > time.Second {
			l.printf("  WARNING: ReadAll sorts the rest of the log for every batch; rebuild and catch-up of %s events will take very long",
				zahl(gesamt))
		}
	}
	return nil
}
