package eventstore

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"

	"github.com/eabwasser/eabwasser/domain/ereignis"
)

// zustand is the state a command handler has folded and evolved by the events it appends.
type zustand struct {
	id    int64
	state any
}

// dokument writes the current state of one stream type inline.
type dokument struct {
	// ausZustand writes the state Handle hands over.
	ausZustand func(ctx context.Context, tx pgx.Tx, id int64, state any, version int) error
	// neuGelesen replays the stream in the append's transaction, for appends that come
	// without a folded state (bulk paths, tests).
	neuGelesen InlineProjection
	// laden reads the state and version back from the document (Stand), nil: the command
	// handler folds the stream.
	laden func(ctx context.Context, q Querier, id int64) (any, int, bool, error)
}

// Dokument registers the inline document of an aggregate: after each append of its stream type
// the whole current state is handed to write, in the append's transaction. A command handled by
// Handle passes the state it has already folded, so the stream is read and folded once per
// command; a bare Append replays the stream (inside the transaction, so it sees the new events).
// Register at start-up, before the first append; one document per stream type.
func Dokument[S, C any](s *Store, d ereignis.Decider[S, C], write func(ctx context.Context, tx pgx.Tx, id int64, state S, version int) error) {
	if _, doppelt := s.dokumente[d.StreamType]; doppelt {
		panic(fmt.Sprintf("eventstore: second document for %s", d.StreamType))
	}
	s.dokumente[d.StreamType] = dokument{
		ausZustand: func(ctx context.Context, tx pgx.Tx, id int64, state any, version int) error {
			return write(ctx, tx, id, state.(S), version)
		},
		neuGelesen: func(ctx context.Context, tx pgx.Tx, events []Event) error {
			streamID := events[0].StreamID
			id, err := AggregatID(streamID)
			if err != nil {
				return err
			}
			rows, err := tx.Query(ctx, `SELECT `+eventColumns+` FROM events WHERE stream_id = $1 ORDER BY version`, streamID)
			if err != nil {
				return err
			}
			stored, err := s.collect(rows, 0)
			if err != nil {
				return err
			}
			state, version, err := Fold(d, d.Initial(), stored)
			if err != nil {
				return err
			}
			return write(ctx, tx, id, state, version)
		},
	}
}

// Stand lets the command handler of d start from the aggregate's document instead of folding
// its stream: laden reads the state and version the document holds (found false: no
// document, the stream is folded). The document is written in every append's transaction, so
// it is at the stream's version; the append's version guard refuses the command if the
// stream moved on meanwhile. Only for documents that hold the whole state (a document that
// drops part of the state must not be a Stand). Register after Dokument.
func Stand[S, C any](s *Store, d ereignis.Decider[S, C], laden func(ctx context.Context, q Querier, id int64) (S, int, bool, error)) {
	dok, ok := s.dokumente[d.StreamType]
	if !ok {
		panic(fmt.Sprintf("eventstore: Stand without a document for %s", d.StreamType))
	}
	dok.laden = func(ctx context.Context, q Querier, id int64) (any, int, bool, error) {
		return laden(ctx, q, id)
	}
	s.dokumente[d.StreamType] = dok
}

// SchreibeDokument writes the inline document of streamType from a state folded elsewhere, as
// Handle writes it: the scale seed's bulk path decides in memory with the same decider and
// writes each aggregate's document once through the writer its area registered. A stream type
// without a document writes nothing.
func (s *Store) SchreibeDokument(ctx context.Context, tx pgx.Tx, streamType string, id int64, state any, version int) error {
	dok, ok := s.dokumente[streamType]
	if !ok {
		return nil
	}
	return dok.ausZustand(ctx, tx, id, state, version)
}
