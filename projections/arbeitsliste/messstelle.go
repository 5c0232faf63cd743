package arbeitsliste

import (
	"cmp"
	"context"
	"strings"

	"github.com/jackc/pgx/v5"

	"github.com/eabwasser/eabwasser/domain/ereignis"
	"github.com/eabwasser/eabwasser/domain/messstelle"
	"github.com/eabwasser/eabwasser/projections"
)

// The measuring points worklist (the start page's Messstellen tab): one row per measuring
// point with its plant's and operation's names and the operation's visibility columns, copied
// from the plant's and the operation's rows as the plants copy their operation's.

// MessstelleBereich is the measuring points' part of the worklists.
var MessstelleBereich = bereich(Bereich{
	Name: "messstelle", Streamtyp: messstelle.StreamType, rang: 5,
	schema: messstellenSchema, indexe: messstellenIndexe,
	leser: messstellenLeser,
	vormerken: func(e gelesen, ids *vorgemerkt) {
		if v, ok := e.v.(messstelleBeantragt); ok {
			// the new measuring point copies its plant and operation
			ids.id("anlage", v.AnlageID)
			ids.id("betrieb", v.BetriebID)
		}
		ids.id("messstelle", e.id)
	},
	laden:       (*stapel).messstellenLaden,
	ereignis:    func(st *stapel, _ int, e gelesen) { st.messstelleEreignis(e) },
	kopieren:    (*stapel).messstellenKopieren,
	schreiben:   func(st *stapel, w *projections.Schreiben) { st.messstellen.Schreiben(w) },
	anweisungen: func(st *stapel, w *projections.Schreiben) { st.kopienAnweisungen(w, "messstelle") },
})

// messstellenSchema is the table (fillfactor 90: a save that changes only the position stays
// on its page, as the plants' rows do).
const messstellenSchema = `
CREATE TABLE messstelle (
    id                bigint  PRIMARY KEY,
    messstellen_id    text    NOT NULL,
    bezeichnung       text    NOT NULL,
    messstellentyp    text    NOT NULL,
    messstellenstatus text    NOT NULL,
    freigabestatus    text    NOT NULL,
    anlage_id         bigint  NOT NULL,
    anlage            text    NOT NULL DEFAULT '',
    anlagentyp        text    NOT NULL DEFAULT '',
    betrieb_id        bigint  NOT NULL,
    betrieb           text    NOT NULL DEFAULT '',
    betreiber_id      bigint  NOT NULL DEFAULT 0,
    regionalstelle_id bigint,
    such              text    GENERATED ALWAYS AS (replace(replace(replace(replace(lower(messstellen_id || ' ' || bezeichnung || ' ' ||
                          anlage || ' ' || betrieb), 'ä', 'ae'), 'ö', 'oe'), 'ü', 'ue'), 'ß', 'ss')) STORED,
    position          bigint  NOT NULL
) WITH (fillfactor = 90);
`

// messstellenIndexe serve every sort key (each with id, so a page is read from the index in
// the order), the filters with the default order by number, the three visibility columns, the
// copies' set-based statements (anlage_id, betrieb_id) and the search.
const messstellenIndexe = `
CREATE INDEX messstelle_nr ON messstelle (messstellen_id, id);
CREATE INDEX messstelle_name ON messstelle (lower(bezeichnung), id);
CREATE INDEX messstelle_typ ON messstelle (messstellentyp, id);
CREATE INDEX messstelle_status ON messstelle (messstellenstatus, id);
CREATE INDEX messstelle_anlage_name ON messstelle (lower(anlage), id);
CREATE INDEX messstelle_betrieb_name ON messstelle (lower(betrieb), id);
CREATE INDEX messstelle_status_typ_nr ON messstelle (messstellenstatus, messstellentyp, messstellen_id, id);
CREATE INDEX messstelle_freigabe_nr ON messstelle (freigabestatus, messstellen_id, id);
CREATE INDEX messstelle_anlage ON messstelle (anlage_id);
CREATE INDEX messstelle_betrieb ON messstelle (betrieb_id);
CREATE INDEX messstelle_betreiber ON messstelle (betreiber_id);
CREATE INDEX messstelle_regionalstelle ON messstelle (regionalstelle_id);
CREATE INDEX messstelle_such ON messstelle USING gin (such gin_trgm_ops);
CREATE INDEX messstelle_such_rest ON messstelle USING gin (substr(such, 2) gin_trgm_ops);
`

// messstelleZeile is a row of messstelle (without such). Anlage is the plant's name, Betrieb,
// BetreiberID and RegionalstelleID the operation's: a measuring point is visible to whom its
// operation is.
type messstelleZeile struct {
	ID                int64
	MessstellenID     string
	Bezeichnung       string
	Messstellentyp    string
	Messstellenstatus string
	Freigabestatus    string
	AnlageID          int64
	Anlage            string
	Anlagentyp        string
	BetriebID         int64
	Betrieb           string
	BetreiberID       int64
	RegionalstelleID  *int64
	Position          int64
}

var messstelleTabelle = projections.Tabelle[messstelleZeile]{
	Name: "messstelle",
	Spalten: []string{"id", "messstellen_id", "bezeichnung", "messstellentyp", "messstellenstatus", "freigabestatus", "anlage_id",
		"anlage", "anlagentyp", "betrieb_id", "betrieb", "betreiber_id", "regionalstelle_id", "position"},
	Felder: func(m *messstelleZeile) []any {
		return []any{&m.ID, &m.MessstellenID, &m.Bezeichnung, &m.Messstellentyp, &m.Messstellenstatus, &m.Freigabestatus, &m.AnlageID,
			&m.Anlage, &m.Anlagentyp, &m.BetriebID, &m.Betrieb, &m.BetreiberID, &m.RegionalstelleID, &m.Position}
	},
}

// What the worklist reads of the measuring points' events (the JSON names are the domain
// events'; lesen_test.go holds the readings equal).
type (
	messstelleDaten struct {
		Bezeichnung       string `json:"bezeichnung"`
		Messstellentyp    string `json:"messstellentyp"`
		Messstellenstatus string `json:"messstellenstatus"`
	}
	// messstelleBeantragt is MessstelleBeantragt.
	messstelleBeantragt struct {
		AnlageID      int64           `json:"anlageId"`
		BetriebID     int64           `json:"betriebId"`
		MessstellenID string          `json:"messstellenId"`
		Daten         messstelleDaten `json:"daten"`
	}
	// messstelleDatenNeu is MessstelleGeaendert and (erneut) MessstellenfreigabeErneutAngefordert.
	messstelleDatenNeu struct {
		Daten  messstelleDaten `json:"daten"`
		erneut bool
	}
	// messstelleFreigabe is MessstelleFreigegeben or MessstelleAbgewiesen.
	messstelleFreigabe struct{ status string }
	// messstelleStillgelegt is MessstelleStillgelegt.
	messstelleStillgelegt struct{}
)

// messstellenLeser are the readers of the measuring points' events.
var messstellenLeser = map[string]func([]byte) (any, error){
	ereignis.Name[messstelle.MessstelleBeantragt](): lies[messstelleBeantragt],
	ereignis.Name[messstelle.MessstelleGeaendert](): lies[messstelleDatenNeu],
	ereignis.Name[messstelle.MessstellenfreigabeErneutAngefordert](): func(d []byte) (any, error) {
		v, err := lies[messstelleDatenNeu](d)
		n, _ := v.(messstelleDatenNeu)
		n.erneut = true
		return n, err
	},
	ereignis.Name[messstelle.MessstelleFreigegeben](): fest(messstelleFreigabe{messstelle.Freigegeben}),
	ereignis.Name[messstelle.MessstelleAbgewiesen]():  fest(messstelleFreigabe{messstelle.Abgewiesen}),
	ereignis.Name[messstelle.MessstelleStillgelegt](): fest(messstelleStillgelegt{}),
}

// messstellenLaden loads the measuring points the batch names (theirs and those the
// Bescheide's Anforderungen copy): a changed one copies its plant and operation as the batch
// leaves them.
func (st *stapel) messstellenLaden(ctx context.Context, s *projections.Stapel, _ []gelesen, ids *vorgemerkt) error {
	messstelleIDs := ids.ids["messstelle"]
	if err := st.messstellen.Laden(ctx, s, messstelleIDs); err != nil {
		return err
	}
	for _, id := range messstelleIDs {
		if m := st.messstellen.Zeile(id); m != nil {
			ids.id("anlage", m.AnlageID)
			ids.id("betrieb", m.BetriebID)
		}
	}
	return nil
}

// messstelleEreignis applies a measuring point's event to its row in memory; the copies of
// the plant's and the operation's columns are set once at the end of the batch (messstellenKopieren).
func (st *stapel) messstelleEreignis(e gelesen) {
	if v, ok := e.v.(messstelleBeantragt); ok {
		d := v.Daten
		st.messstellen.Neu(e.id, messstelleZeile{ID: e.id, MessstellenID: v.MessstellenID, Bezeichnung: d.Bezeichnung,
			Messstellentyp: d.Messstellentyp, Messstellenstatus: d.Messstellenstatus, Freigabestatus: messstelle.Beantragt,
			AnlageID: v.AnlageID, BetriebID: v.BetriebID, Position: e.position})
		return
	}
	m := st.messstellen.Aendern(e.id)
	if m == nil {
		return
	}
	switch v := e.v.(type) {
	case messstelleDatenNeu:
		d := v.Daten
		m.Bezeichnung, m.Messstellentyp, m.Messstellenstatus, m.Position = d.Bezeichnung, d.Messstellentyp, d.Messstellenstatus, e.position
		if v.erneut {
			m.Freigabestatus = messstelle.Beantragt
		}
	case messstelleFreigabe:
		m.Freigabestatus, m.Position = v.status, e.position
	case messstelleStillgelegt:
		m.Messstellenstatus, m.Position = messstelle.Stillgelegt, e.position
	}
}

// messstellenKopieren sets the copies of every measuring point row the batch changed from its
// plant's and operation's rows as the batch left them (both are loaded with it; a plant or
// operation the worklist does not know leaves the copies as they are).
func (st *stapel) messstellenKopieren() {
	for _, id := range st.messstellen.Geaendert() {
		m := st.messstellen.Zeile(id)
		if a := st.anlagen.Zeile(m.AnlageID); a != nil {
			m.Anlage, m.Anlagentyp = a.Bezeichnung, a.Anlagentyp // the type never changes: no statement follows it
		}
		if b := st.betriebe.Zeile(m.BetriebID); b != nil {
			m.Betrieb, m.BetreiberID, m.RegionalstelleID = b.Bezeichnung, b.BetreiberID, b.RegionalstelleID
		}
	}
}

// kopienAnweisungen are the set-based statements for the rows of tabelle (a table with the
// copies anlage, betrieb, betreiber_id and regionalstelle_id: the measuring points, the annual
// reports) the batch did not load: those of renamed plants and of operations whose name or
// visibility changed, from the rows just written.
func (st *stapel) kopienAnweisungen(w *projections.Schreiben, tabelle string) {
	if len(st.umbenannt) > 0 {
		w.Anweisung(`UPDATE `+tabelle+` t SET anlage = a.bezeichnung FROM unnest($1::bigint[]) AS k(id), anlage a
			WHERE a.id = k.id AND t.anlage_id = a.id AND t.anlage IS DISTINCT FROM a.bezeichnung`, schluessel(st.umbenannt))
	}
	if len(st.kopiert) > 0 {
		w.Anweisung(`UPDATE `+tabelle+` t SET betrieb = b.bezeichnung, betreiber_id = b.betreiber_id, regionalstelle_id = b.regionalstelle_id
			FROM unnest($1::bigint[]) AS k(id), betrieb b WHERE b.id = k.id AND t.betrieb_id = b.id
			AND (t.betrieb, t.betreiber_id, t.regionalstelle_id) IS DISTINCT FROM (b.bezeichnung, b.betreiber_id, b.regionalstelle_id)`,
			schluessel(st.kopiert))
	}
}

// Messstelle is a row of the measuring points worklist (GET /api/messstelle/search).
type Messstelle struct {
	ID                int64  `json:"id"`
	MessstellenID     string `json:"messstellenId"`
	Bezeichnung       string `json:"bezeichnung"`
	Messstellentyp    string `json:"messstellentyp"`
	Messstellenstatus string `json:"messstellenstatus"`
	Freigabestatus    string `json:"freigabestatus"`
	AnlageID          int64  `json:"anlageId"`
	Anlage            string `json:"anlage"`
	// Anlagentyp is the plant's type (the path segment of the plant's and the point's screens).
	Anlagentyp string `json:"anlagentyp"`
	BetriebID  int64  `json:"betriebId"`
	Betrieb    string `json:"betrieb"`
	// MesstellentypText is the type's text of the value list (the export's column).
	MessstellentypText string `json:"-"`
}

// Standardfilter of the Messstellen tab (spec 002): in operation, of the Endkontrolle types;
// sorted by number.
var (
	MessstellenStandardStatus = []string{messstelle.InBetrieb}
	MessstellenStandardTypen  = []string{"NR_9", "NR_10", "NR_11", "NR_12"}
)

// exportStatus are the texts of the status keys the export writes.
var exportStatus = map[string]string{messstelle.Geplant: "Geplant", messstelle.InBetrieb: "In Betrieb",
	messstelle.Stillgelegt: "Stillgelegt", messstelle.Beantragt: "Beantragt", messstelle.Freigegeben: "Freigegeben",
	messstelle.Abgewiesen: "Abgewiesen"}

// MessstellenListe is the measuring points worklist: filters messstellentyp, messstellenstatus
// and freigabestatus, sorted by number by default, exported as messstellen.xlsx.
var MessstellenListe = Liste[Messstelle]{
	Tabelle: "arbeitsliste.messstelle",
	Spalten: `id, messstellen_id, bezeichnung, messstellentyp, messstellenstatus, freigabestatus, anlage_id, anlage, anlagentyp, betrieb_id, betrieb,
	coalesce((SELECT w.wert FROM arbeitsliste.wert w WHERE w.liste = 'messstellentyp' AND w.schluessel = messstellentyp), messstellentyp)`,
	Zeile: func(r pgx.CollectableRow) (Messstelle, error) {
		var m Messstelle
		err := r.Scan(&m.ID, &m.MessstellenID, &m.Bezeichnung, &m.Messstellentyp, &m.Messstellenstatus, &m.Freigabestatus, &m.AnlageID,
			&m.Anlage, &m.Anlagentyp, &m.BetriebID, &m.Betrieb, &m.MessstellentypText)
		return m, err
	},
	Sicht: kopierteSicht,
	Sortierung: map[string]string{"messstellenId": "messstellen_id", "bezeichnung": "lower(bezeichnung)", "messstellentyp": "messstellentyp",
		"messstellenstatus": "messstellenstatus", "anlage": "lower(anlage)", "betrieb": "lower(betrieb)"},
	Standard:  "messstellenId",
	Indiziert: []string{"messstellenId", "bezeichnung", "messstellentyp", "messstellenstatus", "anlage", "betrieb"},
	Kopf:      "messstellenId", // such begins with the number; messstelle_such_rest
	KopfPasst: func(wort string) bool { return strings.Trim(wort, "0123456789") == "" },
	Filter: []Listenfilter{{Name: "messstellentyp", Spalte: "messstellentyp"}, {Name: "messstellenstatus", Spalte: "messstellenstatus"},
		{Name: "freigabestatus", Spalte: "freigabestatus"}},
	Export: Export[Messstelle]{Blatt: "Messstellen", Kopf: []string{"Messstellen-Nr.", "Messstelle", "Messstellentyp", "Status",
		"Freigabestatus", "Anlage", "Betrieb"}, Zeile: func(m Messstelle) []any {
		return []any{m.MessstellenID, m.Bezeichnung, m.MessstellentypText, cmp.Or(exportStatus[m.Messstellenstatus], m.Messstellenstatus),
			cmp.Or(exportStatus[m.Freigabestatus], m.Freigabestatus), m.Anlage, m.Betrieb}
	}},
}
