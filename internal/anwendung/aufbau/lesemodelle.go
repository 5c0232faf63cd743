package aufbau

import (
	"github.com/eabwasser/eabwasser/projections"
	"github.com/eabwasser/eabwasser/projections/aufgaben"
	"github.com/eabwasser/eabwasser/projections/nachrichten"
)

// Lesemodelle are the areas' parts of the read models over every area, in the order their
// Setups registered them: the wiring builds those read models from them
// (internal/verdrahtung/app.Projections), so a new area adds its parts in its own Setup.
type Lesemodelle struct {
	nachrichten []nachrichten.Bereich
	aufgaben    []aufgaben.Bereich
}

// Nachrichten registers an area's part of the messages (projections/nachrichten).
func (a *Aufbau) Nachrichten(b ...nachrichten.Bereich) {
	a.Lesemodelle.nachrichten = append(a.Lesemodelle.nachrichten, b...)
}

// Aufgaben registers an area's part of the Aufgaben (projections/aufgaben).
func (a *Aufbau) Aufgaben(b ...aufgaben.Bereich) {
	a.Lesemodelle.aufgaben = append(a.Lesemodelle.aufgaben, b...)
}

// NachrichtenBereiche are the parts of the messages registered so far.
func (l Lesemodelle) NachrichtenBereiche() []nachrichten.Bereich { return l.nachrichten }

// AufgabenBereiche are the parts of the Aufgaben registered so far.
func (l Lesemodelle) AufgabenBereiche() []aufgaben.Bereich { return l.aufgaben }

// Nachrichten is the messages read model of the registered areas.
func (l Lesemodelle) Nachrichten() projections.Projection { return nachrichten.Neu(l.nachrichten...) }

// Aufgaben is the Aufgaben read model of the registered areas.
func (l Lesemodelle) Aufgaben() projections.Projection { return aufgaben.Neu(l.aufgaben...) }
