package benachrichtigung

import (
	"github.com/eabwasser/eabwasser/internal/anwendung/aufbau"
	"github.com/eabwasser/eabwasser/internal/anwendung/verlauf"
	"github.com/eabwasser/eabwasser/projections/aufgaben"
	"github.com/eabwasser/eabwasser/projections/nachrichten"
)

// Setup wires the messages: their projector names who did an event to each recipient through
// the Historie's masking (issue 42), which a read model may not import itself.
func Setup(a *aufbau.Aufbau) {
	nachrichten.Namen(nachrichten.Historie{NamenFuer: verlauf.NamenFuer, Seite: verlauf.Seite})
	a.Nachrichten(nachrichten.Postfach)
	a.Aufgaben(aufgaben.Postfach)
}
