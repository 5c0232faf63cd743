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
}

// AnlagenFilter of the plants worklist; empty lists filter nothing.
type AnlagenFilter struct {
	Sicht         zugriff.Sicht
	Q             string
	Anlagenstatus []string
	Anlagentyp    []string
	Anlagenart    []string
	Page, Size    int
	SortProperty  string
	Absteigend    bool
	Frisch        bool // count now, not from the cache (the caller waits for his command)
}

var anlagenSortierung = map[string]string{"bezeichnung": "lower(bezeichnung)", "anlagentyp": "anlagentyp",
	"anlagenart": "anlagenart", "anlagenstatus": "anlagenstatus", "betrieb": "lower(betrieb)"}

// Anlagen returns one page of the plants worklist (page size 50 by default, by name). A row
// is visible to whom its operation is: the rows carry the operation's columns.
func Anlagen(ctx context.Context, q eventstore.Querier, f AnlagenFilter) (Seite[Anlage], error) {
	var args []any
	arg := zugriff.Platzhalter(&args)
	where := []string{f.Sicht.Bedingung(zugriff.Spalten{Betrieb: "betrieb_id", Betreiber: "betreiber_id", Regionalstelle: "regionalstelle_id"}, arg)}
	where = append(where, suchworte(f.Q, arg)...)
	for _, k := range []struct {
		spalte string
		werte  []string
	}{{"anlagenstatus", f.Anlagenstatus}, {"anlagentyp", f.Anlagentyp}, {"anlagenart", f.Anlagenart}} {
		if len(k.werte) > 0 {
			where = append(where, k.spalte+" = ANY("+arg(k.werte)+")")
		}
	}
	order, ok := anlagenSortierung[f.SortProperty]
	if !ok {
		order = anlagenSortierung["bezeichnung"]
	}
	a := listenabfrage{tabelle: "arbeitsliste.anlage",
		spalten:   "id, bezeichnung, anlagentyp, anlagenart, anlagenstatus, betrieb_id, betrieb, antrag_offen",
		bedingung: strings.Join(where, " AND "), args: args, ordnung: []string{order, "id"}, absteigend: f.Absteigend,
		page: max(f.Page, 0), size: seitengroesse(f.Size), frisch: f.Frisch}
	return seite(ctx, q, a, func(r pgx.CollectableRow) (Anlage, error) {
		var a Anlage
		err := r.Scan(&a.ID, &a.Bezeichnung, &a.Anlagentyp, &a.Anlagenart, &a.Anlagenstatus, &a.BetriebID, &a.Betrieb, &a.AntragOffen)
		return a, err
	})
}
