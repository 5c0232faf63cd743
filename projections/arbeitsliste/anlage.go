package arbeitsliste

import (
	"context"
	"strconv"

	"github.com/jackc/pgx/v5"

	"github.com/eabwasser/eabwasser/domain/anlage"
	"github.com/eabwasser/eabwasser/domain/ereignis"
	"github.com/eabwasser/eabwasser/eventstore"
	"github.com/eabwasser/eabwasser/internal/zugriff"
	"github.com/eabwasser/eabwasser/projections"
)

// The plants worklist (the start page's Anlagen tab): one row per plant with its operation's
// name, place and visibility columns, copied from the operation's row.

// AnlageBereich is the plants' part of the worklists.
var AnlageBereich = bereich(Bereich{
	Name: "anlage", Streamtyp: anlage.StreamType, rang: 4,
	schema: anlageSchema, indexe: anlageIndexe,
	leser: anlageLeser,
	// the plant's obligees and what it discharges into are no columns; a plant out of operation
	// or shut down with the plant it discharges into keeps its row as it is (as before issue 44)
	Ignoriert: []string{ereignis.Name[anlage.AnlageAusserBetrieb](), ereignis.Name[anlage.AufnahmeErsetzt](),
		ereignis.Name[anlage.MitAufnahmeStillgelegt](), ereignis.Name[anlage.PflichtigerErsetzt]()},
	vormerken: func(e gelesen, ids *vorgemerkt) {
		if v, ok := e.v.(angelegt); ok {
			ids.id("betrieb", v.BetriebID) // the new plant copies its operation
		}
		ids.id("anlage", e.id)
	},
	laden: func(st *stapel, ctx context.Context, s *projections.Stapel, _ []gelesen, ids *vorgemerkt) error {
		return st.anlagen.Laden(ctx, s, ids.ids["anlage"])
	},
	ereignis:    func(st *stapel, _ int, e gelesen) { st.anlageEreignis(e) },
	kopieren:    (*stapel).anlagenKopieren,
	schreiben:   func(st *stapel, w *projections.Schreiben) { st.anlagen.Schreiben(w) },
	anweisungen: (*stapel).anlagenAnweisungen,
})

// anlageSchema is the table (fillfactor 90: arbeitsliste.go).
const anlageSchema = `CREATE TABLE anlage (
    id                bigint  PRIMARY KEY,
    bezeichnung       text    NOT NULL,
    anlagentyp        text    NOT NULL,
    anlagenart        text    NOT NULL,
    anlagenstatus     text    NOT NULL,
    betrieb_id        bigint  NOT NULL,
    betrieb           text    NOT NULL DEFAULT '',
    ort               text    NOT NULL DEFAULT '',
    betreiber_id      bigint  NOT NULL DEFAULT 0,
    regionalstelle_id bigint,
    antrag_offen      boolean NOT NULL DEFAULT false,
    such              text    GENERATED ALWAYS AS (replace(replace(replace(replace(lower(bezeichnung || ' ' || betrieb),
                          'ä', 'ae'), 'ö', 'oe'), 'ü', 'ue'), 'ß', 'ss')) STORED,
    position          bigint  NOT NULL
) WITH (fillfactor = 90);
`

// anlageIndexe serve the worklist's filters, sorting and search, and the set-based statements
// of a rename (anlage_betrieb). anlage_name includes the name itself: the plants' one-word
// search counts the names that begin with the word from the index alone (an index-only scan
// needs the column, not just the expression).
const anlageIndexe = `CREATE INDEX anlage_name ON anlage (lower(bezeichnung), id) INCLUDE (bezeichnung);
CREATE INDEX anlage_status_name ON anlage (anlagenstatus, lower(bezeichnung), id);
CREATE INDEX anlage_typ_name ON anlage (anlagentyp, lower(bezeichnung), id);
CREATE INDEX anlage_art_name ON anlage (anlagenart, lower(bezeichnung), id);
CREATE INDEX anlage_typ_status ON anlage (anlagentyp, anlagenstatus);
CREATE INDEX anlage_betrieb ON anlage (betrieb_id);
CREATE INDEX anlage_betreiber ON anlage (betreiber_id);
CREATE INDEX anlage_regionalstelle ON anlage (regionalstelle_id);
CREATE INDEX anlage_such ON anlage USING gin (such gin_trgm_ops);
CREATE INDEX anlage_such_rest ON anlage USING gin (substr(such, 2) gin_trgm_ops);
`

// anlageZeile is a row of anlage (without such). Betrieb, Ort, BetreiberID and
// RegionalstelleID are copies of the operation's row: a plant is visible to whom its operation
// is, and found by its operation's name.
type anlageZeile struct {
	ID               int64
	Bezeichnung      string
	Anlagentyp       string
	Anlagenart       string
	Anlagenstatus    string
	BetriebID        int64
	Betrieb          string
	Ort              string
	BetreiberID      int64
	RegionalstelleID *int64
	AntragOffen      bool
	Position         int64
}

var anlageTabelle = projections.Tabelle[anlageZeile]{
	Name: "anlage",
	Spalten: []string{"id", "bezeichnung", "anlagentyp", "anlagenart", "anlagenstatus", "betrieb_id", "betrieb", "ort",
		"betreiber_id", "regionalstelle_id", "antrag_offen", "position"},
	Felder: func(a *anlageZeile) []any {
		return []any{&a.ID, &a.Bezeichnung, &a.Anlagentyp, &a.Anlagenart, &a.Anlagenstatus, &a.BetriebID, &a.Betrieb, &a.Ort,
			&a.BetreiberID, &a.RegionalstelleID, &a.AntragOffen, &a.Position}
	},
}

// kopieVon sets a plant's copies of its operation's row (the defaults when there is none).
func (a *anlageZeile) kopieVon(b *betriebZeile) {
	if b == nil {
		a.Betrieb, a.Ort, a.BetreiberID, a.RegionalstelleID = "", "", 0, nil
		return
	}
	a.Betrieb, a.Ort, a.BetreiberID, a.RegionalstelleID = b.Bezeichnung, b.Ort, b.BetreiberID, b.RegionalstelleID
}

// What the worklist reads of the plants' events (the JSON names are the domain events';
// lesen_test.go holds the readings equal).
type (
	anlageDaten struct {
		Bezeichnung   string `json:"bezeichnung"`
		Anlagenart    string `json:"anlagenart"`
		Anlagenstatus string `json:"anlagenstatus"`
	}
	// angelegt is AnlageAngelegt.
	angelegt struct {
		BetriebID int64       `json:"betriebId"`
		Typ       string      `json:"anlagentyp"`
		Daten     anlageDaten `json:"daten"`
	}
	// anlageGeaendert is AnlageGeaendert.
	anlageGeaendert struct {
		Daten anlageDaten `json:"daten"`
	}
	// stillgelegt is AnlageStillgelegt.
	stillgelegt struct{}
)

// anlageLeser are the readers of the plants' events the worklist applies.
var anlageLeser = map[string]func([]byte) (any, error){
	ereignis.Name[anlage.AnlageAngelegt]():              lies[angelegt],
	ereignis.Name[anlage.AnlageGeaendert]():             lies[anlageGeaendert],
	ereignis.Name[anlage.AnlageStillgelegt]():           fest(stillgelegt{}),
	ereignis.Name[anlage.AenderungsantragGestellt]():    fest(antrag{offen: true}),
	ereignis.Name[anlage.AenderungsantragUebernommen](): fest(antrag{}),
	ereignis.Name[anlage.AenderungsantragAbgelehnt]():   fest(antrag{}),
}

func (st *stapel) anlageEreignis(e gelesen) {
	if v, ok := e.v.(angelegt); ok {
		d := v.Daten
		st.anlagen.Neu(e.id, anlageZeile{ID: e.id, Bezeichnung: d.Bezeichnung, Anlagentyp: v.Typ, Anlagenart: d.Anlagenart,
			Anlagenstatus: d.Anlagenstatus, BetriebID: v.BetriebID, Position: e.position})
		st.neueAnlagen[e.id] = true
		return
	}
	a := st.anlagen.Aendern(e.id)
	if a == nil {
		return
	}
	switch v := e.v.(type) {
	case anlageGeaendert:
		d := v.Daten
		if d.Bezeichnung != a.Bezeichnung {
			st.umbenannt[e.id] = true
		}
		a.Bezeichnung, a.Anlagenart, a.Anlagenstatus, a.Position = d.Bezeichnung, d.Anlagenart, d.Anlagenstatus, e.position
	case stillgelegt:
		a.Anlagenstatus, a.Position = anlage.Stillgelegt, e.position
	case antrag:
		a.AntragOffen, a.Position = v.offen, e.position
	}
}

// anlagenKopieren sets a plant's copies of its operation's row as the operation's last change
// left it (only the changes that set those columns copy them): the final row of the batch.
func (st *stapel) anlagenKopieren() {
	for _, id := range st.anlagen.Geaendert() {
		a := st.anlagen.Zeile(id)
		if st.neueAnlagen[id] || st.kopiert[a.BetriebID] {
			a.kopieVon(st.betriebe.Zeile(a.BetriebID))
		}
	}
}

// anlagenAnweisungen copy the changed operations' rows just written into their plants the
// batch did not load.
func (st *stapel) anlagenAnweisungen(w *projections.Schreiben) {
	if len(st.kopiert) > 0 {
		ids := make([]int64, 0, len(st.kopiert))
		for id := range st.kopiert {
			ids = append(ids, id)
		}
		w.Anweisung(`UPDATE anlage a SET betrieb = b.bezeichnung, ort = b.ort, betreiber_id = b.betreiber_id,
			regionalstelle_id = b.regionalstelle_id FROM unnest($1::bigint[]) AS k(id), betrieb b WHERE b.id = k.id AND a.betrieb_id = b.id
			AND (a.betrieb, a.ort, a.betreiber_id, a.regionalstelle_id) IS DISTINCT FROM (b.bezeichnung, b.ort, b.betreiber_id, b.regionalstelle_id)`,
			ids)
	}
}

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
	Sicht: kopierteSicht,
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
