package seed

// How the scale seed writes its plans: on the command path or in bulk, in parallel.

import (
	"context"
	"encoding/json"
	"fmt"
	"reflect"
	"sync"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/eabwasser/eabwasser/domain/ereignis"
	"github.com/eabwasser/eabwasser/eventstore"
)

// --- execution -----------------------------------------------------------------------------

// ausfuehren gives the commands of n plans to the decider, on the command path or in bulk, with
// Parallel workers, and reports progress. Plans are made when their turn comes (memory).
func ausfuehren[S, C any](ctx context.Context, l *lauf, phase string, d ereignis.Decider[S, C],
	schreibe func(context.Context, pgx.Tx, int64, S, int) error, n int, planFuer func(int) plan) error {
	var fertig atomic.Int64
	melde := func() {
		if l.s.Fortschritt != nil {
			l.s.Fortschritt(Fortschritt{Phase: phase, Objekte: fertig.Load(), Gesamt: int64(n),
				Ereignisse: l.ereignisse.Load(), Dauer: time.Since(l.start)})
		}
	}
	stop := make(chan struct{})
	var tick sync.WaitGroup
	tick.Add(1)
	go func() {
		defer tick.Done()
		t := time.NewTicker(time.Second)
		defer t.Stop()
		for {
			select {
			case <-stop:
				return
			case <-t.C:
				melde()
			}
		}
	}()
	defer func() { close(stop); tick.Wait(); melde() }()

	const stueck = 20 // plans per transaction on the bulk path
	var next atomic.Int64
	errs := make(chan error, l.s.Parallel)
	var wg sync.WaitGroup
	for range l.s.Parallel {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for ctx.Err() == nil {
				von := int(next.Add(stueck)) - stueck
				if von >= n {
					return
				}
				teil := make([]plan, 0, stueck)
				var err error
				for i := von; i < min(von+stueck, n) && err == nil; i++ {
					teil = append(teil, planFuer(i))
					err = l.zeitfolge(&teil[len(teil)-1])
				}
				var k int
				switch {
				case err != nil:
				case l.s.Befehlsweg:
					k, err = befehlsweg(ctx, l.store, d, teil)
				default:
					k, err = massenweg(ctx, l.plain, d, schreibe, teil)
				}
				if err != nil {
					errs <- fmt.Errorf("%s: %w", phase, err)
					return
				}
				l.ereignisse.Add(int64(k))
				fertig.Add(int64(len(teil)))
			}
		}()
	}
	wg.Wait()
	close(errs)
	if err := <-errs; err != nil {
		return err
	}
	return ctx.Err()
}

// befehlsweg: each command through the one command handler, as the API does it, in a
// transaction of its own that records its events at the step's moment (amTag, as the demo's).
func befehlsweg[S, C any](ctx context.Context, store *eventstore.Store, d ereignis.Decider[S, C], plaene []plan) (int, error) {
	n := 0
	for _, p := range plaene {
		for i, s := range p.schritte {
			var out eventstore.Appended
			err := amTag(ctx, store, s.am, func(tx pgx.Tx) error {
				var err error
				out, err = eventstore.Befehle(store, d).HandleTx(ctx, tx, p.id, eventstore.VersionUnbekannt, s.befehl.(C), s.md)
				return err
			})
			if err != nil {
				return n, fmt.Errorf("%s Schritt %d (%T): %w", eventstore.StreamID(d.StreamType, p.id), i+1, s.befehl, err)
			}
			n += len(out.Events)
		}
	}
	return n, nil
}

// massenweg decides the commands of several aggregates in memory with the same decider — every
// event goes through JSON and Decode before Evolve, exactly as Handle reads it back — appends
// the events of each run of commands with the same metadata at once, records every event at
// its step's moment with one statement, and then writes each document once, all in one
// transaction: the documents see the events' final times, as on the command path.
func massenweg[S, C any](ctx context.Context, plain *eventstore.Store, d ereignis.Decider[S, C],
	schreibe func(context.Context, pgx.Tx, int64, S, int) error, plaene []plan) (int, error) {
	type stand struct {
		id      int64
		state   S
		version int
	}
	n := 0
	err := pgx.BeginFunc(ctx, plain.Pool(), func(tx pgx.Tx) error {
		n = 0
		var positionen []int64
		var zeiten []time.Time
		staende := make([]stand, 0, len(plaene))
		for _, p := range plaene {
			streamID := eventstore.StreamID(d.StreamType, p.id)
			state, version := d.Initial(), 0
			var gruppe []eventstore.NewEvent
			var gruppeAm []time.Time // the moment of each event of the group
			var gruppeMd eventstore.Metadata
			flush := func() error {
				if len(gruppe) == 0 {
					return nil
				}
				expected := version
				if expected == 0 {
					expected = eventstore.NoStream
				}
				out, err := plain.AppendTx(ctx, tx, streamID, d.StreamType, expected, gruppe, gruppeMd)
				if err != nil {
					return err
				}
				for k, e := range out.Events {
					positionen, zeiten = append(positionen, e.Position), append(zeiten, gruppeAm[k])
				}
				version, n, gruppe, gruppeAm = out.Version, n+len(out.Events), nil, nil
				return nil
			}
			for i, s := range p.schritte {
				decided, err := d.Decide(state, s.befehl.(C))
				if err != nil {
					return fmt.Errorf("%s Schritt %d (%T): %w", streamID, i+1, s.befehl, err)
				}
				md := s.md
				md.AuditInfo = eventstore.Datierung(decided) // as Handle writes it
				if len(decided) > 0 && len(gruppe) > 0 && !reflect.DeepEqual(gruppeMd, md) {
					if err := flush(); err != nil {
						return err
					}
				}
				for _, e := range decided {
					data, err := json.Marshal(e)
					if err != nil {
						return err
					}
					gelesen, err := d.Decode(e.EventType(), data)
					if err != nil {
						return err
					}
					state = d.Evolve(state, gelesen)
					gruppe, gruppeMd = append(gruppe, eventstore.NewEvent{Type: e.EventType(), Data: json.RawMessage(data)}), md
					gruppeAm = append(gruppeAm, s.am)
				}
			}
			if err := flush(); err != nil {
				return err
			}
			if version > 0 {
				staende = append(staende, stand{id: p.id, state: state, version: version})
			}
		}
		if err := datiere(ctx, tx, positionen, zeiten); err != nil {
			return err
		}
		for _, st := range staende {
			if err := schreibe(ctx, tx, st.id, st.state, st.version); err != nil {
				return err
			}
		}
		return nil
	})
	return n, err
}
