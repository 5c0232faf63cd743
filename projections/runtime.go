package projections

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strconv"
	"sync"
	"time"

	"github.com/ThreeDotsLabs/watermill/message"
	"github.com/jackc/pgx/v5"
	"github.com/prometheus/client_golang/prometheus"

	"github.com/eabwasser/eabwasser/eventstore"
)

// Subscribe opens the durable consumer of one projection (natsbus.SubscribeFunc in production).
type Subscribe func(ctx context.Context, durable string) (<-chan *message.Message, func() error, error)

// Runtime runs the registered projections live.
type Runtime struct {
	Store     *eventstore.Store
	Subscribe Subscribe // nil: the runtime follows the event store only
	Log       *slog.Logger
	Metrics   *Metrics
	// Poll is how often a projection looks into the event store when no message arrived;
	// it is the safety net for a broker that is down. Default 1 s.
	Poll time.Duration

	mu          sync.Mutex
	projections []Projection
	bereit      bool
}

// Register adds a projection; call before Run.
func (r *Runtime) Register(p Projection) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.projections = append(r.projections, p)
}

// Projections lists the registered projections.
func (r *Runtime) Projections() []Projection {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]Projection(nil), r.projections...)
}

// Vorbereiten creates the tables of every read model (and rebuilds those whose DDL changed), so
// the API can serve them before the projectors run. Run calls it if nobody did.
func (r *Runtime) Vorbereiten(ctx context.Context) error {
	for _, p := range r.Projections() {
		if err := p.check(); err != nil {
			return err
		}
		stale, err := ensureSchema(ctx, r.Store.Pool(), p)
		if err != nil {
			return err
		}
		if stale {
			r.Log.Info("Lesemodell hat ein neues Schema und wird neu aufgebaut", "projection", p.Name)
			if err := Rebuild(ctx, r.Store, p, nil); err != nil {
				return err
			}
		}
	}
	r.mu.Lock()
	r.bereit = true
	r.mu.Unlock()
	return nil
}

// Run keeps every projection up to date until ctx ends.
func (r *Runtime) Run(ctx context.Context) error {
	r.mu.Lock()
	bereit := r.bereit
	r.mu.Unlock()
	if !bereit {
		if err := r.Vorbereiten(ctx); err != nil {
			return err
		}
	}
	var wg sync.WaitGroup
	for _, p := range r.Projections() {
		wg.Add(1)
		go func() {
			defer wg.Done()
			// of several instances on one database, one applies each projection
			_ = r.Store.AlsLeiter(ctx, "projektion:"+p.Name, r.Log, func(ctx context.Context) error {
				r.follow(ctx, p)
				return nil
			})
		}()
	}
	if r.Metrics != nil {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r.measureLag(ctx)
		}()
	}
	wg.Wait()
	return nil
}

// follow keeps the projection up to date: a message of its consumer wakes it, and it applies,
// as one batch, everything committed since its checkpoint — the message's event and whatever
// has been committed meanwhile — and acknowledges after the commit. A message whose event an
// earlier batch applied is acknowledged at once. It also catches up at start and when idle.
func (r *Runtime) follow(ctx context.Context, p Projection) {
	log := r.Log.With("projection", p.Name)
	var msgs <-chan *message.Message
	closeSub := func() error { return nil }
	subscribe := func() {
		if r.Subscribe == nil || msgs != nil {
			return
		}
		ch, closer, err := r.Subscribe(ctx, p.Name)
		if err != nil {
			log.Warn("Abonnement nicht möglich, Lesemodell folgt dem Event-Store", "error", err)
			return
		}
		msgs, closeSub = ch, closer
	}
	defer func() { _ = closeSub() }()
	poll := r.Poll
	if poll <= 0 {
		poll = time.Second
	}
	ticker := time.NewTicker(poll)
	defer ticker.Stop()
	cp := r.catchUp(ctx, p, log, eventstore.Cursor{})
	subscribe()
	for {
		select {
		case <-ctx.Done():
			return
		case <-ticker.C:
			cp = r.catchUp(ctx, p, log, cp)
			subscribe()
		case msg, open := <-msgs:
			if !open { // the consumer ended: subscribe again at the next tick
				_ = closeSub()
				msgs, closeSub = nil, func() error { return nil }
				continue
			}
			if err := r.handle(ctx, p, msg, &cp); err != nil {
				if ctx.Err() == nil {
					log.Error("Ereignisse konnten nicht angewendet werden", "error", err)
				}
				msg.Nack()
				sleepCtx(ctx, 200*time.Millisecond)
				continue
			}
			msg.Ack()
		}
	}
}

// handle applies the batch a message wakes the projector for (see follow). The store's reader
// sees every event the relay has published (both read below the same visibility horizon), so
// the batch includes the message's event; if not, the message is retried.
func (r *Runtime) handle(ctx context.Context, p Projection, msg *message.Message, cp *eventstore.Cursor) error {
	e, err := eventstore.MessageCursor(msg)
	if err != nil {
		return nil // not ours to apply; the event store is the truth and catch-up covers it
	}
	if !e.After(*cp) {
		return nil // applied by an earlier batch, or redelivered
	}
	start := time.Now()
	n, caught, err := catchUp(ctx, r.Store, p, cp, nil)
	if err != nil {
		return err
	}
	*cp = caught
	r.observe(p.Name, n, caught, time.Since(start))
	if e.After(caught) {
		return fmt.Errorf("Ereignis %d ist im Event-Store noch nicht lesbar", e.Position)
	}
	return nil
}

// catchUp applies what the store has after the checkpoint and returns where the projection
// stands (cp, when it could not find out).
func (r *Runtime) catchUp(ctx context.Context, p Projection, log *slog.Logger, cp eventstore.Cursor) eventstore.Cursor {
	start := time.Now()
	n, caught, err := catchUp(ctx, r.Store, p, nil, nil)
	if err != nil {
		if !errors.Is(err, context.Canceled) {
			log.Error("Aufholen aus dem Event-Store fehlgeschlagen", "error", err)
		}
		return cp
	}
	r.observe(p.Name, n, caught, time.Since(start))
	return caught
}

func (r *Runtime) observe(name string, n int, cp eventstore.Cursor, d time.Duration) {
	if r.Metrics == nil {
		return
	}
	r.Metrics.Position.WithLabelValues(name).Set(float64(cp.Position))
	if n > 0 {
		r.Metrics.Events.WithLabelValues(name).Add(float64(n))
		r.Metrics.BatchSeconds.WithLabelValues(name).Observe(d.Seconds())
	}
}

func (r *Runtime) measureLag(ctx context.Context) {
	t := time.NewTicker(2 * time.Second)
	defer t.Stop()
	for {
		statuses, err := StatusOf(ctx, r.Store, r.Projections(), lagGrenze)
		if err == nil {
			for _, s := range statuses {
				r.Metrics.LagEvents.WithLabelValues(s.Name).Set(float64(s.LagEvents))
				r.Metrics.LagSeconds.WithLabelValues(s.Name).Set(s.LagSeconds)
			}
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// WaitFor waits until projection name has applied the event at position (read-your-writes).
func WaitFor(ctx context.Context, store *eventstore.Store, name string, position int64) error {
	target, err := store.CursorOf(ctx, position)
	if err != nil {
		return err
	}
	for {
		cp, err := eventstore.LoadCheckpoint(ctx, store.Pool(), name)
		if err != nil {
			return err
		}
		if !target.After(cp) {
			return nil
		}
		if err := sleepCtx(ctx, 10*time.Millisecond); err != nil {
			return err
		}
	}
}

func sleepCtx(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

// Metrics are the runtime's Prometheus metrics, labelled by projection.
type Metrics struct {
	Position     *prometheus.GaugeVec
	LagEvents    *prometheus.GaugeVec
	LagSeconds   *prometheus.GaugeVec
	Events       *prometheus.CounterVec
	BatchSeconds *prometheus.HistogramVec
}

// NewMetrics registers the metrics with reg.
func NewMetrics(reg prometheus.Registerer) *Metrics {
	m := &Metrics{
		Position: prometheus.NewGaugeVec(prometheus.GaugeOpts{Name: "eabwasser_projection_position",
			Help: "Global position of the last event the projection applied."}, []string{"projection"}),
		LagEvents: prometheus.NewGaugeVec(prometheus.GaugeOpts{Name: "eabwasser_projection_lag_events",
			Help: "Committed events the projection has not applied yet."}, []string{"projection"}),
		LagSeconds: prometheus.NewGaugeVec(prometheus.GaugeOpts{Name: "eabwasser_projection_lag_seconds",
			Help: "Age of the oldest event the projection has not applied yet."}, []string{"projection"}),
		Events: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "eabwasser_projection_events_total",
			Help: "Events applied (rate() gives events/s)."}, []string{"projection"}),
		BatchSeconds: prometheus.NewHistogramVec(prometheus.HistogramOpts{Name: "eabwasser_projection_batch_seconds",
			Help: "Time to apply and commit one batch.", Buckets: prometheus.ExponentialBuckets(0.0005, 2, 14)}, []string{"projection"}),
	}
	reg.MustRegister(m.Position, m.LagEvents, m.LagSeconds, m.Events, m.BatchSeconds)
	return m
}

// Status is where a projection stands.
type Status struct {
	Name       string    `json:"name"`
	Position   int64     `json:"position"`
	LagEvents  int64     `json:"lagEvents"`
	LagSeconds float64   `json:"lagSeconds"`
	UpdatedAt  time.Time `json:"updatedAt"`
}

// lagGrenze bounds the events the lag metric counts every two seconds: it walks the log from
// each checkpoint in commit order (the index events_tx_position) and stops there. A count over
// the whole remainder with the row comparison alone was planned as a scan of the whole log —
// four of them every two seconds, a core's worth of work on a log of millions of events.
const lagGrenze = 10_000

// StatusOf reports position and lag of each projection; with grenze > 0 the lag counts at most
// grenze events (the oldest one's age stays exact).
func StatusOf(ctx context.Context, store *eventstore.Store, ps []Projection, grenze int) ([]Status, error) {
	out := make([]Status, 0, len(ps))
	for _, p := range ps {
		s := Status{Name: p.Name}
		var txID int64
		err := store.Pool().QueryRow(ctx, `SELECT tx_id, position, updated_at FROM checkpoints WHERE name = $1`, p.Name).
			Scan(&txID, &s.Position, &s.UpdatedAt)
		if err != nil && !errors.Is(err, pgx.ErrNoRows) {
			return nil, err
		}
		cp := eventstore.Cursor{TxID: txID, Position: s.Position}
		var oldest *time.Time
		limit := "ALL"
		if grenze > 0 {
			limit = strconv.Itoa(grenze)
		}
		err = store.Pool().QueryRow(ctx, `SELECT count(*), min(recorded_at) FROM (SELECT recorded_at FROM events
			WHERE (tx_id, global_position) > ($1::bigint::text::xid8, $2) ORDER BY tx_id, global_position LIMIT `+limit+`) rest`,
			cp.TxID, cp.Position).Scan(&s.LagEvents, &oldest)
		if err != nil {
			return nil, err
		}
		if oldest != nil {
			s.LagSeconds = time.Since(*oldest).Seconds()
		}
		out = append(out, s)
	}
	return out, nil
}
