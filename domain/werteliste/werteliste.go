// Package werteliste holds the value lists (Wertelisten) that fill the selections of every
// form: Anrede, Titel, Kanalsystem, … Each entry is an aggregate of its own.
package werteliste

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/eabwasser/eabwasser/domain/validierung"
	"github.com/eabwasser/eabwasser/eventstore"
)

// StreamType of an entry's stream ("werteliste-<id>").
const StreamType = "werteliste"

// Listen are the value lists of the product (spec 002 §3), by their API path names.
var Listen = []string{
	"anrede", "abwasserart", "anforderung-randbedingung", "anforderung-vorbehandlung", "anforderung-wert",
	"auflagenart", "bauwerk-anlageteil-kategorie", "bauwerk-bezeichner", "bauwerk-einheit", "kanalsystem",
	"kuehlart", "kanal-materialart", "messstelle-abwasserart", "planung-massnahme", "planung-status",
	"produktionsart", "produktbezeichnung", "haupttaetigkeit", "taetigkeit", "titel", "produktionsverfahren",
	"zustaendigkeit-person", "bauwerk-anlageteil-bezeichnung", "anlagensystem", "biologische_behandlung",
	"schlammbehandlung", "vorbehandlung", "chemische-behandlung", "nachbehandlung", "as-parameter",
	"as-einheit", "entlastungstyp", "entlastungssystem", "suevoaAnlageNr", "selbstueberwachungVorlage",
	// lookups of spec 000 §7 kept the same way
	"regionalstelle",
}

// Eintrag is the state of one entry.
type Eintrag struct {
	Liste     string
	Wert      string
	Geloescht bool
}

// Events.
type (
	EintragAngelegt struct {
		Liste string `json:"liste"`
		Wert  string `json:"wert"`
	}
	EintragGeaendert struct {
		Wert string `json:"wert"`
	}
	EintragGeloescht struct{}
)

func (EintragAngelegt) EventType() string  { return "WertelisteEintragAngelegt" }
func (EintragGeaendert) EventType() string { return "WertelisteEintragGeaendert" }
func (EintragGeloescht) EventType() string { return "WertelisteEintragGeloescht" }

// Commands.
type (
	LegeEintragAn  struct{ Liste, Wert string }
	AendereEintrag struct{ Wert string }
	LoescheEintrag struct{}
)

// Decide checks a command against the entry.
func Decide(e Eintrag, cmd any) ([]eventstore.DomainEvent, error) {
	switch c := cmd.(type) {
	case LegeEintragAn:
		if e.Liste != "" {
			return nil, validierung.Regel("Der Wertelisteneintrag existiert bereits.")
		}
		if !slices.Contains(Listen, c.Liste) {
			return nil, validierung.Feld("liste", fmt.Sprintf("Die Werteliste „%s“ gibt es nicht.", c.Liste))
		}
		wert, err := pruefeWert(c.Wert)
		if err != nil {
			return nil, err
		}
		return []eventstore.DomainEvent{EintragAngelegt{Liste: c.Liste, Wert: wert}}, nil
	case AendereEintrag:
		if e.Liste == "" || e.Geloescht {
			return nil, validierung.NichtGefunden
		}
		wert, err := pruefeWert(c.Wert)
		if err != nil {
			return nil, err
		}
		if wert == e.Wert {
			return nil, nil
		}
		return []eventstore.DomainEvent{EintragGeaendert{Wert: wert}}, nil
	case LoescheEintrag:
		if e.Liste == "" || e.Geloescht {
			return nil, validierung.NichtGefunden
		}
		return []eventstore.DomainEvent{EintragGeloescht{}}, nil
	}
	return nil, fmt.Errorf("werteliste: unknown command %T", cmd)
}

func pruefeWert(w string) (string, error) {
	w = strings.TrimSpace(w)
	if w == "" {
		return "", validierung.Feld("value", "Dieses Feld ist ein Pflichtfeld.")
	}
	if len([]rune(w)) > 255 {
		return "", validierung.Feld("value", "Der Wert darf höchstens 255 Zeichen lang sein.")
	}
	return w, nil
}

// Evolve applies an event to the entry.
func Evolve(e Eintrag, ev eventstore.DomainEvent) Eintrag {
	switch v := ev.(type) {
	case EintragAngelegt:
		e.Liste, e.Wert = v.Liste, v.Wert
	case EintragGeaendert:
		e.Wert = v.Wert
	case EintragGeloescht:
		e.Geloescht = true
	}
	return e
}

// Decode reads a stored event.
func Decode(eventType string, data json.RawMessage) (eventstore.DomainEvent, error) {
	switch eventType {
	case "WertelisteEintragAngelegt":
		var v EintragAngelegt
		err := json.Unmarshal(data, &v)
		return v, err
	case "WertelisteEintragGeaendert":
		var v EintragGeaendert
		err := json.Unmarshal(data, &v)
		return v, err
	case "WertelisteEintragGeloescht":
		return EintragGeloescht{}, nil
	}
	return nil, fmt.Errorf("werteliste: unknown event %s", eventType)
}

// Decider is the entry aggregate for the generic command handler.
var Decider = eventstore.Decider[Eintrag, any]{
	StreamType: StreamType,
	Initial:    func() Eintrag { return Eintrag{} },
	Evolve:     Evolve,
	Decide:     Decide,
	Decode:     Decode,
}
