// Package projektortest runs the asynchronous side for tests: relay and projector runtime
// against an embedded NATS server the test owns (never the machine's), so a test can stop and
// start the broker. The runtime's store polling is off, so events arrive through NATS only.
package projektortest

import (
	"context"
	"io"
	"log/slog"
	"net"
	"sync"
	"testing"
	"time"

	"github.com/ThreeDotsLabs/watermill/message"
	"github.com/nats-io/nats-server/v2/server"

	"github.com/eabwasser/eabwasser/eventstore"
	"github.com/eabwasser/eabwasser/internal/plattform/natsbus"
	"github.com/eabwasser/eabwasser/projections"
)

// Leise is a logger that drops everything.
var Leise = slog.New(slog.NewTextHandler(io.Discard, nil))

// Live is a running relay and runtime.
type Live struct {
	Store *eventstore.Store
	NS    *server.Server
	// Pub publishes to the test's NATS (to redeliver messages on purpose).
	Pub  message.Publisher
	dir  string
	port int
	stop func()
}

// Start runs relay and runtime with the given projections on store until the test ends.
func Start(t *testing.T, store *eventstore.Store, ps ...projections.Projection) *Live {
	t.Helper()
	l := &Live{Store: store, dir: t.TempDir()}
	l.StartNATS(t)
	l.verbinden(t, l.NS.ClientURL(), 1, ps)
	return l
}

// StartMitNATS runs relay and runtime against NATS servers the test started itself (a
// cluster: url lists them all; replicas copies of the stream).
func StartMitNATS(t *testing.T, store *eventstore.Store, url string, replicas int, ps ...projections.Projection) *Live {
	t.Helper()
	l := &Live{Store: store}
	l.verbinden(t, url, replicas, ps)
	return l
}

// testLog writes warnings and errors into the test's log, so a failing test tells what the
// relay and the projectors met (go test shows the log of failed tests only); nothing after the
// test ended.
type testLog struct {
	t  *testing.T
	mu *sync.Mutex
	an *bool
}

func (w testLog) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if *w.an {
		w.t.Log(string(p))
	}
	return len(p), nil
}

func protokoll(t *testing.T) *slog.Logger {
	w := testLog{t: t, mu: &sync.Mutex{}, an: new(bool)}
	*w.an = true
	t.Cleanup(func() { w.mu.Lock(); *w.an = false; w.mu.Unlock() })
	return slog.New(slog.NewTextHandler(w, &slog.HandlerOptions{Level: slog.LevelWarn}))
}

func (l *Live) verbinden(t *testing.T, url string, replicas int, ps []projections.Projection) {
	store := l.Store
	log := protokoll(t)
	nc, err := natsbus.Connect(url, "test", log)
	if err != nil {
		t.Fatal(err)
	}
	if err := natsbus.EnsureStream(context.Background(), nc, replicas); err != nil {
		t.Fatal(err)
	}
	pub, err := natsbus.NewPublisher(nc, replicas)
	if err != nil {
		t.Fatal(err)
	}
	l.Pub = pub
	ctx, cancel := context.WithCancel(context.Background())
	relay := &eventstore.Relay{Store: store, Publisher: pub, Log: log}
	rt := &projections.Runtime{Store: store, Subscribe: natsbus.SubscribeFunc(nc), Log: log, Poll: time.Hour}
	for _, p := range ps {
		rt.Register(p)
	}
	var wg sync.WaitGroup
	wg.Add(2)
	go func() { defer wg.Done(); _ = relay.Run(ctx) }()
	go func() { defer wg.Done(); _ = rt.Run(ctx) }()
	l.stop = func() {
		cancel()
		wg.Wait()
		nc.Close()
		if l.NS != nil {
			l.NS.Shutdown()
		}
	}
	t.Cleanup(l.stop)
}

// StartNATS starts the embedded server (again, on the same port and storage after a stop).
func (l *Live) StartNATS(t *testing.T) {
	t.Helper()
	ns, err := natsbus.StartEmbedded(l.dir, l.port)
	if err != nil {
		t.Fatal(err)
	}
	l.NS = ns
	l.port = ns.Addr().(*net.TCPAddr).Port
}

// StopNATS shuts the server down and waits for it.
func (l *Live) StopNATS() {
	l.NS.Shutdown()
	l.NS.WaitForShutdown()
}

// WarteBis polls cond until it holds (30 s at most).
func WarteBis(t *testing.T, was string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", was)
		}
		time.Sleep(20 * time.Millisecond)
	}
}
