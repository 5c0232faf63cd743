package betrieb

import (
	"github.com/eabwasser/eabwasser/domain/ereignis"
	"github.com/eabwasser/eabwasser/domain/historie"
)

// Versionsschritt is what event e does to the versions of an operation, given the last
// version so far (nil: none) and the operation after e: a request and every historised change
// open a version, a correction replaces the last one, a merge of the operator opens a version
// dated by the merge unless it falls into the last one; everything else changes the version it
// falls into.
func Versionsschritt(letzte *historie.Version, e ereignis.DomainEvent, nachher Betrieb) historie.Schritt {
	switch ev := e.(type) {
	case BetriebBeantragt:
		return historie.Schritt{Art: historie.Oeffnet, GueltigAb: nachher.LetzterBeginn}
	case BetriebGeaendert:
		return historie.Geaendert(letzte, ev.Ersetzt, nachher.LetzterBeginn, ev.Aenderungsgrund)
	case BetreiberUmgezogen:
		return historie.Datiert(letzte, ev.Datum, "Zusammenführung des Betreibers")
	}
	return historie.Fortgeschrieben(letzte)
}

// Versionsregel is Versionsschritt for historie.Versionen.
func Versionsregel() historie.Regel[Betrieb] { return historie.RegelAus(Evolve, Versionsschritt) }
