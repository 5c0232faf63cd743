// Package organisation holds the organisations: operator companies, municipalities and
// associations that users belong to and that operate plants or are obliged to dispose of
// wastewater (Abwasserbeseitigungspflichtige).
package organisation

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/eabwasser/eabwasser/domain/validierung"
	"github.com/eabwasser/eabwasser/eventstore"
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
	Daten
}

// OrganisationAngelegt: an organisation was created.
type OrganisationAngelegt struct {
	Daten
}

// EventType names the event.
func (OrganisationAngelegt) EventType() string { return "OrganisationAngelegt" }

// LegeAn creates an organisation.
type LegeAn struct{ Daten Daten }

// Decide checks a command.
func Decide(o Organisation, cmd any) ([]eventstore.DomainEvent, error) {
	switch c := cmd.(type) {
	case LegeAn:
		if o.Existiert {
			return nil, validierung.Regel("Die Organisation existiert bereits.")
		}
		d, err := pruefe(c.Daten)
		if err != nil {
			return nil, err
		}
		return []eventstore.DomainEvent{OrganisationAngelegt{Daten: d}}, nil
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
	s.Pflicht("bezeichnung", d.Bezeichnung)
	s.Pflicht("adresse.strasse", d.Adresse.Strasse)
	s.Pflicht("adresse.hausnummer", d.Adresse.Hausnummer)
	s.Pflicht("adresse.plz", d.Adresse.Plz)
	s.Pflicht("adresse.ort", d.Adresse.Ort)
	if d.Status != Aktiv && d.Status != Inaktiv {
		s.Feld("status", "Der Status muss AKTIV oder INAKTIV sein.")
	}
	return d, s.Err()
}

// Evolve applies an event.
func Evolve(o Organisation, e eventstore.DomainEvent) Organisation {
	switch v := e.(type) {
	case OrganisationAngelegt:
		o = Organisation{Existiert: true, Daten: v.Daten}
	}
	return o
}

// Decode reads a stored event.
func Decode(eventType string, data json.RawMessage) (eventstore.DomainEvent, error) {
	switch eventType {
	case "OrganisationAngelegt":
		var v OrganisationAngelegt
		err := json.Unmarshal(data, &v)
		return v, err
	}
	return nil, fmt.Errorf("organisation: unknown event %s", eventType)
}

// Decider is the organisation aggregate for the generic command handler.
var Decider = eventstore.Decider[Organisation, any]{
	StreamType: StreamType, Initial: func() Organisation { return Organisation{} },
	Evolve: Evolve, Decide: Decide, Decode: Decode,
}
