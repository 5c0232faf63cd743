package aufgaben

import (
	"context"
	"strconv"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/eabwasser/eabwasser/eventstore"
	"github.com/eabwasser/eabwasser/internal/zugriff"
	"github.com/eabwasser/eabwasser/projections/arbeitsliste"
)

// Aufgabe is a task as the Aufgaben view lists it.
type Aufgabe struct {
	ID             int64      `json:"id"`
	Art            string     `json:"art"`
	Status         string     `json:"status"`
	ObjektID       int64      `json:"objektId"`
	Objekt         string     `json:"objekt"`
	Objekttyp      string     `json:"objekttyp"`
	AnlageID       int64      `json:"anlageId,omitempty"`
	Anlagentyp     string     `json:"anlagentyp,omitempty"`
	BetriebID      int64      `json:"betriebId"`
	BetriebsID     string     `json:"betriebsId"`
	Betrieb        string     `json:"betrieb"`
	BeantragtVon   string     `json:"beantragtVon"`
	BeantragtAm    time.Time  `json:"beantragtAm"`
	EntschiedenVon string     `json:"entschiedenVon"`
	EntschiedenAm  *time.Time `json:"entschiedenAm"`
	Kommentar      string     `json:"kommentar"`
	// Beantragt and Entschieden are who requested and who decided as their events' metadata
	// names them: the service shows the names through the Historie's masking.
	Beantragt   Akteur `json:"-"`
	Entschieden Akteur `json:"-"`
}

// Filter says whose tasks are asked for.
type Filter struct {
	Sicht zugriff.Sicht
	// Eigene: the applications of what the caller sees in every state (the operator side).
	// Otherwise the open tasks among what he sees that one of Aktionen decides (the staff).
	Eigene   bool
	Aktionen []string
	// Konto is the caller's account: a task he may not decide (four eyes: he requested it) is
	// not among his open tasks; it shows in the requester's organisation's list as his own.
	Konto      int64
	Page, Size int
	// Frisch: count now (the caller waits for his own command); otherwise the count comes from
	// the worklists' cache for up to two seconds (arbeitsliste.Anzahl).
	Frisch bool
}

func (f Filter) bedingung(args *[]any) string {
	arg := zugriff.Platzhalter(args)
	sicht := f.Sicht.Bedingung(zugriff.Spalten{Betrieb: "betrieb_id", Betreiber: "betreiber_id", Regionalstelle: "regionalstelle_id"}, arg)
	if f.Eigene {
		return sicht
	}
	aktionen := f.Aktionen
	if aktionen == nil {
		aktionen = []string{}
	}
	return "status = '" + Offen + "' AND aktion = ANY(" + arg(aktionen) + ") AND nicht_von <> " + arg(f.Konto) + " AND " + sicht
}

// Liste returns one page of the caller's tasks (50 by default): the open ones first, the one
// waiting longest on top, then the decided ones, the latest decision first.
func Liste(ctx context.Context, q eventstore.Querier, f Filter) (arbeitsliste.Seite[Aufgabe], error) {
	if f.Size <= 0 || f.Size > 1000 {
		f.Size = 50
	}
	f.Page = max(f.Page, 0)
	out := arbeitsliste.Seite[Aufgabe]{Content: []Aufgabe{}, Page: f.Page, Size: f.Size}
	var args []any
	where := f.bedingung(&args)
	var err error
	if out.TotalElements, err = arbeitsliste.Anzahl(ctx, q, "aufgaben.aufgabe", where, args, f.Frisch); err != nil {
		return out, err
	}
	n := len(args)
	// the staff's list holds open tasks only, so its order is the id's, and the index of the
	// open tasks walks it (the whole order would sort every open task on each page)
	ordnung := "id"
	if f.Eigene {
		ordnung = `status <> '` + Offen + `', CASE WHEN status = '` + Offen + `' THEN id END, position DESC, id`
	}
	rows, err := q.Query(ctx, `SELECT id, art, status, objekt_id, objekt, objekttyp, anlage_id, anlagentyp, betrieb_id, betriebs_id, betrieb,
		beantragt_von, beantragt_am, entschieden_von, entschieden_am, kommentar,
		beantragt_akteur, beantragt_organisation, beantragt_rollen, entschieden_akteur, entschieden_organisation, entschieden_rollen
		FROM aufgaben.aufgabe WHERE `+where+` ORDER BY `+ordnung+`
		LIMIT $`+strconv.Itoa(n+1)+` OFFSET $`+strconv.Itoa(n+2), append(args, f.Size, f.Page*f.Size)...)
	if err != nil {
		return out, err
	}
	out.Content, err = pgx.CollectRows(rows, func(r pgx.CollectableRow) (Aufgabe, error) {
		var a Aufgabe
		err := r.Scan(&a.ID, &a.Art, &a.Status, &a.ObjektID, &a.Objekt, &a.Objekttyp, &a.AnlageID, &a.Anlagentyp, &a.BetriebID, &a.BetriebsID, &a.Betrieb,
			&a.BeantragtVon, &a.BeantragtAm, &a.EntschiedenVon, &a.EntschiedenAm, &a.Kommentar,
			&a.Beantragt.ID, &a.Beantragt.Organisation, &a.Beantragt.Rollen, &a.Entschieden.ID, &a.Entschieden.Organisation, &a.Entschieden.Rollen)
		return a, err
	})
	if out.Content == nil {
		out.Content = []Aufgabe{}
	}
	return out, err
}

// Anzahl counts the caller's open tasks (the header's badge), with the list's count cache.
func Anzahl(ctx context.Context, q eventstore.Querier, f Filter) (int64, error) {
	var args []any
	return arbeitsliste.Anzahl(ctx, q, "aufgaben.aufgabe", "status = '"+Offen+"' AND "+f.bedingung(&args), args, f.Frisch)
}
