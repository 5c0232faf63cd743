package messstelle

import (
	"context"
	"time"

	"github.com/eabwasser/eabwasser/domain/anlage"
	"github.com/eabwasser/eabwasser/domain/messstelle"
	"github.com/eabwasser/eabwasser/internal/anwendung/verlauf"
	messstellen "github.com/eabwasser/eabwasser/internal/dokumente/messstelle"
)

// StandZum is the measuring point as its screen shows it "as of" zeit (issue 33): the state
// after the last event recorded at or before zeit, with its plant's name then, read-only (the
// rights name only the Verlauf). NichtZumStand before the point's first event.
func (d *Dienst) StandZum(ctx context.Context, n Nutzer, id int64, zeit time.Time) (Ansicht, error) {
	g, s, events, err := d.stream(ctx, n, id)
	if err != nil {
		return Ansicht{}, err
	}
	m, version, err := verlauf.StandAmTag(messstelle.Decider, events, zeit, s)
	if err != nil {
		return Ansicht{}, err
	}
	a, err := verlauf.EinesZum(ctx, d.Store, anlage.Decider, anlage.StreamType, m.AnlageID, zeit, g.a)
	if err != nil {
		return Ansicht{}, err
	}
	v := ansicht(id, m, a, g.b, version)
	v.Rechte = &Rechte{VerlaufLesen: rechte(g.Nutzer, g.b, g.Stand).VerlaufLesen, Felder: []string{}}
	return v, nil
}

// ProBetriebZum is the tree's list of the measuring points of an operation "as of" zeit: of
// those the caller sees, the ones that existed then, with number, name and statuses then (one
// read of all their streams).
func (d *Dienst) ProBetriebZum(ctx context.Context, n Nutzer, betriebID int64, zeit time.Time) ([]messstellen.Zeile, error) {
	zeilen, err := d.ProBetrieb(ctx, n, betriebID)
	if err != nil {
		return nil, err
	}
	ids := make([]int64, len(zeilen))
	for i, z := range zeilen {
		ids[i] = z.ID
	}
	staende, err := verlauf.StaendeZum(ctx, d.Store, messstelle.Decider, messstelle.StreamType, ids, zeit)
	if err != nil {
		return nil, err
	}
	out := make([]messstellen.Zeile, 0, len(staende))
	for _, z := range zeilen {
		m, ok := staende[z.ID]
		if !ok {
			continue
		}
		z.MessstellenID, z.Bezeichnung, z.Messstellentyp = m.MessstellenID, m.Daten.Bezeichnung, m.Daten.Messstellentyp
		z.Messstellenstatus, z.Freigabestatus = m.Daten.Messstellenstatus, m.Freigabestatus
		out = append(out, z)
	}
	return out, nil
}
