package projections

import (
	"context"

	"github.com/eabwasser/eabwasser/eventstore"
)

// Handler applies an event of one stream type to a read model; id is the aggregate's id (the
// number of its stream id).
type Handler func(ctx context.Context, tx *Tx, e eventstore.Event, id int64) error

// JeStreamtyp is the Apply of a read model made of one handler per stream type (the worklists,
// the tasks): an event goes to the handler of its stream type, events of other types are
// skipped.
func JeStreamtyp(handlers map[string]Handler) func(ctx context.Context, tx *Tx, e eventstore.Event) error {
	return func(ctx context.Context, tx *Tx, e eventstore.Event) error {
		h, ok := handlers[e.StreamType]
		if !ok {
			return nil
		}
		id, err := eventstore.AggregatID(e.StreamID)
		if err != nil {
			return err
		}
		return h(ctx, tx, e, id)
	}
}
