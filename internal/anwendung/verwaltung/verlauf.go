package verwaltung

import (
	"context"

	"github.com/eabwasser/eabwasser/domain/historie"
	"github.com/eabwasser/eabwasser/domain/organisation"
	"github.com/eabwasser/eabwasser/domain/validierung"
	"github.com/eabwasser/eabwasser/eventstore"
	"github.com/eabwasser/eabwasser/internal/anwendung/verlauf"
)

// organisationsFeldnamen are the labels of the organisation dialog (spec 002 §3).
var organisationsFeldnamen = historie.Feldnamen{"bezeichnung": "Bezeichnung", "adresse": "Anschrift",
	"strasse": "Straße", "hausnummer": "Hausnummer", "plz": "PLZ", "ort": "Ort", "status": "Status",
	"abwasserbeseitigungspflicht": "Abwasserbeseitigungspflicht", "abgabenummer": "Abgabenummer",
	"organisationsId": "Organisations-ID", "gueltigAb": "Gültig ab", "geloescht": "Gelöscht",
	"zusammengefuehrtIn": "Zusammengeführt in Organisation Nr."}

// statusText is the organisation status as the dialog shows it.
var statusText = map[string]string{"AKTIV": "Aktiv", "INAKTIV": "Inaktiv"}

// organisationsansicht is what the Verlauf of an organisation compares.
type organisationsansicht struct {
	organisation.Daten
	GueltigAb          string `json:"gueltigAb,omitempty"`
	Geloescht          bool   `json:"geloescht"`
	ZusammengefuehrtIn int64  `json:"zusammengefuehrtIn,omitempty"`
}

// OrganisationVerlauf lists every event of the organisation: who and when from the audit
// trail, what changed field by field from replaying the stream (internal/anwendung/verlauf).
func (d *Dienst) OrganisationVerlauf(ctx context.Context, id int64) ([]historie.Verlaufsschritt, error) {
	events, err := d.Store.ReadStream(ctx, eventstore.StreamID(organisation.StreamType, id), 1, 0)
	if err != nil {
		return nil, err
	}
	if len(events) == 0 {
		return nil, validierung.NichtGefunden
	}
	return organisationsverlauf(ctx, d.Store, events)
}

// verlaufOrganisation is the Verlauf of an organisation for the Ereignisprotokoll
// (verlauf.Quelle).
func verlaufOrganisation(ctx context.Context, store *eventstore.Store, id int64) ([]historie.Verlaufsschritt, error) {
	events, err := store.ReadStream(ctx, eventstore.StreamID(organisation.StreamType, id), 1, 0)
	if err != nil {
		return nil, err
	}
	return organisationsverlauf(ctx, store, events)
}

func organisationsverlauf(ctx context.Context, store *eventstore.Store, events []eventstore.Event) ([]historie.Verlaufsschritt, error) {
	return verlauf.Erstelle(ctx, store, organisation.Decider, events, verlauf.Alles[organisation.Organisation](), func(_ context.Context, zustaende []organisation.Organisation) ([]any, error) {
		views := make([]any, len(zustaende))
		for i, o := range zustaende {
			v := organisationsansicht{Daten: o.Daten, GueltigAb: o.LetzterBeginn, Geloescht: o.Geloescht,
				ZusammengefuehrtIn: o.ZusammengefuehrtIn}
			if t, ok := statusText[v.Status]; ok {
				v.Status = t
			}
			views[i] = v
		}
		return views, nil
	}, organisationsFeldnamen)
}
