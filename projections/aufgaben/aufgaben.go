// Package aufgaben is the read model of the Aufgaben view (the task inbox, issue 14): one row
// per application of any kind — an operation's Freigabe, a Stammdaten-Antrag, a plant's change
// request; later a measuring point's Freigabe, a Bescheidsantrag, a submitted annual report —
// open until it is decided, then with its decision. A row names the permission that decides
// it (aktion) and carries the visibility columns of its operation, so the server picks who
// sees which task with the one condition of internal/zugriff: staff see the open tasks they
// may decide among what they see, operators the applications of their organisation in every
// state. Each area adds one handler for its stream type (handlers below) that opens and
// closes its tasks; the runtime, rebuild and read-your-writes are those of every projection.
package aufgaben

import (
	"context"

	"github.com/eabwasser/eabwasser/domain/anlage"
	"github.com/eabwasser/eabwasser/domain/berechtigung"
	"github.com/eabwasser/eabwasser/domain/betrieb"
	"github.com/eabwasser/eabwasser/eventstore"
	"github.com/eabwasser/eabwasser/projections"
)

// Name of the projection (and its schema).
const Name = "aufgaben"

// The kinds of task (art) and their states (status).
const (
	BetriebFreigabe        = "BETRIEB_FREIGABE"
	Stammdatenantrag       = "STAMMDATENANTRAG"
	AnlageAenderungsantrag = "ANLAGE_AENDERUNGSANTRAG"

	Offen       = "OFFEN"
	Freigegeben = "FREIGEGEBEN"
	Abgewiesen  = "ABGEWIESEN"
	Uebernommen = "UEBERNOMMEN"
	Abgelehnt   = "ABGELEHNT"
)

// The operation and plant tables are the projection's own copies of what a task shows and
// who sees it (a rebuild depends on nothing but the events). A task's id is the position of
// the event that opened it: stable across rebuilds.
const schema = `
CREATE TABLE betrieb (
    id                bigint PRIMARY KEY,
    betriebs_id       text   NOT NULL,
    bezeichnung       text   NOT NULL,
    betreiber_id      bigint NOT NULL,
    regionalstelle_id bigint
);
CREATE TABLE anlage (
    id          bigint PRIMARY KEY,
    betrieb_id  bigint NOT NULL,
    anlagentyp  text   NOT NULL,
    bezeichnung text   NOT NULL
);
CREATE TABLE aufgabe (
    id                bigint      PRIMARY KEY,
    art               text        NOT NULL,
    aktion            text        NOT NULL,
    stream_type       text        NOT NULL,
    objekt_id         bigint      NOT NULL,
    objekt            text        NOT NULL DEFAULT '',
    objekttyp         text        NOT NULL DEFAULT '',
    betrieb_id        bigint      NOT NULL,
    betriebs_id       text        NOT NULL DEFAULT '',
    betrieb           text        NOT NULL DEFAULT '',
    betreiber_id      bigint      NOT NULL DEFAULT 0,
    regionalstelle_id bigint,
    beantragt_von     text        NOT NULL,
    beantragt_am      timestamptz NOT NULL,
    status            text        NOT NULL,
    entschieden_von   text        NOT NULL DEFAULT '',
    entschieden_am    timestamptz,
    kommentar         text        NOT NULL DEFAULT '',
    position          bigint      NOT NULL
);
CREATE INDEX aufgabe_offen ON aufgabe (aktion, id) WHERE status = 'OFFEN';
CREATE INDEX aufgabe_objekt ON aufgabe (stream_type, objekt_id);
CREATE INDEX aufgabe_betrieb ON aufgabe (betrieb_id);
CREATE INDEX aufgabe_betreiber ON aufgabe (betreiber_id, id);
CREATE INDEX aufgabe_regionalstelle ON aufgabe (regionalstelle_id) WHERE status = 'OFFEN';
`

// handlers map the events of one stream type to open and closed tasks. Areas with
// applications add theirs (messstelle, bescheid, jahresbericht).
var handlers = map[string]projections.Handler{
	betrieb.StreamType: betriebAufgaben,
	anlage.StreamType:  anlageAufgaben,
}

// Projection is the task read model.
var Projection = projections.Projection{
	Name:   Name,
	Schema: schema,
	Apply:  projections.JeStreamtyp(handlers),
}

// antrag is a task being opened: its kind, the permission that decides it and its object.
type antrag struct {
	art       string
	aktion    berechtigung.Aktion
	objektID  int64
	objekt    string // the object's name, when it is not the operation itself
	objekttyp string
	betriebID int64
}

// oeffne writes an open task; what it shows of the operation and who sees it come from the
// copy of the operation.
func oeffne(tx *projections.Tx, e eventstore.Event, a antrag) {
	tx.Exec(`INSERT INTO aufgabe (id, art, aktion, stream_type, objekt_id, objekt, objekttyp, betrieb_id, betriebs_id, betrieb,
		betreiber_id, regionalstelle_id, beantragt_von, beantragt_am, status, position)
		SELECT $1, $2, $3, $4, $5, $6, $7, b.id, b.betriebs_id, b.bezeichnung, b.betreiber_id, b.regionalstelle_id, $8, $9, $10, $1
		FROM betrieb b WHERE b.id = $11`,
		e.Position, a.art, string(a.aktion), e.StreamType, a.objektID, a.objekt, a.objekttyp, akteur(e), e.RecordedAt, Offen, a.betriebID)
}

// schliesse records the decision of the open tasks of the kind on the object.
func schliesse(tx *projections.Tx, e eventstore.Event, art string, objektID int64, status, kommentar string) {
	tx.Exec(`UPDATE aufgabe SET status = $4, entschieden_von = $5, entschieden_am = $6, kommentar = $7, position = $8
		WHERE stream_type = $1 AND objekt_id = $2 AND art = $3 AND status = $9`,
		e.StreamType, objektID, art, status, akteur(e), e.RecordedAt, kommentar, e.Position, Offen)
}

func akteur(e eventstore.Event) string {
	if e.Metadata.ActorName != "" {
		return e.Metadata.ActorName
	}
	return "eAbwasser"
}

// betriebsdaten keeps the copy of the operation and its tasks (every kind, every state) in
// step: a new name, operator or Regionalstelle changes what they show and who sees them.
func betriebsdaten(tx *projections.Tx, id int64, d betrieb.Daten) {
	var rs *int64
	if d.RegionalstelleID != 0 {
		rs = &d.RegionalstelleID
	}
	tx.Exec(`UPDATE betrieb SET bezeichnung = $2, betreiber_id = $3, regionalstelle_id = $4 WHERE id = $1`,
		id, d.Bezeichnung, d.BetreiberID, rs)
	tx.Exec(aufgabenDesBetriebs, id)
}

const aufgabenDesBetriebs = `UPDATE aufgabe a SET betrieb = b.bezeichnung, betriebs_id = b.betriebs_id,
	betreiber_id = b.betreiber_id, regionalstelle_id = b.regionalstelle_id FROM betrieb b WHERE b.id = a.betrieb_id AND b.id = $1`

// betriebAufgaben: the operation's Freigabe (requested, requested again → decided) and its
// Stammdaten-Anträge (filed → adopted or rejected).
func betriebAufgaben(_ context.Context, tx *projections.Tx, e eventstore.Event, id int64) error {
	de, err := betrieb.Decode(e.Type, e.Data)
	if err != nil {
		return err
	}
	freigabe := antrag{art: BetriebFreigabe, aktion: berechtigung.BetriebFreigeben, objektID: id, betriebID: id}
	switch v := de.(type) {
	case betrieb.BetriebBeantragt:
		tx.Exec(`INSERT INTO betrieb (id, betriebs_id, bezeichnung, betreiber_id) VALUES ($1, $2, $3, $4)`,
			id, v.BetriebsID, v.Daten.Bezeichnung, v.Daten.BetreiberID)
		betriebsdaten(tx, id, v.Daten)
		oeffne(tx, e, freigabe)
	case betrieb.FreigabeErneutBeantragt:
		betriebsdaten(tx, id, v.Daten)
		oeffne(tx, e, freigabe)
	case betrieb.BetriebsdatenGeaendert:
		betriebsdaten(tx, id, v.Daten)
	case betrieb.BetriebGeaendert:
		betriebsdaten(tx, id, v.Daten)
	case betrieb.BetreiberUmgezogen:
		tx.Exec(`UPDATE betrieb SET betreiber_id = $2 WHERE id = $1`, id, v.NeuID)
		tx.Exec(aufgabenDesBetriebs, id)
	case betrieb.BetriebFreigegeben:
		schliesse(tx, e, BetriebFreigabe, id, Freigegeben, v.Kommentar)
	case betrieb.BetriebAbgewiesen:
		schliesse(tx, e, BetriebFreigabe, id, Abgewiesen, v.Kommentar)
	case betrieb.StammdatenAntragGestellt:
		oeffne(tx, e, antrag{art: Stammdatenantrag, aktion: berechtigung.AenderungsantragPruefen, objektID: id, betriebID: id})
	case betrieb.StammdatenAntragUebernommen:
		schliesse(tx, e, Stammdatenantrag, id, Uebernommen, "")
	case betrieb.StammdatenAntragAbgelehnt:
		schliesse(tx, e, Stammdatenantrag, id, Abgelehnt, "")
	}
	return nil
}

// anlageAufgaben: a plant's change request (filed → adopted or rejected).
func anlageAufgaben(ctx context.Context, tx *projections.Tx, e eventstore.Event, id int64) error {
	de, err := anlage.Decode(e.Type, e.Data)
	if err != nil {
		return err
	}
	switch v := de.(type) {
	case anlage.AnlageAngelegt:
		tx.Exec(`INSERT INTO anlage (id, betrieb_id, anlagentyp, bezeichnung) VALUES ($1, $2, $3, $4)`,
			id, v.BetriebID, v.Typ, v.Daten.Bezeichnung)
	case anlage.AnlageGeaendert:
		tx.Exec(`UPDATE anlage SET bezeichnung = $2 WHERE id = $1`, id, v.Daten.Bezeichnung)
		tx.Exec(`UPDATE aufgabe SET objekt = $3 WHERE stream_type = $1 AND objekt_id = $2`, e.StreamType, id, v.Daten.Bezeichnung)
	case anlage.AenderungsantragGestellt:
		var a antrag
		err := tx.QueryRow(ctx, `SELECT betrieb_id, anlagentyp, bezeichnung FROM anlage WHERE id = $1`, id).
			Scan(&a.betriebID, &a.objekttyp, &a.objekt)
		if err != nil {
			return err
		}
		a.art, a.aktion, a.objektID = AnlageAenderungsantrag, berechtigung.AenderungsantragPruefen, id
		oeffne(tx, e, a)
	case anlage.AenderungsantragUebernommen:
		schliesse(tx, e, AnlageAenderungsantrag, id, Uebernommen, "")
	case anlage.AenderungsantragAbgelehnt:
		schliesse(tx, e, AnlageAenderungsantrag, id, Abgelehnt, "")
	}
	return nil
}
