package bench

import (
	"context"
	"fmt"
	"io"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/eabwasser/eabwasser/eventstore"
	"github.com/eabwasser/eabwasser/internal/verdrahtung/app"
	"github.com/eabwasser/eabwasser/internal/werkzeug/seed"
	"github.com/eabwasser/eabwasser/projections"
	"github.com/eabwasser/eabwasser/projections/arbeitsliste"
	"github.com/eabwasser/eabwasser/projections/audit"
	"github.com/eabwasser/eabwasser/projections/nachrichten"
)

// seed fills the bench database with `seed --scale N` (the bulk path, proven equal to the
// command path by the seed package's test).
func (l *lauf) seed(ctx context.Context) error {
	var gemeldet time.Time
	b, err := seed.Skalieren(ctx, l.store, seed.Skalierung{N: l.skala, Fortschritt: func(f seed.Fortschritt) {
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
	l.messung(Messung{ID: "seed.scale", Bereich: "Scale data", Name: fmt.Sprintf("seed --scale %d", l.skala),
		Text: fmt.Sprintf("%s events in %s = %s events/s (%s Betriebe, %s Anlagen, %s Messstellen, %s Bescheide, %s Jahresberichte, %s organisations, %s users)",
			zahl(b.Ereignisse), b.Dauer.Round(100*time.Millisecond), zahl(rate), zahl(b.Betriebe), zahl(b.Anlagen), zahl(b.Messstellen),
			zahl(b.Bescheide), zahl(b.Jahresberichte), zahl(b.Organisationen), zahl(b.Anwender)),
		Werte: map[string]float64{"events": float64(b.Ereignisse), "seconds": b.Dauer.Seconds(), "events_per_s": rate,
			"betriebe": float64(b.Betriebe), "anlagen": float64(b.Anlagen), "messstellen": float64(b.Messstellen), "bescheide": float64(b.Bescheide),
			"jahresberichte": float64(b.Jahresberichte), "organisations": float64(b.Organisationen), "users": float64(b.Anwender)}})
	return nil
}

// neuaufbau rebuilds every read model of internal/verdrahtung/app over the whole log, each next to its
// COPY bound (kopieren), and lets the messages read model catch up from zero instead (a
// rebuild would replay with Wiederholung; the catch-up is the path of a new read model and of
// a projector far behind). Afterwards every read model is at the head of the log, so the
// server does not spend the measurements catching up.
func (l *lauf) neuaufbau(ctx context.Context) error {
	if err := l.sichtbar(ctx); err != nil {
		return err
	}
	var gesamt int64
	if err := l.pool.QueryRow(ctx, `SELECT count(*) FROM events`).Scan(&gesamt); err != nil {
		return err
	}
	l.printf("  %s events in the log", zahl(gesamt))
	// The log as a running system has it: autovacuum has visited the events (hint bits set,
	// visibility map, statistics) and a checkpoint has written them. Right after the bulk seed
	// neither has happened, and the first rebuild would pay for setting the hint bits of every
	// page and compete with autovacuum and the checkpointer for the cores (docs/benchmarks.md,
	// "What each figure means", Rebuild).
	start := time.Now()
	if _, err := l.pool.Exec(ctx, `VACUUM (ANALYZE) events`); err != nil {
		return err
	}
	if _, err := l.pool.Exec(ctx, `CHECKPOINT`); err != nil { // needs superuser or pg_checkpoint
		l.printf("  CHECKPOINT not allowed (%v): the first rebuild may share the machine with the checkpointer", err)
	}
	d := time.Since(start)
	l.messung(Messung{ID: "vacuum.events", Bereich: "Rebuild", Name: "VACUUM (ANALYZE) events and CHECKPOINT after the seed",
		Text: fmt.Sprintf("%s events in %s", zahl(gesamt), d.Round(100*time.Millisecond)), Werte: map[string]float64{"seconds": d.Seconds()}})
	if err := l.globalLesen(ctx, gesamt); err != nil {
		return err
	}
	if err := l.lesegrenze(ctx); err != nil {
		return err
	}
	for _, p := range app.Projections() {
		if p.Name == nachrichten.Name {
			if err := l.nachrichtenAufholen(ctx, p, gesamt); err != nil {
				return err
			}
			continue
		}
		if err := l.neuAufbauen(ctx, p); err != nil {
			return err
		}
	}
	return nil
}

// neuAufbauen rebuilds one read model, next to its COPY bound, with the garbage collector as the
// command `projections rebuild` sets it.
func (l *lauf) neuAufbauen(ctx context.Context, p projections.Projection) error {
	defer projections.NeuaufbauGC()()
	var gemeldet time.Time
	var fertig int64
	s := beginnen()
	err := projections.Rebuild(ctx, l.store, p, func(pr projections.Progress) {
		fertig = pr.Done
		if time.Since(gemeldet) >= 10*time.Second {
			gemeldet = time.Now()
			l.printf("  rebuild %s: %s/%s events, %s events/s, ETA %s", p.Name, zahl(pr.Done), zahl(pr.Total), zahl(pr.EventsPerSec),
				pr.ETA.Round(time.Second))
		}
	})
	if err != nil {
		return fmt.Errorf("rebuild %s: %w", p.Name, err)
	}
	a := s.ende()
	d := a.dauer
	rate := float64(fertig) / d.Seconds()
	m := Messung{ID: "rebuild." + p.Name, Bereich: "Rebuild", Name: "projections rebuild " + p.Name,
		Text:  fmt.Sprintf("%s events in %s = %s events/s%s", zahl(fertig), d.Round(100*time.Millisecond), zahl(rate), a.text()),
		Werte: a.werte(map[string]float64{"events": float64(fertig), "seconds": d.Seconds(), "events_per_s": rate})}
	if p.Name == arbeitsliste.Name {
		m = m.mitZiel("≥ 50,000 events/s", rate >= 50000)
	}
	l.messung(m)
	return l.schranke(ctx, p, "rebuild", "rebuild "+p.Name, fertig, a)
}

// zielVerhaeltnis is the target of issue 13 for a read model's rebuild ÷ COPY bound (absent: none).
var zielVerhaeltnis = map[string]float64{arbeitsliste.Name: 0.3, audit.Name: 0.8}

// schranke measures the COPY bound of the rows the read model holds after `ereignisse` events
// took `gebraucht`, and reports it with the ratio of the two.
func (l *lauf) schranke(ctx context.Context, p projections.Projection, art, wie string, ereignisse int64, gebraucht aufwand) error {
	zeilen, kopie, err := l.kopieren(ctx, p)
	if err != nil {
		return fmt.Errorf("COPY bound of %s: %w", p.Name, err)
	}
	d, dc := gebraucht.dauer, kopie.dauer
	kopieRate := float64(ereignisse) / dc.Seconds()
	l.messung(Messung{ID: art + "." + p.Name + ".copy", Bereich: "Rebuild",
		Name: "COPY bound: the same " + p.Name + " rows into its Schema, then its Indexe",
		Text: fmt.Sprintf("%s rows in %s = %s events/s equivalent%s", zahl(zeilen), dc.Round(100*time.Millisecond), zahl(kopieRate),
			kopie.text()),
		Werte: kopie.werte(map[string]float64{"rows": float64(zeilen), "seconds": dc.Seconds(), "events_per_s_equivalent": kopieRate})})
	r := dc.Seconds() / d.Seconds()
	m := Messung{ID: art + "." + p.Name + ".ratio", Bereich: "Rebuild", Name: wie + " ÷ COPY bound",
		Text:  fmt.Sprintf("%.2f (%s takes %.1f× the time of the COPY)", r, wie, d.Seconds()/dc.Seconds()),
		Werte: map[string]float64{"ratio": r}}
	if z, ok := zielVerhaeltnis[p.Name]; ok {
		m = m.mitZiel(fmt.Sprintf("≥ %.2f", z), r >= z)
	}
	l.messung(m)
	if gebraucht.sekunden > 0 && kopie.sekunden > 0 { // what the two cost the machine, whatever else it did meanwhile
		rc := kopie.sekunden / gebraucht.sekunden
		l.messung(Messung{ID: art + "." + p.Name + ".ratio_cpu", Bereich: "Rebuild", Name: wie + " ÷ COPY bound, in machine CPU-seconds",
			Text:  fmt.Sprintf("%.2f (%.0f ÷ %.0f CPU-s)", rc, kopie.sekunden, gebraucht.sekunden),
			Werte: map[string]float64{"ratio": rc}})
	}
	return nil
}

// nachrichtenAufholen lets the messages read model catch up from zero (an empty read model,
// checkpoint 0: the live projector's path, batches of 5,000 with the indexes in place) for a
// bounded time and reports its rate, its COPY bound and the mails it queued. Catching up from
// zero is not a rebuild: every event is new to the read model, so a recipient who wants mail
// gets one; the outbox's unique key (public.mail_ausgang.schluessel) is what keeps a mail from
// being queued twice, and the bench checks that no key is there twice. If stopped, it puts the
// model's checkpoint at the head of the log, so the server does not spend the measurements
// catching up (the messages are not measured there).
func (l *lauf) nachrichtenAufholen(ctx context.Context, p projections.Projection, gesamt int64) error {
	// long enough for a catch-up at the target (30,000 events/s) to finish, 90 s to 5 min
	box := l.o.dauer(min(max(time.Duration(gesamt/25000)*time.Second, 90*time.Second), 5*time.Minute), 20*time.Second)
	var mailsVorher int64
	if err := l.pool.QueryRow(ctx, `SELECT count(*) FROM public.mail_ausgang`).Scan(&mailsVorher); err != nil {
		return err
	}
	var kopfPosition int64
	if err := l.pool.QueryRow(ctx, `SELECT coalesce(max(global_position), 0) FROM events`).Scan(&kopfPosition); err != nil {
		return err
	}
	l.printf("  catch-up %s from zero for at most %s", p.Name, box)
	cctx, cancel := context.WithTimeout(ctx, box)
	start := time.Now()
	fortschritt := make(chan struct{})
	go func() { // progress from the checkpoint's position (positions are about the number of events)
		t := time.NewTicker(10 * time.Second)
		defer t.Stop()
		for {
			select {
			case <-fortschritt:
				return
			case <-t.C:
			}
			if cp, err := eventstore.LoadCheckpoint(cctx, l.pool, p.Name); err == nil {
				l.printf("  catch-up %s: at position %s of %s, about %s events/s", p.Name, zahl(cp.Position), zahl(kopfPosition),
					zahl(float64(cp.Position)/time.Since(start).Seconds()))
			}
		}
	}()
	_, err := projections.CatchUp(cctx, l.store, p)
	d := time.Since(start)
	close(fortschritt)
	abgebrochen := cctx.Err() != nil
	cancel()
	if err != nil && !abgebrochen {
		return fmt.Errorf("catch-up %s: %w", p.Name, err)
	}
	if ctx.Err() != nil {
		return ctx.Err()
	}
	cp, err := eventstore.LoadCheckpoint(ctx, l.pool, p.Name)
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
			(time.Duration(float64(gesamt)/rate) * time.Second).Round(time.Second))
	}
	l.messung(Messung{ID: "catchup." + p.Name, Bereich: "Rebuild", Name: "catch-up " + p.Name + " (messages) from zero",
		Text: text, Werte: map[string]float64{"events": float64(fertig), "seconds": d.Seconds(), "events_per_s": rate}}.
		mitZiel("≥ 30,000 events/s", rate >= 30000))
	var mails, doppelt int64
	if err := l.pool.QueryRow(ctx, `SELECT count(*), count(*) - count(DISTINCT schluessel) FROM public.mail_ausgang`).
		Scan(&mails, &doppelt); err != nil {
		return err
	}
	mails -= mailsVorher
	l.messung(Messung{ID: "catchup." + p.Name + ".mails", Bereich: "Rebuild", Name: "mails the catch-up queued (public.mail_ausgang)",
		Text:  fmt.Sprintf("%s queued, %s keys twice (no SMTP: the bench's server writes them into its temporary mailbox)", zahl(mails), zahl(doppelt)),
		Werte: map[string]float64{"mails": float64(mails), "duplicates": float64(doppelt)}}.
		mitZiel("no mail twice", doppelt == 0))
	if err := l.schranke(ctx, p, "catchup", "catch-up "+p.Name, fertig, aufwand{dauer: d}); err != nil {
		return err
	}
	if fertig == gesamt {
		return nil
	}
	var kopf eventstore.Cursor
	if err := l.pool.QueryRow(ctx, `SELECT tx_id::text::bigint, global_position FROM events
		ORDER BY tx_id DESC, global_position DESC LIMIT 1`).Scan(&kopf.TxID, &kopf.Position); err != nil {
		return err
	}
	_, err = l.pool.Exec(ctx, `UPDATE checkpoints SET tx_id = $2, position = $3, updated_at = now() WHERE name = $1`,
		p.Name, kopf.TxID, kopf.Position)
	return err
}

// kopieren is the COPY bound of a read model: its rows, copied with binary COPY (Postgres to
// Postgres) into a schema with its tables as Schema creates them (primary keys and unique
// constraints only), then its Indexe created over the filled tables and the tables vacuumed
// and analysed (projections.Pflegen) — what a rebuild does with its shadow schema, without
// reading and applying events. The steps are timed together.
func (l *lauf) kopieren(ctx context.Context, p projections.Projection) (int64, aufwand, error) {
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
		return 0, aufwand{}, err
	}
	defer l.pool.Exec(context.Background(), fmt.Sprintf(`DROP SCHEMA IF EXISTS %q CASCADE`, ziel)) //nolint:errcheck
	rows, err := l.pool.Query(ctx, `SELECT tablename FROM pg_tables WHERE schemaname = $1 ORDER BY tablename`, p.Name)
	if err != nil {
		return 0, aufwand{}, err
	}
	tabellen, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return 0, aufwand{}, err
	}
	quelle, err := l.pool.Acquire(ctx)
	if err != nil {
		return 0, aufwand{}, err
	}
	defer quelle.Release()
	senke, err := l.pool.Acquire(ctx)
	if err != nil {
		return 0, aufwand{}, err
	}
	defer senke.Release()
	s := beginnen()
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
			return 0, aufwand{}, fmt.Errorf("COPY %s: %w", t, err)
		}
		n += tag.RowsAffected()
	}
	// as the rebuild builds them
	if err := projections.IndexeBauen(ctx, l.pool, ziel, p); err != nil {
		return 0, aufwand{}, err
	}
	if err := projections.Pflegen(ctx, l.pool, ziel); err != nil {
		return 0, aufwand{}, err
	}
	return n, s.ende(), nil
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

// lesegrenze rebuilds a read model that writes nothing: what reading and decoding the log costs
// every rebuild, the floor under each rebuild's time whatever it writes (a rebuild reads the
// next batch while it writes the current one, so its time is at least the larger of the two).
func (l *lauf) lesegrenze(ctx context.Context) error {
	leer := projections.Projection{Name: "bench_lesen", Schema: `CREATE TABLE nichts (id bigint PRIMARY KEY)`,
		Projiziere: func(context.Context, *projections.Stapel) (*projections.Schreiben, error) {
			return &projections.Schreiben{}, nil
		}}
	s := beginnen()
	var fertig int64
	if err := projections.Rebuild(ctx, l.store, leer, func(pr projections.Progress) { fertig = pr.Done }); err != nil {
		return err
	}
	a := s.ende()
	d := a.dauer
	rate := float64(fertig) / d.Seconds()
	l.messung(Messung{ID: "rebuild.lesen", Bereich: "Rebuild", Name: "reading floor: rebuild of a read model that writes nothing",
		Text:  fmt.Sprintf("%s events in %s = %s events/s%s", zahl(fertig), d.Round(100*time.Millisecond), zahl(rate), a.text()),
		Werte: a.werte(map[string]float64{"events": float64(fertig), "seconds": d.Seconds(), "events_per_s": rate})})
	_, err := l.pool.Exec(ctx, `DROP SCHEMA IF EXISTS bench_lesen CASCADE; DELETE FROM checkpoints WHERE name = 'bench_lesen'`)
	return err
}
