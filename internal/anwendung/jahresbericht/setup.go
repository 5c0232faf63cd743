package jahresbericht

import (
	"github.com/eabwasser/eabwasser/domain/datei"
	"github.com/eabwasser/eabwasser/domain/jahresbericht"
	"github.com/eabwasser/eabwasser/eventstore"
	"github.com/eabwasser/eabwasser/internal/anwendung/aufbau"
	"github.com/eabwasser/eabwasser/internal/anwendung/verlauf"
	berichte "github.com/eabwasser/eabwasser/internal/dokumente/jahresbericht"
	"github.com/eabwasser/eabwasser/internal/zugriff"
	"github.com/eabwasser/eabwasser/projections/arbeitsliste"
	"github.com/eabwasser/eabwasser/projections/audit"
	"github.com/eabwasser/eabwasser/projections/aufgaben"
	"github.com/eabwasser/eabwasser/projections/nachrichten"
	"github.com/eabwasser/eabwasser/projections/ueberschreitung"
)

// Setup wires the annual report area: its document (written in each command's transaction, the
// state its commands start from), how lists see what hangs on a report, the phrases of its events and its Verlauf for the
// Ereignisprotokoll.
func Setup(a *aufbau.Aufbau) {
	s := a.Store
	eventstore.Dokument(s, jahresbericht.Decider, berichte.Schreibe)
	eventstore.Stand(s, jahresbericht.Decider, berichte.Stand)
	zugriff.RegistriereObjektart(berichte.Art, berichte.Objektart) // lists see what hangs on it (messages)
	d := &Dienst{Store: s}
	aufbau.Biete(a, d)                            // the one instance the router and the tools use
	a.Ablage.Fuer(datei.Jahresbericht, d.Zugriff) // its files and Externe Stoffe
	a.Ablage.Fuer(datei.JahresberichtExtern, d.Zugriff)
	audit.Phrasen(jahresbericht.Phrasen)
	verlauf.Registriere(jahresbericht.StreamType, verlaufJahresbericht, jahresbericht.Feldnamen)
	a.Arbeitsliste(arbeitsliste.JahresberichtBereich)
	a.Ueberschreitung(ueberschreitung.Jahresbericht)
	a.Nachrichten(nachrichten.Jahresbericht)
	a.Aufgaben(aufgaben.Jahresbericht)
}
