package jahresbericht

import (
	"github.com/eabwasser/eabwasser/domain/ereignis"
	"github.com/eabwasser/eabwasser/domain/historie"
)

// Versionsschritt is what event e does to the versions of a report: its creation opens the one
// version, valid from the first day of the report year; a report is not historised — every
// later event (a save, the values of a parameter, the submission, the decision) changes that
// version, and the Verlauf shows each of them.
func Versionsschritt(letzte *historie.Version, e ereignis.DomainEvent, nachher Jahresbericht) historie.Schritt {
	if _, ok := e.(JahresberichtAngelegt); ok {
		return historie.Schritt{Art: historie.Oeffnet, GueltigAb: nachher.Von}
	}
	return historie.Fortgeschrieben(letzte)
}

// Versionsregel is Versionsschritt for historie.Versionen.
func Versionsregel() historie.Regel[Jahresbericht] { return historie.RegelAus(Evolve, Versionsschritt) }

// Decider is the report aggregate for the generic command handler.
var Decider = ereignis.Decider[Jahresbericht, Befehl]{
	StreamType: StreamType, Initial: func() Jahresbericht { return Jahresbericht{} },
	Evolve: Evolve, Decide: Decide, Decode: Decode,
}
