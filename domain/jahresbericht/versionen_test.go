package jahresbericht

import (
	"testing"
	"time"

	"github.com/eabwasser/eabwasser/domain/ereignis"
	"github.com/eabwasser/eabwasser/domain/historie"
)

// TestVersionsschritt_OneVersionFromTheFirstDayOfTheYear: a report is not historised; its
// creation opens the one version, every later event corrects it.
func TestVersionsschritt_OneVersionFromTheFirstDayOfTheYear(t *testing.T) {
	events := []ereignis.DomainEvent{angelegt, JahresberichtGeaendert{Daten: daten},
		MesswerteGespeichert{ParameterID: 501, Messreihe: Messreihe{AnzahlWerte: 1, Messwerte: []Messwert{{Datum: "2025-03-01", Wert: "1"}}}},
		eingereicht, JahresberichtPlausibilisiert{Konto: 13}}
	e := make([]historie.Ereignis, len(events))
	for i, ev := range events {
		e[i] = historie.Ereignis{Event: ev, Am: time.Date(2026, 1, 1+i, 0, 0, 0, 0, time.UTC), Von: "x"}
	}
	v := historie.Versionen(e, Versionsregel())
	if len(v) != 1 || v[0].GueltigAb != "2025-01-01" || v[0].Stand.Status != Plausibilisiert || v[0].KorrigiertAm == nil ||
		!v[0].KorrigiertAm.Equal(time.Date(2026, 1, 5, 0, 0, 0, 0, time.UTC)) {
		t.Fatalf("%+v", v)
	}
}

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
