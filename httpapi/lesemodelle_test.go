package httpapi

import "github.com/eabwasser/eabwasser/internal/verdrahtung/schreibmodell"

// lesemodelle are the areas' parts of the read models over every area as every Setup registers
// them: the tests build the messages and the Aufgaben of them as the wiring does
// (app.Projections).
var lesemodelle = schreibmodell.Aufbauen(nil).Lesemodelle
