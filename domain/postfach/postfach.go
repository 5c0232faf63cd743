// Package postfach is a user's mailbox of messages (Nachrichten): the messages themselves are
// a read model the projector writes from the events they are about; what the user does with
// them — reading and deleting — are the events of this aggregate, one stream per user. A
// message is named by the position of the event it came from.
package postfach

import (
	"fmt"

	"github.com/eabwasser/eabwasser/domain/ereignis"
)

// StreamType of a mailbox ("postfach-<anwenderId>").
const StreamType = "postfach"

// Postfach is what a user did with his messages.
type Postfach struct {
	Gelesen   map[int64]bool
	Geloescht map[int64]bool
}

// Events.
type (
	// NachrichtGelesen: the message from the event at Quelle was opened.
	NachrichtGelesen struct {
		Quelle int64 `json:"quelle"`
	}
	// NachrichtGeloescht: the message was deleted.
	NachrichtGeloescht struct {
		Quelle int64 `json:"quelle"`
	}
)

func (NachrichtGelesen) EventType() string   { return "NachrichtGelesen" }
func (NachrichtGeloescht) EventType() string { return "NachrichtGeloescht" }

// Commands. The service checks that the message exists and is the user's.
type (
	Lies    struct{ Quelle int64 }
	Loesche struct{ Quelle int64 }
)

// Befehl is the closed set of commands of the aggregate: only the commands of this package
// implement it, so Decide sees nothing else.
type Befehl interface{ befehl() }

func (Lies) befehl()    {}
func (Loesche) befehl() {}

// Decide checks a command; reading twice or deleting twice changes nothing.
func Decide(p Postfach, cmd Befehl) ([]ereignis.DomainEvent, error) {
	switch c := cmd.(type) {
	case Lies:
		if p.Gelesen[c.Quelle] || p.Geloescht[c.Quelle] {
			return nil, nil
		}
		return []ereignis.DomainEvent{NachrichtGelesen{Quelle: c.Quelle}}, nil
	case Loesche:
		if p.Geloescht[c.Quelle] {
			return nil, nil
		}
		return []ereignis.DomainEvent{NachrichtGeloescht{Quelle: c.Quelle}}, nil
	}
	return nil, fmt.Errorf("postfach: unknown command %T", cmd)
}

// Evolve applies an event.
func Evolve(p Postfach, e ereignis.DomainEvent) Postfach {
	if p.Gelesen == nil {
		p = Postfach{Gelesen: map[int64]bool{}, Geloescht: map[int64]bool{}}
	}
	switch v := e.(type) {
	case NachrichtGelesen:
		p.Gelesen[v.Quelle] = true
	case NachrichtGeloescht:
		p.Geloescht[v.Quelle] = true
	}
	return p
}

// Decode reads a stored event.
var Ereignisse = ereignis.Katalog(
	ereignis.Art[NachrichtGelesen](),
	ereignis.Art[NachrichtGeloescht](),
)

// Decode reads a stored event of the aggregate (Ereignisse).
var Decode = Ereignisse.Decode

// Decider is the mailbox aggregate for the generic command handler.
var Decider = ereignis.Decider[Postfach, Befehl]{
	StreamType: StreamType, Initial: func() Postfach { return Postfach{} },
	Evolve: Evolve, Decide: Decide, Decode: Decode,
}
