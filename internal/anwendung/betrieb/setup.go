package betrieb

import (
	"github.com/eabwasser/eabwasser/domain/betrieb"
	"github.com/eabwasser/eabwasser/domain/datei"
	"github.com/eabwasser/eabwasser/domain/organisation"
	"github.com/eabwasser/eabwasser/eventstore"
	"github.com/eabwasser/eabwasser/internal/anwendung/aufbau"
	"github.com/eabwasser/eabwasser/internal/anwendung/verlauf"
	betriebe "github.com/eabwasser/eabwasser/internal/dokumente/betrieb"
	"github.com/eabwasser/eabwasser/internal/dokumente/wertelisten"
	"github.com/eabwasser/eabwasser/internal/zugriff"
	"github.com/eabwasser/eabwasser/projections/arbeitsliste"
	"github.com/eabwasser/eabwasser/projections/audit"
	"github.com/eabwasser/eabwasser/projections/aufgaben"
	"github.com/eabwasser/eabwasser/projections/nachrichten"
)

// Setup wires the operation area: the operation's document, written in each command's
// transaction and the state its commands start from; its reactions to other aggregates (in
// the triggering command's transaction); who may see and change the files and reminders of an
// operation, and how every list sees what hangs on one; the value-list entries operations
// refer to; the phrases of its events.
func Setup(a *aufbau.Aufbau) {
	s := a.Store
	eventstore.Dokument(s, betrieb.Decider, betriebe.Schreibe)
	eventstore.Stand(s, betrieb.Decider, betriebe.Stand)
	d := &Dienst{Store: s}
	aufbau.Biete(a, d) // the one instance the router and the tools use
	s.Reagiere(organisation.StreamType, organisation.ZusammenfuehrungUndLoeschung, d.aufOrganisation)
	a.Ablage.Fuer(datei.Betrieb, d.Zugriff)
	zugriff.RegistriereObjektart(datei.Betrieb, betriebe.Objektart)
	wertelisten.RegistriereReferenz(betriebe.Referenzen...)
	audit.Phrasen(betrieb.Phrasen)
	verlauf.Registriere(betrieb.StreamType, verlaufBetrieb, betrieb.Feldnamen)
	a.Arbeitsliste(arbeitsliste.BetriebBereich)
	a.Nachrichten(nachrichten.Betrieb)
	a.Aufgaben(aufgaben.Betrieb)
}
