package messstelle

import (
	"context"
	"strings"
	"time"

	"github.com/eabwasser/eabwasser/domain/messstelle"
	"github.com/eabwasser/eabwasser/internal/anwendung/verlauf"
)

// Druckstand is the measuring point as the print of the operation file shows it at zeit (the
// zero time: now): the Verlauf's view of its state then, as the caller may see it (issue 33).
func (d *Dienst) Druckstand(ctx context.Context, n Nutzer, id int64, zeit time.Time) (verlauf.Druckstand, error) {
	g, s, events, err := d.stream(ctx, n, id)
	if err != nil {
		return verlauf.Druckstand{}, err
	}
	m, version, err := verlauf.StandZum(messstelle.Decider, events, zeit, s)
	if err != nil {
		return verlauf.Druckstand{}, err
	}
	titel := func(m messstelle.Messstelle) string {
		return strings.TrimSpace(m.MessstellenID + " " + m.Daten.Bezeichnung)
	}
	out := verlauf.Druckstand{Version: version, BetriebID: g.Stand.BetriebID, Art: "Messstelle", Titel: titel(g.Stand), Namen: messstelle.Feldnamen}
	if version == 0 {
		return out, nil
	}
	views, err := verlaufsansichten(ctx, []messstelle.Messstelle{m})
	if err != nil {
		return verlauf.Druckstand{}, err
	}
	out.Titel, out.Ansicht = titel(m), views[0]
	return out, nil
}
