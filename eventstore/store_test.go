package eventstore_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/eabwasser/eabwasser/eventstore"
	"github.com/eabwasser/eabwasser/internal/werkzeug/testdb"
)

func newStore(t testing.TB) *eventstore.Store {
	pool, _ := testdb.New(t)
	return eventstore.New(pool)
}

func ev(typ string, data any) eventstore.NewEvent { return eventstore.NewEvent{Type: typ, Data: data} }

func TestAppend_BatchGetsConsecutiveVersionsAndMetadata(t *testing.T) {
	ctx := context.Background()
	s := newStore(t)
	// every member set, with text the decoder must unescape (umlauts, quotes, backslashes)
	md := eventstore.Metadata{ActorID: "7", ActorName: "Jürgen \"Jo\" Groß\\Süd", Roles: []string{"ZUST_SBD", "ANWENDER"},
		Organisation: "12", CorrelationID: "c-1", CausationID: "k-1", RequestID: "r-1",
		AuditInfo: &eventstore.AuditInfo{GueltigAb: "2026-01-01", GueltigBis: "2026-12-31", Aenderungsgrund: "Umbau\nTeil 2"}}
	out, err := s.Append(ctx, "betrieb-1", "betrieb", eventstore.NoStream,
		[]eventstore.NewEvent{ev("A", map[string]int{"n": 1}), ev("B", map[string]int{"n": 2}), ev("C", nil)}, md)
	if err != nil {
		t.Fatal(err)
	}
	if out.Version != 3 || out.LastPosition-out.FirstPosition != 2 {
		t.Fatalf("got %+v", out)
	}
	events, err := s.ReadStream(ctx, "betrieb-1", 2, 3)
	if err != nil {
		t.Fatal(err)
	}
	if len(events) != 2 || events[0].Type != "B" || events[1].Version != 3 {
		t.Fatalf("ReadStream(2,3) = %+v", events)
	}
	alle, err := s.ReadAll(ctx, eventstore.Cursor{}, 10)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range append(events, alle...) {
		if !reflect.DeepEqual(e.Metadata, md) {
			t.Fatalf("metadata of %d: got %+v (%+v), want %+v (%+v)", e.Position, e.Metadata, e.Metadata.AuditInfo, md, md.AuditInfo)
		}
	}
	if string(events[0].Data) != `{"n": 2}` && string(events[0].Data) != `{"n":2}` {
		t.Fatalf("data = %s", events[0].Data)
	}
}

// The events' json column would keep a NUL (\u0000), which no read model can store in text; the
// store refuses it, in one event or a batch, and a backslash before "u0000" is just text.
func TestAppend_DataWithNulIsRefusedAndNothingWritten(t *testing.T) {
	ctx := context.Background()
	s := newStore(t)
	for name, events := range map[string][]eventstore.NewEvent{
		"one event":       {ev("A", map[string]string{"bezeichnung": "Werk\x00Süd"})},
		"deep in a batch": {ev("A", map[string]int{"n": 1}), ev("B", json.RawMessage(`{"x":[{"y":["\u0000"]}]}`))},
		"in a key":        {ev("A", map[string]int{"a\x00b": 1})},
	} {
		if _, err := s.Append(ctx, "nul-1", "betrieb", eventstore.NoStream, events, eventstore.Metadata{}); !errors.Is(err, eventstore.ErrNul) {
			t.Fatalf("%s: err = %v, want ErrNul", name, err)
		}
	}
	if _, err := s.Append(ctx, "nul-1", "betrieb", eventstore.NoStream, []eventstore.NewEvent{ev("A", nil)},
		eventstore.Metadata{ActorName: "Jo\x00"}); !errors.Is(err, eventstore.ErrNul) {
		t.Fatalf("metadata: err = %v, want ErrNul", err)
	}
	if v, err := s.Version(ctx, "nul-1"); err != nil || v != 0 {
		t.Fatalf("stream version after refusals = %d, %v; want 0", v, err)
	}
	text := map[string]string{"pfad": `C:\u0000\Akten`} // a backslash, then "u0000"
	if _, err := s.Append(ctx, "nul-1", "betrieb", eventstore.NoStream, []eventstore.NewEvent{ev("A", text)}, eventstore.Metadata{}); err != nil {
		t.Fatal(err)
	}
	events, err := s.ReadStream(ctx, "nul-1", 1, 1)
	if err != nil || len(events) != 1 {
		t.Fatalf("ReadStream = %v, %v", events, err)
	}
	var back map[string]string
	if err := json.Unmarshal(events[0].Data, &back); err != nil || !reflect.DeepEqual(back, text) {
		t.Fatalf("read back %v (%v), want %v", back, err, text)
	}
}

func TestAppend_WrongExpectedVersionIsAConflict(t *testing.T) {
	ctx := context.Background()
	s := newStore(t)
	if _, err := s.Append(ctx, "anlage-1", "anlage", eventstore.NoStream, []eventstore.NewEvent{ev("A", 1)}, eventstore.Metadata{}); err != nil {
		t.Fatal(err)
	}
	// one event and a batch take different statements; both refuse a version behind or ahead
	for _, events := range [][]eventstore.NewEvent{{ev("B", 1)}, {ev("B", 1), ev("B", 2)}} {
		for _, expected := range []int{eventstore.NoStream, 2, 5} {
			_, err := s.Append(ctx, "anlage-1", "anlage", expected, events, eventstore.Metadata{})
			var ce *eventstore.ConflictError
			if !errors.As(err, &ce) || !errors.Is(err, eventstore.ErrConflict) || ce.Actual != 1 {
				t.Fatalf("%d events at expected %d: err = %v", len(events), expected, err)
			}
		}
		// An expected version on a stream that does not exist is a conflict too.
		if _, err := s.Append(ctx, "anlage-2", "anlage", 3, events, eventstore.Metadata{}); !errors.Is(err, eventstore.ErrConflict) {
			t.Fatalf("%d events, missing stream: err = %v", len(events), err)
		}
	}
	if _, err := s.Append(ctx, "anlage-1", "anlage", eventstore.AnyVersion, []eventstore.NewEvent{ev("C", 1)}, eventstore.Metadata{}); err != nil {
		t.Fatal(err)
	}
	if v, _ := s.Version(ctx, "anlage-1"); v != 2 {
		t.Fatalf("version = %d", v)
	}
}

func TestAppend_SameExpectedVersionConcurrently_ExactlyOneWins(t *testing.T) {
	ctx := context.Background()
	s := newStore(t)
	if _, err := s.Append(ctx, "betrieb-9", "betrieb", eventstore.NoStream, []eventstore.NewEvent{ev("A", 1)}, eventstore.Metadata{}); err != nil {
		t.Fatal(err)
	}
	for round := 0; round < 20; round++ {
		var wg sync.WaitGroup
		errs := make([]error, 8)
		for i := range errs {
			wg.Add(1)
			go func() {
				defer wg.Done()
				_, errs[i] = s.Append(ctx, "betrieb-9", "betrieb", round+1, []eventstore.NewEvent{ev("B", i)}, eventstore.Metadata{})
			}()
		}
		wg.Wait()
		ok := 0
		for _, err := range errs {
			switch {
			case err == nil:
				ok++
			case !errors.Is(err, eventstore.ErrConflict):
				t.Fatal(err)
			}
		}
		if ok != 1 {
			t.Fatalf("round %d: %d appends succeeded", round, ok)
		}
	}
}

// AppendGelesen relies on the unique key alone: of writers that read the same version, exactly
// one appends, each other gets a *ConflictError with the stream's actual version and writes
// nothing; a stale read is a conflict too. The versions stay consecutive.
func TestAppendGelesen_WritersOfTheSameReadVersion_ExactlyOneWinsTheOthersConflict(t *testing.T) {
	ctx := context.Background()
	s := newStore(t)
	for _, n := range []int{1, 3} { // one event and a batch take different statements
		stream := fmt.Sprintf("betrieb-%d", 20+n)
		gelesen := eventstore.NoStream
		for round := range 10 {
			var wg sync.WaitGroup
			outs, errs := make([]eventstore.Appended, 8), make([]error, 8)
			for i := range errs {
				wg.Add(1)
				go func() {
					defer wg.Done()
					events := make([]eventstore.NewEvent, n)
					for j := range events {
						events[j] = ev("B", i)
					}
					outs[i], errs[i] = s.AppendGelesen(ctx, stream, "betrieb", gelesen, events, eventstore.Metadata{})
				}()
			}
			wg.Wait()
			gewinner := -1
			for i, err := range errs {
				var ce *eventstore.ConflictError
				switch {
				case err == nil && gewinner >= 0:
					t.Fatalf("%d events, round %d: writers %d and %d both appended at %d", n, round, gewinner, i, gelesen)
				case err == nil:
					gewinner = i
				case !errors.As(err, &ce) || ce.Expected != gelesen || ce.Actual != gelesen+n:
					t.Fatalf("%d events, round %d, writer %d: err = %v", n, round, i, err)
				}
			}
			if gewinner < 0 || outs[gewinner].Version != gelesen+n {
				t.Fatalf("%d events, round %d: winner %d, %+v", n, round, gewinner, outs)
			}
			gelesen = outs[gewinner].Version
		}
		// a version read before the last append is behind the stream: a conflict, nothing written
		_, err := s.AppendGelesen(ctx, stream, "betrieb", gelesen-n, []eventstore.NewEvent{ev("C", 1)}, eventstore.Metadata{})
		var ce *eventstore.ConflictError
		if !errors.As(err, &ce) || ce.Actual != gelesen {
			t.Fatalf("%d events, stale read: err = %v", n, err)
		}
		events, err := s.ReadStream(ctx, stream, 1, 0)
		if err != nil {
			t.Fatal(err)
		}
		if len(events) != 10*n {
			t.Fatalf("%d events: %d in the stream, want %d", n, len(events), 10*n)
		}
		for i, e := range events {
			if e.Version != i+1 {
				t.Fatalf("%d events: event %d has version %d", n, i, e.Version)
			}
		}
	}
	if _, err := s.AppendGelesen(ctx, "betrieb-30", "betrieb", eventstore.AnyVersion, []eventstore.NewEvent{ev("A", 1)}, eventstore.Metadata{}); err == nil {
		t.Fatal("AnyVersion is no version that was read, and was taken")
	}
}

// AnyVersion appends of many writers at once all land, one after another, without a gap.
func TestAppend_AnyVersionConcurrently_AllLandWithoutGap(t *testing.T) {
	ctx := context.Background()
	s := newStore(t)
	var wg sync.WaitGroup
	errs := make([]error, 16)
	for i := range errs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 5 {
				if _, err := s.Append(ctx, "betrieb-8", "betrieb", eventstore.AnyVersion, []eventstore.NewEvent{ev("A", i)}, eventstore.Metadata{}); err != nil {
					errs[i] = err
					return
				}
			}
		}()
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		t.Fatal(err)
	}
	events, err := s.ReadStream(ctx, "betrieb-8", 1, 0)
	if err != nil {
		t.Fatal(err)
	}
	for i, e := range events {
		if e.Version != i+1 {
			t.Fatalf("event %d has version %d", i, e.Version)
		}
	}
	if len(events) != 80 {
		t.Fatalf("%d events", len(events))
	}
}

// A conflict inside a transaction the caller owns is a *ConflictError too; the transaction is
// then aborted, so its actual version is the caller's to read.
func TestAppendTx_ConflictInTheCallersTransaction(t *testing.T) {
	ctx := context.Background()
	s := newStore(t)
	if _, err := s.Append(ctx, "betrieb-7", "betrieb", eventstore.NoStream, []eventstore.NewEvent{ev("A", 1)}, eventstore.Metadata{}); err != nil {
		t.Fatal(err)
	}
	err := pgx.BeginFunc(ctx, s.Pool(), func(tx pgx.Tx) error {
		_, err := s.AppendTx(ctx, tx, "betrieb-7", "betrieb", eventstore.NoStream, []eventstore.NewEvent{ev("B", 1)}, eventstore.Metadata{})
		return err
	})
	if !errors.Is(err, eventstore.ErrConflict) {
		t.Fatalf("err = %v", err)
	}
	if v, _ := s.Version(ctx, "betrieb-7"); v != 1 {
		t.Fatalf("version = %d", v)
	}
}

// Positions are taken before commit, so transactions commit out of position order. A reader
// that follows the log while writers run must still see every event exactly once, in order.
func TestReadAll_ConcurrentWritersFollowedByGlobalReader_EveryEventOnceInOrder(t *testing.T) {
	const writers, perWriter = 8, 2000
	ctx := context.Background()
	s := newStore(t)
	done := make(chan struct{})
	var wg sync.WaitGroup
	for w := 0; w < writers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < perWriter; i++ {
				stream := fmt.Sprintf("w%d-%d", w, i%50)
				if _, err := s.Append(ctx, stream, "test", eventstore.AnyVersion,
					[]eventstore.NewEvent{ev("Geschrieben", map[string]int{"w": w, "i": i})}, eventstore.Metadata{}); err != nil {
					t.Error(err)
					return
				}
			}
		}()
	}
	go func() { wg.Wait(); close(done) }()

	seen := make(map[int64]bool, writers*perWriter)
	lastPerWriter := make([]int, writers)
	for i := range lastPerWriter {
		lastPerWriter[i] = -1
	}
	var cp eventstore.Cursor
	finished := false
	for {
		events, err := s.ReadAll(ctx, cp, 300)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range events {
			if !e.Cursor().After(cp) {
				t.Fatalf("out of order: %+v after %+v", e.Cursor(), cp)
			}
			if seen[e.Position] {
				t.Fatalf("event %d seen twice", e.Position)
			}
			seen[e.Position] = true
			var d struct{ W, I int }
			if err := json.Unmarshal(e.Data, &d); err != nil {
				t.Fatal(err)
			}
			if d.I != lastPerWriter[d.W]+1 {
				t.Fatalf("writer %d: event %d after %d", d.W, d.I, lastPerWriter[d.W])
			}
			lastPerWriter[d.W] = d.I
			cp = e.Cursor()
		}
		if finished && len(events) == 0 {
			break
		}
		select {
		case <-done:
			if !finished {
				testdb.WarteAufSichtbarkeit(t, s.Pool()) // xmin is cluster-wide
			}
			finished = true
		default:
		}
	}
	if len(seen) != writers*perWriter {
		t.Fatalf("reader saw %d of %d events", len(seen), writers*perWriter)
	}
}

// An open transaction holding an early position must stop the reader at it, not be skipped.
func TestReadAll_OpenTransactionBlocksLaterCommits(t *testing.T) {
	ctx := context.Background()
	s := newStore(t)
	tx, err := s.Pool().Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback(ctx) //nolint:errcheck
	if _, err := s.AppendTx(ctx, tx, "slow-1", "test", eventstore.NoStream, []eventstore.NewEvent{ev("Langsam", 1)}, eventstore.Metadata{}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Append(ctx, "fast-1", "test", eventstore.NoStream, []eventstore.NewEvent{ev("Schnell", 1)}, eventstore.Metadata{}); err != nil {
		t.Fatal(err)
	}
	events, err := s.ReadAll(ctx, eventstore.Cursor{}, 10)
	if err != nil {
		t.Fatal(err)
	}
	if len(events) != 0 {
		t.Fatalf("read %d events past an open transaction", len(events))
	}
	if err := tx.Commit(ctx); err != nil {
		t.Fatal(err)
	}
	testdb.WarteAufSichtbarkeit(t, s.Pool()) // xmin is cluster-wide
	events, _ = s.ReadAll(ctx, eventstore.Cursor{}, 10)
	if len(events) != 2 || events[0].Type != "Langsam" {
		t.Fatalf("after commit: %+v", events)
	}
}

func TestInlineProjection_RunsInTheAppendTransaction(t *testing.T) {
	ctx := context.Background()
	s := newStore(t)
	if _, err := s.Pool().Exec(ctx, `CREATE TABLE doc (stream_id text PRIMARY KEY, version int)`); err != nil {
		t.Fatal(err)
	}
	fail := false
	s.Inline("doc", func(ctx context.Context, tx pgx.Tx, events []eventstore.Event) error {
		last := events[len(events)-1]
		if _, err := tx.Exec(ctx, `INSERT INTO doc VALUES ($1, $2) ON CONFLICT (stream_id) DO UPDATE SET version = $2`,
			last.StreamID, last.Version); err != nil {
			return err
		}
		if fail {
			return errors.New("kaputt")
		}
		return nil
	})
	if _, err := s.Append(ctx, "doc-1", "doc", eventstore.NoStream, []eventstore.NewEvent{ev("A", 1), ev("B", 2)}, eventstore.Metadata{}); err != nil {
		t.Fatal(err)
	}
	var v int
	if err := s.Pool().QueryRow(ctx, `SELECT version FROM doc WHERE stream_id = 'doc-1'`).Scan(&v); err != nil || v != 2 {
		t.Fatalf("doc version = %d, %v", v, err)
	}
	fail = true
	if _, err := s.Append(ctx, "doc-1", "doc", 2, []eventstore.NewEvent{ev("C", 3)}, eventstore.Metadata{}); err == nil {
		t.Fatal("append with failing inline projection succeeded")
	}
	if sv, _ := s.Version(ctx, "doc-1"); sv != 2 {
		t.Fatalf("failed inline projection left the event: version %d", sv)
	}
}

func TestUpcaster_OldSchemaVersionIsReadAsNew(t *testing.T) {
	ctx := context.Background()
	s := newStore(t)
	if _, err := s.Append(ctx, "x-1", "x", eventstore.NoStream,
		[]eventstore.NewEvent{{Type: "Umbenannt", SchemaVersion: 1, Data: map[string]string{"name": "Alt"}}}, eventstore.Metadata{}); err != nil {
		t.Fatal(err)
	}
	s.Upcast("Umbenannt", 1, func(d json.RawMessage) (json.RawMessage, error) {
		var v map[string]string
		if err := json.Unmarshal(d, &v); err != nil {
			return nil, err
		}
		return json.Marshal(map[string]string{"bezeichnung": v["name"]})
	})
	events, err := s.ReadStream(ctx, "x-1", 1, 0)
	if err != nil {
		t.Fatal(err)
	}
	if events[0].SchemaVersion != 2 || string(events[0].Data) != `{"bezeichnung":"Alt"}` {
		t.Fatalf("got v%d %s", events[0].SchemaVersion, events[0].Data)
	}
}

func TestHeadAndCountAfter(t *testing.T) {
	ctx := context.Background()
	s := newStore(t)
	if c, _, err := s.Head(ctx); err != nil || c.Position != 0 {
		t.Fatalf("empty head %+v %v", c, err)
	}
	out, _ := s.Append(ctx, "h-1", "h", eventstore.NoStream, []eventstore.NewEvent{ev("A", 1), ev("B", 1)}, eventstore.Metadata{})
	c, at, err := s.Head(ctx)
	if err != nil || c.Position != out.LastPosition || time.Since(at) > time.Minute {
		t.Fatalf("head %+v %v %v", c, at, err)
	}
	n, err := s.CountAfter(ctx, out.Events[0].Cursor())
	if err != nil || n != 1 {
		t.Fatalf("CountAfter = %d %v", n, err)
	}
}
