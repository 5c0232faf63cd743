// Package betrieb is the current-state document of operations (table betrieb), written inline
// with their events, and the queries over it: load one, the visibility rule, the names a
// duplicate check compares with, and the operations of an operator.
package betrieb

import (
	"context"
	"encoding/json"
	"errors"
	"strings"

	"github.com/jackc/pgx/v5"

	"github.com/eabwasser/eabwasser/domain/betrieb"
	"github.com/eabwasser/eabwasser/domain/validierung"
	"github.com/eabwasser/eabwasser/eventstore"
	"github.com/eabwasser/eabwasser/internal/dokumente/wertelisten"
	"github.com/eabwasser/eabwasser/internal/zugriff"
)

// Schreibe writes an operation's state (eventstore.Dokument).
func Schreibe(ctx context.Context, tx pgx.Tx, id int64, b betrieb.Betrieb, version int) error {
	d := b.Daten
	daten, err := json.Marshal(d)
	if err != nil {
		return err
	}
	var antrag []byte
	if b.Antrag != nil {
		if antrag, err = json.Marshal(b.Antrag); err != nil {
			return err
		}
	}
	var regionalstelle *int64
	if d.RegionalstelleID != 0 {
		regionalstelle = &d.RegionalstelleID
	}
	_, err = tx.Exec(ctx, `INSERT INTO betrieb (id, betriebs_id, bezeichnung, betriebstyp, betriebsstatus, freigabestatus,
		freigabe_kommentar, betreiber_id, regionalstelle_id, strasse, plz, ort, letzter_beginn, daten, antrag, version, vorbetreiber)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17)
		ON CONFLICT (id) DO UPDATE SET betriebs_id = $2, bezeichnung = $3, betriebstyp = $4, betriebsstatus = $5,
		freigabestatus = $6, freigabe_kommentar = $7, betreiber_id = $8, regionalstelle_id = $9, strasse = $10, plz = $11,
		ort = $12, letzter_beginn = $13, daten = $14, antrag = $15, version = $16, vorbetreiber = $17`,
		id, b.BetriebsID, d.Bezeichnung, b.Betriebstyp, d.Betriebsstatus, b.Freigabestatus, b.FreigabeKommentar,
		d.BetreiberID, regionalstelle, d.Adresse.Strasse, d.Adresse.Plz, d.Adresse.Ort, b.LetzterBeginn, daten, antrag, version,
		vorbetreiberSpalte(b.Vorbetreiber))
	if err != nil {
		return err
	}
	// the plants' mark for the pickers of the plant network (internal/dokumente/anlage)
	_, err = tx.Exec(ctx, `UPDATE anlage SET kommunal_aktiv = $2 WHERE betrieb_id = $1 AND kommunal_aktiv <> $2`, id, b.KommunalAktiv())
	return err
}

const spalten = `betriebs_id, betriebstyp, freigabestatus, freigabe_kommentar, letzter_beginn, daten, antrag, version, vorbetreiber`

// vorbetreiberSpalte is the column's value of the previous operators (never NULL).
func vorbetreiberSpalte(ids []int64) []int64 {
	if ids == nil {
		return []int64{}
	}
	return ids
}

// Laden reads an operation's current state and version; validierung.NichtGefunden when there
// is none.
func Laden(ctx context.Context, q eventstore.Querier, id int64) (betrieb.Betrieb, int, error) {
	return laden(q.QueryRow(ctx, `SELECT `+spalten+` FROM betrieb WHERE id = $1`, id))
}

// LadenZurAnlage is Laden of the operation of plant anlageID (in one query, without the plant).
func LadenZurAnlage(ctx context.Context, q eventstore.Querier, anlageID int64) (betrieb.Betrieb, int, error) {
	return laden(q.QueryRow(ctx, `SELECT `+spalten+` FROM betrieb WHERE id = (SELECT betrieb_id FROM anlage WHERE id = $1)`, anlageID))
}

// Stand is the operation's state and version as the command handler starts from it
// (eventstore.Stand): the document holds the whole state. found is false without a document.
func Stand(ctx context.Context, q eventstore.Querier, id int64) (betrieb.Betrieb, int, bool, error) {
	b, version, err := Laden(ctx, q, id)
	if errors.Is(err, validierung.NichtGefunden) {
		return betrieb.Betrieb{}, 0, false, nil
	}
	return b, version, err == nil, err
}

func laden(row pgx.Row) (betrieb.Betrieb, int, error) {
	var b betrieb.Betrieb
	var daten, antrag []byte
	var version int
	err := row.Scan(&b.BetriebsID, &b.Betriebstyp, &b.Freigabestatus, &b.FreigabeKommentar, &b.LetzterBeginn, &daten,
		&antrag, &version, &b.Vorbetreiber)
	if errors.Is(err, pgx.ErrNoRows) {
		return b, 0, validierung.NichtGefunden
	}
	if err != nil {
		return b, 0, err
	}
	b.Existiert = true
	if len(b.Vorbetreiber) == 0 {
		b.Vorbetreiber = nil
	}
	if err := json.Unmarshal(daten, &b.Daten); err != nil {
		return b, 0, err
	}
	if antrag != nil {
		b.Antrag = &betrieb.StammdatenAntrag{}
		if err := json.Unmarshal(antrag, b.Antrag); err != nil {
			return b, 0, err
		}
	}
	return b, version, nil
}

// Sicht is the visibility of a caller (internal/zugriff, where it is resolved).
type Sicht = zugriff.Sicht

// Objektart is how lists see what hangs on an operation (its reminders, files, messages): the
// operation document carries the visibility columns itself (zugriff.RegistriereObjektart).
var Objektart = zugriff.Objektart{Von: "public.betrieb o", ID: "o.id", Spalten: zugriff.Betriebsspalten("o.")}

// Sieht reports whether the Sicht includes operation id.
func Sieht(ctx context.Context, q eventstore.Querier, s Sicht, id int64) (bool, error) {
	args := []any{id}
	var ok bool
	err := q.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM betrieb WHERE id = $1 AND `+
		s.Bedingung(zugriff.Betriebsspalten(""), zugriff.Platzhalter(&args))+`)`, args...).Scan(&ok)
	return ok, err
}

// LadenSichtbar is Laden of an operation the Sicht includes, in one query; any other is
// validierung.NichtGefunden.
func LadenSichtbar(ctx context.Context, q eventstore.Querier, s Sicht, id int64) (betrieb.Betrieb, int, error) {
	args := []any{id}
	return laden(q.QueryRow(ctx, `SELECT `+spalten+` FROM betrieb WHERE id = $1 AND `+
		s.Bedingung(zugriff.Betriebsspalten(""), zugriff.Platzhalter(&args)), args...))
}

// Aehnliche lists the names of operations of the same operator or at the same address (the
// candidates of the duplicate check), without except.
func Aehnliche(ctx context.Context, q eventstore.Querier, betreiberID int64, a betrieb.Adresse, except int64) ([]string, error) {
	rows, err := q.Query(ctx, `SELECT bezeichnung FROM betrieb WHERE id <> $4 AND (betreiber_id = $1
		OR (lower(plz) = lower($2) AND lower(strasse) = lower($3)))`, betreiberID, strings.TrimSpace(a.Plz),
		strings.TrimSpace(a.Strasse), except)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowTo[string])
}

// Unbekannte lists those of ids that name no operation, in order.
func Unbekannte(ctx context.Context, q eventstore.Querier, ids []int64) ([]int64, error) {
	if len(ids) == 0 {
		return nil, nil
	}
	rows, err := q.Query(ctx, `SELECT i FROM unnest($1::bigint[]) AS i WHERE NOT EXISTS (SELECT 1 FROM betrieb WHERE id = i) ORDER BY i`, ids)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowTo[int64])
}

// DesBetreibers lists the ids of the operations an organisation operates.
func DesBetreibers(ctx context.Context, q eventstore.Querier, organisationID int64) ([]int64, error) {
	rows, err := q.Query(ctx, `SELECT id FROM betrieb WHERE betreiber_id = $1 ORDER BY id`, organisationID)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowTo[int64])
}

// Referenzen: operations refer to value-list entries — the Regionalstelle by id, the lookups
// of the forms by their text. A referenced entry cannot be deleted (the area's Setup registers
// them with wertelisten.RegistriereReferenz).
var Referenzen = []wertelisten.Referenz{
	{Liste: "regionalstelle", Von: "betrieb.regionalstelle_id", SQL: `SELECT 1 FROM betrieb WHERE regionalstelle_id = $1`},
	{Liste: "haupttaetigkeit", Von: "betrieb.haupttaetigkeit", NachWert: true, SQL: `SELECT 1 FROM betrieb WHERE daten->>'haupttaetigkeit' = $1`},
	{Liste: "nace-code", Von: "betrieb.nace-code", NachWert: true, SQL: `SELECT 1 FROM betrieb WHERE daten->>'nacecode' = $1`},
	produktion("taetigkeit", "taetigkeiten"),
	produktion("produktbezeichnung", "produktbezeichnungen"),
	produktion("produktionsverfahren", "produktionsverfahren"),
	produktion("produktionsart", "produktionsarten"),
	{Liste: "zustaendigkeit-person", Von: "betrieb.zustaendigePersonen", NachWert: true,
		SQL: `SELECT 1 FROM betrieb, jsonb_array_elements(coalesce(daten->'zustaendigePersonen', '[]')) p WHERE p->'zustaendig' ? $1`},
}

func produktion(liste, pfad string) wertelisten.Referenz {
	return wertelisten.Referenz{Liste: liste, Von: "betrieb.produktion." + pfad, NachWert: true,
		SQL: `SELECT 1 FROM betrieb WHERE daten->'produktion'->'` + pfad + `' ? $1`}
}

// IDZurNummer is the id of the operation with the Betriebs-Nr. (any case).
func IDZurNummer(ctx context.Context, q eventstore.Querier, nr string) (int64, bool, error) {
	var id int64
	err := q.QueryRow(ctx, `SELECT id FROM betrieb WHERE lower(betriebs_id) = lower($1) ORDER BY id LIMIT 1`, nr).Scan(&id)
	if errors.Is(err, pgx.ErrNoRows) {
		return 0, false, nil
	}
	return id, err == nil, err
}
