package jahresbericht

import (
	"testing"

	"github.com/eabwasser/eabwasser/domain/ereignis"
)

func TestPhrasen_EveryEventHasOne(t *testing.T) {
	for _, art := range []ereignis.DomainEvent{JahresberichtAngelegt{}, JahresberichtGeaendert{}, JahresberichtBearbeitungAbgeschlossen{},
		JahresberichtBearbeitungFortgesetzt{}, JahresberichtEingereicht{}, JahresberichtPlausibilisiert{}, JahresberichtZurueckgewiesen{},
		JahresberichtGeloescht{}, ErgaenzenderParameterAngelegt{}, ErgaenzenderParameterGeaendert{}, ErgaenzenderParameterGeloescht{},
		MesswerteGespeichert{}} {
		if Phrasen[art.EventType()] == "" {
			t.Errorf("%s has no phrase", art.EventType())
		}
		if _, err := Decode(art.EventType(), []byte(`{}`)); err != nil {
			t.Errorf("%s: %v", art.EventType(), err)
		}
	}
	if len(Phrasen) != 12 {
		t.Errorf("%d phrases for 12 events", len(Phrasen))
	}
}
