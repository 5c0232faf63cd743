package arbeitsliste

import (
	"context"
	"strconv"
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
}

var anlagenSortierung = map[string]string{"bezeichnung": "lower(bezeichnung)", "anlagentyp": "anlagentyp",
	"anlagenart": "anlagenart", "anlagenstatus": "anlagenstatus", "betrieb": "lower(betrieb)"}

// Anlagen returns one page of the plants worklist (page size 50 by default, by name). A row
// is visible to whom its operation is: the rows carry the operation's columns.
func Anlagen(ctx context.Context, q eventstore.Querier, f AnlagenFilter) (Seite[Anlage], error) {
	if f.Size <= 0 || f.Size > 1000 {
		f.Size = 50
	}
	f.Page = max(f.Page, 0)
	var args []any
	arg := zugriff.Platzhalter(&args)
	where := []string{f.Sicht.Bedingung(zugriff.Spalten{Betrieb: "betrieb_id", Betreiber: "betreiber_id", Regionalstelle: "regionalstelle_id"}, arg)}
	where = append(where, suchworte(f.Q, arg)...)
	for spalte, werte := range map[string][]string{"anlagenstatus": f.Anlagenstatus, "anlagentyp": f.Anlagentyp, "anlagenart": f.Anlagenart} {
		if len(werte) > 0 {
			where = append(where, spalte+" = ANY("+arg(werte)+")")
		}
	}
	order, ok := anlagenSortierung[f.SortProperty]
	if !ok {
		order = anlagenSortierung["bezeichnung"]
	}
	richtung := " ASC"
	if f.Absteigend {
		richtung = " DESC"
	}
	bedingung := strings.Join(where, " AND ")
	out := Seite[Anlage]{Content: []Anlage{}, Page: f.Page, Size: f.Size}
	if err := q.QueryRow(ctx, `SELECT count(*) FROM arbeitsliste.anlage WHERE `+bedingung, args...).Scan(&out.TotalElements); err != nil {
		return out, err
	}
	n := len(args)
	rows, err := q.Query(ctx, `SELECT id, bezeichnung, anlagentyp, anlagenart, anlagenstatus, betrieb_id, betrieb, antrag_offen
		FROM arbeitsliste.anlage WHERE `+bedingung+` ORDER BY `+order+richtung+`, id`+richtung+
		` LIMIT $`+strconv.Itoa(n+1)+` OFFSET $`+strconv.Itoa(n+2), append(args, f.Size, f.Page*f.Size)...)
	if err != nil {
		return out, err
	}
	out.Content, err = pgx.CollectRows(rows, func(r pgx.CollectableRow) (Anlage, error) {
		var a Anlage
		err := r.Scan(&a.ID, &a.Bezeichnung, &a.Anlagentyp, &a.Anlagenart, &a.Anlagenstatus, &a.BetriebID, &a.Betrieb, &a.AntragOffen)
		return a, err
	})
	if out.Content == nil {
		out.Content = []Anlage{}
	}
	return out, err
}
