package eventstore

import (
	"context"
	"strconv"

	"github.com/jackc/pgx/v5"
)

// Reaktion is a reaction between aggregates: called for each event of its stream type inside
// the transaction that appends it, it issues commands to other aggregates
// (Befehle(…).HandleTx with tx and Folge(e)), so cause and effect commit together and share the
// correlation id; an error refuses the triggering command (the transaction rolls back).
// Synchronous reactions are for consequences that must hold at commit (a merge moves every
// reference, a reference forbids a delete); everything that may lag — lists, messages, mails —
// is a projector's work.
type Reaktion func(ctx context.Context, tx pgx.Tx, e Event) error

// Reagiere registers a reaction to the events of a stream type. Register at start-up (an
// area's Setup), before the first append.
func (s *Store) Reagiere(streamType string, r Reaktion) {
	s.reaktionen[streamType] = append(s.reaktionen[streamType], r)
}

// Folge is the metadata of a command issued in reaction to e: the same actor, request and
// correlation id, and e as the cause.
func Folge(e Event) Metadata {
	md := e.Metadata
	md.CausationID = strconv.FormatInt(e.Position, 10)
	md.AuditInfo = nil
	return md
}

func (s *Store) reagieren(ctx context.Context, tx pgx.Tx, events []Event) error {
	if len(events) == 0 {
		return nil
	}
	for _, r := range s.reaktionen[events[0].StreamType] {
		for _, e := range events {
			if err := r(ctx, tx, e); err != nil {
				return err
			}
		}
	}
	return nil
}
