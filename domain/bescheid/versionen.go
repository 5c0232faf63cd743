package bescheid

import (
	"github.com/eabwasser/eabwasser/domain/ereignis"
	"github.com/eabwasser/eabwasser/domain/historie"
)

// Versionsschritt is what event e does to the versions of a Bescheid: its recording opens the
// one version (dated by the Bescheidsdatum); a Bescheid is not historised — every later event
// changes that version (a released Bescheid is replaced by a new one naming it as Vorbescheid).
func Versionsschritt(letzte *historie.Version, e ereignis.DomainEvent, nachher Bescheid) historie.Schritt {
	if _, ok := e.(BescheidAngelegt); ok {
		return historie.Schritt{Art: historie.Oeffnet, GueltigAb: nachher.Daten.Bescheidsdatum}
	}
	return historie.Fortgeschrieben(letzte)
}

// Versionsregel is Versionsschritt for historie.Versionen.
func Versionsregel() historie.Regel[Bescheid] { return historie.RegelAus(Evolve, Versionsschritt) }

// Decider is the Bescheid aggregate for the generic command handler.
var Decider = ereignis.Decider[Bescheid, Befehl]{
	StreamType: StreamType, Initial: func() Bescheid { return Bescheid{} },
	Evolve: Evolve, Decide: Decide, Decode: Decode,
}
