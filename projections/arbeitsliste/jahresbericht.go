package arbeitsliste

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/eabwasser/eabwasser/domain/ereignis"
	"github.com/eabwasser/eabwasser/domain/jahresbericht"
	berichte "github.com/eabwasser/eabwasser/internal/dokumente/jahresbericht"
	"github.com/eabwasser/eabwasser/projections"
)

// The annual reports worklist (the start page's Jahresberichte tab, spec 002; columns of spec
// 001 §2.6): one row per report with its plant's name and the operation's visibility columns,
// copied from the plant's row as the measuring points copy theirs. geaendert is the time of the
// report's last event; eingereicht_von the account that submitted it last (its name is read
// with the page: names change, and who sees which name depends on the caller). A deleted report
// has no row.

// JahresberichtBereich is the annual reports' part of the worklists.
var JahresberichtBereich = bereich(Bereich{
	Name: "jahresbericht", Streamtyp: jahresbericht.StreamType, rang: 7,
	schema: jahresberichteSchema, indexe: jahresberichteIndexe,
	leser:       jahresberichteLeser,
	laden:       (*stapel).jahresberichteLaden,
	ereignis:    func(st *stapel, _ int, e gelesen) { st.jahresberichtEreignis(e) },
	kopieren:    (*stapel).jahresberichteKopieren,
	schreiben:   func(st *stapel, w *projections.Schreiben) { st.jahresberichte.Schreiben(w) },
	anweisungen: func(st *stapel, w *projections.Schreiben) { st.kopienAnweisungen(w, "jahresbericht") },
})

// jahresberichteSchema is the table (fillfactor 90: a save changes only geaendert and position).
const jahresberichteSchema = `
CREATE TABLE jahresbericht (
    id                bigint      PRIMARY KEY,
    jahr              integer     NOT NULL,
    anlage_id         bigint      NOT NULL,
    anlage            text        NOT NULL DEFAULT '',
    betrieb_id        bigint      NOT NULL DEFAULT 0,
    betrieb           text        NOT NULL DEFAULT '',
    betreiber_id      bigint      NOT NULL DEFAULT 0,
    regionalstelle_id bigint,
    von               text        NOT NULL,
    bis               text        NOT NULL,
    status            text        NOT NULL,
    geaendert         timestamptz NOT NULL,
    eingereicht_von   bigint      NOT NULL DEFAULT 0,
    eingereicht_rolle text        NOT NULL DEFAULT '',
    such              text        GENERATED ALWAYS AS (replace(replace(replace(replace(lower(anlage || ' ' || betrieb || ' ' || jahr),
                          'ä', 'ae'), 'ö', 'oe'), 'ü', 'ue'), 'ß', 'ss')) STORED,
    position          bigint      NOT NULL
) WITH (fillfactor = 90);
`

// jahresberichteIndexe serve every sort key (id last), the year and status filters in the
// default order (von), the three visibility columns, the copies' statements and the search.
const jahresberichteIndexe = `
CREATE INDEX jahresbericht_von ON jahresbericht (von, id);
CREATE INDEX jahresbericht_bis ON jahresbericht (bis, id);
CREATE INDEX jahresbericht_jahr ON jahresbericht (jahr, von, id);
CREATE INDEX jahresbericht_status ON jahresbericht (status, von, id);
CREATE INDEX jahresbericht_geaendert ON jahresbericht (geaendert, id);
CREATE INDEX jahresbericht_anlage_name ON jahresbericht (lower(anlage), id);
CREATE INDEX jahresbericht_anlage ON jahresbericht (anlage_id, id);
CREATE INDEX jahresbericht_betrieb ON jahresbericht (betrieb_id);
CREATE INDEX jahresbericht_betreiber ON jahresbericht (betreiber_id);
CREATE INDEX jahresbericht_regionalstelle ON jahresbericht (regionalstelle_id);
CREATE INDEX jahresbericht_such ON jahresbericht USING gin (such gin_trgm_ops);
`

type jahresberichtZeile struct {
	ID               int64
	Jahr             int32
	AnlageID         int64
	Anlage           string
	BetriebID        int64
	Betrieb          string
	BetreiberID      int64
	RegionalstelleID *int64
	Von, Bis         string
	Status           string
	Geaendert        time.Time
	EingereichtVon   int64
	EingereichtRolle string
	Position         int64
}

var jahresberichtTabelle = projections.Tabelle[jahresberichtZeile]{
	Name: "jahresbericht",
	Spalten: []string{"id", "jahr", "anlage_id", "anlage", "betrieb_id", "betrieb", "betreiber_id", "regionalstelle_id", "von", "bis",
		"status", "geaendert", "eingereicht_von", "eingereicht_rolle", "position"},
	Felder: func(j *jahresberichtZeile) []any {
		return []any{&j.ID, &j.Jahr, &j.AnlageID, &j.Anlage, &j.BetriebID, &j.Betrieb, &j.BetreiberID, &j.RegionalstelleID, &j.Von, &j.Bis,
			&j.Status, &j.Geaendert, &j.EingereichtVon, &j.EingereichtRolle, &j.Position}
	},
}

// What the worklist reads of the reports' events (JSON names of the domain events).
type (
	// jahresberichtAngelegt is JahresberichtAngelegt.
	jahresberichtAngelegt struct {
		AnlageID int64  `json:"anlageId"`
		Jahr     int32  `json:"jahr"`
		Von      string `json:"von"`
		Bis      string `json:"bis"`
	}
	// jahresberichtStatus is an event that sets the status.
	jahresberichtStatus struct{ status string }
	// jahresberichtEingereicht is JahresberichtEingereicht.
	jahresberichtEingereicht struct {
		Konto int64  `json:"konto"`
		Rolle string `json:"rolle"`
	}
	// jahresberichtGeloescht is JahresberichtGeloescht.
	jahresberichtGeloescht struct{}
	// jahresberichtBearbeitet is any other event of a report: it changes only geaendert (its
	// data, a year of values among them, are not read).
	jahresberichtBearbeitet struct{}
)

// jahresberichteLeser are the readers of the reports' events.
var jahresberichteLeser = map[string]func([]byte) (any, error){
	ereignis.Name[jahresbericht.JahresberichtAngelegt]():                 lies[jahresberichtAngelegt],
	ereignis.Name[jahresbericht.JahresberichtGeaendert]():                fest(jahresberichtBearbeitet{}),
	ereignis.Name[jahresbericht.JahresberichtBearbeitungAbgeschlossen](): fest(jahresberichtStatus{jahresbericht.BearbeitungAbgeschlossen}),
	ereignis.Name[jahresbericht.JahresberichtBearbeitungFortgesetzt]():   fest(jahresberichtStatus{jahresbericht.InBearbeitung}),
	ereignis.Name[jahresbericht.JahresberichtEingereicht]():              lies[jahresberichtEingereicht],
	ereignis.Name[jahresbericht.JahresberichtPlausibilisiert]():          fest(jahresberichtStatus{jahresbericht.Plausibilisiert}),
	ereignis.Name[jahresbericht.JahresberichtZurueckgewiesen]():          fest(jahresberichtStatus{jahresbericht.InBearbeitung}),
	ereignis.Name[jahresbericht.JahresberichtGeloescht]():                fest(jahresberichtGeloescht{}),
	ereignis.Name[jahresbericht.ErgaenzenderParameterAngelegt]():         fest(jahresberichtBearbeitet{}),
	ereignis.Name[jahresbericht.ErgaenzenderParameterGeaendert]():        fest(jahresberichtBearbeitet{}),
	ereignis.Name[jahresbericht.ErgaenzenderParameterGeloescht]():        fest(jahresberichtBearbeitet{}),
	ereignis.Name[jahresbericht.MesswerteGespeichert]():                  fest(jahresberichtBearbeitet{}),
}

// jahresberichteLaden loads the rows of the batch's reports and notes the plants they copy
// (those of the new reports and of the stored rows the batch changes).
func (st *stapel) jahresberichteLaden(ctx context.Context, s *projections.Stapel, folge []gelesen, vor *vorgemerkt) error {
	var ids, anlageIDs []int64
	for _, e := range folge {
		if e.streamtyp != jahresbericht.StreamType {
			continue
		}
		ids = append(ids, e.id)
		if v, ok := e.v.(jahresberichtAngelegt); ok {
			anlageIDs = append(anlageIDs, v.AnlageID)
		}
	}
	if err := st.jahresberichte.Laden(ctx, s, ids); err != nil {
		return err
	}
	for _, id := range ids {
		if j := st.jahresberichte.Zeile(id); j != nil {
			anlageIDs = append(anlageIDs, j.AnlageID)
		}
	}
	vor.id("anlage", anlageIDs...)
	return nil
}

// jahresberichtEreignis applies a report's event to its row in memory.
func (st *stapel) jahresberichtEreignis(e gelesen) {
	if v, ok := e.v.(jahresberichtAngelegt); ok {
		st.jahresberichte.Neu(e.id, jahresberichtZeile{ID: e.id, Jahr: v.Jahr, AnlageID: v.AnlageID, Von: v.Von, Bis: v.Bis,
			Status: jahresbericht.InBearbeitung, Geaendert: e.zeit, Position: e.position})
		return
	}
	if _, ok := e.v.(jahresberichtGeloescht); ok {
		st.jahresberichte.Loeschen(e.id)
		return
	}
	j := st.jahresberichte.Aendern(e.id)
	if j == nil {
		return
	}
	j.Geaendert, j.Position = e.zeit, e.position
	switch v := e.v.(type) {
	case jahresberichtStatus:
		j.Status = v.status
	case jahresberichtEingereicht:
		j.Status, j.EingereichtVon, j.EingereichtRolle = jahresbericht.Eingereicht, v.Konto, v.Rolle
	}
}

// jahresberichteKopieren sets the copies of every report row the batch changed from its
// plant's row as the batch left it (which holds the operation's copies); rows of plants whose
// operation changed in the batch get the operation's columns from kopienAnweisungen.
func (st *stapel) jahresberichteKopieren() {
	for _, id := range st.jahresberichte.Geaendert() {
		j := st.jahresberichte.Zeile(id)
		if a := st.anlagen.Zeile(j.AnlageID); a != nil {
			j.Anlage, j.BetriebID, j.Betrieb, j.BetreiberID, j.RegionalstelleID = a.Bezeichnung, a.BetriebID, a.Betrieb, a.BetreiberID,
				a.RegionalstelleID
		}
	}
}

// Jahresbericht is a row of the annual reports worklist (GET /api/jahresbericht/search).
// EingereichtVon is the submitter's name as the caller may see it (JahresberichteListe.Fuer).
type Jahresbericht struct {
	ID                int64     `json:"id"`
	Jahr              int       `json:"jahr"`
	AnlageID          int64     `json:"anlageId"`
	AnlagenID         string    `json:"anlagenId"`
	AnlageBezeichnung string    `json:"anlageBezeichnung"`
	BetriebID         int64     `json:"betriebId"`
	Betrieb           string    `json:"betrieb"`
	Von               string    `json:"von"`
	Bis               string    `json:"bis"`
	Status            string    `json:"status"`
	Geaendert         time.Time `json:"geaendert"`
	// Einreicher is the account that submitted the report last (0: never), EingereichtRolle the
	// role he acted in, EingereichtName his name.
	Einreicher              int64  `json:"-"`
	EingereichtName         string `json:"eingereichtVon"`
	EingereichtRolle        string `json:"eingereichtRolle"`
	EingereichtOrganisation int64  `json:"-"` // the submitter account's, for the masking of his name
}

// JahresberichteListe is the annual reports worklist: filters jahr (2020 … this year on the
// screen) and status, sorted by von by default. The service adds the submitter's name rule
// and the export (internal/anwendung/jahresbericht).
var JahresberichteListe = Liste[Jahresbericht]{
	Tabelle: "arbeitsliste.jahresbericht",
	Spalten: `id, jahr, anlage_id, anlage, betrieb_id, betrieb, von, bis, status, geaendert, eingereicht_von, eingereicht_rolle,
	coalesce((SELECT btrim(k.vorname || ' ' || k.name) FROM public.anwender k WHERE k.id = eingereicht_von), ''),
	coalesce((SELECT k.organisation_id FROM public.anwender k WHERE k.id = eingereicht_von), 0)`,
	Zeile: func(r pgx.CollectableRow) (Jahresbericht, error) {
		var j Jahresbericht
		err := r.Scan(&j.ID, &j.Jahr, &j.AnlageID, &j.AnlageBezeichnung, &j.BetriebID, &j.Betrieb, &j.Von, &j.Bis, &j.Status, &j.Geaendert,
			&j.Einreicher, &j.EingereichtRolle, &j.EingereichtName, &j.EingereichtOrganisation)
		return j, err
	},
	// the change of operator's rule of the report (berichte.Spalten): the previous operator keeps
	// the rows it submitted
	Sicht: berichte.Spalten(kopierteSicht,
		"eingereicht_von", "status"),
	Sortierung: map[string]string{"jahr": "jahr", "anlagenId": "anlage_id", "anlageBezeichnung": "lower(anlage)", "von": "von",
		"bis": "bis", "status": "status", "geaendert": "geaendert"},
	Standard:  "von",
	Indiziert: []string{"von", "bis", "jahr", "status", "geaendert", "anlageBezeichnung", "anlagenId"},
	Filter:    []Listenfilter{{Name: "jahr", Spalte: "jahr", Zahlen: true}, {Name: "status", Spalte: "status"}},
}
