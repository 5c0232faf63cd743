// Package wiedervorlage holds the reminders (Wiedervorlagen) on an operation, a plant, a
// measuring point or a Bescheid: a Betreff, an optional due date and who created it. Who may
// create, see and delete them is decided by the application service (internal/anwendung/ablage).
package wiedervorlage

import (
	"fmt"
	"slices"
	"strings"
	"time"
	"unicode"

	"github.com/eabwasser/eabwasser/domain/ereignis"
	"github.com/eabwasser/eabwasser/domain/validierung"
)

// StreamType of a reminder's stream ("wiedervorlage-<id>").
const StreamType = "wiedervorlage"

// The objects a reminder hangs on (spec 000 §7: /{betrieb|anlage|messstelle|bescheid}/{id}/wiedervorlage).
const (
	Betrieb    = "betrieb"
	Anlage     = "anlage"
	Messstelle = "messstelle"
	Bescheid   = "bescheid"
)

// Fachobjekte lists the objects reminders hang on.
var Fachobjekte = []string{Betrieb, Anlage, Messstelle, Bescheid}

// Bezug is the target kind of spec 000 §3 (bezugZuFachobjekt) of each object: the kind of a
// reminder on it unless another one of Bezuege is chosen.
var Bezug = map[string]string{Betrieb: "BETRIEB", Anlage: "ANLAGE", Messstelle: "MESSSTELLE", Bescheid: "BESCHEID"}

// Bezuege are the kinds a reminder on each object may have: the object itself, or — on an
// operation and a plant — its change request (BETRIEB_STAMMDATEN_AENDERUNG,
// AENDERUNGSANTRAG_ANLAGE), the first of each list being the default.
var Bezuege = map[string][]string{
	Betrieb:    {"BETRIEB", "BETRIEB_STAMMDATEN_AENDERUNG"},
	Anlage:     {"ANLAGE", "AENDERUNGSANTRAG_ANLAGE"},
	Messstelle: {"MESSSTELLE"},
	Bescheid:   {"BESCHEID"},
}

// Datumsformat of datum in JSON.
const Datumsformat = "2006-01-02"

// Messages (spec 000 §5).
const (
	MsgDatum = "Ungültiges Datumsformat"
	// MsgBezug refuses a kind the object does not have (ours).
	MsgBezug = "Diese Art der Wiedervorlage gibt es für dieses Objekt nicht."
)

// WiedervorlageAngelegt: a reminder was created on an object. Datum is empty when the
// reminder has no due date.
type WiedervorlageAngelegt struct {
	Fachobjekt        string    `json:"fachobjekt"`
	FachobjektID      int64     `json:"fachobjektId"`
	BezugZuFachobjekt string    `json:"bezugZuFachobjekt"`
	Betreff           string    `json:"betreff"`
	Datum             string    `json:"datum,omitempty"`
	AngelegtVonID     int64     `json:"angelegtVonId"`
	AngelegtVon       string    `json:"angelegtVon"`
	AngelegtAm        time.Time `json:"angelegtAm"`
}

// WiedervorlageGeloescht: the reminder was deleted.
type WiedervorlageGeloescht struct{}

func (WiedervorlageAngelegt) EventType() string  { return "WiedervorlageAngelegt" }
func (WiedervorlageGeloescht) EventType() string { return "WiedervorlageGeloescht" }

// Wiedervorlage is the state of one reminder.
type Wiedervorlage struct {
	Existiert, Geloescht bool
	WiedervorlageAngelegt
}

// Commands.
type (
	// LegeAn creates a reminder by the account VonID (named Von). Bezug is one of the
	// object's Bezuege; empty: the object itself.
	LegeAn struct {
		Fachobjekt   string
		FachobjektID int64
		Bezug        string
		Betreff      string
		Datum        string
		VonID        int64
		Von          string
		Am           time.Time
	}
	// Loesche deletes the reminder.
	Loesche struct{}
)

// Befehl is the closed set of commands of the aggregate: only the commands of this package
// implement it, so Decide sees nothing else.
type Befehl interface{ befehl() }

func (LegeAn) befehl()  {}
func (Loesche) befehl() {}

// Decide checks a command.
func Decide(w Wiedervorlage, cmd Befehl) ([]ereignis.DomainEvent, error) {
	switch c := cmd.(type) {
	case LegeAn:
		if w.Existiert {
			return nil, validierung.Regel("Die Wiedervorlage existiert bereits.")
		}
		bezug, ok := Bezug[c.Fachobjekt]
		if !ok || c.FachobjektID <= 0 {
			return nil, validierung.NichtGefunden
		}
		betreff, datum := einzeilig(c.Betreff), strings.TrimSpace(c.Datum)
		var s validierung.Sammler
		if c.Bezug != "" {
			if !slices.Contains(Bezuege[c.Fachobjekt], c.Bezug) {
				s.Feld("bezugZuFachobjekt", MsgBezug)
			}
			bezug = c.Bezug
		}
		s.Pflicht("betreff", betreff)
		s.Laenge("betreff", betreff)
		if datum != "" {
			if _, err := time.Parse(Datumsformat, datum); err != nil {
				s.Feld("datum", MsgDatum)
			}
		}
		if err := s.Err(); err != nil {
			return nil, err
		}
		return []ereignis.DomainEvent{WiedervorlageAngelegt{Fachobjekt: c.Fachobjekt, FachobjektID: c.FachobjektID,
			BezugZuFachobjekt: bezug, Betreff: betreff, Datum: datum, AngelegtVonID: c.VonID, AngelegtVon: c.Von,
			AngelegtAm: c.Am}}, nil
	case Loesche:
		if !w.Existiert || w.Geloescht {
			return nil, validierung.NichtGefunden
		}
		return []ereignis.DomainEvent{WiedervorlageGeloescht{}}, nil
	}
	return nil, fmt.Errorf("wiedervorlage: unknown command %T", cmd)
}

// einzeilig is a one-line text as users type it: valid UTF-8, without control characters,
// trimmed.
func einzeilig(s string) string {
	return strings.TrimSpace(strings.Map(func(r rune) rune {
		if unicode.IsControl(r) {
			return -1
		}
		return r
	}, strings.ToValidUTF8(s, "")))
}

// Evolve applies an event.
func Evolve(w Wiedervorlage, e ereignis.DomainEvent) Wiedervorlage {
	switch v := e.(type) {
	case WiedervorlageAngelegt:
		w = Wiedervorlage{Existiert: true, WiedervorlageAngelegt: v}
	case WiedervorlageGeloescht:
		w.Geloescht = true
	}
	return w
}

// Decode reads a stored event.
var Decode = ereignis.Katalog(
	ereignis.Art[WiedervorlageAngelegt](),
	ereignis.Art[WiedervorlageGeloescht](),
).Decode

// Decider is the reminder aggregate for the generic command handler.
var Decider = ereignis.Decider[Wiedervorlage, Befehl]{
	StreamType: StreamType, Initial: func() Wiedervorlage { return Wiedervorlage{} },
	Evolve: Evolve, Decide: Decide, Decode: Decode,
}
