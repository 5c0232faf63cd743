package bescheid

import (
	"github.com/eabwasser/eabwasser/domain/ereignis"
)

// Decider is the Bescheid aggregate for the generic command handler.
var Decider = ereignis.Decider[Bescheid, Befehl]{
	StreamType: StreamType, Initial: func() Bescheid { return Bescheid{} },
	Evolve: Evolve, Decide: Decide, Decode: Decode,
}
