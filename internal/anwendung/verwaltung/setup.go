package verwaltung

import (
	"github.com/eabwasser/eabwasser/domain/ereignis"
	"github.com/eabwasser/eabwasser/domain/lokalerolle"
	"github.com/eabwasser/eabwasser/domain/organisation"
	"github.com/eabwasser/eabwasser/domain/werteliste"
	"github.com/eabwasser/eabwasser/eventstore"
	"github.com/eabwasser/eabwasser/internal/anwendung/aufbau"
	"github.com/eabwasser/eabwasser/internal/anwendung/verlauf"
	"github.com/eabwasser/eabwasser/internal/dokumente/konten"
	"github.com/eabwasser/eabwasser/internal/dokumente/wertelisten"
	"github.com/eabwasser/eabwasser/projections/arbeitsliste"
	"github.com/eabwasser/eabwasser/projections/audit"
	"github.com/eabwasser/eabwasser/projections/aufgaben"
	"github.com/eabwasser/eabwasser/projections/nachrichten"
	"github.com/eabwasser/eabwasser/projections/ueberschreitung"
)

// Setup wires the administration area: the documents of organisations, local roles and
// value-list entries; its reaction to a merge (the users move along when the merge says so —
// other areas react to the merge and to a delete in their own Setup); the value-list entries
// that accounts, local roles and other lists refer to; the phrases of its events.
func Setup(a *aufbau.Aufbau) {
	s := a.Store
	s.Inline(werteliste.StreamType, wertelisten.Inline)
	eventstore.Dokument(s, organisation.Decider, konten.SchreibeOrganisation)
	eventstore.Dokument(s, lokalerolle.Decider, konten.SchreibeLokaleRolle)
	d := &Dienst{Store: s}
	aufbau.Biete(a, d) // the one instance the router and the tools use
	s.Reagiere(organisation.StreamType, []string{ereignis.Name[organisation.OrganisationZusammengefuehrt]()}, d.personenZiehenMit)
	wertelisten.RegistriereReferenz(konten.Referenzen...)
	wertelisten.RegistriereReferenz(wertelisten.Untereinander...)
	audit.Phrasen(organisation.Phrasen)
	audit.Phrasen(lokalerolle.Phrasen)
	audit.Phrasen(werteliste.Phrasen)
	verlauf.Registriere(organisation.StreamType, verlaufOrganisation, organisationsFeldnamen)
	// the organisations' names and the value lists' texts the worklists show, and the parameter
	// list the limit-value checks read (areas without a Setup of their own)
	a.Arbeitsliste(arbeitsliste.OrganisationBereich, arbeitsliste.WertelisteBereich)
	a.Ueberschreitung(ueberschreitung.Werteliste)
	a.Nachrichten(nachrichten.Organisation, nachrichten.LokaleRolle, nachrichten.Werteliste)
	a.Aufgaben(aufgaben.Organisation, aufgaben.LokaleRolle, aufgaben.Werteliste)
}
