package nachrichten

import (
	"github.com/eabwasser/eabwasser/domain/datei"
	"github.com/eabwasser/eabwasser/domain/konto"
	"github.com/eabwasser/eabwasser/domain/lokalerolle"
	"github.com/eabwasser/eabwasser/domain/organisation"
	"github.com/eabwasser/eabwasser/domain/personalisierung"
	"github.com/eabwasser/eabwasser/domain/werteliste"
	"github.com/eabwasser/eabwasser/domain/wiedervorlage"
)

// The areas whose events send no message and change nothing the messages keep: the recipients
// are read from the accounts, organisations, local roles and settings as they are when a batch
// is applied (public tables), not from their events. Each area's Setup registers its own.
var (
	Konto            = Unbeteiligt(konto.StreamType)
	Personalisierung = Unbeteiligt(personalisierung.StreamType)
	Organisation     = Unbeteiligt(organisation.StreamType)
	LokaleRolle      = Unbeteiligt(lokalerolle.StreamType)
	Werteliste       = Unbeteiligt(werteliste.StreamType)
	Datei            = Unbeteiligt(datei.StreamType)
	Wiedervorlage    = Unbeteiligt(wiedervorlage.StreamType)
)
