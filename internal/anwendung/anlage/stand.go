package anlage

import (
	"context"
	"time"

	"github.com/eabwasser/eabwasser/domain/anlage"
	"github.com/eabwasser/eabwasser/domain/betrieb"
	"github.com/eabwasser/eabwasser/domain/messstelle"
	"github.com/eabwasser/eabwasser/eventstore"
	"github.com/eabwasser/eabwasser/internal/anwendung/verlauf"
	anlagen "github.com/eabwasser/eabwasser/internal/dokumente/anlage"
)

// StandZum is the plant as its screen shows it "as of" zeit (issue 33): the state after the
// last event recorded at or before zeit, as the caller's view shows it, read-only (the rights
// name only the Verlauf), with its operation and the plants it names (receiving plant, throttle
// outflow) by their names then. NichtZumStand before the plant's first event. Who may see it is
// decided by today's plant and operation.
func (d *Dienst) StandZum(ctx context.Context, n Nutzer, id int64, zeit time.Time) (Ansicht, error) {
	n, heute, _, b, err := d.sichtbar(ctx, n, id)
	if err != nil {
		return Ansicht{}, err
	}
	events, err := d.Store.ReadStream(ctx, eventstore.StreamID(anlage.StreamType, id), 1, 0)
	if err != nil {
		return Ansicht{}, err
	}
	s := sicht(n, b, heute)
	a, version, err := verlauf.StandAmTag(anlage.Decider, events, zeit, s)
	if err != nil {
		return Ansicht{}, err
	}
	damals, err := verlauf.EinesZum(ctx, d.Store, betrieb.Decider, betrieb.StreamType, a.BetriebID, zeit, b)
	if err != nil {
		return Ansicht{}, err
	}
	v, err := d.ansicht(ctx, id, a, damals, version)
	if err != nil {
		return v, err
	}
	if err := d.verweiseZum(ctx, &v, zeit); err != nil {
		return v, err
	}
	v.Rechte = nurLesen(n, b, heute)
	return v, nil
}

// verweiseZum names the receiving plant and the throttle outflow of a plant's view as they were
// named at zeit (one read of both streams); a plant that did not exist then keeps today's name.
func (d *Dienst) verweiseZum(ctx context.Context, v *Ansicht, zeit time.Time) error {
	verweise := make([]*Verweis, 0, 2)
	ids := make([]int64, 0, 2)
	for _, x := range []*Verweis{v.AufnahmeAnlage, v.DrosselablaufAnlage} {
		if x != nil {
			verweise, ids = append(verweise, x), append(ids, x.ID)
		}
	}
	if len(ids) == 0 {
		return nil
	}
	damals, err := verlauf.StaendeZum(ctx, d.Store, anlage.Decider, anlage.StreamType, ids, zeit)
	if err != nil {
		return err
	}
	for _, x := range verweise {
		if a, ok := damals[x.ID]; ok {
			x.Bezeichnung = a.Daten.Bezeichnung
		}
	}
	return nil
}

// ListeZum is the tree's list of the plants of an operation "as of" zeit: of the plants the
// caller sees, those that existed then, with their name, status, kind and place then (one read
// of all their streams) and the measuring points they had then counted. Indirect dischargers
// are not counted as of a date (that overview has no view of the past).
func (d *Dienst) ListeZum(ctx context.Context, n Nutzer, betriebID int64, zeit time.Time) ([]anlagen.Zeile, error) {
	zeilen, err := d.Liste(ctx, n, betriebID)
	if err != nil {
		return nil, err
	}
	ids := make([]int64, len(zeilen))
	for i, z := range zeilen {
		ids[i] = z.ID
	}
	staende, err := verlauf.StaendeZum(ctx, d.Store, anlage.Decider, anlage.StreamType, ids, zeit)
	if err != nil {
		return nil, err
	}
	anzahl, err := messstellenZum(ctx, d, ids, zeit)
	if err != nil {
		return nil, err
	}
	out := make([]anlagen.Zeile, 0, len(staende))
	for _, z := range zeilen {
		a, ok := staende[z.ID]
		if !ok {
			continue
		}
		z.Bezeichnung, z.Anlagenart, z.Anlagenstatus, z.ParentID = a.Daten.Bezeichnung, a.Daten.Anlagenart, a.Daten.Anlagenstatus, a.ParentID
		z.AufnahmeID, z.Indirekteinleiter, z.AenderungsantragOffen = a.Daten.AufnahmeID, a.Daten.Indirekteinleiter, a.Antrag != nil
		z.AnzahlIndirekteinleiter, z.AnzahlMessstellen = 0, anzahl[z.ID]
		z.Gemarkung, z.Entlastungstyp, z.Kanalsystem, z.Abwasserart = a.Daten.Gemarkung, a.Daten.Entlastungstyp, a.Daten.Kanalsystem, a.Daten.Abwasserart
		out = append(out, z)
	}
	return out, nil
}

// messstellenZum counts the measuring points of plants ids that had been created by zeit (the
// time of their first event), in one query.
func messstellenZum(ctx context.Context, d *Dienst, ids []int64, zeit time.Time) (map[int64]int, error) {
	rows, err := d.Store.Pool().Query(ctx, `SELECT m.anlage_id, count(*) FROM messstelle m
		JOIN events e ON e.stream_id = $3 || '-' || m.id AND e.version = 1
		WHERE m.anlage_id = ANY($1) AND e.recorded_at <= $2 GROUP BY m.anlage_id`, ids, zeit, messstelle.StreamType)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[int64]int{}
	for rows.Next() {
		var id int64
		var n int
		if err := rows.Scan(&id, &n); err != nil {
			return nil, err
		}
		out[id] = n
	}
	return out, rows.Err()
}

// streamMitRechten is stream with the rights of a replayed state: read-only, they name only
// the Verlauf (as StandZum's do).
func (d *Dienst) streamMitRechten(ctx context.Context, n Nutzer, id int64) (verlauf.Sicht[anlage.Anlage], betrieb.Betrieb, *Rechte, []eventstore.Event, error) {
	n, a, _, b, err := d.sichtbar(ctx, n, id)
	if err != nil {
		return verlauf.Sicht[anlage.Anlage]{}, b, nil, nil, err
	}
	events, err := d.Store.ReadStream(ctx, eventstore.StreamID(anlage.StreamType, id), 1, 0)
	return sicht(n, b, a), b, nurLesen(n, b, a), events, err
}

// nurLesen are the rights of a plant as it was: reading, and its Verlauf if allowed.
func nurLesen(n Nutzer, b betrieb.Betrieb, heute anlage.Anlage) *Rechte {
	return &Rechte{VerlaufLesen: rechte(n, b, heute).VerlaufLesen, Felder: []string{}}
}
