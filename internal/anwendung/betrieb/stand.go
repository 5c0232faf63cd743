package betrieb

import (
	"context"
	"time"

	"github.com/eabwasser/eabwasser/domain/betrieb"
	"github.com/eabwasser/eabwasser/eventstore"
	"github.com/eabwasser/eabwasser/internal/anwendung/verlauf"
)

// StandZum is the operation as its file shows it "as of" zeit (issue 33): the state after the
// last event recorded at or before zeit, as the caller's view shows it, read-only — the rights
// name only what reading needs (the Verlauf). NichtZumStand before the operation's first event.
func (d *Dienst) StandZum(ctx context.Context, n Nutzer, id int64, zeit time.Time) (Ansicht, error) {
	n, heute, b, version, err := d.zumStand(ctx, n, id, zeit)
	if err != nil {
		return Ansicht{}, err
	}
	a, err := loese(ctx, d.Store.Pool(), []betrieb.Betrieb{b})
	if err != nil {
		return Ansicht{}, err
	}
	v := a.ansicht(id, b, version)
	v.Rechte = nurLesen(n, heute)
	return v, nil
}

// InfoZum is the header of the operation file "as of" zeit (its name and status then).
func (d *Dienst) InfoZum(ctx context.Context, n Nutzer, id int64, zeit time.Time) (Info, error) {
	_, _, b, _, err := d.zumStand(ctx, n, id, zeit)
	if err != nil {
		return Info{}, err
	}
	return d.info(ctx, b)
}

// zumStand replays the operation the caller sees (today) to zeit: the resolved caller, the
// operation today and then, and its version then.
func (d *Dienst) zumStand(ctx context.Context, n Nutzer, id int64, zeit time.Time) (Nutzer, betrieb.Betrieb, betrieb.Betrieb, int, error) {
	n, heute, _, err := d.sichtbar(ctx, n, id)
	if err != nil {
		return n, heute, betrieb.Betrieb{}, 0, err
	}
	events, err := d.Store.ReadStream(ctx, eventstore.StreamID(betrieb.StreamType, id), 1, 0)
	if err != nil {
		return n, heute, betrieb.Betrieb{}, 0, err
	}
	b, version, err := verlauf.StandAmTag(betrieb.Decider, events, zeit, sicht(n, heute))
	return n, heute, b, version, err
}
