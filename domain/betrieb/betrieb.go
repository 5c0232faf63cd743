// Package betrieb holds the operation (Betrieb) aggregate: its master data, the Freigabe of a
// requested operation by the authority, and — growing with the operation-file issue — saves
// by operators and administrators, Historisierung, the Stammdaten-Antrag and operator changes.
//
// This is the first part: request, approve, reject and request again.
package betrieb

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/eabwasser/eabwasser/domain/historie"
	"github.com/eabwasser/eabwasser/domain/validierung"
	"github.com/eabwasser/eabwasser/eventstore"
)

// StreamType of an operation's stream ("betrieb-<id>").
const StreamType = "betrieb"

// Freigabestatus of an operation.
const (
	Beantragt   = "BEANTRAGT"
	Freigegeben = "FREIGEGEBEN"
	Abgewiesen  = "ABGEWIESEN"
)

// Betriebsstatus identifiers (value list betriebsstatus).
const (
	Geplant     = "GEPLANT"
	InBetrieb   = "IN_BETRIEB"
	Stillgelegt = "STILLGELEGT"
)

// Betriebstypen are the operation types of spec 000 §1.
var Betriebstypen = []string{"INDUSTRIE", "KOMMUNAL", "KANAL_KOMMUNAL", "KANAL_INDUSTRIE", "PRIVAT", "AUSSERHALB_RLP"}

// Adresse of an operation.
type Adresse struct {
	Strasse    string `json:"strasse"`
	Hausnummer string `json:"hausnummer"`
	Plz        string `json:"plz"`
	Ort        string `json:"ort"`
}

// Lage are UTM32 coordinates.
type Lage struct {
	Hochwert   float64 `json:"hochwert"`
	Rechtswert float64 `json:"rechtswert"`
}

// Daten are the master data of an operation that its forms edit (spec 000 §3, main tab).
type Daten struct {
	Bezeichnung        string  `json:"bezeichnung"`
	Adresse            Adresse `json:"adresse"`
	BetreiberID        int64   `json:"betreiberId"`
	BetreiberAdresse   bool    `json:"betreiberAdresse"`
	Muttergesellschaft string  `json:"muttergesellschaft,omitempty"`
	URL                string  `json:"url,omitempty"`
	IEDRelevanz        bool    `json:"iedRelevanz"`
	PRTRRelevanz       bool    `json:"prtrRelevanz"`
	PRTRNr             string  `json:"prtrNr,omitempty"`
	Haupttaetigkeit    string  `json:"haupttaetigkeit,omitempty"`
	Nacecode           string  `json:"nacecode,omitempty"`
	KatasterNr         string  `json:"katasterNr,omitempty"`
	ArbeitsstaettenNr  string  `json:"arbeitsstaettenNr,omitempty"`
	Behoerdenkennung   string  `json:"behoerdenkennung"`
	Lage               Lage    `json:"lage"`
}

// Betrieb is the state of an operation.
type Betrieb struct {
	Existiert      bool
	Daten          Daten
	Betriebstyp    string
	Betriebsstatus string
	Freigabestatus string
	LetzterBeginn  string
}

// Events.
type (
	// BetriebBeantragt: an operation was requested; it waits for the Freigabe.
	BetriebBeantragt struct {
		Daten          Daten  `json:"daten"`
		Betriebstyp    string `json:"betriebstyp"`
		Betriebsstatus string `json:"betriebsstatus"`
		GueltigAb      string `json:"gueltigAb"`
	}
	// BetriebFreigegeben: the authority approved the request.
	BetriebFreigegeben struct {
		Kommentar string `json:"kommentar,omitempty"`
	}
	// BetriebAbgewiesen: the authority rejected the request.
	BetriebAbgewiesen struct {
		Kommentar string `json:"kommentar,omitempty"`
	}
	// FreigabeErneutBeantragt: a rejected operation was changed and requested again.
	FreigabeErneutBeantragt struct {
		Daten Daten `json:"daten"`
	}
)

func (BetriebBeantragt) EventType() string        { return "BetriebBeantragt" }
func (BetriebFreigegeben) EventType() string      { return "BetriebFreigegeben" }
func (BetriebAbgewiesen) EventType() string       { return "BetriebAbgewiesen" }
func (FreigabeErneutBeantragt) EventType() string { return "FreigabeErneutBeantragt" }

// Commands.
type (
	// BeantrageBetrieb requests a new operation of type Typ.
	BeantrageBetrieb struct {
		Daten Daten
		Typ   string
		Heute time.Time
	}
	// EntscheideFreigabe approves (FREIGEGEBEN) or rejects (ABGEWIESEN) a requested operation.
	EntscheideFreigabe struct {
		NeuerStatus string
		Kommentar   string
	}
	// BeantrageErneut requests a rejected operation again with changed data.
	BeantrageErneut struct{ Daten Daten }
)

// Messages.
const (
	MsgPflicht         = "Dieses Feld ist ein Pflichtfeld."
	MsgKoordinate      = "Der eingegebene Wert ist zu groß."
	MsgNichtBeantragt  = "Der Betrieb wartet nicht auf eine Freigabe."
	MsgNichtAbgewiesen = "Nur ein abgewiesener Betrieb kann erneut zur Freigabe beantragt werden."
	MsgNeuerStatus     = "Der neue Status muss FREIGEGEBEN oder ABGEWIESEN sein."
)

const maxKoordinate = 99999999.99

func pruefe(d Daten) (Daten, error) {
	var s validierung.Sammler
	d = pruefeMit(&s, d)
	return d, s.Err()
}

// pruefeMit checks the master data into s and returns them normalised.
func pruefeMit(s *validierung.Sammler, d Daten) Daten {
	t := strings.TrimSpace
	d.Bezeichnung = t(d.Bezeichnung)
	d.Adresse = Adresse{Strasse: t(d.Adresse.Strasse), Hausnummer: t(d.Adresse.Hausnummer), Plz: t(d.Adresse.Plz), Ort: t(d.Adresse.Ort)}
	if d.Behoerdenkennung == "" {
		d.Behoerdenkennung = "RLP"
	}
	s.Pflicht("bezeichnung", d.Bezeichnung)
	if d.BetreiberID == 0 {
		s.Feld("betreiber", MsgPflicht)
	}
	s.Pflicht("adresse.strasse", d.Adresse.Strasse)
	s.Pflicht("adresse.plz", d.Adresse.Plz)
	s.Pflicht("adresse.ort", d.Adresse.Ort)
	for feld, v := range map[string]float64{"lage.hochwert": d.Lage.Hochwert, "lage.rechtswert": d.Lage.Rechtswert} {
		switch {
		case v == 0:
			s.Feld(feld, MsgPflicht)
		case v > maxKoordinate || v < 0:
			s.Feld(feld, MsgKoordinate)
		}
	}
	return d
}

// Decide checks a command against the operation.
func Decide(b Betrieb, cmd any) ([]eventstore.DomainEvent, error) {
	switch c := cmd.(type) {
	case BeantrageBetrieb:
		if b.Existiert {
			return nil, validierung.Regel("Der Betrieb existiert bereits.")
		}
		var s validierung.Sammler
		d := pruefeMit(&s, c.Daten)
		if !slices.Contains(Betriebstypen, c.Typ) {
			s.Feld("betriebstyp", "Unbekannter Betriebstyp.")
		}
		if err := s.Err(); err != nil {
			return nil, err
		}
		return []eventstore.DomainEvent{BetriebBeantragt{Daten: d, Betriebstyp: c.Typ, Betriebsstatus: Geplant,
			GueltigAb: c.Heute.Format(historie.Datumsformat)}}, nil
	case EntscheideFreigabe:
		if !b.Existiert {
			return nil, validierung.NichtGefunden
		}
		if b.Freigabestatus != Beantragt {
			return nil, validierung.Regel(MsgNichtBeantragt)
		}
		k := strings.TrimSpace(c.Kommentar)
		switch c.NeuerStatus {
		case Freigegeben:
			return []eventstore.DomainEvent{BetriebFreigegeben{Kommentar: k}}, nil
		case Abgewiesen:
			return []eventstore.DomainEvent{BetriebAbgewiesen{Kommentar: k}}, nil
		}
		return nil, validierung.Feld("neuerStatus", MsgNeuerStatus)
	case BeantrageErneut:
		if !b.Existiert {
			return nil, validierung.NichtGefunden
		}
		if b.Freigabestatus != Abgewiesen {
			return nil, validierung.Regel(MsgNichtAbgewiesen)
		}
		d, err := pruefe(c.Daten)
		if err != nil {
			return nil, err
		}
		return []eventstore.DomainEvent{FreigabeErneutBeantragt{Daten: d}}, nil
	}
	return nil, fmt.Errorf("betrieb: unknown command %T", cmd)
}

// Evolve applies an event.
func Evolve(b Betrieb, e eventstore.DomainEvent) Betrieb {
	switch v := e.(type) {
	case BetriebBeantragt:
		b = Betrieb{Existiert: true, Daten: v.Daten, Betriebstyp: v.Betriebstyp, Betriebsstatus: v.Betriebsstatus,
			Freigabestatus: Beantragt, LetzterBeginn: v.GueltigAb}
	case BetriebFreigegeben:
		b.Freigabestatus = Freigegeben
	case BetriebAbgewiesen:
		b.Freigabestatus = Abgewiesen
	case FreigabeErneutBeantragt:
		b.Daten, b.Freigabestatus = v.Daten, Beantragt
	}
	return b
}

// Decode reads a stored event.
func Decode(eventType string, data json.RawMessage) (eventstore.DomainEvent, error) {
	switch eventType {
	case "BetriebBeantragt":
		var v BetriebBeantragt
		err := json.Unmarshal(data, &v)
		return v, err
	case "BetriebFreigegeben":
		var v BetriebFreigegeben
		err := json.Unmarshal(data, &v)
		return v, err
	case "BetriebAbgewiesen":
		var v BetriebAbgewiesen
		err := json.Unmarshal(data, &v)
		return v, err
	case "FreigabeErneutBeantragt":
		var v FreigabeErneutBeantragt
		err := json.Unmarshal(data, &v)
		return v, err
	}
	return nil, fmt.Errorf("betrieb: unknown event %s", eventType)
}

// Decider is the operation aggregate for the generic command handler.
var Decider = eventstore.Decider[Betrieb, any]{
	StreamType: StreamType, Initial: func() Betrieb { return Betrieb{} },
	Evolve: Evolve, Decide: Decide, Decode: Decode,
}
