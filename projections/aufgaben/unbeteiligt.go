package aufgaben

import (
	"github.com/eabwasser/eabwasser/domain/datei"
	"github.com/eabwasser/eabwasser/domain/konto"
	"github.com/eabwasser/eabwasser/domain/lokalerolle"
	"github.com/eabwasser/eabwasser/domain/organisation"
	"github.com/eabwasser/eabwasser/domain/personalisierung"
	"github.com/eabwasser/eabwasser/domain/postfach"
	"github.com/eabwasser/eabwasser/domain/werteliste"
	"github.com/eabwasser/eabwasser/domain/wiedervorlage"
)

// The areas whose events open and close no task: who sees a task is decided by the server from
// the accounts as they are (internal/zugriff), not from their events. Each area's Setup
// registers its own.
var (
	Konto            = Unbeteiligt(konto.StreamType)
	Personalisierung = Unbeteiligt(personalisierung.StreamType)
	Organisation     = Unbeteiligt(organisation.StreamType)
	LokaleRolle      = Unbeteiligt(lokalerolle.StreamType)
	Werteliste       = Unbeteiligt(werteliste.StreamType)
	Datei            = Unbeteiligt(datei.StreamType)
	Wiedervorlage    = Unbeteiligt(wiedervorlage.StreamType)
)

// Postfach: what users do with their messages opens and closes no task.
var Postfach = Unbeteiligt(postfach.StreamType)
