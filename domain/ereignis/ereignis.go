// Package ereignis is the shape every aggregate of domain/ shares: the domain event, the
// Decider (initial state, Evolve, Decide, Decode) and the catalogue that reads stored events
// back. It imports no database: the event store (eventstore.Handle) runs a Decider against
// Postgres, the domain packages only describe it.
package ereignis

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"

	gojson "github.com/goccy/go-json"
)

// DomainEvent is an event of a domain package: a past-tense fact with a German name.
type DomainEvent interface{ EventType() string }

// Datiert is an event that dated a version of a historised object: Datierung is the audit
// entry its decider accepted ('Gültig ab' and the reason), ok false when the event dated
// nothing (a save of fields that are not historised). The command path writes exactly this
// into the event's metadata, so the Verlauf and the audit trail never show an audit text a
// client sent along with a save that historised nothing.
type Datiert interface {
	DomainEvent
	Datierung() (gueltigAb, aenderungsgrund string, ok bool)
}

// Decider is the shape of every aggregate: state rebuilt from events by Evolve, commands
// checked by Decide. Both are pure; Decode turns stored data back into domain events. C is
// the aggregate's closed set of commands (a sealed interface such as betrieb.Befehl).
type Decider[S any, C any] struct {
	StreamType string
	Initial    func() S
	Evolve     func(S, DomainEvent) S
	Decide     func(S, C) ([]DomainEvent, error)
	Decode     func(eventType string, data json.RawMessage) (DomainEvent, error)
}

// Anwenden evolves a state by events already decoded (the events a command just decided).
func (d Decider[S, C]) Anwenden(state S, events []DomainEvent) S {
	for _, e := range events {
		state = d.Evolve(state, e)
	}
	return state
}

// Ereignisse maps the event types of an aggregate to their readers; its Decode is the
// aggregate's Decode. Build it with Katalog, so each type is named only by its EventType.
type Ereignisse map[string]func(json.RawMessage) (DomainEvent, error)

// Leser reads the stored data of one event type.
type Leser struct {
	typ  string
	lies func(json.RawMessage) (DomainEvent, error)
}

// Art is the reader of events of type T, named by T's EventType:
//
//	var Decode = ereignis.Katalog(ereignis.Art[DateiHochgeladen](), ereignis.Art[DateiGeloescht]())
func Art[T DomainEvent]() Leser {
	var zero T
	return Leser{typ: zero.EventType(), lies: Lies[T]}
}

// Katalog collects the readers of an aggregate's events; a type named twice is a programming
// error and panics at start-up.
func Katalog(leser ...Leser) Ereignisse {
	e := make(Ereignisse, len(leser))
	for _, l := range leser {
		if _, doppelt := e[l.typ]; doppelt {
			panic("ereignis: event type " + l.typ + " named twice")
		}
		e[l.typ] = l.lies
	}
	return e
}

// Lies reads an event of type T.
func Lies[T DomainEvent](data json.RawMessage) (DomainEvent, error) {
	var v T
	err := gojson.Unmarshal(data, &v)
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

// Name is the type name of events of type T (its EventType), for tables keyed by event type
// outside the domain package (the audit phrases), so the name is written only once.
func Name[T DomainEvent]() string {
	var zero T
	return zero.EventType()
}

// Arten are the event types of the catalogue, sorted: what a projector must handle or ignore
// for the aggregate (domain/katalog).
func (e Ereignisse) Arten() []string {
	return slices.Sorted(maps.Keys(e))
}
