// Package organisation holds the organisations: operator companies, municipalities and
// associations that users belong to and that operate plants or are obliged to dispose of
// wastewater (Abwasserbeseitigungspflichtige).
package organisation

import (
	"fmt"
	"strings"
	"time"

	"github.com/eabwasser/eabwasser/domain/ereignis"
	"github.com/eabwasser/eabwasser/domain/historie"
	"github.com/eabwasser/eabwasser/domain/validierung"
)

// StreamType of an organisation's stream ("organisation-<id>").
const StreamType = "organisation"

// Status of an organisation.
const (
	Aktiv   = "AKTIV"
	Inaktiv = "INAKTIV"
)

// Adresse of an organisation; every field is required.
type Adresse struct {
	Strasse    string `json:"strasse"`
	Hausnummer string `json:"hausnummer"`
	Plz        string `json:"plz"`
	Ort        string `json:"ort"`
}

// Daten are the fields of an organisation (spec 002 §3).
type Daten struct {
	Bezeichnung                 string  `json:"bezeichnung"`
	Adresse                     Adresse `json:"adresse"`
	Status                      string  `json:"status"`
	Abwasserbeseitigungspflicht bool    `json:"abwasserbeseitigungspflicht"`
	Abgabenummer                string  `json:"abgabenummer,omitempty"`
	OrganisationsID             string  `json:"organisationsId,omitempty"`
}

// Organisation is the state of one organisation.
type Organisation struct {
	Existiert bool
	Geloescht bool
	Daten
	// LetzterBeginn is the start of the latest version (yyyy-MM-dd).
	LetzterBeginn string
	// ZusammengefuehrtIn is the destination this organisation was merged into.
	ZusammengefuehrtIn int64
}

// Events.
type (
	// OrganisationAngelegt: an organisation was created; its first version starts GueltigAb.
	OrganisationAngelegt struct {
		Daten
		GueltigAb string `json:"gueltigAb,omitempty"`
	}
	// OrganisationGeaendert: a new version of the organisation, valid from GueltigAb.
	OrganisationGeaendert struct {
		Daten
		GueltigAb       string `json:"gueltigAb"`
		Aenderungsgrund string `json:"aenderungsgrund,omitempty"`
		Ersetzt         bool   `json:"ersetzt,omitempty"`
	}
	// OrganisationGeloescht: an unreferenced organisation was deleted.
	OrganisationGeloescht struct{}
	// OrganisationZusammengefuehrt: merged into another one and so deactivated.
	OrganisationZusammengefuehrt struct {
		ZielID      int64  `json:"destinationOrganisationId"`
		Datum       string `json:"mergeDate"`
		MitPersonen bool   `json:"includePersonen"`
	}
)

// EventType names the events.
func (OrganisationAngelegt) EventType() string         { return "OrganisationAngelegt" }
func (OrganisationGeaendert) EventType() string        { return "OrganisationGeaendert" }
func (OrganisationGeloescht) EventType() string        { return "OrganisationGeloescht" }
func (OrganisationZusammengefuehrt) EventType() string { return "OrganisationZusammengefuehrt" }

// Datierung is the audit entry the save accepted (ereignis.Datiert).
func (e OrganisationGeaendert) Datierung() (string, string, bool) {
	return historie.Datierung(e.GueltigAb, e.Aenderungsgrund, e.Ersetzt)
}

// Commands.
type (
	// LegeAn creates an organisation.
	LegeAn struct {
		Daten Daten
		Heute time.Time
	}
	// Aendere saves new data; changes of historised fields need AuditInfo.
	Aendere struct {
		Daten     Daten
		AuditInfo *historie.AuditInfo
		Heute     time.Time
	}
	// Loesche deletes the organisation; Referenziert tells whether anything still points to it.
	Loesche struct{ Referenziert bool }
	// FuehreZusammen merges this (source) organisation into ZielID.
	FuehreZusammen struct {
		ZielID      int64
		Datum       string
		MitPersonen bool
		Heute       time.Time
	}
)

// MsgReferenziert refuses deleting an organisation that is still used.
const MsgReferenziert = "Die Organisation wird noch von Anwendern oder Betrieben verwendet und kann deshalb nicht gelöscht werden."

// historisiert tells whether a change touches historised fields (all but the numbers).
func historisiert(alt, neu Daten) bool {
	return alt.Bezeichnung != neu.Bezeichnung || alt.Adresse != neu.Adresse || alt.Status != neu.Status ||
		alt.Abwasserbeseitigungspflicht != neu.Abwasserbeseitigungspflicht
}

// Befehl is the closed set of commands of the aggregate: only the commands of this package
// implement it, so Decide sees nothing else.
type Befehl interface{ befehl() }

func (LegeAn) befehl()         {}
func (Aendere) befehl()        {}
func (Loesche) befehl()        {}
func (FuehreZusammen) befehl() {}

// Decide checks a command.
func Decide(o Organisation, cmd Befehl) ([]ereignis.DomainEvent, error) {
	switch c := cmd.(type) {
	case LegeAn:
		if o.Existiert {
			return nil, validierung.Regel("Die Organisation existiert bereits.")
		}
		d, err := pruefe(c.Daten)
		if err != nil {
			return nil, err
		}
		return []ereignis.DomainEvent{OrganisationAngelegt{Daten: d, GueltigAb: c.Heute.Format(historie.Datumsformat)}}, nil
	case Aendere:
		if !o.Existiert || o.Geloescht {
			return nil, validierung.NichtGefunden
		}
		if err := historie.PruefeAngabe(c.AuditInfo); err != nil {
			return nil, err
		}
		d, err := pruefe(c.Daten)
		if err != nil {
			return nil, err
		}
		if d == o.Daten {
			return nil, nil
		}
		ev := OrganisationGeaendert{Daten: d, GueltigAb: o.LetzterBeginn, Ersetzt: true}
		if historisiert(o.Daten, d) {
			ab, ersetzt, err := historie.Pruefe(c.AuditInfo, o.LetzterBeginn, c.Heute)
			if err != nil {
				return nil, err
			}
			ev.GueltigAb, ev.Ersetzt, ev.Aenderungsgrund = ab, ersetzt, strings.TrimSpace(c.AuditInfo.Aenderungsgrund)
		}
		return []ereignis.DomainEvent{ev}, nil
	case Loesche:
		if !o.Existiert || o.Geloescht {
			return nil, validierung.NichtGefunden
		}
		if c.Referenziert {
			return nil, validierung.Regel(MsgReferenziert)
		}
		return []ereignis.DomainEvent{OrganisationGeloescht{}}, nil
	case FuehreZusammen:
		if !o.Existiert || o.Geloescht {
			return nil, validierung.NichtGefunden
		}
		var s validierung.Sammler
		if c.ZielID == 0 {
			s.Feld("destinationOrganisationId", validierung.Pflichtfeld)
		}
		d, err := time.Parse(historie.Datumsformat, c.Datum)
		switch {
		case c.Datum == "":
			s.Feld("mergeDate", validierung.Pflichtfeld)
		case err != nil:
			s.Feld("mergeDate", historie.MsgDatum)
		case d.After(c.Heute):
			s.Feld("mergeDate", "Das Datum der Zusammenführung darf nicht in der Zukunft liegen.")
		}
		if o.ZusammengefuehrtIn != 0 {
			s.Feld("sourceOrganisationId", "Die Organisation wurde bereits zusammengeführt.")
		}
		if err := s.Err(); err != nil {
			return nil, err
		}
		return []ereignis.DomainEvent{OrganisationZusammengefuehrt{ZielID: c.ZielID, Datum: c.Datum, MitPersonen: c.MitPersonen}}, nil
	}
	return nil, fmt.Errorf("organisation: unknown command %T", cmd)
}

func pruefe(d Daten) (Daten, error) {
	t := strings.TrimSpace
	d.Bezeichnung, d.Abgabenummer, d.OrganisationsID = t(d.Bezeichnung), t(d.Abgabenummer), t(d.OrganisationsID)
	d.Adresse = Adresse{Strasse: t(d.Adresse.Strasse), Hausnummer: t(d.Adresse.Hausnummer), Plz: t(d.Adresse.Plz), Ort: t(d.Adresse.Ort)}
	if d.Status == "" {
		d.Status = Aktiv
	}
	var s validierung.Sammler
	s.Laengen("", d)
	s.Pflichtfelder("", Formular, d)
	if d.Status != Aktiv && d.Status != Inaktiv {
		s.Feld("status", "Der Status muss AKTIV oder INAKTIV sein.")
	}
	return d, s.Err()
}

// Evolve applies an event.
func Evolve(o Organisation, e ereignis.DomainEvent) Organisation {
	switch v := e.(type) {
	case OrganisationAngelegt:
		o = Organisation{Existiert: true, Daten: v.Daten, LetzterBeginn: v.GueltigAb}
	case OrganisationGeaendert:
		o.Daten, o.LetzterBeginn = v.Daten, v.GueltigAb
	case OrganisationGeloescht:
		o.Geloescht = true
	case OrganisationZusammengefuehrt:
		o.Status, o.ZusammengefuehrtIn = Inaktiv, v.ZielID
	}
	return o
}

// Decode reads a stored event.
var Ereignisse = ereignis.Katalog(
	ereignis.Art[OrganisationAngelegt](),
	ereignis.Art[OrganisationGeaendert](),
	ereignis.Art[OrganisationGeloescht](),
	ereignis.Art[OrganisationZusammengefuehrt](),
)

// Decode reads a stored event of the aggregate (Ereignisse).
var Decode = Ereignisse.Decode

// Decider is the organisation aggregate for the generic command handler.
var Decider = ereignis.Decider[Organisation, Befehl]{
	StreamType: StreamType, Initial: func() Organisation { return Organisation{} },
	Evolve: Evolve, Decide: Decide, Decode: Decode,
}

// ZusammenfuehrungUndLoeschung are the events after which the references of other aggregates
// to an organisation follow it (merge) or forbid it (delete): what their reactions listen to.
var ZusammenfuehrungUndLoeschung = []string{ereignis.Name[OrganisationZusammengefuehrt](), ereignis.Name[OrganisationGeloescht]()}
