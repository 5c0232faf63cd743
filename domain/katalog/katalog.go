// Package katalog lists every aggregate of the domain with its event types: the one place that
// knows all streams, so a read model over several areas can prove it handles or deliberately
// ignores every event of every stream (projektortest.PruefeAbdeckung), and a new aggregate is
// added here once.
package katalog

import (
	"github.com/eabwasser/eabwasser/domain/anlage"
	"github.com/eabwasser/eabwasser/domain/bescheid"
	"github.com/eabwasser/eabwasser/domain/betrieb"
	"github.com/eabwasser/eabwasser/domain/datei"
	"github.com/eabwasser/eabwasser/domain/jahresbericht"
	"github.com/eabwasser/eabwasser/domain/konto"
	"github.com/eabwasser/eabwasser/domain/lokalerolle"
	"github.com/eabwasser/eabwasser/domain/messstelle"
	"github.com/eabwasser/eabwasser/domain/organisation"
	"github.com/eabwasser/eabwasser/domain/personalisierung"
	"github.com/eabwasser/eabwasser/domain/postfach"
	"github.com/eabwasser/eabwasser/domain/werteliste"
	"github.com/eabwasser/eabwasser/domain/wiedervorlage"
)

// Ereignisarten are the event types of every stream type, each list sorted.
func Ereignisarten() map[string][]string {
	return map[string][]string{
		anlage.StreamType:           anlage.Ereignisse.Arten(),
		bescheid.StreamType:         bescheid.Ereignisse.Arten(),
		betrieb.StreamType:          betrieb.Ereignisse.Arten(),
		datei.StreamType:            datei.Ereignisse.Arten(),
		jahresbericht.StreamType:    jahresbericht.Ereignisse.Arten(),
		konto.StreamType:            konto.Ereignisarten(),
		lokalerolle.StreamType:      lokalerolle.Ereignisse.Arten(),
		messstelle.StreamType:       messstelle.Ereignisse.Arten(),
		organisation.StreamType:     organisation.Ereignisse.Arten(),
		personalisierung.StreamType: personalisierung.Ereignisse.Arten(),
		postfach.StreamType:         postfach.Ereignisse.Arten(),
		werteliste.StreamType:       werteliste.Ereignisarten,
		wiedervorlage.StreamType:    wiedervorlage.Ereignisse.Arten(),
	}
}
