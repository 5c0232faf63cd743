// Package schreibmodell assembles the write model: the event store with every area's Setup
// done — inline documents, reactions between aggregates, the access to files and reminders,
// value-list references and audit phrases. Every process (server, seed, bench, the CLI, tests)
// builds its store here, so no area registers anything in an init().
package schreibmodell

import (
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/eabwasser/eabwasser/eventstore"
	"github.com/eabwasser/eabwasser/internal/anwendung/ablage"
	"github.com/eabwasser/eabwasser/internal/anwendung/anlage"
	"github.com/eabwasser/eabwasser/internal/anwendung/aufbau"
	"github.com/eabwasser/eabwasser/internal/anwendung/benachrichtigung"
	"github.com/eabwasser/eabwasser/internal/anwendung/bescheid"
	betriebdienst "github.com/eabwasser/eabwasser/internal/anwendung/betrieb"
	"github.com/eabwasser/eabwasser/internal/anwendung/jahresbericht"
	"github.com/eabwasser/eabwasser/internal/anwendung/messstelle"
	"github.com/eabwasser/eabwasser/internal/anwendung/verwaltung"
	"github.com/eabwasser/eabwasser/internal/anwendung/zugang"
)

// Bereiche are the areas' Setup, in the order they run. Reactions to one event run in this
// order: a merge moves the users (verwaltung) before the operations (betrieb). A new
// area adds its Setup here — the one line of wiring besides its router mount.
var Bereiche = []func(*aufbau.Aufbau){
	zugang.Setup,
	verwaltung.Setup,
	ablage.Setup,
	betriebdienst.Setup,
	anlage.Setup,
	messstelle.Setup,
	bescheid.Setup,
	jahresbericht.Setup,
	benachrichtigung.Setup,
}

// Aufbauen returns the write model on pool with every area's Setup done.
func Aufbauen(pool *pgxpool.Pool) *aufbau.Aufbau {
	a := aufbau.Neu(eventstore.New(pool))
	for _, setup := range Bereiche {
		setup(a)
	}
	return a
}

// Store returns the event store of Aufbauen(pool), for tools and tests that need no files
// service.
func Store(pool *pgxpool.Pool) *eventstore.Store { return Aufbauen(pool).Store }
