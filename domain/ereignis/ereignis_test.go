package ereignis

import (
	"encoding/json"
	"testing"
)

type gezaehlt struct{ N int }

func (gezaehlt) EventType() string { return "Gezaehlt" }

type geleert struct{}

func (geleert) EventType() string { return "Geleert" }

type zaehle struct{ Um int }

var zaehler = Decider[int, zaehle]{
	StreamType: "zaehler",
	Initial:    func() int { return 0 },
	Evolve: func(s int, e DomainEvent) int {
		switch v := e.(type) {
		case gezaehlt:
			return s + v.N
		case geleert:
			return 0
		}
		return s
	},
	Decode: Katalog(Art[gezaehlt](), Art[geleert]()).Decode,
}

func TestKatalog_NamesEachTypeByItsEventType(t *testing.T) {
	// given a catalogue built from the event types alone
	// when stored data of each type is read back
	e, err := zaehler.Decode("Gezaehlt", json.RawMessage(`{"N":3}`))
	// then the event is the type that names itself so
	if err != nil || e != (gezaehlt{N: 3}) {
		t.Fatalf("Gezaehlt: %#v %v", e, err)
	}
	if e, err := zaehler.Decode("Geleert", json.RawMessage(`{}`)); err != nil || e != (geleert{}) {
		t.Fatalf("Geleert: %#v %v", e, err)
	}
	if _, err := zaehler.Decode("Unbekannt", nil); err == nil {
		t.Fatal("an unknown type must be an error")
	}
}

func TestKatalog_ATypeNamedTwicePanics(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Fatal("no panic for a type named twice")
		}
	}()
	Katalog(Art[gezaehlt](), Art[gezaehlt]())
}

func TestAnwenden_EvolvesByDecidedEvents(t *testing.T) {
	// given a state of 2, when the events a command decided are applied, then the state after
	got := zaehler.Anwenden(2, []DomainEvent{gezaehlt{N: 3}, geleert{}, gezaehlt{N: 4}})
	if got != 4 {
		t.Fatalf("got %d, want 4", got)
	}
}
