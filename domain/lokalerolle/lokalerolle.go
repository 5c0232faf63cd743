// Package lokalerolle holds the local roles (lokale Rollen): what part of the data an
// authority or organisation user may see — all Regionalstellen, or chosen Regionalstellen,
// operations and organisations. Roles flagged systemrolle represent a Dienststelle and cannot
// be deleted.
package lokalerolle

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/eabwasser/eabwasser/domain/berechtigung"
	"github.com/eabwasser/eabwasser/domain/ereignis"
	"github.com/eabwasser/eabwasser/domain/validierung"
)

// StreamType of a role's stream ("lokalerolle-<id>").
const StreamType = "lokalerolle"

// Daten are the fields of a local role (spec 002 §3).
type Daten struct {
	Bezeichnung         string  `json:"bezeichnung"`
	GlobaleRolle        string  `json:"globaleRolle"`
	Systemrolle         bool    `json:"systemrolle"`
	AlleRegionalstellen bool    `json:"alleRegionalstellen"`
	Betriebe            []int64 `json:"betriebe"`
	Organisationen      []int64 `json:"organisationen"`
	RegionalstelleIDs   []int64 `json:"regionalstelleIds"`
}

// LokaleRolle is the state of a role.
type LokaleRolle struct {
	Existiert, Geloescht bool
	Daten
	GeaendertAm time.Time
}

// Events.
type (
	LokaleRolleAngelegt struct {
		Daten
		GeaendertAm time.Time `json:"geaendertAm"`
	}
	LokaleRolleGeaendert struct {
		Daten
		GeaendertAm time.Time `json:"geaendertAm"`
	}
	LokaleRolleGeloescht struct{}
)

func (LokaleRolleAngelegt) EventType() string  { return "LokaleRolleAngelegt" }
func (LokaleRolleGeaendert) EventType() string { return "LokaleRolleGeaendert" }
func (LokaleRolleGeloescht) EventType() string { return "LokaleRolleGeloescht" }

// Commands.
type (
	// LegeAn and Aendere carry the ids among Daten.Betriebe that name no operation
	// (UnbekannteBetriebe, looked up by the caller): a role must not name what does not exist.
	LegeAn struct {
		Daten              Daten
		Jetzt              time.Time
		UnbekannteBetriebe []int64
	}
	Aendere struct {
		Daten              Daten
		Jetzt              time.Time
		UnbekannteBetriebe []int64
	}
	// Loesche deletes the role. LetzteRolleVon counts the users for whom it is the last local
	// role; they are only left without one when the deletion is confirmed (Bestaetigt).
	Loesche struct {
		LetzteRolleVon int
		Bestaetigt     bool
	}
)

// Messages.
const (
	MsgSystemrolle = "Eine Systemrolle kann nicht gelöscht werden."
	MsgLetzteRolle = "Die Rolle ist für %d Anwender die letzte lokale Rolle. Wollen Sie sie trotzdem löschen?"
	// MsgUnbekannteBetriebe refuses operations that do not exist (issue 14).
	MsgUnbekannteBetriebe = "Diese Betriebe gibt es nicht: %s."
)

// Warnung is the confirmable refusal of deleting the last role of users: a 400 with the member
// warnung = LETZTE_ROLLE; the client repeats the call with ignoreWarning=true.
type Warnung struct{ Fehler *validierung.Fehler }

func (w *Warnung) Error() string                { return w.Fehler.Error() }
func (w *Warnung) Unwrap() error                { return w.Fehler }
func (w *Warnung) ErrorMembers() map[string]any { return map[string]any{"warnung": "LETZTE_ROLLE"} }

func pruefe(d Daten, unbekannt []int64) (Daten, error) {
	d.Bezeichnung = strings.TrimSpace(d.Bezeichnung)
	var s validierung.Sammler
	if len(unbekannt) > 0 && !d.AlleRegionalstellen {
		ids := make([]string, len(unbekannt))
		for i, id := range unbekannt {
			ids[i] = strconv.FormatInt(id, 10)
		}
		s.Feld("betriebe", fmt.Sprintf(MsgUnbekannteBetriebe, strings.Join(ids, ", ")))
	}
	s.Laengen("", d)
	s.Pflicht("bezeichnung", d.Bezeichnung)
	if !slices.Contains([]string{berechtigung.GlobalOrganisation, berechtigung.GlobalBehoerde, berechtigung.GlobalAdmin}, d.GlobaleRolle) {
		s.Feld("globaleRolle", validierung.Pflichtfeld)
	}
	if d.AlleRegionalstellen { // the pickers are disabled: the role covers everything
		d.Betriebe, d.Organisationen, d.RegionalstelleIDs = nil, nil, nil
	}
	for _, l := range []*[]int64{&d.Betriebe, &d.Organisationen, &d.RegionalstelleIDs} {
		if *l == nil {
			*l = []int64{}
		}
		slices.Sort(*l)
		*l = slices.Compact(*l)
	}
	return d, s.Err()
}

// Befehl is the closed set of commands of the aggregate: only the commands of this package
// implement it, so Decide sees nothing else.
type Befehl interface{ befehl() }

func (LegeAn) befehl()  {}
func (Aendere) befehl() {}
func (Loesche) befehl() {}

// Decide checks a command.
func Decide(r LokaleRolle, cmd Befehl) ([]ereignis.DomainEvent, error) {
	switch c := cmd.(type) {
	case LegeAn:
		if r.Existiert {
			return nil, validierung.Regel("Die Rolle existiert bereits.")
		}
		d, err := pruefe(c.Daten, c.UnbekannteBetriebe)
		if err != nil {
			return nil, err
		}
		return []ereignis.DomainEvent{LokaleRolleAngelegt{Daten: d, GeaendertAm: c.Jetzt}}, nil
	case Aendere:
		if !r.Existiert || r.Geloescht {
			return nil, validierung.NichtGefunden
		}
		d, err := pruefe(c.Daten, c.UnbekannteBetriebe)
		if err != nil {
			return nil, err
		}
		return []ereignis.DomainEvent{LokaleRolleGeaendert{Daten: d, GeaendertAm: c.Jetzt}}, nil
	case Loesche:
		if !r.Existiert || r.Geloescht {
			return nil, validierung.NichtGefunden
		}
		if r.Systemrolle {
			return nil, validierung.Regel(MsgSystemrolle)
		}
		if c.LetzteRolleVon > 0 && !c.Bestaetigt {
			return nil, &Warnung{Fehler: validierung.Regel(fmt.Sprintf(MsgLetzteRolle, c.LetzteRolleVon))}
		}
		return []ereignis.DomainEvent{LokaleRolleGeloescht{}}, nil
	}
	return nil, fmt.Errorf("lokalerolle: unknown command %T", cmd)
}

// Evolve applies an event.
func Evolve(r LokaleRolle, e ereignis.DomainEvent) LokaleRolle {
	switch v := e.(type) {
	case LokaleRolleAngelegt:
		r = LokaleRolle{Existiert: true, Daten: v.Daten, GeaendertAm: v.GeaendertAm}
	case LokaleRolleGeaendert:
		r.Daten, r.GeaendertAm = v.Daten, v.GeaendertAm
	case LokaleRolleGeloescht:
		r.Geloescht = true
	}
	return r
}

// Decode reads a stored event.
var Ereignisse = ereignis.Katalog(
	ereignis.Art[LokaleRolleAngelegt](),
	ereignis.Art[LokaleRolleGeaendert](),
	ereignis.Art[LokaleRolleGeloescht](),
)

// Decode reads a stored event of the aggregate (Ereignisse).
var Decode = Ereignisse.Decode

// Decider is the local-role aggregate for the generic command handler.
var Decider = ereignis.Decider[LokaleRolle, Befehl]{
	StreamType: StreamType, Initial: func() LokaleRolle { return LokaleRolle{} },
	Evolve: Evolve, Decide: Decide, Decode: Decode,
}
