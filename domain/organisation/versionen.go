package organisation

import (
	"strconv"

	"github.com/eabwasser/eabwasser/domain/ereignis"
	"github.com/eabwasser/eabwasser/domain/historie"
)

// Versionsschritt is what event e does to the versions of an organisation, given the last
// version so far (nil: none), with the organisation's data of the version: creation and every
// change open a version (a correction replaces the last one); a merge deactivates it from the
// merge date, in the last version when that starts the same day; everything else changes
// nothing the history shows.
func Versionsschritt(letzte *historie.Fassung[Daten], e ereignis.DomainEvent) (historie.Schritt, Daten) {
	switch ev := e.(type) {
	case OrganisationAngelegt:
		return historie.Schritt{Art: historie.Oeffnet, GueltigAb: ev.GueltigAb}, ev.Daten
	case OrganisationGeaendert:
		var v *historie.Version
		if letzte != nil {
			v = &letzte.Version
		}
		return historie.Geaendert(v, ev.Ersetzt, ev.GueltigAb, ev.Aenderungsgrund), ev.Daten
	case OrganisationZusammengefuehrt:
		if letzte == nil {
			return historie.Schritt{Art: historie.Bleibt}, Daten{}
		}
		d := letzte.Stand
		d.Status = Inaktiv
		s := historie.Schritt{Art: historie.Oeffnet, GueltigAb: max(ev.Datum, letzte.GueltigAb),
			Aenderungsgrund: "Zusammenführung mit Organisation " + strconv.FormatInt(ev.ZielID, 10)}
		if s.GueltigAb == letzte.GueltigAb {
			s.Art = historie.Ueberschreibt // the merge's reason, with its author
		}
		return s, d
	}
	return historie.Schritt{Art: historie.Bleibt}, Daten{}
}
