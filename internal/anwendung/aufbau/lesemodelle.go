package aufbau

import (
	"github.com/eabwasser/eabwasser/projections"
	"github.com/eabwasser/eabwasser/projections/arbeitsliste"
	"github.com/eabwasser/eabwasser/projections/aufgaben"
	"github.com/eabwasser/eabwasser/projections/nachrichten"
	"github.com/eabwasser/eabwasser/projections/ueberschreitung"
)

// Lesemodelle are the areas' parts of the read models over every area (the worklists, the
// messages, the Aufgaben, the limit-value checks), in the order their Setups registered them:
// the wiring builds those read models from them (internal/verdrahtung/app.Projections), so a
// new area adds its parts in its own Setup.
type Lesemodelle struct {
	arbeitslisten     []arbeitsliste.Bereich
	nachrichten       []nachrichten.Bereich
	aufgaben          []aufgaben.Bereich
	ueberschreitungen []ueberschreitung.Bereich
}

// Arbeitsliste registers the area's parts of the worklists (arbeitsliste.Bereich: its events,
// rows and lists).
func (a *Aufbau) Arbeitsliste(b ...arbeitsliste.Bereich) {
	a.Lesemodelle.arbeitslisten = append(a.Lesemodelle.arbeitslisten, b...)
}

// Nachrichten registers an area's part of the messages (projections/nachrichten).
func (a *Aufbau) Nachrichten(b ...nachrichten.Bereich) {
	a.Lesemodelle.nachrichten = append(a.Lesemodelle.nachrichten, b...)
}

// Aufgaben registers an area's part of the Aufgaben (projections/aufgaben).
func (a *Aufbau) Aufgaben(b ...aufgaben.Bereich) {
	a.Lesemodelle.aufgaben = append(a.Lesemodelle.aufgaben, b...)
}

// Ueberschreitung registers the area's part of the limit-value checks (which of its events make
// reports to evaluate again).
func (a *Aufbau) Ueberschreitung(b ueberschreitung.Bereich) {
	a.Lesemodelle.ueberschreitungen = append(a.Lesemodelle.ueberschreitungen, b)
}

// ArbeitslisteBereiche are the parts of the worklists registered so far.
func (l Lesemodelle) ArbeitslisteBereiche() []arbeitsliste.Bereich { return l.arbeitslisten }

// NachrichtenBereiche are the parts of the messages registered so far.
func (l Lesemodelle) NachrichtenBereiche() []nachrichten.Bereich { return l.nachrichten }

// AufgabenBereiche are the parts of the Aufgaben registered so far.
func (l Lesemodelle) AufgabenBereiche() []aufgaben.Bereich { return l.aufgaben }

// UeberschreitungBereiche are the parts of the limit-value checks registered so far.
func (l Lesemodelle) UeberschreitungBereiche() []ueberschreitung.Bereich { return l.ueberschreitungen }

// Arbeitsliste is the worklist read model of the registered areas.
func (l Lesemodelle) Arbeitsliste() projections.Projection {
	return arbeitsliste.Projektion(l.arbeitslisten...)
}

// Nachrichten is the messages read model of the registered areas.
func (l Lesemodelle) Nachrichten() projections.Projection { return nachrichten.Neu(l.nachrichten...) }

// Aufgaben is the Aufgaben read model of the registered areas.
func (l Lesemodelle) Aufgaben() projections.Projection { return aufgaben.Neu(l.aufgaben...) }

// Ueberschreitung is the limit-value checks' read model of the registered areas.
func (l Lesemodelle) Ueberschreitung() projections.Projection {
	return ueberschreitung.Projektion(l.ueberschreitungen...)
}
