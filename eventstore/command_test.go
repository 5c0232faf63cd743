package eventstore_test

import (
	"context"
	"encoding/json"
	"errors"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/jackc/pgx/v5"

	"github.com/eabwasser/eabwasser/domain/ereignis"
	"github.com/eabwasser/eabwasser/eventstore"
)

type erhoeht struct{ Um int }

func (erhoeht) EventType() string { return "Erhoeht" }

type erhoehe struct{ Um int }

// zaehler is a tiny aggregate whose Decode counts how often stored events are read back.
func zaehler(gelesen *int) ereignis.Decider[int, erhoehe] {
	katalog := ereignis.Katalog(ereignis.Art[erhoeht]())
	return ereignis.Decider[int, erhoehe]{
		StreamType: "zaehler",
		Initial:    func() int { return 0 },
		Evolve:     func(s int, e ereignis.DomainEvent) int { return s + e.(erhoeht).Um },
		Decide:     func(_ int, c erhoehe) ([]ereignis.DomainEvent, error) { return []ereignis.DomainEvent{erhoeht(c)}, nil },
		Decode: func(t string, data json.RawMessage) (ereignis.DomainEvent, error) {
			*gelesen++
			return katalog.Decode(t, data)
		},
	}
}

func TestHandle_FoldsTheStreamOnceAndWritesTheDocumentFromThatState(t *testing.T) {
	ctx := context.Background()
	s := newStore(t)
	if _, err := s.Pool().Exec(ctx, `CREATE TABLE zaehler (id bigint PRIMARY KEY, stand int, version int)`); err != nil {
		t.Fatal(err)
	}
	gelesen := 0
	d := zaehler(&gelesen)
	eventstore.Dokument(s, d, func(ctx context.Context, tx pgx.Tx, id int64, stand, version int) error {
		_, err := tx.Exec(ctx, `INSERT INTO zaehler VALUES ($1, $2, $3) ON CONFLICT (id) DO UPDATE SET stand = $2, version = $3`,
			id, stand, version)
		return err
	})
	stand := func() (int, int) {
		var st, v int
		if err := s.Pool().QueryRow(ctx, `SELECT stand, version FROM zaehler WHERE id = 7`).Scan(&st, &v); err != nil {
			t.Fatal(err)
		}
		return st, v
	}
	// given a stream of two events
	for _, um := range []int{2, 3} {
		if _, err := eventstore.Befehle(s, d).Handle(ctx, 7, eventstore.VersionUnbekannt, erhoehe{Um: um}, eventstore.Metadata{}); err != nil {
			t.Fatal(err)
		}
	}
	// when a command is handled
	gelesen = 0
	if _, err := eventstore.Befehle(s, d).Handle(ctx, 7, 2, erhoehe{Um: 4}, eventstore.Metadata{}); err != nil {
		t.Fatal(err)
	}
	// then the two stored events were read back once, and the document holds the state after
	if gelesen != 2 {
		t.Errorf("stored events decoded %d times, want 2 (one fold)", gelesen)
	}
	if st, v := stand(); st != 9 || v != 3 {
		t.Errorf("document = %d v%d, want 9 v3", st, v)
	}
	// a bare append (no folded state) replays the stream for the document
	if _, err := s.Append(ctx, "zaehler-7", "zaehler", 3, []eventstore.NewEvent{{Type: "Erhoeht", Data: erhoeht{Um: 1}}}, eventstore.Metadata{}); err != nil {
		t.Fatal(err)
	}
	if st, v := stand(); st != 10 || v != 4 {
		t.Errorf("document after Append = %d v%d, want 10 v4", st, v)
	}
	// a stale expected version is still a conflict
	if _, err := eventstore.Befehle(s, d).Handle(ctx, 7, 2, erhoehe{Um: 1}, eventstore.Metadata{}); !errors.Is(err, eventstore.ErrConflict) {
		t.Errorf("stale version: %v", err)
	}
}

func TestAppend_VersionUnbekanntIsNoExpectedVersion(t *testing.T) {
	s := newStore(t)
	if _, err := s.Append(context.Background(), "x-1", "x", eventstore.VersionUnbekannt, []eventstore.NewEvent{ev("A", 1)},
		eventstore.Metadata{}); err == nil {
		t.Fatal("Append accepted VersionUnbekannt")
	}
}

func TestReaktion_IssuesCommandsInTheSameTransactionWithTheSameCorrelation(t *testing.T) {
	ctx := context.Background()
	s := newStore(t)
	gelesen := 0
	d := zaehler(&gelesen)
	spiegel := d
	spiegel.StreamType = "spiegel"
	// given: every count of a zaehler is mirrored onto spiegel-<same id>, and a count of 13 is refused
	s.Reagiere("zaehler", []string{erhoeht{}.EventType()}, func(ctx context.Context, tx pgx.Tx, e eventstore.Event) error {
		id, _ := eventstore.AggregatID(e.StreamID)
		var um erhoeht
		if err := json.Unmarshal(e.Data, &um); err != nil {
			return err
		}
		if um.Um == 13 {
			return errors.New("unglücklich")
		}
		_, err := eventstore.Befehle(s, spiegel).HandleTx(ctx, tx, id, eventstore.VersionUnbekannt, erhoehe(um), eventstore.Folge(e))
		return err
	})
	md := eventstore.Metadata{CorrelationID: "vorgang-1"}
	// when a command is handled
	out, err := eventstore.Befehle(s, d).Handle(ctx, 5, eventstore.VersionUnbekannt, erhoehe{Um: 2}, md)
	if err != nil {
		t.Fatal(err)
	}
	// then the reaction's event is there, with the correlation id and the cause
	events, err := s.ReadStream(ctx, "spiegel-5", 1, 0)
	if err != nil || len(events) != 1 {
		t.Fatalf("spiegel: %v %v", events, err)
	}
	if m := events[0].Metadata; m.CorrelationID != "vorgang-1" || m.CausationID != strconv.FormatInt(out.LastPosition, 10) {
		t.Errorf("metadata %+v", m)
	}
	if events[0].TxID != out.Events[0].TxID {
		t.Error("the reaction committed in another transaction")
	}
	// and a reaction that fails refuses the command: nothing of it is stored
	if _, err := eventstore.Befehle(s, d).Handle(ctx, 5, eventstore.VersionUnbekannt, erhoehe{Um: 13}, md); err == nil {
		t.Fatal("the refused reaction let the command through")
	}
	if v, _ := s.Version(ctx, "zaehler-5"); v != 1 {
		t.Errorf("zaehler at version %d after a refused command, want 1", v)
	}
}

func TestHandle_StartsFromTheDocumentWhenItIsTheStand(t *testing.T) {
	ctx := context.Background()
	s := newStore(t)
	if _, err := s.Pool().Exec(ctx, `CREATE TABLE zaehler (id bigint PRIMARY KEY, stand int, version int)`); err != nil {
		t.Fatal(err)
	}
	gelesen := 0
	d := zaehler(&gelesen)
	eventstore.Dokument(s, d, func(ctx context.Context, tx pgx.Tx, id int64, stand, version int) error {
		_, err := tx.Exec(ctx, `INSERT INTO zaehler VALUES ($1, $2, $3) ON CONFLICT (id) DO UPDATE SET stand = $2, version = $3`,
			id, stand, version)
		return err
	})
	eventstore.Stand(s, d, func(ctx context.Context, q eventstore.Querier, id int64) (int, int, bool, error) {
		var st, v int
		err := q.QueryRow(ctx, `SELECT stand, version FROM zaehler WHERE id = $1`, id).Scan(&st, &v)
		if errors.Is(err, pgx.ErrNoRows) {
			return 0, 0, false, nil
		}
		return st, v, err == nil, err
	})
	// given a counter at 5 after two commands
	for _, um := range []int{2, 3} {
		if _, err := eventstore.Befehle(s, d).Handle(ctx, 1, eventstore.VersionUnbekannt, erhoehe{Um: um}, eventstore.Metadata{}); err != nil {
			t.Fatal(err)
		}
	}
	// when a third is handled, then no stored event is decoded, and the counter is right
	gelesen = 0
	out, err := eventstore.Befehle(s, d).Handle(ctx, 1, 2, erhoehe{Um: 4}, eventstore.Metadata{})
	if err != nil || out.Version != 3 || gelesen != 0 {
		t.Fatalf("out %+v, decoded %d, %v", out, gelesen, err)
	}
	var st int
	if err := s.Pool().QueryRow(ctx, `SELECT stand FROM zaehler WHERE id = 1`).Scan(&st); err != nil || st != 9 {
		t.Fatalf("stand %d %v", st, err)
	}
}

// Handle appends at the version it has read without checking that the version before exists
// (it has just read it): racing commands must still end as one winner per version, the others
// as conflicts, no command decided on a stale state, and a stream without gaps — with and
// without an inline document.
func TestHandle_RacingCommandsOnOneAggregate_OneWinnerPerVersionNoGap(t *testing.T) {
	for _, mitDokument := range []bool{false, true} {
		t.Run(strconv.FormatBool(mitDokument), func(t *testing.T) {
			ctx := context.Background()
			s := newStore(t)
			gelesen := 0
			d := zaehler(&gelesen)
			d.Decode = ereignis.Katalog(ereignis.Art[erhoeht]()).Decode // no counting across goroutines
			// each event carries the version its command saw plus one: a command decided on a stale
			// state and appended anyway would show as an event whose Um is not its version
			d.Decide = func(s int, _ erhoehe) ([]ereignis.DomainEvent, error) {
				return []ereignis.DomainEvent{erhoeht{Um: s + 1}}, nil
			}
			d.Evolve = func(_ int, e ereignis.DomainEvent) int { return e.(erhoeht).Um }
			if mitDokument {
				if _, err := s.Pool().Exec(ctx, `CREATE TABLE zaehler (id bigint PRIMARY KEY, stand int, version int)`); err != nil {
					t.Fatal(err)
				}
				eventstore.Dokument(s, d, func(ctx context.Context, tx pgx.Tx, id int64, stand, version int) error {
					_, err := tx.Exec(ctx, `INSERT INTO zaehler VALUES ($1, $2, $3) ON CONFLICT (id) DO UPDATE SET stand = $2, version = $3`,
						id, stand, version)
					return err
				})
			}
			const befehle = 40
			var wg sync.WaitGroup
			var gewonnen, konflikte atomic.Int64
			for range befehle {
				wg.Add(1)
				go func() {
					defer wg.Done()
					_, err := eventstore.Befehle(s, d).Handle(ctx, 3, eventstore.VersionUnbekannt, erhoehe{Um: 1}, eventstore.Metadata{})
					switch {
					case err == nil:
						gewonnen.Add(1)
					case errors.Is(err, eventstore.ErrConflict):
						konflikte.Add(1)
					default:
						t.Error(err)
					}
				}()
			}
			wg.Wait()
			if gewonnen.Load()+konflikte.Load() != befehle || gewonnen.Load() == 0 {
				t.Fatalf("%d won, %d conflicts of %d", gewonnen.Load(), konflikte.Load(), befehle)
			}
			var n, hoechste int64
			if err := s.Pool().QueryRow(ctx, `SELECT count(*), coalesce(max(version), 0) FROM events WHERE stream_id = 'zaehler-3'`).
				Scan(&n, &hoechste); err != nil {
				t.Fatal(err)
			}
			if n != gewonnen.Load() || hoechste != n {
				t.Fatalf("stream has %d events up to version %d, want %d without a gap", n, hoechste, gewonnen.Load())
			}
			var veraltet int
			if err := s.Pool().QueryRow(ctx, `SELECT count(*) FROM events WHERE stream_id = 'zaehler-3' AND (data->>'Um')::int <> version`).
				Scan(&veraltet); err != nil {
				t.Fatal(err)
			}
			if veraltet > 0 {
				t.Fatalf("%d events were decided on a state the stream had left", veraltet)
			}
		})
	}
}

// HandleGeladen decides on the state the caller loaded and reads nothing: a write between the
// load and the command is a conflict (the append's key), never an overwrite; a client version
// other than the loaded one is a conflict before anything is decided.
func TestHandleGeladen_DecidesOnTheLoadedStateAndKeepsTheOptimisticLock(t *testing.T) {
	ctx := context.Background()
	s := newStore(t)
	if _, err := s.Pool().Exec(ctx, `CREATE TABLE zaehler (id bigint PRIMARY KEY, stand int, version int)`); err != nil {
		t.Fatal(err)
	}
	gelesen := 0
	d := zaehler(&gelesen)
	eventstore.Dokument(s, d, func(ctx context.Context, tx pgx.Tx, id int64, stand, version int) error {
		_, err := tx.Exec(ctx, `INSERT INTO zaehler VALUES ($1, $2, $3) ON CONFLICT (id) DO UPDATE SET stand = $2, version = $3`,
			id, stand, version)
		return err
	})
	weg := eventstore.Befehle(s, d)
	// a new stream: state and version 0
	if _, err := weg.HandleGeladen(ctx, 8, 0, 0, eventstore.VersionUnbekannt, erhoehe{Um: 2}, eventstore.Metadata{}); err != nil {
		t.Fatal(err)
	}
	// loaded at version 1 with state 2: the command decides on it, no stored event is read
	gelesen = 0
	out, err := weg.HandleGeladen(ctx, 8, 2, 1, 1, erhoehe{Um: 3}, eventstore.Metadata{})
	if err != nil || out.Version != 2 || gelesen != 0 {
		t.Fatalf("out = %+v, %v, %d events decoded", out, err, gelesen)
	}
	var st, v int
	if err := s.Pool().QueryRow(ctx, `SELECT stand, version FROM zaehler WHERE id = 8`).Scan(&st, &v); err != nil || st != 5 || v != 2 {
		t.Fatalf("document = %d v%d, %v", st, v, err)
	}
	// a state loaded at version 1 is stale now: a conflict, nothing written
	var ce *eventstore.ConflictError
	if _, err := weg.HandleGeladen(ctx, 8, 2, 1, eventstore.VersionUnbekannt, erhoehe{Um: 1}, eventstore.Metadata{}); !errors.As(err, &ce) || ce.Actual != 2 {
		t.Fatalf("stale load: err = %v", err)
	}
	// a client version other than the loaded one
	if _, err := weg.HandleGeladen(ctx, 8, 5, 2, 1, erhoehe{Um: 1}, eventstore.Metadata{}); !errors.As(err, &ce) || ce.Expected != 1 || ce.Actual != 2 {
		t.Fatalf("client version: err = %v", err)
	}
	if v, err := s.Version(ctx, "zaehler-8"); err != nil || v != 2 {
		t.Fatalf("version = %d, %v", v, err)
	}
	if n := s.Ungebuendelt(); n != 0 {
		t.Errorf("%d commands left the pipeline", n)
	}
}

// HandleNeu starts a stream without reading; a stream that exists is a conflict.
func TestHandleNeu_StartsAStreamAndRefusesOneThatExists(t *testing.T) {
	ctx := context.Background()
	s := newStore(t)
	gelesen := 0
	weg := eventstore.Befehle(s, zaehler(&gelesen))
	if out, err := weg.HandleNeu(ctx, 9, erhoehe{Um: 1}, eventstore.Metadata{}); err != nil || out.Version != 1 {
		t.Fatalf("out = %+v, %v", out, err)
	}
	var ce *eventstore.ConflictError
	if _, err := weg.HandleNeu(ctx, 9, erhoehe{Um: 1}, eventstore.Metadata{}); !errors.As(err, &ce) || ce.Actual != 1 {
		t.Fatalf("err = %v", err)
	}
	if gelesen != 0 {
		t.Errorf("%d stored events decoded", gelesen)
	}
}
