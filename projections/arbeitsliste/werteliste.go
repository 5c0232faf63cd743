package arbeitsliste

import (
	"context"
	"slices"

	gojson "github.com/goccy/go-json"
	"github.com/jackc/pgx/v5"

	"github.com/eabwasser/eabwasser/domain/werteliste"
	"github.com/eabwasser/eabwasser/projections"
)

// The worklists keep a copy of the value-list entries they show (gezeigt): the operations'
// texts of their type, status and Regionalstelle (betrieb.go), the Verwaltungseinheiten the
// plants are filtered by, the measuring point types and the Anforderungen's parameters.

// WertelisteBereich is the value lists' part of the worklists.
var WertelisteBereich = bereich(Bereich{
	Name: "werteliste", Streamtyp: werteliste.StreamType, rang: 2,
	schema: `CREATE TABLE wert (id bigint PRIMARY KEY, liste text NOT NULL, schluessel text, wert text NOT NULL);
`,
	indexe: `
CREATE INDEX wert_schluessel ON wert (liste, schluessel);
`,
	leser:     domaenenLeser(werteliste.Decode, werteliste.EintragAngelegt{}, werteliste.EintragGeaendert{}, werteliste.EintragGeloescht{}),
	vormerken: func(e gelesen, ids *vorgemerkt) { ids.id("wert", e.id) },
	laden:     (*stapel).werteLaden,
	ereignis:  (*stapel).wertEreignis,
	schreiben: func(st *stapel, w *projections.Schreiben) { st.werte.Schreiben(w) },
})

type wertZeile struct {
	ID         int64
	Liste      string
	Schluessel *string
	Wert       string
}

var wertTabelle = projections.Tabelle[wertZeile]{
	Name:    "wert",
	Spalten: []string{"id", "liste", "schluessel", "wert"},
	Felder:  func(w *wertZeile) []any { return []any{&w.ID, &w.Liste, &w.Schluessel, &w.Wert} },
}

// gezeigt are the value lists whose texts the worklists show (the column of the operations'
// rows), the Verwaltungseinheiten the plants worklist filters by and the measuring point types
// the measuring points' export names (no column).
var gezeigt = map[string]string{"betriebstyp": "betriebstyp_text", "betriebsstatus": "betriebsstatus_text", "regionalstelle": "regionalstelle",
	"verwaltungseinheit": "", "messstellentyp": "", anforderungsparameter: ""}

// werteLaden loads the entries the batch names, and those the operations show by key (their
// rows hold the key, not the id): their ids first, then one load with the others. Few keys,
// each once, against a small table.
func (st *stapel) werteLaden(ctx context.Context, s *projections.Stapel, _ []gelesen, ids *vorgemerkt) error {
	wertIDs, typen, status := ids.ids["wert"], ids.schluessel["betriebstyp"], ids.schluessel["betriebsstatus"]
	if len(typen) > 0 || len(status) > 0 {
		slices.Sort(typen)
		slices.Sort(status)
		rows, err := s.Query(ctx, `SELECT id FROM wert WHERE liste = 'betriebstyp' AND schluessel = ANY($1)
			OR liste = 'betriebsstatus' AND schluessel = ANY($2)`, slices.Compact(typen), slices.Compact(status))
		if err != nil {
			return err
		}
		neu, err := pgx.CollectRows(rows, pgx.RowTo[int64])
		if err != nil {
			return err
		}
		wertIDs = append(wertIDs, neu...)
	}
	if err := st.werte.Laden(ctx, s, wertIDs); err != nil {
		return err
	}
	for _, id := range wertIDs {
		if w := st.werte.Zeile(id); w != nil {
			st.merken(w)
		}
	}
	return nil
}

// merken indexes a value-list entry by list and key.
func (st *stapel) merken(w *wertZeile) {
	if w.Schluessel != nil {
		st.wertNach[[2]string{w.Liste, *w.Schluessel}] = w.ID
	}
}

func (st *stapel) wertMitSchluessel(liste, schluessel string) *wertZeile {
	id, ok := st.wertNach[[2]string{liste, schluessel}]
	if !ok {
		return nil
	}
	return st.werte.Zeile(id)
}

// wertEreignis keeps the copies of the shown value lists. A changed text goes to the
// operations that show the entry at that moment; a new entry is shown by operations that
// look their texts up after it, a deleted one stays in the rows that show it (only
// unreferenced entries of lists without keys can be deleted).
func (st *stapel) wertEreignis(i int, e gelesen) {
	switch v := e.v.(type) {
	case werteliste.EintragAngelegt:
		if _, ok := gezeigt[v.Liste]; !ok {
			return
		}
		var schluessel *string
		if v.Schluessel != "" {
			schluessel = &v.Schluessel
		}
		wert := v.Wert
		if v.Liste == anforderungsparameter {
			schluessel, wert = parameterVon(v.Extras, schluessel, wert)
		}
		st.merken(st.werte.Neu(e.id, wertZeile{ID: e.id, Liste: v.Liste, Schluessel: schluessel, Wert: wert}))
	case werteliste.EintragGeaendert:
		if w := st.werte.Zeile(e.id); w != nil && w.Liste == anforderungsparameter {
			if len(v.Extras) > 0 {
				w = st.werte.Aendern(e.id)
				w.Schluessel, w.Wert = parameterVon(v.Extras, w.Schluessel, w.Wert)
			}
			return
		}
		if v.Wert == "" {
			return
		}
		w := st.werte.Aendern(e.id)
		if w == nil {
			return // a list the worklists do not show
		}
		w.Wert = v.Wert
		t := text{nach: i, wert: v.Wert}
		switch w.Liste {
		case "regionalstelle":
			st.regionalstelle[e.id] = t
		case "betriebstyp":
			if w.Schluessel != nil {
				st.betriebstypNach[*w.Schluessel] = t
			}
		case "betriebsstatus":
			if w.Schluessel != nil {
				st.betriebsstatusNach[*w.Schluessel] = t
			}
		}
	case werteliste.EintragGeloescht:
		if w := st.werte.Zeile(e.id); w != nil && w.Schluessel != nil {
			delete(st.wertNach, [2]string{w.Liste, *w.Schluessel})
		}
		st.werte.Loeschen(e.id)
	}
}

// anforderungsparameter is the value list of the Anforderungen's parameters: the worklist
// keeps its entries with the parameter's number as key and its name as text, which the
// evaluation shows next to the number (the number alone when the list has none).
const anforderungsparameter = "anforderungsparameter"

// parameterVon reads an anforderungsparameter entry's extras (parameterNr, parameterName);
// what they leave out stays.
func parameterVon(extras []byte, schluessel *string, wert string) (*string, string) {
	var x struct {
		ParameterNr   string `json:"parameterNr"`
		ParameterName string `json:"parameterName"`
	}
	if len(extras) > 0 && gojson.Unmarshal(extras, &x) == nil {
		if x.ParameterNr != "" {
			schluessel = &x.ParameterNr
		}
		if x.ParameterName != "" {
			wert = x.ParameterName
		}
	}
	return schluessel, wert
}
