package arbeitsliste

import (
	"context"
	"strings"

	"github.com/jackc/pgx/v5"

	"github.com/eabwasser/eabwasser/eventstore"
	"github.com/eabwasser/eabwasser/internal/zugriff"
)

// Anlage is a row of the plants worklist (the start page's Anlagen tab).
type Anlage struct {
	ID            int64  `json:"id"`
	Bezeichnung   string `json:"bezeichnung"`
	Anlagentyp    string `json:"anlagentyp"`
	Anlagenart    string `json:"anlagenart"`
	Anlagenstatus string `json:"anlagenstatus"`
	BetriebID     int64  `json:"betriebId"`
	Betrieb       string `json:"betrieb"`
	AntragOffen   bool   `json:"aenderungsantragOffen"`
	// Ort of the operation's address (the Verwaltungseinheit filter matches it).
	Ort string `json:"ort"`
}

// AnlagenFilter of the plants worklist; empty lists filter nothing.
type AnlagenFilter struct {
	Sicht         zugriff.Sicht
	Q             string
	Anlagenstatus []string
	Anlagentyp    []string
	Anlagenart    []string
	// Verwaltungseinheit: ids of the value list verwaltungseinheit; a plant is in one when its
	// operation's Ort is the unit's name (without a parenthesised addition: "Frankenthal" is in
	// "Frankenthal (Pfalz)"), case folded.
	Verwaltungseinheit []int64
	IDs                []int64 // export of selected rows
	Page, Size         int
	SortProperty       string
	Absteigend         bool
	Frisch             bool // count now, not from the cache (the caller waits for his command)
}

var anlagenSortierung = map[string]string{"bezeichnung": "lower(bezeichnung)", "anlagentyp": "anlagentyp",
	"anlagenart": "anlagenart", "anlagenstatus": "anlagenstatus", "betrieb": "lower(betrieb)"}

const anlagenSpalten = `id, bezeichnung, anlagentyp, anlagenart, anlagenstatus, betrieb_id, betrieb, antrag_offen, ort`

func anlagenZeile(r pgx.CollectableRow) (Anlage, error) {
	var a Anlage
	err := r.Scan(&a.ID, &a.Bezeichnung, &a.Anlagentyp, &a.Anlagenart, &a.Anlagenstatus, &a.BetriebID, &a.Betrieb, &a.AntragOffen, &a.Ort)
	return a, err
}

// abfrage is the worklist query of a filter: its WHERE clause (visibility first), order and
// page. A plant row is visible to whom its operation is: the rows carry the operation's columns.
func (f AnlagenFilter) abfrage() listenabfrage {
	var args []any
	arg := zugriff.Platzhalter(&args)
	where := []string{f.Sicht.Bedingung(zugriff.Spalten{Betrieb: "betrieb_id", Betreiber: "betreiber_id", Regionalstelle: "regionalstelle_id"}, arg)}
	suche := suchworte(f.Q, arg)
	where = append(where, suche...)
	for _, x := range []struct {
		spalte string
		werte  []string
	}{{"anlagenstatus", f.Anlagenstatus}, {"anlagentyp", f.Anlagentyp}, {"anlagenart", f.Anlagenart}} {
		if len(x.werte) > 0 {
			where = append(where, x.spalte+" = ANY("+arg(x.werte)+")")
		}
	}
	if len(f.Verwaltungseinheit) > 0 {
		where = append(where, `EXISTS (SELECT 1 FROM arbeitsliste.wert v WHERE v.liste = 'verwaltungseinheit' AND v.id = ANY(`+
			arg(f.Verwaltungseinheit)+`) AND lower(ort) IN (lower(v.wert), lower(split_part(v.wert, ' (', 1))))`)
	}
	if f.IDs != nil {
		where = append(where, "id = ANY("+arg(f.IDs)+")")
	}
	order, ok := anlagenSortierung[f.SortProperty]
	if !ok {
		order = anlagenSortierung["bezeichnung"]
	}
	return listenabfrage{tabelle: "arbeitsliste.anlage", spalten: anlagenSpalten, bedingung: strings.Join(where, " AND "),
		args: args, ordnung: []string{order, "id"}, absteigend: f.Absteigend, page: max(f.Page, 0),
		size: seitengroesse(f.Size), frisch: f.Frisch, suche: len(suche) > 0, vorlauf: order == anlagenSortierung["bezeichnung"]} // anlage_name
}

// Anlagen returns one page of the plants worklist (page size 50 by default, by name).
func Anlagen(ctx context.Context, q eventstore.Querier, f AnlagenFilter) (Seite[Anlage], error) {
	a := f.abfrage()
	if f.IDs == nil && len(f.Anlagenstatus)+len(f.Anlagentyp)+len(f.Anlagenart)+len(f.Verwaltungseinheit) > 0 {
		o := f
		o.Anlagenstatus, o.Anlagentyp, o.Anlagenart, o.Verwaltungseinheit = nil, nil, nil, nil
		ohne := o.abfrage()
		a.ohneFilter = &ohne
	}
	return seite(ctx, q, a, anlagenZeile)
}

// JedeAnlage calls each for every row of the filter in its order, reading them as a stream
// (for exports of any size), as JedenBetrieb does for the operations.
func JedeAnlage(ctx context.Context, q eventstore.Querier, f AnlagenFilter, each func(Anlage) error) error {
	return jede(ctx, q, f.abfrage(), anlagenZeile, each)
}
