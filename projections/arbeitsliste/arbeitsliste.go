// Package arbeitsliste is the read model of the start page's worklists: one denormalised row
// per operation and per plant (later per measuring point and annual report) with the texts users filter,
// sort and search by, fed asynchronously from NATS by the projection runtime and rebuilt with
// `eabwasser projections rebuild arbeitsliste`. It keeps its own copies of the organisation
// names and value-list texts it shows, so a rebuild depends on nothing but the events.
package arbeitsliste

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"time"

	gojson "github.com/goccy/go-json"
	"github.com/jackc/pgx/v5"

	"github.com/eabwasser/eabwasser/domain/anlage"
	"github.com/eabwasser/eabwasser/domain/bescheid"
	"github.com/eabwasser/eabwasser/domain/betrieb"
	"github.com/eabwasser/eabwasser/domain/ereignis"
	"github.com/eabwasser/eabwasser/domain/jahresbericht"
	"github.com/eabwasser/eabwasser/domain/messstelle"
	"github.com/eabwasser/eabwasser/domain/organisation"
	"github.com/eabwasser/eabwasser/domain/werteliste"
	"github.com/eabwasser/eabwasser/eventstore"
	"github.com/eabwasser/eabwasser/projections"
)

// Name of the projection (and its schema).
const Name = "arbeitsliste"

// schema holds the tables with their primary keys only: the upserts need nothing more, and a
// rebuild fills them before it builds the indexes below once.
//
// Operations and plants leave a tenth of every page free (fillfactor 90, which a rebuild's COPY
// keeps too). Many events change no indexed column of their row, only its position and columns
// nothing indexes: an operator's save of figures the worklist does not show, an application
// opened or closed. Such an update stays on its page as a heap-only tuple, and none of the
// indexes, the trigram index included, gets a new entry. On full pages every update moved the
// row to another page and wrote a new entry into each index.
const schema = `
CREATE TABLE organisation (id bigint PRIMARY KEY, bezeichnung text NOT NULL);
CREATE TABLE wert (id bigint PRIMARY KEY, liste text NOT NULL, schluessel text, wert text NOT NULL);
CREATE TABLE betrieb (
    id                  bigint  PRIMARY KEY,
    betriebs_id         text    NOT NULL,
    bezeichnung         text    NOT NULL,
    betriebstyp         text    NOT NULL,
    betriebstyp_text    text    NOT NULL DEFAULT '',
    betriebsstatus      text    NOT NULL,
    betriebsstatus_text text    NOT NULL DEFAULT '',
    freigabestatus      text    NOT NULL,
    betreiber_id        bigint  NOT NULL,
    betreiber           text    NOT NULL DEFAULT '',
    regionalstelle_id   bigint,
    regionalstelle      text    NOT NULL DEFAULT '',
    strasse             text    NOT NULL DEFAULT '',
    hausnummer          text    NOT NULL DEFAULT '',
    plz                 text    NOT NULL DEFAULT '',
    ort                 text    NOT NULL DEFAULT '',
    antrag_offen        boolean NOT NULL DEFAULT false,
    such                text    GENERATED ALWAYS AS (replace(replace(replace(replace(lower(betriebs_id || ' ' || bezeichnung || ' ' ||
                            betreiber || ' ' || plz || ' ' || ort || ' ' || strasse), 'ä', 'ae'), 'ö', 'oe'), 'ü', 'ue'), 'ß', 'ss')) STORED,
    position            bigint  NOT NULL
) WITH (fillfactor = 90);
CREATE TABLE anlage (
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

// indexe serve the worklists' filters, sorting and search, and the set-based statements of a
// rename (betrieb_betreiber, anlage_betrieb). anlage_name includes the name itself: the plants'
// one-word search counts the names that begin with the word from the index alone (an index-only
// scan needs the column, not just the expression).
const indexe = `
CREATE INDEX wert_schluessel ON wert (liste, schluessel);
CREATE INDEX betrieb_name ON betrieb (lower(bezeichnung), id);
CREATE INDEX betrieb_status_name ON betrieb (betriebsstatus, lower(bezeichnung), id);
CREATE INDEX betrieb_freigabe_name ON betrieb (freigabestatus, lower(bezeichnung), id);
CREATE INDEX betrieb_typ_name ON betrieb (betriebstyp, lower(bezeichnung), id);
CREATE INDEX betrieb_betreiber ON betrieb (betreiber_id);
CREATE INDEX betrieb_regionalstelle ON betrieb (regionalstelle_id);
CREATE INDEX betrieb_such ON betrieb USING gin (such gin_trgm_ops);
CREATE INDEX anlage_name ON anlage (lower(bezeichnung), id) INCLUDE (bezeichnung);
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

// Projection is the worklist read model.
var Projection = projections.Projection{
	Name:       Name,
	Schema:     schema + messstellenSchema + bescheideSchema + jahresberichteSchema,
	Indexe:     indexe + messstellenIndexe + bescheideIndexe + jahresberichteIndexe,
	Projiziere: projiziere,
}

// betriebZeile is a row of betrieb (without the generated column such, which Postgres
// computes).
type betriebZeile struct {
	ID                 int64
	BetriebsID         string
	Bezeichnung        string
	Betriebstyp        string
	BetriebstypText    string
	Betriebsstatus     string
	BetriebsstatusText string
	Freigabestatus     string
	BetreiberID        int64
	Betreiber          string
	RegionalstelleID   *int64
	Regionalstelle     string
	Strasse            string
	Hausnummer         string
	Plz                string
	Ort                string
	AntragOffen        bool
	Position           int64
}

var betriebTabelle = projections.Tabelle[betriebZeile]{
	Name: "betrieb",
	Spalten: []string{"id", "betriebs_id", "bezeichnung", "betriebstyp", "betriebstyp_text", "betriebsstatus",
		"betriebsstatus_text", "freigabestatus", "betreiber_id", "betreiber", "regionalstelle_id", "regionalstelle",
		"strasse", "hausnummer", "plz", "ort", "antrag_offen", "position"},
	Felder: func(b *betriebZeile) []any {
		return []any{&b.ID, &b.BetriebsID, &b.Bezeichnung, &b.Betriebstyp, &b.BetriebstypText, &b.Betriebsstatus,
			&b.BetriebsstatusText, &b.Freigabestatus, &b.BetreiberID, &b.Betreiber, &b.RegionalstelleID, &b.Regionalstelle,
			&b.Strasse, &b.Hausnummer, &b.Plz, &b.Ort, &b.AntragOffen, &b.Position}
	},
}

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

type organisationZeile struct {
	ID          int64
	Bezeichnung string
}

var organisationTabelle = projections.Tabelle[organisationZeile]{
	Name:    "organisation",
	Spalten: []string{"id", "bezeichnung"},
	Felder:  func(o *organisationZeile) []any { return []any{&o.ID, &o.Bezeichnung} },
}

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

// gelesen is an event of the batch, read once in the first pass.
type gelesen struct {
	streamtyp string
	id        int64
	position  int64
	zeit      time.Time // when the event was recorded
	v         any       // one of the types below, or the organisation's or value list's domain event
	daten     []byte
	lies      func([]byte) (any, error)
}

// What the worklist reads of the operations' and plants' events: the fields it shows, no
// more. Their data carry contacts, production, water supply, …; reading only these fields
// skips the rest instead of building it (the bulk of a rebuild's own time). The JSON names are
// the domain events' (lesen_test.go holds the two readings equal).
type (
	betriebDaten struct {
		Bezeichnung      string          `json:"bezeichnung"`
		Adresse          betrieb.Adresse `json:"adresse"`
		BetreiberID      int64           `json:"betreiberId"`
		Betriebsstatus   string          `json:"betriebsstatus"`
		RegionalstelleID int64           `json:"regionalstelleId"`
	}
	// beantragt is BetriebBeantragt.
	beantragt struct {
		BetriebsID  string       `json:"betriebsId"`
		Daten       betriebDaten `json:"daten"`
		Betriebstyp string       `json:"betriebstyp"`
	}
	// neueDaten are BetriebsdatenGeaendert, BetriebGeaendert and (erneut) FreigabeErneutBeantragt.
	neueDaten struct {
		Daten  betriebDaten `json:"daten"`
		erneut bool
	}
	// freigabe is BetriebFreigegeben or BetriebAbgewiesen.
	freigabe struct{ status string }
	// umgezogen is BetreiberUmgezogen.
	umgezogen struct {
		NeuID int64 `json:"neuId"`
	}
	// antrag is an operation's or a plant's application opened or closed.
	antrag struct{ offen bool }

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

func lies[T any](daten []byte) (any, error) {
	var v T
	err := gojson.Unmarshal(daten, &v)
	return v, err
}

func fest(v any) func([]byte) (any, error) { return func([]byte) (any, error) { return v, nil } }

// leser are the readers of the events the worklist applies, by stream type and event type;
// other events of these streams (BetreiberGewechselt, BetriebStillgelegt, …) change nothing.
var leser = map[string]map[string]func([]byte) (any, error){
	betrieb.StreamType: {
		ereignis.Name[betrieb.BetriebBeantragt]():       lies[beantragt],
		ereignis.Name[betrieb.BetriebsdatenGeaendert](): lies[neueDaten],
		ereignis.Name[betrieb.BetriebGeaendert]():       lies[neueDaten],
		ereignis.Name[betrieb.FreigabeErneutBeantragt](): func(d []byte) (any, error) {
			v, err := lies[neueDaten](d)
			n, _ := v.(neueDaten)
			n.erneut = true
			return n, err
		},
		ereignis.Name[betrieb.BetriebFreigegeben]():          fest(freigabe{betrieb.Freigegeben}),
		ereignis.Name[betrieb.BetriebAbgewiesen]():           fest(freigabe{betrieb.Abgewiesen}),
		ereignis.Name[betrieb.BetreiberUmgezogen]():          lies[umgezogen],
		ereignis.Name[betrieb.StammdatenAntragGestellt]():    fest(antrag{offen: true}),
		ereignis.Name[betrieb.StammdatenAntragUebernommen](): fest(antrag{}),
		ereignis.Name[betrieb.StammdatenAntragAbgelehnt]():   fest(antrag{}),
	},
	anlage.StreamType: {
		ereignis.Name[anlage.AnlageAngelegt]():              lies[angelegt],
		ereignis.Name[anlage.AnlageGeaendert]():             lies[anlageGeaendert],
		ereignis.Name[anlage.AnlageStillgelegt]():           fest(stillgelegt{}),
		ereignis.Name[anlage.AenderungsantragGestellt]():    fest(antrag{offen: true}),
		ereignis.Name[anlage.AenderungsantragUebernommen](): fest(antrag{}),
		ereignis.Name[anlage.AenderungsantragAbgelehnt]():   fest(antrag{}),
	},
	messstelle.StreamType:    messstellenLeser,
	bescheid.StreamType:      bescheideLeser,
	jahresbericht.StreamType: jahresberichteLeser,
}

// text is a text an event hands on to the rows that show it; nach is the event's index in
// the batch, so a row whose texts were looked up again later keeps its own.
type text struct {
	nach int
	wert string
}

// stapel is the state of one batch: the rows it touches, changed in memory in event order,
// and what it hands on to rows it does not load.
type stapel struct {
	betriebe    *projections.Zeilen[betriebZeile]
	anlagen     *projections.Zeilen[anlageZeile]
	messstellen *projections.Zeilen[messstelleZeile]
	// jahresberichte are the annual reports' rows (jahresberichte.go)
	jahresberichte *projections.Zeilen[jahresberichtZeile]
	organisations  *projections.Zeilen[organisationZeile]
	werte          *projections.Zeilen[wertZeile]
	// wertNach finds the loaded value-list entries by list and key (betriebstyp,
	// betriebsstatus): the operations' rows hold the key, not the entry's id.
	wertNach map[[2]string]int64

	betriebIDs []int64 // loaded
	// texteBei is, per operation, the index of the event after which its display texts were
	// last looked up.
	texteBei map[int64]int
	// kopiert are the operations whose name, place or visibility an event set: their plants'
	// copies follow.
	kopiert map[int64]bool
	// neueAnlagen are the plants created by the batch: they copy their operation at the end.
	neueAnlagen map[int64]bool
	// umbenannt are the plants an event saved: their measuring points' copies of the name follow.
	umbenannt map[int64]bool

	// The texts the batch hands on, by organisation id, value key and value id: an
	// organisation's new name goes to the operations it runs, a value's new text to the
	// operations that show it — when the event happens, as the old per-event statements did.
	betreiber, regionalstelle           map[int64]text
	betriebstypNach, betriebsstatusNach map[string]text

	// bescheid are the Bescheide's rows (bescheide.go)
	bescheid bescheidStapel
}

// projiziere applies a batch: a first pass reads the events and collects the ids they touch,
// one query per table loads those rows, the events change them in memory in order, and each
// changed row is written once. What follows for rows the batch did not load (all operations
// of a renamed organisation, all plants of a changed operation) is one set-based statement
// per kind.
func projiziere(ctx context.Context, s *projections.Stapel) (*projections.Schreiben, error) {
	st := &stapel{
		betriebe: betriebTabelle.Zeilen(), anlagen: anlageTabelle.Zeilen(), messstellen: messstelleTabelle.Zeilen(),
		jahresberichte: jahresberichtTabelle.Zeilen(),
		organisations:  organisationTabelle.Zeilen(), umbenannt: map[int64]bool{},
		werte: wertTabelle.Zeilen(), wertNach: map[[2]string]int64{}, texteBei: map[int64]int{}, kopiert: map[int64]bool{},
		neueAnlagen: map[int64]bool{}, betreiber: map[int64]text{}, regionalstelle: map[int64]text{},
		betriebstypNach: map[string]text{}, betriebsstatusNach: map[string]text{}, bescheid: neuerBescheidStapel(),
	}
	folge, err := lesen(s)
	if err != nil {
		return nil, err
	}
	if len(folge) == 0 {
		return nil, nil
	}
	if err := st.laden(ctx, s, folge); err != nil {
		return nil, err
	}
	for i, e := range folge {
		switch e.streamtyp {
		case betrieb.StreamType:
			st.betriebEreignis(i, e)
		case anlage.StreamType:
			st.anlageEreignis(e)
		case messstelle.StreamType:
			st.messstelleEreignis(e)
		case bescheid.StreamType:
			st.bescheidEreignis(e)
		case jahresbericht.StreamType:
			st.jahresberichtEreignis(e)
		case organisation.StreamType:
			st.organisationEreignis(i, e)
		case werteliste.StreamType:
			st.wertEreignis(i, e)
		}
	}
	st.weitergeben()
	w := &projections.Schreiben{}
	st.organisations.Schreiben(w)
	st.werte.Schreiben(w)
	st.betriebe.Schreiben(w)
	st.anlagen.Schreiben(w)
	st.messstellen.Schreiben(w)
	st.jahresberichte.Schreiben(w)
	st.anweisungen(w)
	st.kopienAnweisungen(w, "messstelle")
	st.kopienAnweisungen(w, "jahresbericht")
	st.bescheideSchreiben(w)
	return w, nil
}

// lesen reads the batch's events of the stream types the worklists show. A batch of a
// rebuild has 10,000 of them: their data are read on all cores (the projector's own time
// alternates with Postgres', which waits meanwhile).
func lesen(s *projections.Stapel) ([]gelesen, error) {
	var folge []gelesen
	handlers := map[string]func(e eventstore.Event, id int64) error{}
	for typ, arten := range leser {
		handlers[typ] = func(e eventstore.Event, id int64) error {
			if l, ok := arten[e.Type]; ok {
				folge = append(folge, gelesen{streamtyp: typ, id: id, position: e.Position, zeit: e.RecordedAt, daten: e.Data, lies: l})
			}
			return nil
		}
	}
	// the organisations' and value lists' events are few and small: read as the domain does
	for typ, decode := range map[string]func(string, json.RawMessage) (ereignis.DomainEvent, error){
		organisation.StreamType: organisation.Decode, werteliste.StreamType: werteliste.Decode} {
		handlers[typ] = func(e eventstore.Event, id int64) error {
			folge = append(folge, gelesen{streamtyp: typ, id: id, position: e.Position, daten: e.Data,
				lies: func(d []byte) (any, error) { return decode(e.Type, d) }})
			return nil
		}
	}
	if err := s.JeStreamtyp(handlers); err != nil {
		return nil, err
	}
	fehler := make([]error, len(folge))
	projections.Parallel(len(folge), 500, func(i int) {
		e := &folge[i]
		e.v, fehler[i] = e.lies(e.daten)
		e.daten, e.lies = nil, nil
	})
	for i, err := range fehler {
		if err != nil {
			return nil, fmt.Errorf("event %d: %w", folge[i].position, err)
		}
	}
	return folge, nil
}

// laden reads the rows the batch's events touch or look up, with one query per table: the
// operations first, whose stored keys tell which names and texts their rows show.
func (st *stapel) laden(ctx context.Context, s *projections.Stapel, folge []gelesen) error {
	var betriebIDs, anlageIDs, orgIDs, wertIDs, messstelleIDs []int64
	var typen, status []string
	daten := func(d betriebDaten) {
		orgIDs = append(orgIDs, d.BetreiberID)
		status = append(status, d.Betriebsstatus)
		if d.RegionalstelleID != 0 {
			wertIDs = append(wertIDs, d.RegionalstelleID)
		}
	}
	for _, e := range folge {
		switch v := e.v.(type) {
		case beantragt:
			typen = append(typen, v.Betriebstyp)
			daten(v.Daten)
		case neueDaten:
			daten(v.Daten)
		case umgezogen:
			orgIDs = append(orgIDs, v.NeuID)
		case angelegt:
			betriebIDs = append(betriebIDs, v.BetriebID) // the new plant copies its operation
		case messstelleBeantragt:
			// the new measuring point copies its plant and operation
			anlageIDs, betriebIDs = append(anlageIDs, v.AnlageID), append(betriebIDs, v.BetriebID)
		}
		switch e.streamtyp {
		case betrieb.StreamType:
			betriebIDs = append(betriebIDs, e.id)
		case anlage.StreamType:
			anlageIDs = append(anlageIDs, e.id)
		case messstelle.StreamType:
			messstelleIDs = append(messstelleIDs, e.id)
		case organisation.StreamType:
			orgIDs = append(orgIDs, e.id)
		case werteliste.StreamType:
			wertIDs = append(wertIDs, e.id)
		}
	}
	// the Bescheide first: their Anforderungen copy measuring points, their Auflagen plants
	m, a, b, err := st.bescheideLaden(ctx, s, folge)
	if err != nil {
		return err
	}
	messstelleIDs, anlageIDs, betriebIDs = append(messstelleIDs, m...), append(anlageIDs, a...), append(betriebIDs, b...)
	// the reports copy their plants
	a, err = st.jahresberichteLaden(ctx, s, folge)
	if err != nil {
		return err
	}
	anlageIDs = append(anlageIDs, a...)
	// the measuring points first: a changed one copies its plant and operation as the batch
	// leaves them
	if err := st.messstellen.Laden(ctx, s, messstelleIDs); err != nil {
		return err
	}
	for _, id := range messstelleIDs {
		if m := st.messstellen.Zeile(id); m != nil {
			anlageIDs, betriebIDs = append(anlageIDs, m.AnlageID), append(betriebIDs, m.BetriebID)
		}
	}
	if err := st.betriebe.Laden(ctx, s, betriebIDs); err != nil {
		return err
	}
	st.betriebIDs = betriebIDs
	for _, id := range betriebIDs {
		if b := st.betriebe.Zeile(id); b != nil {
			orgIDs = append(orgIDs, b.BetreiberID)
			typen = append(typen, b.Betriebstyp)
			status = append(status, b.Betriebsstatus)
			if b.RegionalstelleID != nil {
				wertIDs = append(wertIDs, *b.RegionalstelleID)
			}
		}
	}
	if err := st.anlagen.Laden(ctx, s, anlageIDs); err != nil {
		return err
	}
	if err := st.organisations.Laden(ctx, s, orgIDs); err != nil {
		return err
	}
	// The entries the operations show by key (their rows hold the key, not the id): their ids
	// first, then one load with the others. Few keys, each once, against a small table.
	if len(typen) > 0 || len(status) > 0 {
		slices.Sort(typen)
		slices.Sort(status)
		rows, err := s.Query(ctx, `SELECT id FROM wert WHERE liste = 'betriebstyp' AND schluessel = ANY($1)
			OR liste = 'betriebsstatus' AND schluessel = ANY($2)`, slices.Compact(typen), slices.Compact(status))
		if err != nil {
			return err
		}
		ids, err := pgx.CollectRows(rows, pgx.RowTo[int64])
		if err != nil {
			return err
		}
		wertIDs = append(wertIDs, ids...)
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

// texte looks up an operation's display texts in the copies of names and value lists, as
// they are at event i.
func (st *stapel) texte(b *betriebZeile, i int) {
	b.Betreiber = ""
	if o := st.organisations.Zeile(b.BetreiberID); o != nil {
		b.Betreiber = o.Bezeichnung
	}
	b.BetriebstypText = b.Betriebstyp
	if w := st.wertMitSchluessel("betriebstyp", b.Betriebstyp); w != nil {
		b.BetriebstypText = w.Wert
	}
	b.BetriebsstatusText = b.Betriebsstatus
	if w := st.wertMitSchluessel("betriebsstatus", b.Betriebsstatus); w != nil {
		b.BetriebsstatusText = w.Wert
	}
	b.Regionalstelle = ""
	if b.RegionalstelleID != nil {
		if w := st.werte.Zeile(*b.RegionalstelleID); w != nil {
			b.Regionalstelle = w.Wert
		}
	}
	st.texteBei[b.ID] = i
	st.kopiert[b.ID] = true
}

func (st *stapel) betriebEreignis(i int, e gelesen) {
	daten := func(b *betriebZeile, d betriebDaten) {
		var rs *int64
		if d.RegionalstelleID != 0 {
			rs = &d.RegionalstelleID
		}
		b.Bezeichnung, b.Betriebsstatus, b.BetreiberID, b.RegionalstelleID = d.Bezeichnung, d.Betriebsstatus, d.BetreiberID, rs
		b.Strasse, b.Hausnummer, b.Plz, b.Ort = d.Adresse.Strasse, d.Adresse.Hausnummer, d.Adresse.Plz, d.Adresse.Ort
		b.Position = e.position
		st.texte(b, i)
	}
	if v, ok := e.v.(beantragt); ok {
		b := st.betriebe.Neu(e.id, betriebZeile{ID: e.id, BetriebsID: v.BetriebsID, Betriebstyp: v.Betriebstyp,
			Freigabestatus: betrieb.Beantragt})
		daten(b, v.Daten)
		return
	}
	b := st.betriebe.Aendern(e.id)
	if b == nil {
		return // an event of an operation the worklist does not know changes nothing
	}
	switch v := e.v.(type) {
	case neueDaten:
		if v.erneut {
			b.Freigabestatus = betrieb.Beantragt
		}
		daten(b, v.Daten)
	case freigabe:
		b.Freigabestatus, b.Position = v.status, e.position
	case umgezogen:
		b.BetreiberID, b.Position = v.NeuID, e.position
		st.texte(b, i)
	case antrag:
		b.AntragOffen, b.Position = v.offen, e.position
	}
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

// organisationEreignis keeps the copy of an organisation's name. A new name goes to the
// operations it runs at that moment; a deleted organisation leaves its name in their rows
// (it runs none: only an unreferenced one can be deleted).
func (st *stapel) organisationEreignis(i int, e gelesen) {
	var name string
	switch v := e.v.(type) {
	case organisation.OrganisationAngelegt:
		name = v.Bezeichnung
	case organisation.OrganisationGeaendert:
		name = v.Bezeichnung
	case organisation.OrganisationGeloescht:
		st.organisations.Loeschen(e.id)
		return
	default:
		return
	}
	if o := st.organisations.Aendern(e.id); o != nil {
		o.Bezeichnung = name
	} else {
		st.organisations.Neu(e.id, organisationZeile{ID: e.id, Bezeichnung: name})
	}
	st.betreiber[e.id] = text{nach: i, wert: name}
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

// weitergeben hands the batch's new names and texts to the loaded operations that showed the
// organisation or entry when it changed — unless they looked their texts up again afterwards
// (an operation's keys change only where it looks its texts up, so its last keys are the ones
// it had at every later change) — and the operations' copies to their loaded plants.
func (st *stapel) weitergeben() {
	if len(st.betreiber) > 0 || len(st.regionalstelle) > 0 || len(st.betriebstypNach) > 0 || len(st.betriebsstatusNach) > 0 {
		for _, id := range st.betriebIDs {
			b := st.betriebe.Zeile(id)
			if b == nil {
				continue
			}
			seit, ok := st.texteBei[id]
			if !ok {
				seit = -1
			}
			neu := *b
			if t, ok := st.betreiber[b.BetreiberID]; ok && t.nach > seit {
				neu.Betreiber = t.wert
			}
			if t, ok := st.betriebstypNach[b.Betriebstyp]; ok && t.nach > seit {
				neu.BetriebstypText = t.wert
			}
			if t, ok := st.betriebsstatusNach[b.Betriebsstatus]; ok && t.nach > seit {
				neu.BetriebsstatusText = t.wert
			}
			if b.RegionalstelleID != nil {
				if t, ok := st.regionalstelle[*b.RegionalstelleID]; ok && t.nach > seit {
					neu.Regionalstelle = t.wert
				}
			}
			if neu != *b {
				*st.betriebe.Aendern(id) = neu
			}
		}
	}
	// A plant's copies are its operation's row as the operation's last change left it (only
	// the changes that set those columns copy them): the final row of the batch.
	for _, id := range st.anlagen.Geaendert() {
		a := st.anlagen.Zeile(id)
		if st.neueAnlagen[id] || st.kopiert[a.BetriebID] {
			a.kopieVon(st.betriebe.Zeile(a.BetriebID))
		}
	}
	st.messstellenKopieren()
	st.bescheideKopieren()
	st.jahresberichteKopieren()
}

// anweisungen are the set-based statements for the rows the batch did not load, after the
// rows' writes: the operations of a renamed organisation or changed entry (the loaded ones
// have theirs already, and may have looked their texts up after the change), and the plants of
// changed operations (from the operation's row just written). The id lists are joined, not
// compared with = ANY / <> ALL: in a generic plan over a rebuild's tables without statistics
// that compares every row with every id.
func (st *stapel) anweisungen(w *projections.Schreiben) {
	geladen := st.betriebIDs
	if geladen == nil {
		geladen = []int64{}
	}
	// nach hands the new texts (by the key column's value) to the stored rows not loaded
	nach := func(spalte, schluessel, typ string, keys any, werte []string) {
		if len(werte) == 0 {
			return
		}
		w.Anweisung(`UPDATE betrieb SET `+spalte+` = n.wert FROM unnest($1::`+typ+`[], $2::text[]) AS n(schluessel, wert)
			WHERE betrieb.`+schluessel+` = n.schluessel AND betrieb.`+spalte+` IS DISTINCT FROM n.wert
			AND NOT EXISTS (SELECT FROM unnest($3::bigint[]) AS g(id) WHERE g.id = betrieb.id)`,
			keys, werte, geladen)
	}
	nachID := func(spalte, schluessel string, texte map[int64]text) {
		keys, werte := schluesselUndWerte(texte)
		nach(spalte, schluessel, "bigint", keys, werte)
	}
	nachSchluessel := func(spalte, schluessel string, texte map[string]text) {
		keys, werte := schluesselUndWerte(texte)
		nach(spalte, schluessel, "text", keys, werte)
	}
	nachID("betreiber", "betreiber_id", st.betreiber)
	nachID("regionalstelle", "regionalstelle_id", st.regionalstelle)
	nachSchluessel("betriebstyp_text", "betriebstyp", st.betriebstypNach)
	nachSchluessel("betriebsstatus_text", "betriebsstatus", st.betriebsstatusNach)
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

// schluesselUndWerte splits the texts handed on into keys and values (one array each).
func schluesselUndWerte[K comparable](texte map[K]text) ([]K, []string) {
	keys, werte := make([]K, 0, len(texte)), make([]string, 0, len(texte))
	for k, t := range texte {
		keys, werte = append(keys, k), append(werte, t.wert)
	}
	return keys, werte
}
