package postfach

import (
	"reflect"
	"testing"

	"github.com/eabwasser/eabwasser/eventstore"
)

func TestDecide(t *testing.T) {
	given := func(es ...eventstore.DomainEvent) Postfach {
		p := Postfach{}
		for _, e := range es {
			p = Evolve(p, e)
		}
		return p
	}
	tests := []struct {
		name  string
		given []eventstore.DomainEvent
		when  any
		then  []eventstore.DomainEvent
	}{
		{"opening marks read", nil, Lies{Quelle: 7}, []eventstore.DomainEvent{NachrichtGelesen{Quelle: 7}}},
		{"opening again changes nothing", []eventstore.DomainEvent{NachrichtGelesen{Quelle: 7}}, Lies{Quelle: 7}, nil},
		{"delete", []eventstore.DomainEvent{NachrichtGelesen{Quelle: 7}}, Loesche{Quelle: 7}, []eventstore.DomainEvent{NachrichtGeloescht{Quelle: 7}}},
		{"deleted stays deleted", []eventstore.DomainEvent{NachrichtGeloescht{Quelle: 7}}, Loesche{Quelle: 7}, nil},
		{"a deleted message is not read", []eventstore.DomainEvent{NachrichtGeloescht{Quelle: 7}}, Lies{Quelle: 7}, nil},
	}
	for _, tt := range tests {
		got, err := Decide(given(tt.given...), tt.when)
		if err != nil || !reflect.DeepEqual(got, tt.then) {
			t.Errorf("%s: %v %v", tt.name, got, err)
		}
	}
}
