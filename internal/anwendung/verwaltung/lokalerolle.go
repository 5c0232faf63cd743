package verwaltung

import (
	"context"
	"slices"
	"strconv"

	"github.com/jackc/pgx/v5"

	"github.com/eabwasser/eabwasser/domain/konto"
	"github.com/eabwasser/eabwasser/domain/lokalerolle"
	"github.com/eabwasser/eabwasser/eventstore"
	"github.com/eabwasser/eabwasser/internal/anwendung/auswahl"
	betriebe "github.com/eabwasser/eabwasser/internal/dokumente/betrieb"
	"github.com/eabwasser/eabwasser/internal/dokumente/konten"
)

// LokaleRolleEingabe is the local-role form.
type LokaleRolleEingabe struct {
	lokalerolle.Daten
	Version int `json:"version"`
}

// LokaleRolleAnlegen creates a local role and returns its id.
func (d *Dienst) LokaleRolleAnlegen(ctx context.Context, in LokaleRolleEingabe, md eventstore.Metadata) (int64, eventstore.Appended, error) {
	id, err := eventstore.NextID(ctx, d.Store, "lokale_rolle_id_seq")
	if err != nil {
		return 0, eventstore.Appended{}, err
	}
	unbekannt, err := betriebe.Unbekannte(ctx, d.Store.Pool(), in.Betriebe)
	if err != nil {
		return 0, eventstore.Appended{}, err
	}
	if err := d.organisationenWaehlbar(ctx, in, nil); err != nil {
		return 0, eventstore.Appended{}, err
	}
	out, err := eventstore.Befehle(d.Store, lokalerolle.Decider).Handle(ctx, id, eventstore.VersionUnbekannt,
		lokalerolle.LegeAn{Daten: in.Daten, Jetzt: d.heute(), UnbekannteBetriebe: unbekannt}, md)
	return id, out, err
}

// organisationenWaehlbar checks that the operator organisations a local role names are ones
// the administrators' organisation picker offers (any that exists), besides those it named.
func (d *Dienst) organisationenWaehlbar(ctx context.Context, in LokaleRolleEingabe, bisher []int64) error {
	if in.AlleRegionalstellen {
		return nil // the decider clears the pickers
	}
	return auswahl.PruefeOrganisationen(ctx, d.Store.Pool(), "organisationen", konten.OrganisationFilter{}, in.Organisationen, bisher)
}

// LokaleRolleAendern saves a local role (409 when the client's version is stale).
func (d *Dienst) LokaleRolleAendern(ctx context.Context, id int64, in LokaleRolleEingabe, md eventstore.Metadata) (eventstore.Appended, error) {
	expected := -1
	if in.Version > 0 {
		expected = in.Version
	}
	unbekannt, err := betriebe.Unbekannte(ctx, d.Store.Pool(), in.Betriebe)
	if err != nil {
		return eventstore.Appended{}, err
	}
	alt, _, err := eventstore.Befehle(d.Store, lokalerolle.Decider).Load(ctx, id)
	if err != nil {
		return eventstore.Appended{}, err
	}
	if err := d.organisationenWaehlbar(ctx, in, alt.Daten.Organisationen); err != nil {
		return eventstore.Appended{}, err
	}
	return eventstore.Befehle(d.Store, lokalerolle.Decider).Handle(ctx, id, expected,
		lokalerolle.Aendere{Daten: in.Daten, Jetzt: d.heute(), UnbekannteBetriebe: unbekannt}, md)
}

// LokaleRolleLoeschen deletes a local role and removes it from every account in one
// transaction. If it is the last role of some accounts, only a confirmed call deletes it.
func (d *Dienst) LokaleRolleLoeschen(ctx context.Context, id int64, bestaetigt bool, md eventstore.Metadata) error {
	letzte, err := konten.LetzteRolleVon(ctx, d.Store.Pool(), id)
	if err != nil {
		return err
	}
	md.CorrelationID = "lokalerolle-loeschen-" + strconv.FormatInt(id, 10)
	return pgx.BeginFunc(ctx, d.Store.Pool(), func(tx pgx.Tx) error {
		_, err := eventstore.Befehle(d.Store, lokalerolle.Decider).HandleTx(ctx, tx, id, eventstore.VersionUnbekannt,
			lokalerolle.Loesche{LetzteRolleVon: len(letzte), Bestaetigt: bestaetigt}, md)
		if err != nil {
			return err
		}
		betroffen, err := konten.MitRolle(ctx, tx, id)
		if err != nil {
			return err
		}
		for anwender, rollen := range betroffen {
			rest := slices.DeleteFunc(slices.Clone(rollen), func(r int64) bool { return r == id })
			if _, err := eventstore.Befehle(d.Store, konto.Decider).HandleTx(ctx, tx, anwender, eventstore.VersionUnbekannt, konto.SetzeLokaleRollen{LokaleRollen: rest}, md); err != nil {
				return err
			}
		}
		return nil
	})
}
