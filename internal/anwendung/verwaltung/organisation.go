// Package verwaltung is the application service of the system administration: organisations
// (with history and merge), and — as they arrive — local roles and user administration. It
// turns requests into commands and runs processes that change several aggregates in one
// transaction.
package verwaltung

import (
	"context"
	"io"
	"strconv"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/eabwasser/eabwasser/domain/historie"
	"github.com/eabwasser/eabwasser/domain/konto"
	"github.com/eabwasser/eabwasser/domain/organisation"
	"github.com/eabwasser/eabwasser/domain/validierung"
	"github.com/eabwasser/eabwasser/eventstore"
	"github.com/eabwasser/eabwasser/internal/dokumente/konten"
	"github.com/eabwasser/eabwasser/internal/plattform/kalender"
	"github.com/eabwasser/eabwasser/internal/plattform/tabelle"
)

// Dienst is the administration service.
type Dienst struct {
	Store *eventstore.Store
	Jetzt func() time.Time
}

// personenZiehenMit moves the users of a merged organisation to the destination when the
// merge says so (a reaction in the merge's transaction, registered by Setup).
func (d *Dienst) personenZiehenMit(ctx context.Context, tx pgx.Tx, e eventstore.Event) error {
	if e.Type != (organisation.OrganisationZusammengefuehrt{}).EventType() {
		return nil
	}
	de, err := organisation.Decode(e.Type, e.Data)
	if err != nil {
		return err
	}
	z := de.(organisation.OrganisationZusammengefuehrt)
	if !z.MitPersonen {
		return nil
	}
	quelle, err := eventstore.AggregatID(e.StreamID)
	if err != nil {
		return err
	}
	ids, err := konten.AnwenderDerOrganisation(ctx, tx, quelle)
	if err != nil {
		return err
	}
	for _, id := range ids {
		if _, err := eventstore.Befehle(d.Store, konto.Decider).HandleTx(ctx, tx, id, eventstore.VersionUnbekannt,
			konto.WechsleOrganisation{OrganisationID: z.ZielID}, eventstore.Folge(e)); err != nil {
			return err
		}
	}
	return nil
}

func (d *Dienst) heute() time.Time {
	if d.Jetzt != nil {
		return d.Jetzt()
	}
	return kalender.Jetzt()
}

// Organisationseingabe is the organisation form.
type Organisationseingabe struct {
	organisation.Daten
	AuditInfo *historie.AuditInfo `json:"auditInfo,omitempty"`
	Version   int                 `json:"version"`
}

// OrganisationAnlegen creates an organisation and returns its id.
func (d *Dienst) OrganisationAnlegen(ctx context.Context, in Organisationseingabe, md eventstore.Metadata) (int64, eventstore.Appended, error) {
	id, err := eventstore.NextID(ctx, d.Store, "organisation_id_seq")
	if err != nil {
		return 0, eventstore.Appended{}, err
	}
	out, err := eventstore.Befehle(d.Store, organisation.Decider).HandleNeu(ctx, id, organisation.LegeAn{Daten: in.Daten, Heute: d.heute()}, md)
	return id, out, err
}

// OrganisationAendern saves an organisation; the version the client saw guards against
// overwriting someone else's change.
func (d *Dienst) OrganisationAendern(ctx context.Context, id int64, in Organisationseingabe, md eventstore.Metadata) (eventstore.Appended, error) {
	expected := -1
	if in.Version > 0 {
		expected = in.Version
	}
	return eventstore.Befehle(d.Store, organisation.Decider).Handle(ctx, id, expected,
		organisation.Aendere{Daten: in.Daten, AuditInfo: in.AuditInfo, Heute: d.heute()}, md)
}

// OrganisationLoeschen deletes an organisation nothing points to any more.
func (d *Dienst) OrganisationLoeschen(ctx context.Context, id int64, md eventstore.Metadata) error {
	referenziert, err := d.referenziert(ctx, id)
	if err != nil {
		return err
	}
	_, err = eventstore.Befehle(d.Store, organisation.Decider).Handle(ctx, id, eventstore.VersionUnbekannt, organisation.Loesche{Referenziert: referenziert}, md)
	return err
}

// referenziert reports whether users still belong to the organisation; the areas whose
// documents point to organisations refuse the delete in their reaction to it.
func (d *Dienst) referenziert(ctx context.Context, id int64) (bool, error) {
	anwender, err := konten.AnwenderDerOrganisation(ctx, d.Store.Pool(), id)
	return len(anwender) > 0, err
}

// Zusammenfuehrung is the merge form.
type Zusammenfuehrung struct {
	QuelleID    int64  `json:"sourceOrganisationId"`
	ZielID      int64  `json:"destinationOrganisationId"`
	Datum       string `json:"mergeDate"`
	MitPersonen bool   `json:"includePersonen"`
}

// Zusammenfuehren merges the source into the destination in one transaction: the source is
// deactivated, its users move along when MitPersonen, and every other reference moves (the
// areas' reactions to OrganisationZusammengefuehrt, see Setup).
func (d *Dienst) Zusammenfuehren(ctx context.Context, z Zusammenfuehrung, md eventstore.Metadata) error {
	var s validierung.Sammler
	if z.QuelleID == 0 {
		s.Feld("sourceOrganisationId", validierung.Pflichtfeld)
	}
	if z.QuelleID != 0 && z.QuelleID == z.ZielID {
		s.Feld("destinationOrganisationId", "Eine Organisation kann nicht mit sich selbst zusammengeführt werden.")
	}
	if z.ZielID != 0 {
		ziel, _, err := eventstore.Befehle(d.Store, organisation.Decider).Load(ctx, z.ZielID)
		if err != nil {
			return err
		}
		if !ziel.Existiert || ziel.Geloescht || ziel.Status != organisation.Aktiv {
			s.Feld("destinationOrganisationId", "Die Zielorganisation muss eine aktive Organisation sein.")
		}
	}
	if err := s.Err(); err != nil {
		return err
	}
	md.CorrelationID = "zusammenfuehrung-" + strconv.FormatInt(z.QuelleID, 10) + "-" + strconv.FormatInt(z.ZielID, 10)
	// the reactions of the areas (users, operations, …) move every reference in this command's
	// transaction, with its correlation id
	_, err := eventstore.Befehle(d.Store, organisation.Decider).Handle(ctx, z.QuelleID, eventstore.VersionUnbekannt, organisation.FuehreZusammen{
		ZielID: z.ZielID, Datum: z.Datum, MitPersonen: z.MitPersonen, Heute: d.heute()}, md)
	return err
}

// OrganisationsVersion is one entry of an organisation's history.
type OrganisationsVersion struct {
	historie.Version
	Organisation organisation.Daten `json:"organisation"`
}

// OrganisationHistorie replays the organisation's stream into its versions (historie.Versionen
// with organisation.Versionsschritt).
func (d *Dienst) OrganisationHistorie(ctx context.Context, id int64) ([]OrganisationsVersion, error) {
	events, err := d.Store.ReadStream(ctx, eventstore.StreamID(organisation.StreamType, id), 1, 0)
	if err != nil {
		return nil, err
	}
	if len(events) == 0 {
		return nil, validierung.NichtGefunden
	}
	ereignisse := make([]historie.Ereignis, len(events))
	for i, e := range events {
		de, err := organisation.Decode(e.Type, e.Data)
		if err != nil {
			return nil, err
		}
		ereignisse[i] = historie.Ereignis{Event: de, Am: e.RecordedAt, Von: e.Metadata.ActorName}
	}
	fassungen := historie.Versionen(ereignisse, organisation.Versionsschritt)
	if len(fassungen) == 0 {
		return nil, nil
	}
	out := make([]OrganisationsVersion, len(fassungen))
	for i, f := range fassungen {
		out[i] = OrganisationsVersion{Version: f.Version, Organisation: f.Stand}
	}
	return out, nil
}

// OrganisationenExportieren writes the organisations (all, or the given ids) as xlsx.
func (d *Dienst) OrganisationenExportieren(ctx context.Context, w io.Writer, ids []int64) error {
	orgs, err := konten.Organisationen(ctx, d.Store.Pool(), konten.OrganisationFilter{IDs: ids})
	if err != nil {
		return err
	}
	return tabelle.Schreibe(w, "Organisationen", []string{"ID", "Bezeichnung", "Status", "Abwasserbeseitigungspflicht",
		"Straße", "Hausnummer", "PLZ", "Ort", "Abgabenummer", "Organisations-ID"}, func(zeile func(...any) error) error {
		for _, o := range orgs {
			abw := "nein"
			if o.Abwasserbeseitigungspflicht {
				abw = "ja"
			}
			if err := zeile(o.ID, o.Bezeichnung, o.Status, abw, o.Adresse.Strasse, o.Adresse.Hausnummer, o.Adresse.Plz,
				o.Adresse.Ort, o.Abgabenummer, o.OrganisationsID); err != nil {
				return err
			}
		}
		return nil
	})
}
