// Package arbeitsliste is the read model of the start page's worklists: one denormalised row
// per operation and per plant (later per measuring point and annual report) with the texts users filter,
// sort and search by, fed asynchronously from NATS by the projection runtime and rebuilt with
// `eabwasser projections rebuild arbeitsliste`. It keeps its own copies of the organisation
// names and value-list texts it shows, so a rebuild depends on nothing but the events.
package arbeitsliste

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"

	"github.com/eabwasser/eabwasser/domain/anlage"
	"github.com/eabwasser/eabwasser/domain/betrieb"
	"github.com/eabwasser/eabwasser/domain/organisation"
	"github.com/eabwasser/eabwasser/domain/werteliste"
	"github.com/eabwasser/eabwasser/eventstore"
	"github.com/eabwasser/eabwasser/projections"
)

// Name of the projection (and its schema).
const Name = "arbeitsliste"

const schema = `
CREATE TABLE organisation (id bigint PRIMARY KEY, bezeichnung text NOT NULL);
CREATE TABLE wert (id bigint PRIMARY KEY, liste text NOT NULL, schluessel text, wert text NOT NULL);
CREATE INDEX wert_schluessel ON wert (liste, schluessel);
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
);
CREATE INDEX betrieb_name ON betrieb (lower(bezeichnung), id);
CREATE INDEX betrieb_status_name ON betrieb (betriebsstatus, lower(bezeichnung), id);
CREATE INDEX betrieb_freigabe_name ON betrieb (freigabestatus, lower(bezeichnung), id);
CREATE INDEX betrieb_typ_name ON betrieb (betriebstyp, lower(bezeichnung), id);
CREATE INDEX betrieb_betreiber ON betrieb (betreiber_id);
CREATE INDEX betrieb_regionalstelle ON betrieb (regionalstelle_id);
CREATE INDEX betrieb_such ON betrieb USING gin (such gin_trgm_ops);
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
);
CREATE INDEX anlage_name ON anlage (lower(bezeichnung), id);
CREATE INDEX anlage_status_name ON anlage (anlagenstatus, lower(bezeichnung), id);
CREATE INDEX anlage_typ_name ON anlage (anlagentyp, lower(bezeichnung), id);
CREATE INDEX anlage_art_name ON anlage (anlagenart, lower(bezeichnung), id);
CREATE INDEX anlage_typ_status ON anlage (anlagentyp, anlagenstatus);
CREATE INDEX anlage_betrieb ON anlage (betrieb_id);
CREATE INDEX anlage_betreiber ON anlage (betreiber_id);
CREATE INDEX anlage_regionalstelle ON anlage (regionalstelle_id);
CREATE INDEX anlage_such ON anlage USING gin (such gin_trgm_ops);
`

// handlers apply the events of one stream type each. Later areas add theirs (anlage, messstelle,
// jahresbericht) with their tables in the schema above.
var handlers = map[string]projections.Handler{
	betrieb.StreamType:      betriebEreignis,
	anlage.StreamType:       anlageEreignis,
	organisation.StreamType: organisationEreignis,
	werteliste.StreamType:   wertEreignis,
}

// Projection is the worklist read model.
var Projection = projections.Projection{
	Name:   Name,
	Schema: schema,
	Apply:  projections.JeStreamtyp(handlers),
}

// texte fills the display texts of a row from the copies of names and value lists.
const texte = `UPDATE betrieb b SET
	betreiber = coalesce((SELECT bezeichnung FROM organisation WHERE id = b.betreiber_id), ''),
	betriebstyp_text = coalesce((SELECT wert FROM wert WHERE liste = 'betriebstyp' AND schluessel = b.betriebstyp), b.betriebstyp),
	betriebsstatus_text = coalesce((SELECT wert FROM wert WHERE liste = 'betriebsstatus' AND schluessel = b.betriebsstatus), b.betriebsstatus),
	regionalstelle = coalesce((SELECT wert FROM wert WHERE id = b.regionalstelle_id), '')
	WHERE `

func betriebEreignis(ctx context.Context, tx *projections.Tx, e eventstore.Event, id int64) error {
	de, err := betrieb.Decode(e.Type, e.Data)
	if err != nil {
		return err
	}
	daten := func(d betrieb.Daten) {
		var rs *int64
		if d.RegionalstelleID != 0 {
			rs = &d.RegionalstelleID
		}
		tx.Exec(`UPDATE betrieb SET bezeichnung = $2, betriebsstatus = $3, betreiber_id = $4, regionalstelle_id = $5,
			strasse = $6, hausnummer = $7, plz = $8, ort = $9, position = $10 WHERE id = $1`,
			id, d.Bezeichnung, d.Betriebsstatus, d.BetreiberID, rs, d.Adresse.Strasse, d.Adresse.Hausnummer, d.Adresse.Plz,
			d.Adresse.Ort, e.Position)
		tx.Exec(texte+`b.id = $1`, id)
		tx.Exec(anlagenDesBetriebs+`a.betrieb_id = $1`, id)
	}
	switch v := de.(type) {
	case betrieb.BetriebBeantragt:
		tx.Exec(`INSERT INTO betrieb (id, betriebs_id, bezeichnung, betriebstyp, betriebsstatus, freigabestatus, betreiber_id, position)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`, id, v.BetriebsID, v.Daten.Bezeichnung, v.Betriebstyp, v.Daten.Betriebsstatus,
			betrieb.Beantragt, v.Daten.BetreiberID, e.Position)
		daten(v.Daten)
	case betrieb.FreigabeErneutBeantragt:
		tx.Exec(`UPDATE betrieb SET freigabestatus = $2 WHERE id = $1`, id, betrieb.Beantragt)
		daten(v.Daten)
	case betrieb.BetriebsdatenGeaendert:
		daten(v.Daten)
	case betrieb.BetriebGeaendert:
		daten(v.Daten)
	case betrieb.BetriebFreigegeben:
		tx.Exec(`UPDATE betrieb SET freigabestatus = $2, position = $3 WHERE id = $1`, id, betrieb.Freigegeben, e.Position)
	case betrieb.BetriebAbgewiesen:
		tx.Exec(`UPDATE betrieb SET freigabestatus = $2, position = $3 WHERE id = $1`, id, betrieb.Abgewiesen, e.Position)
	case betrieb.BetreiberUmgezogen:
		tx.Exec(`UPDATE betrieb SET betreiber_id = $2, position = $3 WHERE id = $1`, id, v.NeuID, e.Position)
		tx.Exec(texte+`b.id = $1`, id)
		tx.Exec(anlagenDesBetriebs+`a.betrieb_id = $1`, id)
	case betrieb.StammdatenAntragGestellt:
		tx.Exec(`UPDATE betrieb SET antrag_offen = true, position = $2 WHERE id = $1`, id, e.Position)
	case betrieb.StammdatenAntragUebernommen, betrieb.StammdatenAntragAbgelehnt:
		tx.Exec(`UPDATE betrieb SET antrag_offen = false, position = $2 WHERE id = $1`, id, e.Position)
	}
	return nil
}

// anlagenDesBetriebs copies the operation's name and visibility columns into its plants' rows
// (a plant is visible to whom its operation is).
const anlagenDesBetriebs = `UPDATE anlage a SET betrieb = b.bezeichnung, ort = b.ort, betreiber_id = b.betreiber_id,
	regionalstelle_id = b.regionalstelle_id FROM betrieb b WHERE b.id = a.betrieb_id AND `

func anlageEreignis(ctx context.Context, tx *projections.Tx, e eventstore.Event, id int64) error {
	de, err := anlage.Decode(e.Type, e.Data)
	if err != nil {
		return err
	}
	switch v := de.(type) {
	case anlage.AnlageAngelegt:
		d := v.Daten
		tx.Exec(`INSERT INTO anlage (id, bezeichnung, anlagentyp, anlagenart, anlagenstatus, betrieb_id, position)
			VALUES ($1, $2, $3, $4, $5, $6, $7)`, id, d.Bezeichnung, v.Typ, d.Anlagenart, d.Anlagenstatus, v.BetriebID, e.Position)
		tx.Exec(anlagenDesBetriebs+`a.id = $1`, id)
	case anlage.AnlageGeaendert:
		d := v.Daten
		tx.Exec(`UPDATE anlage SET bezeichnung = $2, anlagenart = $3, anlagenstatus = $4, position = $5 WHERE id = $1`,
			id, d.Bezeichnung, d.Anlagenart, d.Anlagenstatus, e.Position)
	case anlage.AnlageStillgelegt:
		tx.Exec(`UPDATE anlage SET anlagenstatus = $2, position = $3 WHERE id = $1`, id, anlage.Stillgelegt, e.Position)
	case anlage.AenderungsantragGestellt:
		tx.Exec(`UPDATE anlage SET antrag_offen = true, position = $2 WHERE id = $1`, id, e.Position)
	case anlage.AenderungsantragUebernommen, anlage.AenderungsantragAbgelehnt:
		tx.Exec(`UPDATE anlage SET antrag_offen = false, position = $2 WHERE id = $1`, id, e.Position)
	}
	return nil
}

func organisationEreignis(ctx context.Context, tx *projections.Tx, e eventstore.Event, id int64) error {
	de, err := organisation.Decode(e.Type, e.Data)
	if err != nil {
		return err
	}
	var name string
	switch v := de.(type) {
	case organisation.OrganisationAngelegt:
		name = v.Bezeichnung
	case organisation.OrganisationGeaendert:
		name = v.Bezeichnung
	case organisation.OrganisationGeloescht:
		tx.Exec(`DELETE FROM organisation WHERE id = $1`, id)
		return nil
	default:
		return nil
	}
	tx.Exec(`INSERT INTO organisation (id, bezeichnung) VALUES ($1, $2) ON CONFLICT (id) DO UPDATE SET bezeichnung = $2`, id, name)
	tx.Exec(`UPDATE betrieb SET betreiber = $2 WHERE betreiber_id = $1`, id, name)
	return nil
}

// gezeigt are the value lists whose texts the worklists show (the column of the operations'
// rows), and the Verwaltungseinheiten the plants worklist filters by (no column).
var gezeigt = map[string]string{"betriebstyp": "betriebstyp_text", "betriebsstatus": "betriebsstatus_text", "regionalstelle": "regionalstelle",
	"verwaltungseinheit": ""}

func wertEreignis(ctx context.Context, tx *projections.Tx, e eventstore.Event, id int64) error {
	de, err := werteliste.Decode(e.Type, e.Data)
	if err != nil {
		return err
	}
	switch v := de.(type) {
	case werteliste.EintragAngelegt:
		if _, ok := gezeigt[v.Liste]; !ok {
			return nil
		}
		var schluessel *string
		if v.Schluessel != "" {
			schluessel = &v.Schluessel
		}
		tx.Exec(`INSERT INTO wert (id, liste, schluessel, wert) VALUES ($1, $2, $3, $4)`, id, v.Liste, schluessel, v.Wert)
	case werteliste.EintragGeaendert:
		if v.Wert == "" {
			return nil
		}
		var liste string
		err := tx.QueryRow(ctx, `SELECT liste FROM wert WHERE id = $1`, id).Scan(&liste)
		if errors.Is(err, pgx.ErrNoRows) {
			return nil // a list the worklists do not show
		}
		if err != nil {
			return err
		}
		tx.Exec(`UPDATE wert SET wert = $2 WHERE id = $1`, id, v.Wert)
		spalte := gezeigt[liste]
		if spalte == "" {
			return nil
		}
		if liste == "regionalstelle" {
			tx.Exec(fmt.Sprintf(`UPDATE betrieb SET %s = $2 WHERE regionalstelle_id = $1`, spalte), id, v.Wert)
		} else {
			tx.Exec(fmt.Sprintf(`UPDATE betrieb SET %s = $2 WHERE %s = (SELECT schluessel FROM wert WHERE id = $1)`,
				spalte, map[string]string{"betriebstyp": "betriebstyp", "betriebsstatus": "betriebsstatus"}[liste]), id, v.Wert)
		}
	case werteliste.EintragGeloescht:
		tx.Exec(`DELETE FROM wert WHERE id = $1`, id)
	}
	return nil
}
