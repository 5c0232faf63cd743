package bescheid

import (
	"github.com/eabwasser/eabwasser/domain/bescheid"
	"github.com/eabwasser/eabwasser/domain/datei"
	"github.com/eabwasser/eabwasser/eventstore"
	"github.com/eabwasser/eabwasser/internal/anwendung/aufbau"
	"github.com/eabwasser/eabwasser/internal/anwendung/verlauf"
	bescheide "github.com/eabwasser/eabwasser/internal/dokumente/bescheid"
	"github.com/eabwasser/eabwasser/internal/dokumente/wertelisten"
	"github.com/eabwasser/eabwasser/internal/zugriff"
	"github.com/eabwasser/eabwasser/projections/arbeitsliste"
	"github.com/eabwasser/eabwasser/projections/audit"
	"github.com/eabwasser/eabwasser/projections/aufgaben"
	"github.com/eabwasser/eabwasser/projections/nachrichten"
	"github.com/eabwasser/eabwasser/projections/ueberschreitung"
)

// Setup wires the Bescheid area: its document (written in each command's transaction, the
// state its commands start from); who may see and change its files and reminders, and how
// every list sees what hangs on one; the value-list entries it refers to; the phrases of its
// events and its Verlauf for the Ereignisprotokoll.
func Setup(a *aufbau.Aufbau) {
	s := a.Store
	eventstore.Dokument(s, bescheid.Decider, bescheide.Schreibe)
	eventstore.Stand(s, bescheid.Decider, bescheide.Stand)
	d := &Dienst{Store: s}
	aufbau.Biete(a, d) // the one instance the router and the tools use
	a.Ablage.Fuer(datei.Bescheid, d.Zugriff)
	zugriff.RegistriereObjektart(datei.Bescheid, bescheide.Objektart)
	wertelisten.RegistriereReferenz(bescheide.Referenzen...)
	audit.Phrasen(bescheid.Phrasen)
	verlauf.Registriere(bescheid.StreamType, verlaufBescheid, bescheid.Feldnamen)
	a.Arbeitsliste(arbeitsliste.BescheidBereich)
	a.Ueberschreitung(ueberschreitung.Bescheid)
	a.Nachrichten(nachrichten.Bescheid)
	a.Aufgaben(aufgaben.Bescheid)
}
