package werteliste

import (
	"errors"
	"reflect"
	"testing"

	"github.com/eabwasser/eabwasser/domain/validierung"
	"github.com/eabwasser/eabwasser/eventstore"
)

func TestDecide(t *testing.T) {
	angelegt := EintragAngelegt{Liste: "anrede", Wert: "Frau"}
	tests := []struct {
		name    string
		given   []eventstore.DomainEvent
		when    any
		then    []eventstore.DomainEvent
		wantErr string
	}{
		{"new entry is trimmed", nil, LegeEintragAn{Liste: "anrede", Wert: " Frau "}, []eventstore.DomainEvent{angelegt}, ""},
		{"value is required", nil, LegeEintragAn{Liste: "anrede", Wert: "  "}, nil, "Dieses Feld ist ein Pflichtfeld."},
		{"unknown list", nil, LegeEintragAn{Liste: "gibtsnicht", Wert: "x"}, nil, "Die Werteliste „gibtsnicht“ gibt es nicht."},
		{"created twice", []eventstore.DomainEvent{angelegt}, LegeEintragAn{Liste: "anrede", Wert: "Herr"}, nil, "Der Wertelisteneintrag existiert bereits."},
		{"change", []eventstore.DomainEvent{angelegt}, AendereEintrag{Wert: "Divers"}, []eventstore.DomainEvent{EintragGeaendert{Wert: "Divers"}}, ""},
		{"same value changes nothing", []eventstore.DomainEvent{angelegt}, AendereEintrag{Wert: "Frau"}, nil, ""},
		{"deleted entry cannot change", []eventstore.DomainEvent{angelegt, EintragGeloescht{}}, AendereEintrag{Wert: "x"}, nil, validierung.NichtGefunden.Error()},
		{"delete", []eventstore.DomainEvent{angelegt}, LoescheEintrag{}, []eventstore.DomainEvent{EintragGeloescht{}}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			state := Eintrag{}
			for _, e := range tt.given {
				state = Evolve(state, e)
			}
			got, err := Decide(state, tt.when)
			if tt.wantErr != "" {
				var f *validierung.Fehler
				if err == nil || (err.Error() != tt.wantErr) || (!errors.As(err, &f) && !errors.Is(err, validierung.NichtGefunden)) {
					t.Fatalf("err = %v, want %q", err, tt.wantErr)
				}
				return
			}
			if err != nil || !reflect.DeepEqual(got, tt.then) {
				t.Fatalf("got %#v, %v; want %#v", got, err, tt.then)
			}
		})
	}
}
