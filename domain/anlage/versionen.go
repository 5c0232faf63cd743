package anlage

import (
	"github.com/eabwasser/eabwasser/domain/ereignis"
	"github.com/eabwasser/eabwasser/domain/historie"
)

// Versionsschritt is what event e does to the versions of a plant, given the last version so
// far (nil: none) and the plant after e: the creation and every historised change open a
// version, a correction replaces the last one, the shut-down with the operation opens a version
// dated by it unless it falls into the last one; everything else changes the version it falls
// into.
func Versionsschritt(letzte *historie.Version, e ereignis.DomainEvent, nachher Anlage) historie.Schritt {
	switch ev := e.(type) {
	case AnlageAngelegt:
		return historie.Schritt{Art: historie.Oeffnet, GueltigAb: nachher.LetzterBeginn}
	case AnlageGeaendert:
		return historie.Geaendert(letzte, ev.Ersetzt, nachher.LetzterBeginn, ev.Aenderungsgrund)
	case AnlageStillgelegt:
		return historie.Datiert(letzte, ev.Datum, "Stilllegung des Betriebs")
	}
	return historie.Fortgeschrieben(letzte)
}

// Versionsregel is Versionsschritt for historie.Versionen.
func Versionsregel() historie.Regel[Anlage] { return historie.RegelAus(Evolve, Versionsschritt) }
