package eventstore

import (
	"context"
	"fmt"
	"slices"

	"github.com/jackc/pgx/v5"

	"github.com/eabwasser/eabwasser/domain/ereignis"
)

// Befehlsweg runs the commands of one aggregate type against the store: the decider's
// commands (C, a closed set) reach Handle as themselves, without conversions.
type Befehlsweg[S, C any] struct {
	store   *Store
	decider ereignis.Decider[S, C]
}

// Befehle is the command path of decider d on store s.
func Befehle[S, C any](s *Store, d ereignis.Decider[S, C]) Befehlsweg[S, C] {
	return Befehlsweg[S, C]{store: s, decider: d}
}

// Load replays a stream into the decider's state and returns it with the stream's version.
func (b Befehlsweg[S, C]) Load(ctx context.Context, id int64) (S, int, error) {
	d := b.decider
	events, err := b.store.ReadStream(ctx, StreamID(d.StreamType, id), 1, 0)
	if err != nil {
		return d.Initial(), 0, err
	}
	return Fold(d, d.Initial(), events)
}

// Fold applies stored events to a state (used for replays "as of version N" too).
func Fold[S, C any](d ereignis.Decider[S, C], state S, events []Event) (S, int, error) {
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
// as the expected one, and write the inline projections in the same transaction. The stream is
// folded once: the aggregate's document is written from the state Handle has already folded
// and evolved by the new events (see Dokument). When the caller names the version it has seen
// (expected >= 0) and the stream has moved on since, the command is refused with a
// *ConflictError before anything is decided; VersionUnbekannt names none.
func (b Befehlsweg[S, C]) Handle(ctx context.Context, id int64, expected int, cmd C, md Metadata) (Appended, error) {
	state, version, err := laden(ctx, b.store, b.store.pool, b.decider, id)
	if err != nil {
		return Appended{}, err
	}
	return entscheiden(ctx, b.store, nil, b.decider, id, state, version, expected, cmd, md)
}

// HandleGeladen is Handle on a state the caller has already loaded — the service that read the
// aggregate's document (its Stand) with the check that the caller sees it — so the command
// reads nothing again: it decides on stand and appends at version, the version stand was
// loaded at. The append is the optimistic lock as in Handle: a writer that appended since the
// load makes it a *ConflictError, never a silent overwrite; and expected (the client's version,
// VersionUnbekannt for none) other than version is a *ConflictError before anything is decided.
// stand must be what the command path would load: the document registered as the stream
// type's Stand, or the fold of its stream (version 0: no stream yet).
func (b Befehlsweg[S, C]) HandleGeladen(ctx context.Context, id int64, stand S, version, expected int, cmd C, md Metadata) (Appended, error) {
	if version < 0 {
		return Appended{}, fmt.Errorf("eventstore: %s: %d is no version that was loaded", StreamID(b.decider.StreamType, id), version)
	}
	return entscheiden(ctx, b.store, nil, b.decider, id, stand, version, expected, cmd, md)
}

// HandleNeu is the command that starts new stream id (an id just drawn from its sequence): it
// decides on the initial state and reads nothing — a stream that exists after all is a
// *ConflictError (the append's key).
func (b Befehlsweg[S, C]) HandleNeu(ctx context.Context, id int64, cmd C, md Metadata) (Appended, error) {
	return entscheiden(ctx, b.store, nil, b.decider, id, b.decider.Initial(), 0, VersionUnbekannt, cmd, md)
}

// HandleTx is Handle inside a transaction the caller owns, for a reaction that changes several
// aggregates at once (a merge moves every reference in one commit).
func (b Befehlsweg[S, C]) HandleTx(ctx context.Context, tx pgx.Tx, id int64, expected int, cmd C, md Metadata) (Appended, error) {
	state, version, err := laden(ctx, b.store, tx, b.decider, id)
	if err != nil {
		return Appended{}, err
	}
	return entscheiden(ctx, b.store, tx, b.decider, id, state, version, expected, cmd, md)
}

// entscheiden decides cmd on state at version and appends the events at that version (tx nil:
// in a transaction of its own, pipelined when the document allows it).
func entscheiden[S, C any](ctx context.Context, s *Store, tx pgx.Tx, d ereignis.Decider[S, C], id int64, state S, version, expected int,
	cmd C, md Metadata) (Appended, error) {
	streamID := StreamID(d.StreamType, id)
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
	md.AuditInfo = Datierung(decided)
	if version == 0 {
		version = NoStream
	}
	// the state after the command, for the inline document: no second read, no second fold
	z := zustand{id: id, state: d.Anwenden(state, decided)}
	if tx != nil {
		return s.appendTx(ctx, tx, streamID, d.StreamType, version, events, md, true, &z)
	}
	return s.append(ctx, streamID, d.StreamType, version, events, md, true, &z)
}

// laden is the state and version a command starts from: the aggregate's document when it is
// registered as its Stand, else the fold of its stream.
func laden[S, C any](ctx context.Context, s *Store, q Querier, d ereignis.Decider[S, C], id int64) (S, int, error) {
	if dok, ok := s.dokumente[d.StreamType]; ok && dok.laden != nil {
		state, version, gefunden, err := dok.laden(ctx, q, id)
		if err != nil {
			return d.Initial(), 0, err
		}
		if gefunden {
			return state.(S), version, nil
		}
	}
	rows, err := q.Query(ctx, `SELECT `+eventColumns+` FROM events WHERE stream_id = $1 ORDER BY version`, StreamID(d.StreamType, id))
	if err != nil {
		return d.Initial(), 0, err
	}
	stored, err := s.collect(rows, 0)
	if err != nil {
		return d.Initial(), 0, err
	}
	return Fold(d, d.Initial(), stored)
}

// NextID allocates the numeric id of a new aggregate from the Postgres sequence of its type.
func NextID(ctx context.Context, s *Store, sequence string) (int64, error) {
	var id int64
	err := s.pool.QueryRow(ctx, `SELECT nextval($1::regclass)`, sequence).Scan(&id)
	return id, err
}

// NextIDs allocates n ids from a sequence in one round trip, in ascending order (the ids of an
// aggregate's child rows drawn before Decide, the scale seed's aggregates).
func NextIDs(ctx context.Context, s *Store, sequence string, n int) ([]int64, error) {
	rows, err := s.pool.Query(ctx, `SELECT nextval($1::regclass) FROM generate_series(1, $2)`, sequence, n)
	if err != nil {
		return nil, err
	}
	out, err := pgx.CollectRows(rows, pgx.RowTo[int64])
	slices.Sort(out)
	return out, err
}

// Datierung is the audit entry of the metadata of decided events: the one an event dated a
// version with (ereignis.Datiert), never what the caller put into the metadata — a client's
// auditInfo on a save that historised nothing, or one no decider checked, reaches neither the
// Verlauf nor the audit trail. Handle sets it; a tool that decides and appends itself (the
// scale seed) calls it too.
func Datierung(decided []ereignis.DomainEvent) *AuditInfo {
	for _, e := range decided {
		if d, ok := e.(ereignis.Datiert); ok {
			if ab, grund, ok := d.Datierung(); ok {
				return &AuditInfo{GueltigAb: ab, Aenderungsgrund: grund}
			}
		}
	}
	return nil
}
