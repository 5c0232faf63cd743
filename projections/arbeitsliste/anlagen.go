package arbeitsliste

import (
	"context"
	"strconv"

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

// AnlagenListe is the plants worklist. A plant row is visible to whom its operation is: the
// rows carry the operation's columns. Its export is the plant area's (anlage.Arbeitsliste).
var AnlagenListe = Liste[Anlage]{
	Tabelle: "arbeitsliste.anlage",
	Spalten: `id, bezeichnung, anlagentyp, anlagenart, anlagenstatus, betrieb_id, betrieb, antrag_offen, ort`,
	Zeile: func(r pgx.CollectableRow) (Anlage, error) {
		var a Anlage
		err := r.Scan(&a.ID, &a.Bezeichnung, &a.Anlagentyp, &a.Anlagenart, &a.Anlagenstatus, &a.BetriebID, &a.Betrieb, &a.AntragOffen, &a.Ort)
		return a, err
	},
	Sicht: zugriff.Spalten{Betrieb: "betrieb_id", Betreiber: "betreiber_id", Regionalstelle: "regionalstelle_id"},
	Sortierung: map[string]string{"bezeichnung": "lower(bezeichnung)", "anlagentyp": "anlagentyp",
		"anlagenart": "anlagenart", "anlagenstatus": "anlagenstatus", "betrieb": "lower(betrieb)"},
	Standard:  "bezeichnung",
	Indiziert: []string{"bezeichnung"}, // anlage_name
	Kopf:      "bezeichnung",           // such begins with the name; anlage_such_rest
	Filter: []Listenfilter{{Name: "anlagenstatus", Spalte: "anlagenstatus"}, {Name: "anlagentyp", Spalte: "anlagentyp"},
		{Name: "anlagenart", Spalte: "anlagenart"},
		{Name: "verwaltungseinheit", Zahlen: true, Bedingung: func(p string) string {
			return `EXISTS (SELECT 1 FROM arbeitsliste.wert v WHERE v.liste = 'verwaltungseinheit' AND v.id = ANY(` + p +
				`) AND lower(ort) IN (lower(v.wert), lower(split_part(v.wert, ' (', 1))))`
		}}},
}

// anfrage is the filter as a request of the list.
func (f AnlagenFilter) anfrage() Anfrage {
	einheiten := make([]string, len(f.Verwaltungseinheit))
	for i, id := range f.Verwaltungseinheit {
		einheiten[i] = strconv.FormatInt(id, 10)
	}
	return Anfrage{Sicht: f.Sicht, Q: f.Q, Filter: map[string][]string{"anlagenstatus": f.Anlagenstatus, "anlagentyp": f.Anlagentyp,
		"anlagenart": f.Anlagenart, "verwaltungseinheit": einheiten}, IDs: f.IDs, Page: f.Page, Size: f.Size,
		SortProperty: f.SortProperty, Absteigend: f.Absteigend, Frisch: f.Frisch}
}

// Anlagen returns one page of the plants worklist (page size 50 by default, by name).
func Anlagen(ctx context.Context, q eventstore.Querier, f AnlagenFilter) (Seite[Anlage], error) {
	return AnlagenListe.Seite(ctx, q, f.anfrage())
}
