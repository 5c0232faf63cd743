package projektortest_test

import (
	"context"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/eabwasser/eabwasser/eventstore"
	"github.com/eabwasser/eabwasser/internal/plattform/natsbus"
	"github.com/eabwasser/eabwasser/internal/werkzeug/testdb"
	"github.com/eabwasser/eabwasser/projections/projektortest"
)

func anhaengen(t *testing.T, s *eventstore.Store, n int) {
	t.Helper()
	for i := 0; i < n; i++ {
		if _, err := s.Append(context.Background(), "test-1", "test", eventstore.AnyVersion,
			[]eventstore.NewEvent{{Type: "TestGeschrieben", Data: map[string]int{"i": i}}}, eventstore.Metadata{}); err != nil {
			t.Fatal(err)
		}
	}
}

// Two instances on one database: one relay publishes, the other stands by and takes over when
// the first stops.
func TestLeitung_TwoRelaysOnOneDatabase_OnePublishesTheOtherTakesOver(t *testing.T) {
	pool, _ := testdb.New(t)
	store := eventstore.New(pool)
	ns, err := natsbus.StartEmbedded(t.TempDir(), 0)
	if err != nil {
		t.Fatal(err)
	}
	defer ns.Shutdown()
	nc, err := natsbus.Connect(ns.ClientURL(), "test", projektortest.Leise)
	if err != nil {
		t.Fatal(err)
	}
	defer nc.Close()
	if err := natsbus.EnsureStream(context.Background(), nc, 1); err != nil {
		t.Fatal(err)
	}
	pub, err := natsbus.NewPublisher(nc, 1)
	if err != nil {
		t.Fatal(err)
	}
	var zaehler [2]atomic.Int64
	var stop [2]context.CancelFunc
	var wg sync.WaitGroup
	for i := range 2 {
		ctx, cancel := context.WithCancel(context.Background())
		stop[i] = cancel
		r := &eventstore.Relay{Store: store, Publisher: pub, Log: projektortest.Leise,
			OnPublish: func(c eventstore.Cursor) { zaehler[i].Store(c.Position) }}
		wg.Add(1)
		go func() { defer wg.Done(); _ = r.Run(ctx) }()
	}
	defer func() { stop[0](); stop[1](); wg.Wait() }()

	anhaengen(t, store, 50)
	projektortest.WarteBis(t, "the first 50 published", func() bool { return zaehler[0].Load() == 50 || zaehler[1].Load() == 50 })
	leiter := 0
	if zaehler[1].Load() == 50 {
		leiter = 1
	}
	if zaehler[1-leiter].Load() != 0 {
		t.Fatalf("both relays published: %d and %d", zaehler[0].Load(), zaehler[1].Load())
	}
	stop[leiter]() // the leader stops; the standby takes over
	anhaengen(t, store, 50)
	projektortest.WarteBis(t, "the standby publishing the next 50", func() bool { return zaehler[1-leiter].Load() == 100 })
}
