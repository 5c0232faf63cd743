// Package protokoll is the Ereignisprotokoll of the auditors (SYSTEMADMIN, FACHADMIN, who see
// every object): the audit trail filtered by an operation's Betriebs-Nr. (the operation and
// its plants), by user or account and by event phrase, and one event's changes rendered as the
// Verlauf of its object shows them.
package protokoll

import (
	"context"
	"strings"

	"github.com/jackc/pgx/v5"

	"github.com/eabwasser/eabwasser/domain/anlage"
	"github.com/eabwasser/eabwasser/domain/betrieb"
	"github.com/eabwasser/eabwasser/domain/historie"
	"github.com/eabwasser/eabwasser/domain/validierung"
	"github.com/eabwasser/eabwasser/eventstore"
	"github.com/eabwasser/eabwasser/internal/anwendung/verlauf"
	anlagen "github.com/eabwasser/eabwasser/internal/dokumente/anlage"
	betriebe "github.com/eabwasser/eabwasser/internal/dokumente/betrieb"
	"github.com/eabwasser/eabwasser/projections/audit"
)

// Dienst answers the Ereignisprotokoll.
type Dienst struct {
	Store *eventstore.Store
}

// Anfrage is the filter of the Ereignisprotokoll: the audit filter, an operation by its
// Betriebs-Nr. and a part of an event phrase.
type Anfrage struct {
	audit.Filter
	BetriebsNr string
	Ereignis   string
}

// HoechstDaten is the size (bytes of JSON) up to which an entry of a page carries its event's
// data: a plant save is a few kilobytes, and a page of 500 entries stays near 2.5 MB whatever
// was saved; a bigger entry's data comes with the entry itself (Ereignis).
const HoechstDaten = 4096

// Suche answers one page of the audit trail.
func (d *Dienst) Suche(ctx context.Context, a Anfrage) (audit.Seite, error) {
	f := a.Filter
	f.HoechstDaten = HoechstDaten
	if nr := strings.TrimSpace(a.BetriebsNr); nr != "" {
		ids, err := d.objekteDesBetriebs(ctx, nr)
		if err != nil {
			return audit.Seite{}, err
		}
		f.StreamIDs = ids
	}
	if p := strings.TrimSpace(a.Ereignis); p != "" {
		f.EventTypes = audit.ArtenZurPhrase(p)
	}
	seite, err := audit.Suche(ctx, d.Store.Pool(), f)
	if err != nil {
		return seite, err
	}
	return seite, audit.Benenne(ctx, d.Store.Pool(), seite.Content)
}

// objekteDesBetriebs are the streams of the operation with that Betriebs-Nr. and of its plants
// (none when no operation has it).
func (d *Dienst) objekteDesBetriebs(ctx context.Context, nr string) ([]string, error) {
	out := []string{}
	id, ok, err := betriebe.IDZurNummer(ctx, d.Store.Pool(), nr)
	if err != nil || !ok {
		return out, err
	}
	out = append(out, eventstore.StreamID(betrieb.StreamType, id))
	plants, err := anlagen.AlleDesBetriebs(ctx, d.Store.Pool(), id)
	for _, a := range plants {
		out = append(out, eventstore.StreamID(anlage.StreamType, a))
	}
	return out, err
}

// Ereignis is one entry of the audit trail with its changes as the Verlauf of its object shows
// them (labels, value texts, the decisions on an application).
type Ereignis struct {
	audit.Eintrag
	Aenderungen []historie.Aenderung `json:"aenderungen"`
	// WeitereAenderungen: changed fields beyond historie.HoechstAenderungen (in Daten).
	WeitereAenderungen int              `json:"weitereAenderungen,omitempty"`
	Antrag             *historie.Antrag `json:"antrag,omitempty"`
}

// Ereignis answers the entry at the position with its changes.
func (d *Dienst) Ereignis(ctx context.Context, position int64) (Ereignis, error) {
	e, err := audit.Lade(ctx, d.Store.Pool(), position)
	if err == pgx.ErrNoRows {
		return Ereignis{}, validierung.NichtGefunden
	}
	if err != nil {
		return Ereignis{}, err
	}
	eintraege := []audit.Eintrag{e}
	if err := audit.Benenne(ctx, d.Store.Pool(), eintraege); err != nil {
		return Ereignis{}, err
	}
	e = eintraege[0]
	s, err := verlauf.Schritt(ctx, d.Store, e.StreamID, e.Version, e.Daten)
	if err != nil {
		return Ereignis{}, err
	}
	if s.Aenderungen == nil {
		s.Aenderungen = []historie.Aenderung{}
	}
	return Ereignis{Eintrag: e, Aenderungen: s.Aenderungen, WeitereAenderungen: s.WeitereAenderungen, Antrag: s.Antrag}, nil
}
