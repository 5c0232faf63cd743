package eventstore

import (
	"context"
	"encoding/json"
	"log/slog"
	"strconv"
	"time"

	"github.com/ThreeDotsLabs/watermill/message"
)

// RelayName is the relay's checkpoint.
const RelayName = "relay"

// Message metadata the relay puts on every published event.
const (
	MetaPosition     = "Eabwasser-Position"
	MetaTxID         = "Eabwasser-Tx"
	MetaPrevPosition = "Eabwasser-Prev-Position"
	MetaPrevTxID     = "Eabwasser-Prev-Tx"
)

// Subject is the NATS subject of an event: eabwasser.events.<stream type>.<event type>.
func Subject(e Event) string { return "eabwasser.events." + e.StreamType + "." + e.Type }

// Relay publishes committed events in commit order. Postgres is the truth: the relay's
// checkpoint lives there and moves only after JetStream acknowledged the batch, so while NATS
// is down commands go on and nothing is lost; a batch published twice is deduplicated by
// JetStream (Nats-Msg-Id = global position) and skipped by projectors.
type Relay struct {
	Store     *Store
	Publisher message.Publisher
	Log       *slog.Logger
	Batch     int           // events per read, default 500
	Idle      time.Duration // pause when there is nothing new, default 10 ms
	OnPublish func(Cursor)  // optional: after each published batch (metrics, tests)
}

// Run publishes until ctx ends — while this instance leads the relay (of several instances on
// one database, one publishes).
func (r *Relay) Run(ctx context.Context) error {
	return r.Store.AlsLeiter(ctx, RelayName, r.Log, r.veroeffentlichen)
}

func (r *Relay) veroeffentlichen(ctx context.Context) error {
	batch, idle := r.Batch, r.Idle
	if batch <= 0 {
		batch = 500
	}
	if idle <= 0 {
		idle = 10 * time.Millisecond
	}
	backoff := 100 * time.Millisecond
	var stand *Cursor // where the relay stands while it leads: read once, then its own (nil: read it)
	for {
		neu, n, err := r.publishOnce(ctx, batch, stand)
		switch {
		case ctx.Err() != nil:
			return nil
		case err != nil:
			stand = nil
			r.Log.Warn("Relay: Veröffentlichen fehlgeschlagen, neuer Versuch", "error", err, "in", backoff)
			sleep(ctx, backoff)
			backoff = min(backoff*2, 2*time.Second)
			continue
		}
		stand = &neu
		if n < batch {
			backoff = 100 * time.Millisecond
			sleep(ctx, idle)
		}
	}
}

// publishOnce publishes the next batch after von (nil: after the relay's checkpoint) and returns
// where the relay stands then and how many events it published.
func (r *Relay) publishOnce(ctx context.Context, batch int, von *Cursor) (Cursor, int, error) {
	var cp Cursor
	if von != nil {
		cp = *von
	} else {
		var err error
		if cp, err = LoadCheckpoint(ctx, r.Store.pool, RelayName); err != nil {
			return cp, 0, err
		}
	}
	events, err := r.Store.ReadAll(ctx, cp, batch)
	if err != nil || len(events) == 0 {
		return cp, 0, err
	}
	prev := cp
	for _, e := range events {
		msg, err := ToMessage(e, prev)
		if err != nil {
			return cp, 0, err
		}
		if err := r.Publisher.Publish(Subject(e), msg); err != nil {
			return cp, 0, err
		}
		prev = e.Cursor()
	}
	if err := SaveCheckpoint(ctx, r.Store.pool, RelayName, prev); err != nil {
		return cp, 0, err
	}
	if r.OnPublish != nil {
		r.OnPublish(prev)
	}
	return prev, len(events), nil
}

// ToMessage turns an event into a Watermill message whose UUID (and so Nats-Msg-Id) is the
// global position, with the event's cursor and that of the event published just before it.
func ToMessage(e Event, prev Cursor) (*message.Message, error) {
	payload, err := json.Marshal(e)
	if err != nil {
		return nil, err
	}
	msg := message.NewMessage(strconv.FormatInt(e.Position, 10), payload)
	msg.Metadata.Set(MetaPosition, strconv.FormatInt(e.Position, 10))
	msg.Metadata.Set(MetaTxID, strconv.FormatInt(e.TxID, 10))
	msg.Metadata.Set(MetaPrevPosition, strconv.FormatInt(prev.Position, 10))
	msg.Metadata.Set(MetaPrevTxID, strconv.FormatInt(prev.TxID, 10))
	return msg, nil
}

// MessageCursor is the cursor of the event a message carries, read from its metadata: a
// projector woken by the message reads the events from the store, so it never decodes the payload.
func MessageCursor(msg *message.Message) (Cursor, error) {
	var c Cursor
	var err error
	if c.Position, err = strconv.ParseInt(msg.Metadata.Get(MetaPosition), 10, 64); err != nil {
		return c, err
	}
	c.TxID, err = strconv.ParseInt(msg.Metadata.Get(MetaTxID), 10, 64)
	return c, err
}

func sleep(ctx context.Context, d time.Duration) {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
	case <-t.C:
	}
}
