package arbeitsliste_test

// The worklist as it was applied before the batch contract (one event at a time, with SQL
// UPDATEs; projections/arbeitsliste/arbeitsliste.go at commit 879d0ba): the reference the
// batched projection must reproduce row by row.

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
	"github.com/eabwasser/eabwasser/projections/arbeitsliste"
)

// altTx queues statements and sends them when a query needs their effect, as the old
// projections.Tx did.
type altTx struct {
	tx    pgx.Tx
	batch *pgx.Batch
}

func (t *altTx) Exec(sql string, args ...any) { t.batch.Queue(sql, args...) }

func (t *altTx) flush(ctx context.Context) error {
	if t.batch.Len() == 0 {
		return nil
	}
	b := t.batch
	t.batch = &pgx.Batch{}
	return t.tx.SendBatch(ctx, b).Close()
}

func (t *altTx) QueryRow(ctx context.Context, sql string, args ...any) pgx.Row {
	if err := t.flush(ctx); err != nil {
		return fehlerZeile{err}
	}
	return t.tx.QueryRow(ctx, sql, args...)
}

type fehlerZeile struct{ err error }

func (r fehlerZeile) Scan(...any) error { return r.err }

// altAufbauen builds the worklist with the old code into schema (created anew with the
// projection's DDL) from the whole log, in one transaction.
func altAufbauen(ctx context.Context, store *eventstore.Store, schema string) error {
	return pgx.BeginFunc(ctx, store.Pool(), func(tx pgx.Tx) error {
		for _, sql := range []string{fmt.Sprintf(`DROP SCHEMA IF EXISTS %q CASCADE`, schema), fmt.Sprintf(`CREATE SCHEMA %q`, schema),
			fmt.Sprintf(`SET LOCAL search_path TO %q, public`, schema), arbeitsliste.Projection.Schema, arbeitsliste.Projection.Indexe} {
			if _, err := tx.Exec(ctx, sql); err != nil {
				return err
			}
		}
		t := &altTx{tx: tx, batch: &pgx.Batch{}}
		handlers := map[string]func(context.Context, *altTx, eventstore.Event, int64) error{
			betrieb.StreamType: altBetrieb, anlage.StreamType: altAnlage, organisation.StreamType: altOrganisation,
			werteliste.StreamType: altWert,
		}
		var cp eventstore.Cursor
		for {
			events, err := eventstore.ReadAll(ctx, tx, store, cp, 10000)
			if err != nil || len(events) == 0 {
				return err
			}
			for _, e := range events {
				cp = e.Cursor()
				h, ok := handlers[e.StreamType]
				if !ok {
					continue
				}
				id, err := eventstore.AggregatID(e.StreamID)
				if err != nil {
					return err
				}
				if err := h(ctx, t, e, id); err != nil {
					return fmt.Errorf("event %d (%s): %w", e.Position, e.Type, err)
				}
			}
			if err := t.flush(ctx); err != nil {
				return fmt.Errorf("bis event %d: %w", cp.Position, err)
			}
		}
	})
}

const altTexte = `UPDATE betrieb b SET
	betreiber = coalesce((SELECT bezeichnung FROM organisation WHERE id = b.betreiber_id), ''),
	betriebstyp_text = coalesce((SELECT wert FROM wert WHERE liste = 'betriebstyp' AND schluessel = b.betriebstyp), b.betriebstyp),
	betriebsstatus_text = coalesce((SELECT wert FROM wert WHERE liste = 'betriebsstatus' AND schluessel = b.betriebsstatus), b.betriebsstatus),
	regionalstelle = coalesce((SELECT wert FROM wert WHERE id = b.regionalstelle_id), '')
	WHERE `

const altAnlagenDesBetriebs = `UPDATE anlage a SET betrieb = b.bezeichnung, ort = b.ort, betreiber_id = b.betreiber_id,
	regionalstelle_id = b.regionalstelle_id FROM betrieb b WHERE b.id = a.betrieb_id AND `

func altBetrieb(ctx context.Context, tx *altTx, e eventstore.Event, id int64) error {
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
		tx.Exec(altTexte+`b.id = $1`, id)
		tx.Exec(altAnlagenDesBetriebs+`a.betrieb_id = $1`, id)
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
		tx.Exec(altTexte+`b.id = $1`, id)
		tx.Exec(altAnlagenDesBetriebs+`a.betrieb_id = $1`, id)
	case betrieb.StammdatenAntragGestellt:
		tx.Exec(`UPDATE betrieb SET antrag_offen = true, position = $2 WHERE id = $1`, id, e.Position)
	case betrieb.StammdatenAntragUebernommen, betrieb.StammdatenAntragAbgelehnt:
		tx.Exec(`UPDATE betrieb SET antrag_offen = false, position = $2 WHERE id = $1`, id, e.Position)
	}
	return nil
}

func altAnlage(ctx context.Context, tx *altTx, e eventstore.Event, id int64) error {
	de, err := anlage.Decode(e.Type, e.Data)
	if err != nil {
		return err
	}
	switch v := de.(type) {
	case anlage.AnlageAngelegt:
		d := v.Daten
		tx.Exec(`INSERT INTO anlage (id, bezeichnung, anlagentyp, anlagenart, anlagenstatus, betrieb_id, position)
			VALUES ($1, $2, $3, $4, $5, $6, $7)`, id, d.Bezeichnung, v.Typ, d.Anlagenart, d.Anlagenstatus, v.BetriebID, e.Position)
		tx.Exec(altAnlagenDesBetriebs+`a.id = $1`, id)
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

func altOrganisation(ctx context.Context, tx *altTx, e eventstore.Event, id int64) error {
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

var altGezeigt = map[string]string{"betriebstyp": "betriebstyp_text", "betriebsstatus": "betriebsstatus_text", "regionalstelle": "regionalstelle",
	"verwaltungseinheit": ""}

func altWert(ctx context.Context, tx *altTx, e eventstore.Event, id int64) error {
	de, err := werteliste.Decode(e.Type, e.Data)
	if err != nil {
		return err
	}
	switch v := de.(type) {
	case werteliste.EintragAngelegt:
		if _, ok := altGezeigt[v.Liste]; !ok {
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
			return nil
		}
		if err != nil {
			return err
		}
		tx.Exec(`UPDATE wert SET wert = $2 WHERE id = $1`, id, v.Wert)
		spalte := altGezeigt[liste]
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
