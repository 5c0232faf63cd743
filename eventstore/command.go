package eventstore

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/jackc/pgx/v5"
)

// DomainEvent is an event of a domain package: a past-tense fact with a German name.
type DomainEvent interface{ EventType() string }

// Decider is the shape of every aggregate: state rebuilt from events by Evolve, commands
// checked by Decide. Both are pure; Decode turns stored data back into domain events.
type Decider[S any, C any] struct {
	StreamType string
	Initial    func() S
	Evolve     func(S, DomainEvent) S
	Decide     func(S, C) ([]DomainEvent, error)
	Decode     func(eventType string, data json.RawMessage) (DomainEvent, error)
}

// Load replays a stream into the decider's state and returns it with the stream's version.
func (d Decider[S, C]) Load(ctx context.Context, s *Store, id int64) (S, int, error) {
	state := d.Initial()
	events, err := s.ReadStream(ctx, StreamID(d.StreamType, id), 1, 0)
	if err != nil {
		return state, 0, err
	}
	return d.Fold(state, events)
}

// Fold applies stored events to a state (used for replays "as of version N" too).
func (d Decider[S, C]) Fold(state S, events []Event) (S, int, error) {
	version := 0
	for _, e := range events {
		de, err := d.Decode(e.Type, e.Data)
		if err != nil {
			return state, version, fmt.Errorf("%s v%d: %w", e.StreamID, e.Version, err)
		}
		state, version = d.Evolve(state, de), e.Version
	}
	return state, version, nil
}

// Handle is the one command handler: load the stream, decide, append with the loaded version
// as the expected one, and run the inline projections in the same transaction. When the
// caller names the version it has seen (expected >= 0) and the stream has moved on since,
// the command is refused with a *ConflictError before anything is decided.
func (d Decider[S, C]) Handle(ctx context.Context, s *Store, id int64, expected int, cmd C, md Metadata) (Appended, error) {
	return d.handle(ctx, s, nil, id, expected, cmd, md)
}

// HandleTx is Handle inside a transaction the caller owns, for a process that changes several
// aggregates at once (a merge moves every reference in one commit).
func (d Decider[S, C]) HandleTx(ctx context.Context, s *Store, tx pgx.Tx, id int64, expected int, cmd C, md Metadata) (Appended, error) {
	return d.handle(ctx, s, tx, id, expected, cmd, md)
}

func (d Decider[S, C]) handle(ctx context.Context, s *Store, tx pgx.Tx, id int64, expected int, cmd C, md Metadata) (Appended, error) {
	streamID := StreamID(d.StreamType, id)
	var q Querier = s.pool
	if tx != nil {
		q = tx
	}
	rows, err := q.Query(ctx, `SELECT `+eventColumns+` FROM events WHERE stream_id = $1 ORDER BY version`, streamID)
	if err != nil {
		return Appended{}, err
	}
	stored, err := s.collect(rows)
	if err != nil {
		return Appended{}, err
	}
	state, version, err := d.Fold(d.Initial(), stored)
	if err != nil {
		return Appended{}, err
	}
	if expected >= 0 && expected != version {
		return Appended{}, &ConflictError{StreamID: streamID, Expected: expected, Actual: version}
	}
	decided, err := d.Decide(state, cmd)
	if err != nil {
		return Appended{}, err
	}
	if len(decided) == 0 {
		return Appended{Version: version}, nil
	}
	events := make([]NewEvent, len(decided))
	for i, e := range decided {
		events[i] = NewEvent{Type: e.EventType(), Data: e}
	}
	if version == 0 {
		version = NoStream
	}
	if tx != nil {
		return s.AppendTx(ctx, tx, streamID, d.StreamType, version, events, md)
	}
	return s.Append(ctx, streamID, d.StreamType, version, events, md)
}

// NextID allocates the numeric id of a new aggregate from the Postgres sequence of its type.
func NextID(ctx context.Context, s *Store, sequence string) (int64, error) {
	var id int64
	err := s.pool.QueryRow(ctx, `SELECT nextval($1::regclass)`, sequence).Scan(&id)
	return id, err
}

// Ereignisse maps the event types of an aggregate to their readers; its Decode is the
// aggregate's Decode:
//
//	var ereignisse = eventstore.Ereignisse{"DateiHochgeladen": eventstore.Lies[DateiHochgeladen], …}
type Ereignisse map[string]func(json.RawMessage) (DomainEvent, error)

// Lies reads an event of type T.
func Lies[T DomainEvent](data json.RawMessage) (DomainEvent, error) {
	var v T
	err := json.Unmarshal(data, &v)
	return v, err
}

// Decode reads a stored event; an unknown type is an error.
func (e Ereignisse) Decode(eventType string, data json.RawMessage) (DomainEvent, error) {
	lies, ok := e[eventType]
	if !ok {
		return nil, fmt.Errorf("unknown event %s", eventType)
	}
	return lies(data)
}
