// Package schreibmodell assembles the write model: the event store with every inline
// projection (current-state documents) registered.
package schreibmodell

import (
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/eabwasser/eabwasser/domain/betrieb"
	"github.com/eabwasser/eabwasser/domain/datei"
	"github.com/eabwasser/eabwasser/domain/konto"
	"github.com/eabwasser/eabwasser/domain/lokalerolle"
	"github.com/eabwasser/eabwasser/domain/organisation"
	"github.com/eabwasser/eabwasser/domain/personalisierung"
	"github.com/eabwasser/eabwasser/domain/werteliste"
	"github.com/eabwasser/eabwasser/domain/wiedervorlage"
	"github.com/eabwasser/eabwasser/eventstore"
	"github.com/eabwasser/eabwasser/projections/ablage"
	"github.com/eabwasser/eabwasser/projections/betriebe"
	"github.com/eabwasser/eabwasser/projections/konten"
	"github.com/eabwasser/eabwasser/projections/wertelisten"
)

// Store returns the event store on pool with every inline projection registered.
func Store(pool *pgxpool.Pool) *eventstore.Store {
	s := eventstore.New(pool)
	s.Inline(werteliste.StreamType, wertelisten.Inline)
	eventstore.Dokument(s, konto.Decider, konten.SchreibeAnwender)
	eventstore.Dokument(s, lokalerolle.Decider, konten.SchreibeLokaleRolle)
	eventstore.Dokument(s, betrieb.Decider, betriebe.Schreibe)
	eventstore.Stand(s, betrieb.Decider, betriebe.Stand) // commands start from the document
	eventstore.Dokument(s, personalisierung.Decider, konten.SchreibePersonalisierung)
	eventstore.Dokument(s, organisation.Decider, konten.SchreibeOrganisation)
	eventstore.Dokument(s, datei.Decider, ablage.SchreibeDatei)
	eventstore.Dokument(s, wiedervorlage.Decider, ablage.SchreibeWiedervorlage)
	return s
}
