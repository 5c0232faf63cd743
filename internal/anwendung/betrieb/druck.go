package betrieb

import (
	"context"
	"time"

	"github.com/eabwasser/eabwasser/domain/betrieb"
	"github.com/eabwasser/eabwasser/internal/anwendung/verlauf"
)

// Druckstand is the operation as the print of its file shows it at zeit (the zero time: now):
// the Verlauf's view of its state then (Verlaufsansicht), as the caller may see it (issue 33).
// An operation the caller may not see is not found.
func (d *Dienst) Druckstand(ctx context.Context, n Nutzer, id int64, zeit time.Time) (verlauf.Druckstand, error) {
	s, events, err := d.stream(ctx, n, id)
	if err != nil {
		return verlauf.Druckstand{}, err
	}
	b, version, err := verlauf.StandZum(betrieb.Decider, events, zeit, s)
	if err != nil {
		return verlauf.Druckstand{}, err
	}
	jetzt, _, err := verlauf.StandZum(betrieb.Decider, events, time.Time{}, s)
	if err != nil {
		return verlauf.Druckstand{}, err
	}
	out := verlauf.Druckstand{Version: version, BetriebID: id, Art: "Betrieb", Titel: jetzt.Daten.Bezeichnung, Namen: betrieb.Feldnamen}
	if version == 0 {
		return out, nil
	}
	a, err := loese(ctx, d.Store.Pool(), []betrieb.Betrieb{b})
	if err != nil {
		return verlauf.Druckstand{}, err
	}
	out.Titel, out.Ansicht = b.Daten.Bezeichnung, verlaufsansicht(a, id, b)
	return out, nil
}
