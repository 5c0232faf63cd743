package bescheid

import (
	"context"
	"time"

	"github.com/eabwasser/eabwasser/domain/anlage"
	"github.com/eabwasser/eabwasser/domain/bescheid"
	"github.com/eabwasser/eabwasser/domain/betrieb"
	"github.com/eabwasser/eabwasser/domain/messstelle"
	"github.com/eabwasser/eabwasser/internal/anwendung/verlauf"
	"github.com/eabwasser/eabwasser/projections/arbeitsliste"
)

// StandZum is the Bescheid as its screen shows it "as of" zeit (issue 33): the state after the
// last event recorded at or before zeit, as the caller's view shows it, read-only (no rights),
// with its operation, its measuring points and their plants by their names then.
// NichtZumStand before the Bescheid's first event.
func (d *Dienst) StandZum(ctx context.Context, n Nutzer, id int64, zeit time.Time) (Ansicht, error) {
	g, s, events, err := d.stream(ctx, n, id)
	if err != nil {
		return Ansicht{}, err
	}
	bis, err := verlauf.BisZum(events, zeit)
	if err != nil {
		return Ansicht{}, err
	}
	x, version, err := verlauf.Stand(bescheid.Decider, events, bis, s)
	if err != nil {
		return Ansicht{}, err
	}
	b, err := verlauf.EinesZum(ctx, d.Store, betrieb.Decider, betrieb.StreamType, x.BetriebID, zeit, g.b)
	if err != nil {
		return Ansicht{}, err
	}
	v, err := d.ansicht(ctx, id, x, b, version, events[:bis], s)
	if err != nil {
		return v, err
	}
	if err := d.messstellenZum(ctx, v.Messstellen, zeit); err != nil {
		return v, err
	}
	v.Rechte = &Rechte{StatusWerte: []string{}}
	return v, nil
}

// messstellenZum names the Bescheid's measuring points (number, name, type) and their plants as
// they were at zeit (one read of the points' streams, one of their plants'); one that did not
// exist then keeps today's.
func (d *Dienst) messstellenZum(ctx context.Context, ms []Messstelle, zeit time.Time) error {
	if len(ms) == 0 {
		return nil
	}
	ids := make([]int64, len(ms))
	for i, m := range ms {
		ids[i] = m.ID
	}
	punkte, err := verlauf.StaendeZum(ctx, d.Store, messstelle.Decider, messstelle.StreamType, ids, zeit)
	if err != nil {
		return err
	}
	anlagenIDs := make([]int64, 0, len(ms))
	for i := range ms {
		if p, ok := punkte[ms[i].ID]; ok {
			ms[i].MessstellenID, ms[i].Bezeichnung, ms[i].Messstellentyp = p.MessstellenID, p.Daten.Bezeichnung, p.Daten.Messstellentyp
			ms[i].Anlage.ID = p.AnlageID
		}
		anlagenIDs = append(anlagenIDs, ms[i].Anlage.ID)
	}
	anlagen, err := verlauf.StaendeZum(ctx, d.Store, anlage.Decider, anlage.StreamType, anlagenIDs, zeit)
	if err != nil {
		return err
	}
	for i := range ms {
		if a, ok := anlagen[ms[i].Anlage.ID]; ok {
			ms[i].Anlage.Bezeichnung = a.Daten.Bezeichnung
		}
	}
	return nil
}

// TrefferZum turns a page of an operation's Bescheide (rows the caller sees) into the page "as
// of" zeit: the rows that existed then, with status, date, Aktenzeichen and Ablaufdatum then
// (one read of all their streams); nothing is editable.
func (d *Dienst) TrefferZum(ctx context.Context, zeilen []arbeitsliste.BescheidTreffer, zeit time.Time) ([]arbeitsliste.BescheidTreffer, error) {
	ids := make([]int64, len(zeilen))
	for i, z := range zeilen {
		ids[i] = z.ID
	}
	staende, err := verlauf.StaendeZum(ctx, d.Store, bescheid.Decider, bescheid.StreamType, ids, zeit)
	if err != nil {
		return nil, err
	}
	out := make([]arbeitsliste.BescheidTreffer, 0, len(staende))
	for _, z := range zeilen {
		x, ok := staende[z.ID]
		if !ok || x.Geloescht {
			continue
		}
		z.Bescheidsstatus, z.Bescheidsdatum, z.Aktenzeichen, z.Ablaufdatum = x.Status, x.Daten.Bescheidsdatum, x.Daten.Aktenzeichen, x.Daten.Ablaufdatum
		z.Antrag, z.Bearbeiten = x.Status == bescheid.Angelegt || x.Status == bescheid.Beantragt, false
		out = append(out, z)
	}
	return out, nil
}
