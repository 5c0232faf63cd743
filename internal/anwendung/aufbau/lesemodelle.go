package aufbau

import (
	"github.com/eabwasser/eabwasser/projections/arbeitsliste"
	"github.com/eabwasser/eabwasser/projections/ueberschreitung"
)

// Arbeitsliste registers the area's parts of the worklists (arbeitsliste.Bereich: its events,
// rows and lists).
func (a *Aufbau) Arbeitsliste(b ...arbeitsliste.Bereich) {
	a.Arbeitslisten = append(a.Arbeitslisten, b...)
}

// Ueberschreitung registers the area's part of the limit-value checks (which of its events make
// reports to evaluate again).
func (a *Aufbau) Ueberschreitung(b ueberschreitung.Bereich) {
	a.Ueberschreitungen = append(a.Ueberschreitungen, b)
}
