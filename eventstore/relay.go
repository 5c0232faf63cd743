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
	for {
		n, err := r.publishOnce(ctx, batch)
		switch {
		case ctx.Err() != nil:
			return nil
		case err != nil:
			r.Log.Warn("Relay: Veröffentlichen fehlgeschlagen, neuer Versuch", "error", err, "in", backoff)
			sleep(ctx, backoff)
			backoff = min(backoff*2, 2*time.Second)
		case n < batch:
			backoff = 100 * time.Millisecond
			sleep(ctx, idle)
		}
	}
}

// publishOnce publishes the next batch and returns how many events it published.
func (r *Relay) publishOnce(ctx context.Context, batch int) (int, error) {
	cp, err := LoadCheckpoint(ctx, r.Store.pool, RelayName)
	if err != nil {
		return 0, err
	}
	events, err := r.Store.ReadAll(ctx, cp, batch)
	if err != nil || len(events) == 0 {
		return 0, err
	}
	prev := cp
	for _, e := range events {
		msg, err := ToMessage(e, prev)
		if err != nil {
			return 0, err
		}
		if err := r.Publisher.Publish(Subject(e), msg); err != nil {
			return 0, err
		}
		prev = e.Cursor()
	}
	if err := SaveCheckpoint(ctx, r.Store.pool, RelayName, prev); err != nil {
		return 0, err
	}
	if r.OnPublish != nil {
		r.OnPublish(prev)
	}
	return len(events), nil
}

// ToMessage turns an event into a Watermill message whose UUID (and so Nats-Msg-Id) is the
// global position and which names the event published just before it.
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

// FromMessage reads an event and the cursor of its predecessor back from a message.
func FromMessage(msg *message.Message) (Event, Cursor, error) {
	var e Event
	if err := json.Unmarshal(msg.Payload, &e); err != nil {
		return e, Cursor{}, err
	}
	var prev Cursor
	var err error
	if prev.Position, err = strconv.ParseInt(msg.Metadata.Get(MetaPrevPosition), 10, 64); err != nil {
		return e, prev, err
	}
	if prev.TxID, err = strconv.ParseInt(msg.Metadata.Get(MetaPrevTxID), 10, 64); err != nil {
		return e, prev, err
	}
	return e, prev, nil
}

func sleep(ctx context.Context, d time.Duration) {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
	case <-t.C:
	}
}
