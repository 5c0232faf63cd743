package bescheid

import (
	"context"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/eabwasser/eabwasser/domain/bescheid"
	"github.com/eabwasser/eabwasser/internal/anwendung/verlauf"
	anlagen "github.com/eabwasser/eabwasser/internal/dokumente/anlage"
	bescheide "github.com/eabwasser/eabwasser/internal/dokumente/bescheid"
	messstellen "github.com/eabwasser/eabwasser/internal/dokumente/messstelle"
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
	out := verlauf.Druckstand{Version: version, BetriebID: g.Stand.BetriebID, Art: "Bescheid", Titel: bescheid.Aktentitel(g.Stand.Daten.Aktenzeichen, g.Stand.Daten.Bescheidsdatum), Namen: bescheid.Feldnamen}
	if version == 0 {
		return out, nil
	}
	views, err := verlaufsansichten(ctx, []bescheid.Bescheid{x})
	if err != nil {
		return verlauf.Druckstand{}, err
	}
	out.Titel, out.Ansicht = bescheid.Aktentitel(x.Daten.Aktenzeichen, x.Daten.Bescheidsdatum), views[0]
	out.Texte, err = d.drucktexte(ctx, x)
	return out, err
}

// drucktexte name the ids of Bescheid x for its print: its measuring points (of the Bescheid and
// of each Anforderung) by number and name, the plants of its Auflagen by name, the Vorbescheid
// by its Aktenzeichen.
func (d *Dienst) drucktexte(ctx context.Context, x bescheid.Bescheid) (map[string]map[string]string, error) {
	q := d.Store.Pool()
	ids := slices.Clone(x.Messstellen)
	for _, a := range x.Anforderungen {
		ids = append(ids, a.Messstelle)
	}
	ms, err := messstellen.Kandidaten(ctx, q, ids)
	if err != nil {
		return nil, err
	}
	mst := map[string]string{}
	for _, m := range ms {
		mst[strconv.FormatInt(m.ID, 10)] = strings.TrimSpace(m.MessstellenID + " " + m.Bezeichnung)
	}
	var anlagenIDs []int64
	for _, a := range x.Daten.Auflagen {
		anlagenIDs = append(anlagenIDs, a.Abwasseranlage)
	}
	namen, err := anlagen.Bezeichnungen(ctx, q, anlagenIDs)
	if err != nil {
		return nil, err
	}
	anl := map[string]string{}
	for id, n := range namen {
		anl[strconv.FormatInt(id, 10)] = n
	}
	out := map[string]map[string]string{"messstellen": mst, "messstelle": mst, "abwasseranlage": anl}
	if x.Daten.Vorbescheid != 0 {
		v, _, ok, err := bescheide.Stand(ctx, q, x.Daten.Vorbescheid)
		if err != nil {
			return nil, err
		}
		if ok {
			out["vorbescheid"] = map[string]string{strconv.FormatInt(x.Daten.Vorbescheid, 10): v.Daten.Aktenzeichen}
		}
	}
	return out, nil
}
