package ablage

import (
	"github.com/eabwasser/eabwasser/domain/datei"
	"github.com/eabwasser/eabwasser/domain/wiedervorlage"
	"github.com/eabwasser/eabwasser/eventstore"
	"github.com/eabwasser/eabwasser/internal/anwendung/aufbau"
	dok "github.com/eabwasser/eabwasser/internal/dokumente/ablage"
	"github.com/eabwasser/eabwasser/projections/audit"
	"github.com/eabwasser/eabwasser/projections/aufgaben"
	"github.com/eabwasser/eabwasser/projections/nachrichten"
)

// Setup wires the files-and-reminders area: the documents of files and reminders, written in
// each command's transaction, and the phrases of their events. Who may see and change the
// files of an object is registered by the object's area (aufbau.Zugriffe.Fuer).
func Setup(a *aufbau.Aufbau) {
	aufbau.Biete(a, &Dienst{Store: a.Store, Zugriffe: a.Ablage, Typen: a.Typen}) // files at Einrichten's place
	eventstore.Dokument(a.Store, datei.Decider, dok.SchreibeDatei)
	eventstore.Dokument(a.Store, wiedervorlage.Decider, dok.SchreibeWiedervorlage)
	audit.Phrasen(datei.Phrasen)
	audit.Phrasen(wiedervorlage.Phrasen)
	a.Nachrichten(nachrichten.Datei, nachrichten.Wiedervorlage)
	a.Aufgaben(aufgaben.Datei, aufgaben.Wiedervorlage)
}
