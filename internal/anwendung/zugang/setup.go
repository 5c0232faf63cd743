package zugang

import (
	"github.com/eabwasser/eabwasser/domain/konto"
	"github.com/eabwasser/eabwasser/domain/personalisierung"
	"github.com/eabwasser/eabwasser/eventstore"
	"github.com/eabwasser/eabwasser/internal/anwendung/aufbau"
	"github.com/eabwasser/eabwasser/internal/dokumente/konten"
	"github.com/eabwasser/eabwasser/projections/audit"
	"github.com/eabwasser/eabwasser/projections/aufgaben"
	"github.com/eabwasser/eabwasser/projections/nachrichten"
)

// Setup wires the accounts area: the documents of accounts and of their personalisation,
// written in each command's transaction, and the phrases of the account events.
func Setup(a *aufbau.Aufbau) {
	aufbau.Biete(a, &Dienst{Store: a.Store}) // mail, throttle and SSO set by the server's wiring
	eventstore.Dokument(a.Store, konto.Decider, konten.SchreibeAnwender)
	eventstore.Dokument(a.Store, personalisierung.Decider, konten.SchreibePersonalisierung)
	audit.Phrasen(konto.Phrasen)
	a.Nachrichten(nachrichten.Konto, nachrichten.Personalisierung)
	a.Aufgaben(aufgaben.Konto, aufgaben.Personalisierung)
}
