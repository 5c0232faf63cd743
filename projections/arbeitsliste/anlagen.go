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
}

var anlagenSortierung = map[string]string{"bezeichnung": "lower(bezeichnung)", "anlagentyp": "anlagentyp",
	"anlagenart": "anlagenart", "anlagenstatus": "anlagenstatus", "betrieb": "lower(betrieb)"}

const anlagenSpalten = `id, bezeichnung, anlagentyp, anlagenart, anlagenstatus, betrieb_id, betrieb, antrag_offen, ort`

func anlagenZeile(r pgx.CollectableRow) (Anlage, error) {
	var a Anlage
	err := r.Scan(&a.ID, &a.Bezeichnung, &a.Anlagentyp, &a.Anlagenart, &a.Anlagenstatus, &a.BetriebID, &a.Betrieb, &a.AntragOffen, &a.Ort)
	return a, err
}

// bedingung builds the WHERE clause (visibility first) and ORDER BY of a filter. A plant row is
// visible to whom its operation is: the rows carry the operation's columns.
func (f AnlagenFilter) bedingung() (string, string, []any) {
	var args []any
	arg := zugriff.Platzhalter(&args)
	where := []string{f.Sicht.Bedingung(zugriff.Spalten{Betrieb: "betrieb_id", Betreiber: "betreiber_id", Regionalstelle: "regionalstelle_id"}, arg)}
	where = append(where, suchworte(f.Q, arg)...)
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
	richtung := " ASC"
	if f.Absteigend {
		richtung = " DESC"
	}
	return strings.Join(where, " AND "), order + richtung + ", id" + richtung, args
}

// Anlagen returns one page of the plants worklist (page size 50 by default, by name).
func Anlagen(ctx context.Context, q eventstore.Querier, f AnlagenFilter) (Seite[Anlage], error) {
	if f.Size <= 0 || f.Size > 1000 {
		f.Size = 50
	}
	f.Page = max(f.Page, 0)
	bedingung, order, args := f.bedingung()
	out := Seite[Anlage]{Content: []Anlage{}, Page: f.Page, Size: f.Size}
	if err := q.QueryRow(ctx, `SELECT count(*) FROM arbeitsliste.anlage WHERE `+bedingung, args...).Scan(&out.TotalElements); err != nil {
		return out, err
	}
	n := len(args)
	rows, err := q.Query(ctx, `SELECT `+anlagenSpalten+` FROM arbeitsliste.anlage WHERE `+bedingung+` ORDER BY `+order+
		` LIMIT $`+strconv.Itoa(n+1)+` OFFSET $`+strconv.Itoa(n+2), append(args, f.Size, f.Page*f.Size)...)
	if err != nil {
		return out, err
	}
	out.Content, err = pgx.CollectRows(rows, anlagenZeile)
	if out.Content == nil {
		out.Content = []Anlage{}
	}
	return out, err
}

// JedeAnlage calls each for every row of the filter in its order, reading them as a stream
// (for exports of any size), as JedenBetrieb does for the operations.
func JedeAnlage(ctx context.Context, q eventstore.Querier, f AnlagenFilter, each func(Anlage) error) error {
	bedingung, order, args := f.bedingung()
	rows, err := q.Query(ctx, `SELECT `+anlagenSpalten+` FROM arbeitsliste.anlage WHERE `+bedingung+` ORDER BY `+order, args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		a, err := anlagenZeile(rows)
		if err != nil {
			return err
		}
		if err := each(a); err != nil {
			return err
		}
	}
	return rows.Err()
}
