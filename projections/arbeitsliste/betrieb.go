package arbeitsliste

import (
	"context"

	"github.com/jackc/pgx/v5"

	"github.com/eabwasser/eabwasser/domain/betrieb"
	"github.com/eabwasser/eabwasser/domain/ereignis"
	"github.com/eabwasser/eabwasser/eventstore"
	betriebe "github.com/eabwasser/eabwasser/internal/dokumente/betrieb"
	"github.com/eabwasser/eabwasser/internal/zugriff"
	"github.com/eabwasser/eabwasser/projections"
)

// The operations worklist (the start page's Betriebe tab): one row per operation with the
// texts users filter, sort and search by — its operator's name and the value lists' texts of
// its type, status and Regionalstelle, looked up in the copies of organisation.go and
// werteliste.go and handed on when those change.

// BetriebBereich is the operations' part of the worklists.
var BetriebBereich = bereich(Bereich{
	Name: "betrieb", Streamtyp: betrieb.StreamType, rang: 3,
	schema: betriebSchema, indexe: betriebIndexe,
	leser: betriebLeser,
	// the row's operator follows BetreiberUmgezogen; a change of operator (for the plants'
	// obligees) and a shutdown change no column (as before issue 44)
	Ignoriert:   []string{ereignis.Name[betrieb.BetreiberGewechselt](), ereignis.Name[betrieb.BetriebStillgelegt]()},
	vormerken:   betriebVormerken,
	laden:       (*stapel).betriebeLaden,
	ereignis:    (*stapel).betriebEreignis,
	kopieren:    (*stapel).betriebTexte,
	schreiben:   func(st *stapel, w *projections.Schreiben) { st.betriebe.Schreiben(w) },
	anweisungen: (*stapel).betriebAnweisungen,
})

// betriebSchema is the table (fillfactor 90: arbeitsliste.go).
const betriebSchema = `CREATE TABLE betrieb (
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
`

// betriebIndexe serve the worklist's filters, sorting and search, and the set-based
// statements of a rename (betrieb_betreiber).
const betriebIndexe = `CREATE INDEX betrieb_name ON betrieb (lower(bezeichnung), id);
CREATE INDEX betrieb_status_name ON betrieb (betriebsstatus, lower(bezeichnung), id);
CREATE INDEX betrieb_freigabe_name ON betrieb (freigabestatus, lower(bezeichnung), id);
CREATE INDEX betrieb_typ_name ON betrieb (betriebstyp, lower(bezeichnung), id);
CREATE INDEX betrieb_betreiber ON betrieb (betreiber_id);
CREATE INDEX betrieb_regionalstelle ON betrieb (regionalstelle_id);
CREATE INDEX betrieb_such ON betrieb USING gin (such gin_trgm_ops);
`

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
)

// betriebLeser are the readers of the operations' events the worklist applies.
var betriebLeser = map[string]func([]byte) (any, error){
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
}

// betriebVormerken notes the operation's row, and the organisation and value-list entries
// its data name.
func betriebVormerken(e gelesen, ids *vorgemerkt) {
	daten := func(d betriebDaten) {
		ids.id("organisation", d.BetreiberID)
		ids.schluesselIn("betriebsstatus", d.Betriebsstatus)
		if d.RegionalstelleID != 0 {
			ids.id("wert", d.RegionalstelleID)
		}
	}
	switch v := e.v.(type) {
	case beantragt:
		ids.schluesselIn("betriebstyp", v.Betriebstyp)
		daten(v.Daten)
	case neueDaten:
		daten(v.Daten)
	case umgezogen:
		ids.id("organisation", v.NeuID)
	}
	ids.id("betrieb", e.id)
}

// betriebeLaden loads the operations the batch names (theirs and those other rows copy) and
// notes the organisations and value-list entries their texts come from.
func (st *stapel) betriebeLaden(ctx context.Context, s *projections.Stapel, _ []gelesen, ids *vorgemerkt) error {
	betriebIDs := ids.ids["betrieb"]
	if err := st.betriebe.Laden(ctx, s, betriebIDs); err != nil {
		return err
	}
	st.betriebIDs = betriebIDs
	for _, id := range betriebIDs {
		if b := st.betriebe.Zeile(id); b != nil {
			ids.id("organisation", b.BetreiberID)
			ids.schluesselIn("betriebstyp", b.Betriebstyp)
			ids.schluesselIn("betriebsstatus", b.Betriebsstatus)
			if b.RegionalstelleID != nil {
				ids.id("wert", *b.RegionalstelleID)
			}
		}
	}
	return nil
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

// betriebTexte hands the batch's new names and texts to the loaded operations that showed the
// organisation or entry when it changed — unless they looked their texts up again afterwards
// (an operation's keys change only where it looks its texts up, so its last keys are the ones
// it had at every later change).
func (st *stapel) betriebTexte() {
	if len(st.betreiber) == 0 && len(st.regionalstelle) == 0 && len(st.betriebstypNach) == 0 && len(st.betriebsstatusNach) == 0 {
		return
	}
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

// betriebAnweisungen are the set-based statements for the operations the batch did not load,
// after the rows' writes: those of a renamed organisation or changed entry (the loaded ones
// have theirs already, and may have looked their texts up after the change). The id lists are joined, not
// compared with = ANY / <> ALL: in a generic plan over a rebuild's tables without statistics
// that compares every row with every id.
func (st *stapel) betriebAnweisungen(w *projections.Schreiben) {
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
}

// Betrieb is a row of the operations worklist.
type Betrieb struct {
	ID             int64  `json:"id"`
	BetriebsID     string `json:"betriebsId"`
	Bezeichnung    string `json:"bezeichnung"`
	Betriebstyp    string `json:"betriebstyp"`
	BetriebstypID  string `json:"betriebstypId"`
	Betriebsstatus string `json:"betriebsstatus"`
	StatusID       string `json:"betriebsstatusId"`
	Freigabestatus string `json:"freigabestatus"`
	Betreiber      string `json:"betreiber"`
	Strasse        string `json:"strasse"`
	Hausnummer     string `json:"hausnummer"`
	Plz            string `json:"plz"`
	Ort            string `json:"ort"`
	Regionalstelle string `json:"regionalstelle"`
	AntragOffen    bool   `json:"stammdatenAntragOffen"`
}

// Filter of the operations worklist; empty lists filter nothing.
type Filter struct {
	Sicht          betriebe.Sicht
	Q              string
	Betriebsstatus []string
	Betriebstyp    []string
	Freigabestatus []string
	IDs            []int64 // export of selected rows
	Page, Size     int
	SortProperty   string
	Absteigend     bool
	Frisch         bool // count now, not from the cache (the caller waits for his command)
}

// BetriebeListe is the operations worklist. Its export is the operation file's
// (anwendung/betrieb.Arbeitsliste).
var BetriebeListe = Liste[Betrieb]{
	Tabelle: "arbeitsliste.betrieb",
	Spalten: `id, betriebs_id, bezeichnung, betriebstyp_text, betriebstyp, betriebsstatus_text, betriebsstatus, freigabestatus,
	betreiber, strasse, hausnummer, plz, ort, regionalstelle, antrag_offen`,
	Zeile: func(r pgx.CollectableRow) (Betrieb, error) {
		var b Betrieb
		err := r.Scan(&b.ID, &b.BetriebsID, &b.Bezeichnung, &b.Betriebstyp, &b.BetriebstypID, &b.Betriebsstatus, &b.StatusID,
			&b.Freigabestatus, &b.Betreiber, &b.Strasse, &b.Hausnummer, &b.Plz, &b.Ort, &b.Regionalstelle, &b.AntragOffen)
		return b, err
	},
	Sicht: zugriff.Betriebsspalten(""),
	Sortierung: map[string]string{"bezeichnung": "lower(bezeichnung)", "betriebsId": "betriebs_id", "ort": "lower(ort)",
		"plz": "plz", "betriebsstatus": "betriebsstatus_text", "freigabestatus": "freigabestatus", "betreiber": "lower(betreiber)",
		"betriebstyp": "betriebstyp_text", "regionalstelle": "regionalstelle"},
	Standard:  "bezeichnung",
	Indiziert: []string{"bezeichnung"}, // betrieb_name
	Filter: []Listenfilter{{Name: "betriebsstatus", Spalte: "betriebsstatus"}, {Name: "betriebstyp", Spalte: "betriebstyp"},
		{Name: "freigabestatus", Spalte: "freigabestatus"}},
}

// anfrage is the filter as a request of the list.
func (f Filter) anfrage() Anfrage {
	return Anfrage{Sicht: f.Sicht, Q: f.Q, Filter: map[string][]string{"betriebsstatus": f.Betriebsstatus, "betriebstyp": f.Betriebstyp,
		"freigabestatus": f.Freigabestatus}, IDs: f.IDs, Page: f.Page, Size: f.Size, SortProperty: f.SortProperty,
		Absteigend: f.Absteigend, Frisch: f.Frisch}
}

// Betriebe returns one page of the operations worklist (page size 50 by default).
func Betriebe(ctx context.Context, q eventstore.Querier, f Filter) (Seite[Betrieb], error) {
	return BetriebeListe.Seite(ctx, q, f.anfrage())
}
