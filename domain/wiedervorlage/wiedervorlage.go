// Package wiedervorlage holds the reminders (Wiedervorlagen) on an operation, a plant, a
// measuring point, a Bescheid or an annual report: a Betreff, an optional due date, what on
// the object it is about (the kinds of spec 000 §3), who created it, the side he wrote it for
// (the authority or his organisation) and whether it is shared with the other side (issue 42).
// Who may create, see and delete them is decided by the application service
// (internal/anwendung/ablage) and the one visibility condition (zugriff.Nutzer.Seitig).
package wiedervorlage

import (
	"fmt"
	"slices"
	"strings"
	"time"
	"unicode"

	"github.com/eabwasser/eabwasser/domain/anlage"
	"github.com/eabwasser/eabwasser/domain/berechtigung"
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

// The sides a reminder belongs to: the authority's (staff and administrators) or an operator
// organisation's (berechtigung.GlobalBehoerde, GlobalOrganisation).
const (
	SeiteBehoerde     = berechtigung.GlobalBehoerde
	SeiteOrganisation = berechtigung.GlobalOrganisation
)

// GeteiltVorgabe is whether a new reminder of a side is shared with the other side when its
// author does not say: the authority's stay internal (an unannounced sampling must not reach
// the operator), an operator's are shown to the authority, which supervises the operation.
func GeteiltVorgabe(seite string) bool { return seite == SeiteOrganisation }

// WiedervorlageAngelegt: a reminder was created on an object. Datum is empty when the
// reminder has no due date. Seite, OrganisationID and Geteilt came with issue 42: an event
// without them was written before; its side is its metadata's (the roles it was written with),
// which migration 00021 copied into the document with that side's GeteiltVorgabe.
type WiedervorlageAngelegt struct {
	Fachobjekt        string    `json:"fachobjekt"`
	FachobjektID      int64     `json:"fachobjektId"`
	BezugZuFachobjekt string    `json:"bezugZuFachobjekt"`
	Betreff           string    `json:"betreff"`
	Datum             string    `json:"datum,omitempty"`
	AngelegtVonID     int64     `json:"angelegtVonId"`
	AngelegtVon       string    `json:"angelegtVon"`
	AngelegtAm        time.Time `json:"angelegtAm"`
	// Seite is the side the author wrote it for (SeiteBehoerde, SeiteOrganisation).
	Seite string `json:"seite,omitempty"`
	// OrganisationID is the author's organisation on the organisation's side (0: the authority's).
	OrganisationID int64 `json:"organisationId,omitempty"`
	// Geteilt: the other side sees it too. nil only in events written before issue 42.
	Geteilt *bool `json:"geteilt,omitempty"`
}

// IstGeteilt tells whether the other side sees the reminder (an old event: its side's default).
func (e WiedervorlageAngelegt) IstGeteilt() bool {
	if e.Geteilt != nil {
		return *e.Geteilt
	}
	return GeteiltVorgabe(e.Seite)
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
	// LegeAn creates a reminder by the account VonID (named Von) of the side Seite (of the
	// organisation OrganisationID on the organisation's side). Bezug is one of the object's
	// Bezuege; empty: the default. Typ is the object's type where it decides the kinds (a
	// plant's Anlagentyp). Geteilt shares it with the other side; nil: GeteiltVorgabe.
	LegeAn struct {
		Fachobjekt     string
		FachobjektID   int64
		Typ            string
		Bezug          string
		Betreff        string
		Datum          string
		VonID          int64
		Von            string
		Seite          string
		OrganisationID int64
		Geteilt        *bool
		Am             time.Time
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
		if c.Seite != SeiteBehoerde && c.Seite != SeiteOrganisation {
			return nil, fmt.Errorf("wiedervorlage: unknown side %q", c.Seite)
		}
		organisation := c.OrganisationID
		if c.Seite == SeiteBehoerde {
			organisation = 0
		}
		geteilt := GeteiltVorgabe(c.Seite)
		if c.Geteilt != nil {
			geteilt = *c.Geteilt
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
		s.Pflichtfelder("", Formular, angaben{Betreff: betreff, Datum: datum})
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
			AngelegtAm: c.Am, Seite: c.Seite, OrganisationID: organisation, Geteilt: &geteilt}}, nil
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
var Ereignisse = ereignis.Katalog(
	ereignis.Art[WiedervorlageAngelegt](),
	ereignis.Art[WiedervorlageGeloescht](),
)

// Decode reads a stored event of the aggregate (Ereignisse).
var Decode = Ereignisse.Decode

// Decider is the reminder aggregate for the generic command handler.
var Decider = ereignis.Decider[Wiedervorlage, Befehl]{
	StreamType: StreamType, Initial: func() Wiedervorlage { return Wiedervorlage{} },
	Evolve: Evolve, Decide: Decide, Decode: Decode,
}
