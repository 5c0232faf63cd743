package bescheid

import (
	"context"
	"strings"
	"time"

	"github.com/eabwasser/eabwasser/domain/bescheid"
	"github.com/eabwasser/eabwasser/domain/historie"
	"github.com/eabwasser/eabwasser/internal/verlauf"
)

// Druckstand is the Bescheid (or Bescheidsantrag) as the print of the operation file shows it
// at zeit (the zero time: now): the Verlauf's view of its state then — its fields, Auflagen and
// Anforderungen — as the caller may see it (issue 33).
func (d *Dienst) Druckstand(ctx context.Context, n Nutzer, id int64, zeit time.Time) (verlauf.Druckstand, error) {
	g, s, events, err := d.stream(ctx, n, id)
	if err != nil {
		return verlauf.Druckstand{}, err
	}
	x, version, err := verlauf.StandZum(bescheid.Decider, events, zeit, s)
	if err != nil {
		return verlauf.Druckstand{}, err
	}
	titel := func(x bescheid.Bescheid) string {
		t := x.Daten.Aktenzeichen
		if x.Daten.Bescheidsdatum != "" {
			t += " vom " + historie.DeutschesDatum(x.Daten.Bescheidsdatum)
		}
		return strings.TrimSpace(t)
	}
	out := verlauf.Druckstand{Version: version, BetriebID: g.x.BetriebID, Art: "Bescheid", Titel: titel(g.x), Namen: bescheid.Feldnamen}
	if version == 0 {
		return out, nil
	}
	views, err := verlaufsansichten(ctx, []bescheid.Bescheid{x})
	if err != nil {
		return verlauf.Druckstand{}, err
	}
	out.Titel, out.Ansicht = titel(x), views[0]
	return out, nil
}
