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
		if ev.Ersetzt && letzte != nil {
			return historie.Schritt{Art: historie.Ersetzt, GueltigAb: nachher.LetzterBeginn,
				Aenderungsgrund: historie.Grund(ev.Aenderungsgrund, letzte)}
		}
		return historie.Schritt{Art: historie.Oeffnet, GueltigAb: nachher.LetzterBeginn, Aenderungsgrund: ev.Aenderungsgrund}
	case BetreiberUmgezogen:
		if letzte != nil && ev.Datum <= letzte.GueltigAb {
			return historie.Schritt{Art: historie.Ersetzt, GueltigAb: nachher.LetzterBeginn, Aenderungsgrund: letzte.Aenderungsgrund}
		}
		return historie.Schritt{Art: historie.Oeffnet, GueltigAb: ev.Datum, Aenderungsgrund: "Zusammenführung des Betreibers"}
	}
	if letzte == nil {
		return historie.Schritt{Art: historie.Bleibt}
	}
	return historie.Schritt{Art: historie.Ersetzt, GueltigAb: letzte.GueltigAb, Aenderungsgrund: letzte.Aenderungsgrund}
}

// Versionsregel is Versionsschritt for historie.Versionen.
func Versionsregel() historie.Regel[Betrieb] { return historie.RegelAus(Evolve, Versionsschritt) }
