// Package wiedervorlage holds the reminders (Wiedervorlagen) on an operation, a plant, a
// measuring point, a Bescheid or an annual report: a Betreff, an optional due date, what on
// the object it is about (the kinds of spec 000 §3) and who created it. Who may create, see and
// delete them is decided by the application service (internal/anwendung/ablage).
package wiedervorlage

import (
	"fmt"
	"slices"
	"strings"
	"time"
	"unicode"

	"github.com/eabwasser/eabwasser/domain/anlage"
	"github.com/eabwasser/eabwasser/domain/ereignis"
	"github.com/eabwasser/eabwasser/domain/validierung"
)

// StreamType of a reminder's stream ("wiedervorlage-<id>").
const StreamType = "wiedervorlage"

// The objects a reminder hangs on (spec 000 §7: /{betrieb|anlage|messstelle|bescheid}/{id}/wiedervorlage,
// and ours for the annual report, whose kinds spec 000 §3 lists).
const (
	Betrieb       = "betrieb"
	Anlage        = "anlage"
	Messstelle    = "messstelle"
	Bescheid      = "bescheid"
	Jahresbericht = "jahresbericht"
)

// Fachobjekte lists the objects reminders hang on.
var Fachobjekte = []string{Betrieb, Anlage, Messstelle, Bescheid, Jahresbericht}

// The target kinds of spec 000 §3 (bezugZuFachobjekt).
const (
	BezugBetrieb                = "BETRIEB"
	BezugBetriebStammdaten      = "BETRIEB_STAMMDATEN_AENDERUNG"
	BezugAnlage                 = "ANLAGE"
	BezugAenderungsantragAnlage = "AENDERUNGSANTRAG_ANLAGE"
	BezugEntlastung             = "ENTLASTUNG"
	BezugMessstelle             = "MESSSTELLE"
	BezugBescheid               = "BESCHEID"
	BezugBescheidMessstelle     = "BESCHEID_MESSSTELLE"
	BezugJahresbericht          = "JAHRESBERICHT"
	BezugJahresberichtMesswerte = "JAHRESBERICHT_PARAMETER_MESSWERTE"
	BezugBericht                = "BERICHT"
)

// Bezuege are the kinds a reminder on an object of kind fachobjekt may have, the first being
// the default; typ is the object's type where it decides (a plant's Anlagentyp): the object
// itself (a relief plant as ENTLASTUNG, every other plant as ANLAGE), or what on it the
// reminder is about — an operation's or plant's change request, the assignment of measuring
// points to a Bescheid (BESCHEID_MESSSTELLE, on the Bescheid and on the measuring point), an
// annual report's parameters and measured values or its report files (BERICHT). nil for an
// object without reminders.
func Bezuege(fachobjekt, typ string) []string {
	switch fachobjekt {
	case Betrieb:
		return []string{BezugBetrieb, BezugBetriebStammdaten}
	case Anlage:
		if typ == anlage.Entlastung {
			return []string{BezugEntlastung, BezugAenderungsantragAnlage}
		}
		return []string{BezugAnlage, BezugAenderungsantragAnlage}
	case Messstelle:
		return []string{BezugMessstelle, BezugBescheidMessstelle}
	case Bescheid:
		return []string{BezugBescheid, BezugBescheidMessstelle}
	case Jahresbericht:
		return []string{BezugJahresbericht, BezugJahresberichtMesswerte, BezugBericht}
	}
	return nil
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
	// object's Bezuege; empty: the default. Typ is the object's type where it decides the
	// kinds (a plant's Anlagentyp).
	LegeAn struct {
		Fachobjekt   string
		FachobjektID int64
		Typ          string
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
		bezuege := Bezuege(c.Fachobjekt, c.Typ)
		if bezuege == nil || c.FachobjektID <= 0 {
			return nil, validierung.NichtGefunden
		}
		bezug := bezuege[0]
		betreff, datum := einzeilig(c.Betreff), strings.TrimSpace(c.Datum)
		var s validierung.Sammler
		if c.Bezug != "" {
			if !slices.Contains(bezuege, c.Bezug) {
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
