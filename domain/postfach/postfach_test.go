package postfach

import (
	"reflect"
	"testing"

	"github.com/eabwasser/eabwasser/domain/ereignis"
)

func TestDecide(t *testing.T) {
	given := func(es ...ereignis.DomainEvent) Postfach {
		p := Postfach{}
		for _, e := range es {
			p = Evolve(p, e)
		}
		return p
	}
	tests := []struct {
		name  string
		given []ereignis.DomainEvent
		when  Befehl
		then  []ereignis.DomainEvent
	}{
		{"opening marks read", nil, Lies{Quelle: 7}, []ereignis.DomainEvent{NachrichtGelesen{Quelle: 7}}},
		{"opening again changes nothing", []ereignis.DomainEvent{NachrichtGelesen{Quelle: 7}}, Lies{Quelle: 7}, nil},
		{"delete", []ereignis.DomainEvent{NachrichtGelesen{Quelle: 7}}, Loesche{Quelle: 7}, []ereignis.DomainEvent{NachrichtGeloescht{Quelle: 7}}},
		{"deleted stays deleted", []ereignis.DomainEvent{NachrichtGeloescht{Quelle: 7}}, Loesche{Quelle: 7}, nil},
		{"a deleted message is not read", []ereignis.DomainEvent{NachrichtGeloescht{Quelle: 7}}, Lies{Quelle: 7}, nil},
	}
	for _, tt := range tests {
		got, err := Decide(given(tt.given...), tt.when)
		if err != nil || !reflect.DeepEqual(got, tt.then) {
			t.Errorf("%s: %v %v", tt.name, got, err)
		}
	}
}
