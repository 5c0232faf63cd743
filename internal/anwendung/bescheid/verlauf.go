package bescheid

import (
	"context"

	"github.com/eabwasser/eabwasser/domain/bescheid"
	"github.com/eabwasser/eabwasser/domain/historie"
	"github.com/eabwasser/eabwasser/eventstore"
	"github.com/eabwasser/eabwasser/internal/anwendung/verlauf"
)

// stream reads the events of a Bescheid the caller may see, with his view of it.
func (d *Dienst) stream(ctx context.Context, n Nutzer, id int64) (geladen, verlauf.Sicht[bescheid.Bescheid], []eventstore.Event, error) {
	g, err := d.sichtbar(ctx, n, id)
	if err != nil {
		return g, verlauf.Sicht[bescheid.Bescheid]{}, nil, err
	}
	events, err := d.Store.ReadStream(ctx, eventstore.StreamID(bescheid.StreamType, id), 1, 0)
	return g, sicht(g.Nutzer), events, err
}

// Stand is the Bescheid as it was after event version bis (the auditor's replay).
func (d *Dienst) Stand(ctx context.Context, n Nutzer, id int64, bis int) (Ansicht, error) {
	g, s, events, err := d.stream(ctx, n, id)
	if err != nil {
		return Ansicht{}, err
	}
	x, version, err := verlauf.Stand(bescheid.Decider, events, bis, s)
	if err != nil {
		return Ansicht{}, err
	}
	v, err := d.ansicht(ctx, id, x, g.b, version, events[:bis], s)
	v.Rechte = &Rechte{StatusWerte: []string{}} // a replayed state is read-only, as StandZum's
	return v, err
}

// Verlauf lists every event of the Bescheid with who, when and the changed fields.
func (d *Dienst) Verlauf(ctx context.Context, n Nutzer, id int64) ([]historie.Verlaufsschritt, error) {
	_, s, events, err := d.stream(ctx, n, id)
	if err != nil {
		return nil, err
	}
	return verlaufAus(ctx, d.Store, events, s)
}

// verlaufAus is the Verlauf of a Bescheid's events as view s shows them: the Bescheid's
// fields, its status, the measuring points and the Anforderungen.
func verlaufAus(ctx context.Context, store *eventstore.Store, events []eventstore.Event, s verlauf.Sicht[bescheid.Bescheid]) ([]historie.Verlaufsschritt, error) {
	return verlauf.Erstelle(ctx, store, bescheid.Decider, events, s, verlaufsansichten, bescheid.Feldnamen)
}

// verlaufsansichten are the states as the Verlauf compares them (and the print shows them).
func verlaufsansichten(_ context.Context, zustaende []bescheid.Bescheid) ([]any, error) {
	views := make([]any, len(zustaende))
	for i, x := range zustaende {
		views[i] = struct {
			Bescheidsstatus string `json:"bescheidsstatus,omitempty"`
			bescheid.Daten
			Messstellen   []int64                `json:"messstellen"`
			Anforderungen []bescheid.Anforderung `json:"anforderungen"`
			FreigabeAm    string                 `json:"freigabeAm,omitempty"`
		}{x.Status, x.Daten, x.Messstellen, x.Anforderungen, x.FreigabeAm}
	}
	return views, nil
}

// verlaufBescheid is the Verlauf of a Bescheid for the Ereignisprotokoll (verlauf.Quelle).
func verlaufBescheid(ctx context.Context, store *eventstore.Store, id int64) ([]historie.Verlaufsschritt, error) {
	events, err := store.ReadStream(ctx, eventstore.StreamID(bescheid.StreamType, id), 1, 0)
	if err != nil {
		return nil, err
	}
	return verlaufAus(ctx, store, events, verlauf.Alles[bescheid.Bescheid]())
}
