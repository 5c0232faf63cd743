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

// Reagiere registers a reaction to the events of a stream type named in auf (event types; at
// least one). Register at start-up (an area's Setup), before the first append. Naming the
// events lets an append that triggers no reaction take the one-round-trip path (pipeline.go).
func (s *Store) Reagiere(streamType string, auf []string, r Reaktion) {
	if len(auf) == 0 {
		panic("eventstore: Reagiere on " + streamType + " names no event type")
	}
	arten := map[string]bool{}
	for _, a := range auf {
		arten[a] = true
	}
	s.reaktionen[streamType] = append(s.reaktionen[streamType], reaktion{arten: arten, r: r})
}

// ReagiereWenn is Reagiere for a reaction that acts on some events of a type only: wenn sees the
// data of each event to append (the decided domain event on the command path) and says whether
// the reaction may act on it — true when it cannot tell (data as JSON from a bare Append). An
// append whose events all answer false takes the one-round-trip path: wenn must answer false
// only where the reaction would do nothing.
func (s *Store) ReagiereWenn(streamType string, auf []string, wenn func(data any) bool, r Reaktion) {
	s.Reagiere(streamType, auf, r)
	rs := s.reaktionen[streamType]
	rs[len(rs)-1].wenn = wenn
}

// reaktion is a registered Reaktion with the event types it reacts to.
type reaktion struct {
	arten map[string]bool
	wenn  func(data any) bool // nil: every event of arten
	r     Reaktion
}

// reagiertAuf reports whether a reaction waits for one of these events of streamType.
func (s *Store) reagiertAuf(streamType string, events []NewEvent) bool {
	for _, r := range s.reaktionen[streamType] {
		for _, e := range events {
			if r.arten[e.Type] && (r.wenn == nil || r.wenn(e.Data)) {
				return true
			}
		}
	}
	return false
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
			if !r.arten[e.Type] {
				continue
			}
			if err := r.r(ctx, tx, e); err != nil {
				return err
			}
		}
	}
	return nil
}
