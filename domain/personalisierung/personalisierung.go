// Package personalisierung holds a user's personal settings: the filters his worklists start
// with (when active) and whether messages and due reminders also come by e-mail. One stream
// per user.
package personalisierung

import (
	"fmt"
	"reflect"
	"slices"

	"github.com/eabwasser/eabwasser/domain/ereignis"
	"github.com/eabwasser/eabwasser/domain/validierung"
)

// StreamType of the settings ("personalisierung-<anwenderId>").
const StreamType = "personalisierung"

// Einstellungen are the fields of spec 002 §3 (Personalisation). The filter lists hold the
// identifiers of the value lists betriebstyp, anlagentyp, messstellentyp and the ids of
// verwaltungseinheit.
type Einstellungen struct {
	Aktiv                   bool     `json:"active"`
	Betriebstyp             []string `json:"betriebstyp"`
	Anlagentyp              []string `json:"anlagentyp"`
	Messstellentyp          []string `json:"messstellentyp"`
	Verwaltungseinheit      []int64  `json:"verwaltungseinheit"`
	SendMailOnNachrichten   bool     `json:"sendMailOnNachrichten"`
	SendMailOnWiedervorlage bool     `json:"sendMailOnWiedervorlage"`
}

// PersonalisierungGespeichert: the user saved his settings.
type PersonalisierungGespeichert struct {
	Einstellungen
}

func (PersonalisierungGespeichert) EventType() string { return "PersonalisierungGespeichert" }

// Speichere saves the settings. Erlaubt are the identifiers each list may hold (from the
// value lists).
type Speichere struct {
	Einstellungen Einstellungen
	Erlaubt       map[string][]string
}

// MsgUnbekannt refuses a filter value that is not in its value list.
const MsgUnbekannt = "Der Wert „%s“ ist in dieser Auswahl nicht vorgesehen."

// Befehl is the closed set of commands of the aggregate: only the commands of this package
// implement it, so Decide sees nothing else.
type Befehl interface{ befehl() }

func (Speichere) befehl() {}

// Decide checks a command.
func Decide(e Einstellungen, cmd Befehl) ([]ereignis.DomainEvent, error) {
	c, ok := cmd.(Speichere)
	if !ok {
		return nil, fmt.Errorf("personalisierung: unknown command %T", cmd)
	}
	n := c.Einstellungen
	var s validierung.Sammler
	if s.Laengen("", n); s.Err() != nil {
		return nil, s.Err() // before the value-list check, which would repeat the long value
	}
	for feld, werte := range map[string][]string{"betriebstyp": n.Betriebstyp, "anlagentyp": n.Anlagentyp, "messstellentyp": n.Messstellentyp} {
		for _, w := range werte {
			if !slices.Contains(c.Erlaubt[feld], w) {
				s.Feld(feld, fmt.Sprintf(MsgUnbekannt, w))
			}
		}
	}
	for _, id := range n.Verwaltungseinheit {
		if !slices.Contains(c.Erlaubt["verwaltungseinheit"], fmt.Sprint(id)) {
			s.Feld("verwaltungseinheit", fmt.Sprintf(MsgUnbekannt, fmt.Sprint(id)))
		}
	}
	if err := s.Err(); err != nil {
		return nil, err
	}
	if reflect.DeepEqual(normiert(n), normiert(e)) {
		return nil, nil
	}
	return []ereignis.DomainEvent{PersonalisierungGespeichert{Einstellungen: normiert(n)}}, nil
}

func normiert(e Einstellungen) Einstellungen {
	leer := func(s []string) []string {
		if len(s) == 0 {
			return []string{}
		}
		s = slices.Clone(s)
		slices.Sort(s)
		return slices.Compact(s)
	}
	e.Betriebstyp, e.Anlagentyp, e.Messstellentyp = leer(e.Betriebstyp), leer(e.Anlagentyp), leer(e.Messstellentyp)
	v := slices.Clone(e.Verwaltungseinheit)
	slices.Sort(v)
	e.Verwaltungseinheit = slices.Compact(v)
	if e.Verwaltungseinheit == nil {
		e.Verwaltungseinheit = []int64{}
	}
	return e
}

// Evolve applies an event.
func Evolve(e Einstellungen, ev ereignis.DomainEvent) Einstellungen {
	if v, ok := ev.(PersonalisierungGespeichert); ok {
		return v.Einstellungen
	}
	return e
}

// Decode reads a stored event.
var Ereignisse = ereignis.Katalog(
	ereignis.Art[PersonalisierungGespeichert](),
)

// Decode reads a stored event of the aggregate (Ereignisse).
var Decode = Ereignisse.Decode

// Decider is the settings aggregate for the generic command handler.
var Decider = ereignis.Decider[Einstellungen, Befehl]{
	StreamType: StreamType, Initial: func() Einstellungen { return normiert(Einstellungen{}) },
	Evolve: Evolve, Decide: Decide, Decode: Decode,
}
