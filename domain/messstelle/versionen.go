package messstelle

import (
	"github.com/eabwasser/eabwasser/domain/ereignis"
	"github.com/eabwasser/eabwasser/domain/historie"
)

// Versionsschritt is what event e does to the versions of a measuring point, given the last
// version so far (nil: none) and the point after e: the request opens a version, a historised
// change opens one and a correction replaces the last, a renewed request replaces the last (the
// point never was approved in between), the shut-down with the plant opens a version dated by
// it unless it falls into the last one; the decisions change the version they fall into.
func Versionsschritt(letzte *historie.Version, e ereignis.DomainEvent, nachher Messstelle) historie.Schritt {
	switch ev := e.(type) {
	case MessstelleBeantragt:
		return historie.Schritt{Art: historie.Oeffnet, GueltigAb: nachher.LetzterBeginn}
	case MessstelleGeaendert:
		return historie.Geaendert(letzte, ev.Ersetzt, nachher.LetzterBeginn, ev.Aenderungsgrund)
	case MessstellenfreigabeErneutAngefordert:
		return historie.Geaendert(letzte, true, nachher.LetzterBeginn, "")
	case MessstelleStillgelegt:
		return historie.Datiert(letzte, ev.Datum, "Stilllegung der Anlage")
	}
	return historie.Fortgeschrieben(letzte)
}

// Versionsregel is Versionsschritt for historie.Versionen.
func Versionsregel() historie.Regel[Messstelle] { return historie.RegelAus(Evolve, Versionsschritt) }
