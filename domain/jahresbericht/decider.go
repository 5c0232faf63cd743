package jahresbericht

import (
	"github.com/eabwasser/eabwasser/domain/ereignis"
)

// Decider is the report aggregate for the generic command handler.
var Decider = ereignis.Decider[Jahresbericht, Befehl]{
	StreamType: StreamType, Initial: func() Jahresbericht { return Jahresbericht{} },
	Evolve: Evolve, Decide: Decide, Decode: Decode,
}
