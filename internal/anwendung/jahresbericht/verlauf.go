package jahresbericht

import (
	"context"

	"github.com/eabwasser/eabwasser/domain/historie"
	"github.com/eabwasser/eabwasser/domain/jahresbericht"
	"github.com/eabwasser/eabwasser/eventstore"
	"github.com/eabwasser/eabwasser/internal/anwendung/verlauf"
)

// sicht is the one view of a report for caller n (docs/security.md, "One view per role"):
// whoever sees the plant's operation sees the whole report; who did what by name only where
// verlauf.NamenFuer allows.
func sicht(n Nutzer) verlauf.Sicht[jahresbericht.Jahresbericht] {
	return verlauf.Sicht[jahresbericht.Jahresbericht]{Antraege: true, Namen: verlauf.NamenFuer(n)}
}

// stream reads the events of a report the caller may see, with his view of it.
func (d *Dienst) stream(ctx context.Context, n Nutzer, id int64) (geladen, verlauf.Sicht[jahresbericht.Jahresbericht], []eventstore.Event, error) {
	g, err := d.sichtbar(ctx, n, id)
	if err != nil {
		return g, verlauf.Sicht[jahresbericht.Jahresbericht]{}, nil, err
	}
	events, err := d.Store.ReadStream(ctx, eventstore.StreamID(jahresbericht.StreamType, id), 1, 0)
	return g, sicht(g.Nutzer), events, err
}

// Stand is the report as it was after event version bis (the auditor's replay).
func (d *Dienst) Stand(ctx context.Context, n Nutzer, id int64, bis int) (Ansicht, error) {
	g, s, events, err := d.stream(ctx, n, id)
	if err != nil {
		return Ansicht{}, err
	}
	j, version, err := verlauf.Stand(jahresbericht.Decider, events, bis, s)
	if err != nil {
		return Ansicht{}, err
	}
	return d.ansicht(ctx, g, j, version)
}

// Verlauf lists every event of the report with who, when and the changed fields.
func (d *Dienst) Verlauf(ctx context.Context, n Nutzer, id int64) ([]historie.Verlaufsschritt, error) {
	_, s, events, err := d.stream(ctx, n, id)
	if err != nil {
		return nil, err
	}
	return verlaufAus(ctx, d.Store, events, s)
}

// verlaufAus is the Verlauf of a report's events as view s shows them: its status, its form and
// its parameters with their values.
func verlaufAus(ctx context.Context, store *eventstore.Store, events []eventstore.Event, s verlauf.Sicht[jahresbericht.Jahresbericht]) ([]historie.Verlaufsschritt, error) {
	return verlauf.Erstelle(ctx, store, jahresbericht.Decider, events, s, verlaufsansichten, jahresbericht.Feldnamen)
}

// verlaufsansichten are the states as the Verlauf compares them (and the print shows them).
func verlaufsansichten(_ context.Context, zustaende []jahresbericht.Jahresbericht) ([]any, error) {
	views := make([]any, len(zustaende))
	for i, j := range zustaende {
		views[i] = struct {
			Status string `json:"status,omitempty"`
			jahresbericht.Daten
			Kommentar string                    `json:"kommentar,omitempty"`
			Parameter []jahresbericht.Parameter `json:"parameter"`
		}{j.Status, j.Daten, j.Kommentar, j.Parameter}
	}
	return views, nil
}

// verlaufJahresbericht is the Verlauf of a report for the Ereignisprotokoll (verlauf.Quelle).
func verlaufJahresbericht(ctx context.Context, store *eventstore.Store, id int64) ([]historie.Verlaufsschritt, error) {
	events, err := store.ReadStream(ctx, eventstore.StreamID(jahresbericht.StreamType, id), 1, 0)
	if err != nil {
		return nil, err
	}
	return verlaufAus(ctx, store, events, verlauf.Alles[jahresbericht.Jahresbericht]())
}
