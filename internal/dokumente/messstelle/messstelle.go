// Package messstelle is the current-state document of measuring points (table messstelle),
// written inline with their events, and the queries over it. A measuring point is visible to
// those who see its operation: the queries join the operation's document and filter with its
// columns (zugriff.Sicht), as plants do. The unique index on the number (messstellen_id)
// decides the race of two requests for one number: the second one's insert fails (Vergeben).
package messstelle

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"github.com/eabwasser/eabwasser/domain/messstelle"
	"github.com/eabwasser/eabwasser/domain/validierung"
	"github.com/eabwasser/eabwasser/eventstore"
	"github.com/eabwasser/eabwasser/internal/dokumente/wertelisten"
	"github.com/eabwasser/eabwasser/internal/zugriff"
)

// Nummernindex is the unique index of the numbers (migration 00016).
const Nummernindex = "messstelle_messstellen_id"

// Schreibe writes a measuring point's state (eventstore.Dokument).
func Schreibe(ctx context.Context, tx pgx.Tx, id int64, m messstelle.Messstelle, version int) error {
	d := m.Daten
	daten, err := json.Marshal(d)
	if err != nil {
		return err
	}
	_, err = tx.Exec(ctx, `INSERT INTO messstelle (id, anlage_id, betrieb_id, messstellen_id, bezeichnung, messstellentyp,
		messstellenstatus, freigabestatus, freigabe_kommentar, antragsteller, letzter_beginn, daten, version)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
		ON CONFLICT (id) DO UPDATE SET anlage_id = $2, betrieb_id = $3, messstellen_id = $4, bezeichnung = $5,
		messstellentyp = $6, messstellenstatus = $7, freigabestatus = $8, freigabe_kommentar = $9, antragsteller = $10,
		letzter_beginn = $11, daten = $12, version = $13`,
		id, m.AnlageID, m.BetriebID, m.MessstellenID, d.Bezeichnung, d.Messstellentyp, d.Messstellenstatus,
		m.Freigabestatus, m.FreigabeKommentar, m.Antragsteller, m.LetzterBeginn, daten, version)
	return err
}

// Vergeben reports whether err is the unique index of the numbers refusing a second point
// with the same number (the race two requests for one number run).
func Vergeben(err error) bool {
	var pg *pgconn.PgError
	return errors.As(err, &pg) && pg.Code == "23505" && pg.ConstraintName == Nummernindex
}

const spalten = `m.anlage_id, m.betrieb_id, m.messstellen_id, m.freigabestatus, m.freigabe_kommentar, m.antragsteller,
	m.letzter_beginn, m.daten, m.version`

// Stand is the measuring point's state and version as the command handler starts from it
// (eventstore.Stand): the document holds the whole state.
func Stand(ctx context.Context, q eventstore.Querier, id int64) (messstelle.Messstelle, int, bool, error) {
	m, version, err := laden(q.QueryRow(ctx, `SELECT `+spalten+` FROM messstelle m WHERE m.id = $1`, id))
	if errors.Is(err, validierung.NichtGefunden) {
		return messstelle.Messstelle{}, 0, false, nil
	}
	return m, version, err == nil, err
}

// Objektart is how lists see what hangs on a measuring point (its reminders, files, messages):
// through its operation, as the point itself (zugriff.RegistriereObjektart).
var Objektart = zugriff.Objektart{Von: "public.messstelle o JOIN public.betrieb ob ON ob.id = o.betrieb_id", ID: "o.id",
	Spalten: zugriff.Betriebsspalten("ob.")}

// sichtbar is the join and condition that limit measuring points to those whose operation the
// Sicht includes; args receives the condition's arguments.
func sichtbar(s zugriff.Sicht, args *[]any) string {
	return ` JOIN betrieb b ON b.id = m.betrieb_id WHERE ` + s.Bedingung(zugriff.Betriebsspalten("b."), zugriff.Platzhalter(args))
}

// LadenSichtbar reads a measuring point the Sicht includes (through its operation) with its
// version; any other is validierung.NichtGefunden.
func LadenSichtbar(ctx context.Context, q eventstore.Querier, s zugriff.Sicht, id int64) (messstelle.Messstelle, int, error) {
	args := []any{id}
	return laden(q.QueryRow(ctx, `SELECT `+spalten+` FROM messstelle m`+sichtbar(s, &args)+` AND m.id = $1`, args...))
}

func laden(row pgx.Row) (messstelle.Messstelle, int, error) {
	var m messstelle.Messstelle
	var daten []byte
	var version int
	err := row.Scan(&m.AnlageID, &m.BetriebID, &m.MessstellenID, &m.Freigabestatus, &m.FreigabeKommentar, &m.Antragsteller,
		&m.LetzterBeginn, &daten, &version)
	if errors.Is(err, pgx.ErrNoRows) {
		return m, 0, validierung.NichtGefunden
	}
	if err != nil {
		return m, 0, err
	}
	m.Existiert = true
	return m, version, json.Unmarshal(daten, &m.Daten)
}

// NummerVergeben reports whether a measuring point has the number nr (any point: the number
// is unique across all, whoever sees them).
func NummerVergeben(ctx context.Context, q eventstore.Querier, nr string) (bool, error) {
	var ja bool
	err := q.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM messstelle WHERE messstellen_id = $1)`, nr).Scan(&ja)
	return ja, err
}

// VergebeneMitPrefix are the numbers taken that start with prefix (the number proposal).
func VergebeneMitPrefix(ctx context.Context, q eventstore.Querier, prefix string) (map[string]bool, error) {
	rows, err := q.Query(ctx, `SELECT messstellen_id FROM messstelle WHERE messstellen_id LIKE $1 || '%'`, prefix)
	if err != nil {
		return nil, err
	}
	nrn, err := pgx.CollectRows(rows, pgx.RowTo[string])
	out := make(map[string]bool, len(nrn))
	for _, n := range nrn {
		out[n] = true
	}
	return out, err
}

// Zeile is a measuring point in a list: of a plant (uebersicht) or of an operation.
type Zeile struct {
	ID                int64    `json:"id"`
	MessstellenID     string   `json:"messstellenId"`
	Bezeichnung       string   `json:"bezeichnung"`
	Messstellentyp    string   `json:"messstellentyp"`
	Messstellenstatus string   `json:"messstellenstatus"`
	Freigabestatus    string   `json:"freigabestatus"`
	Anlage            *Verweis `json:"anlage,omitempty"`
}

// Verweis names a plant ({id, bezeichnung}).
type Verweis struct {
	ID          int64  `json:"id"`
	Bezeichnung string `json:"bezeichnung"`
}

// Filter of a list: the points of a plant or of an operation.
type Filter struct {
	AnlageID  int64
	BetriebID int64
}

// Liste lists the measuring points the Sicht includes that match f, by number; the rows of an
// operation's list name their plant.
func Liste(ctx context.Context, q eventstore.Querier, s zugriff.Sicht, f Filter) ([]Zeile, error) {
	args := []any{}
	arg := zugriff.Platzhalter(&args)
	sql := `SELECT m.id, m.messstellen_id, m.bezeichnung, m.messstellentyp, m.messstellenstatus, m.freigabestatus,
		m.anlage_id, COALESCE(a.bezeichnung, '')
		FROM messstelle m LEFT JOIN anlage a ON a.id = m.anlage_id` + sichtbar(s, &args)
	if f.AnlageID != 0 {
		sql += ` AND m.anlage_id = ` + arg(f.AnlageID)
	}
	if f.BetriebID != 0 {
		sql += ` AND m.betrieb_id = ` + arg(f.BetriebID)
	}
	sql += ` ORDER BY m.messstellen_id, m.id`
	rows, err := q.Query(ctx, sql, args...)
	if err != nil {
		return nil, err
	}
	out, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (Zeile, error) {
		var z Zeile
		var a Verweis
		err := r.Scan(&z.ID, &z.MessstellenID, &z.Bezeichnung, &z.Messstellentyp, &z.Messstellenstatus, &z.Freigabestatus,
			&a.ID, &a.Bezeichnung)
		if f.BetriebID != 0 {
			z.Anlage = &a
		}
		return z, err
	})
	if out == nil {
		out = []Zeile{}
	}
	return out, err
}

// DerAnlagen lists the ids of the measuring points of the plants that are not shut down yet.
func DerAnlagen(ctx context.Context, q eventstore.Querier, anlagen []int64) ([]int64, error) {
	rows, err := q.Query(ctx, `SELECT id FROM messstelle WHERE anlage_id = ANY($1) AND messstellenstatus <> $2 ORDER BY id`,
		anlagen, messstelle.Stillgelegt)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowTo[int64])
}

// DesBetriebs lists the ids of an operation's measuring points that are not shut down yet.
func DesBetriebs(ctx context.Context, q eventstore.Querier, betriebID int64) ([]int64, error) {
	rows, err := q.Query(ctx, `SELECT id FROM messstelle WHERE betrieb_id = $1 AND messstellenstatus <> $2 ORDER BY id`,
		betriebID, messstelle.Stillgelegt)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowTo[int64])
}

// Referenzen: measuring points refer to value-list entries by their text (the selects of the
// form). A referenced entry cannot be deleted (the area's Setup registers them).
var Referenzen = []wertelisten.Referenz{
	{Liste: "messstelle-abwasserart", Von: "messstelle.anhang.abwasserart", NachWert: true,
		SQL: `SELECT 1 FROM messstelle WHERE daten->'anhang'->>'abwasserart' = $1`},
	{Liste: "anhang-abwv", Von: "messstelle.anhang.anhangAbwasserverordnung", NachWert: true,
		SQL: `SELECT 1 FROM messstelle WHERE daten->'anhang'->>'anhangAbwasserverordnung' = $1`},
	{Liste: "behoerde", Von: "messstelle.zustaendigeBehoerde", NachWert: true,
		SQL: `SELECT 1 FROM messstelle WHERE daten->>'zustaendigeBehoerde' = $1`},
	{Liste: "behoerde", Von: "messstelle.zugehoerigeBehoerden", NachWert: true,
		SQL: `SELECT 1 FROM messstelle WHERE daten->'zugehoerigeBehoerden' ? $1`},
	{Liste: "messstellenzustaendigkeit", Von: "messstelle.limsBerechtigte", NachWert: true,
		SQL: `SELECT 1 FROM messstelle WHERE daten->'limsBerechtigte' ? $1`},
	{Liste: "pegel", Von: "messstelle.einleitstelle.pegel", NachWert: true,
		SQL: `SELECT 1 FROM messstelle WHERE daten->'einleitstelle'->>'pegel' = $1`},
}

// AnlageZeile is a plant a measuring point hangs on.
type AnlageZeile struct {
	ID          int64  `json:"id"`
	Bezeichnung string `json:"bezeichnung"`
	Anlagentyp  string `json:"anlagentyp"`
}

// AnlagenZurNummer lists the plants the Sicht includes on which the measuring point with
// number nr hangs (none when there is none).
func AnlagenZurNummer(ctx context.Context, q eventstore.Querier, s zugriff.Sicht, nr string) ([]AnlageZeile, error) {
	args := []any{nr}
	rows, err := q.Query(ctx, `SELECT a.id, a.bezeichnung, a.anlagentyp FROM messstelle m JOIN anlage a ON a.id = m.anlage_id`+
		sichtbar(s, &args)+` AND m.messstellen_id = $1 ORDER BY a.bezeichnung, a.id`, args...)
	if err != nil {
		return nil, err
	}
	out, err := pgx.CollectRows(rows, pgx.RowToStructByPos[AnlageZeile])
	if out == nil {
		out = []AnlageZeile{}
	}
	return out, err
}

// Kandidat is a measuring point as a Bescheid names it ({id, messstellenId, bezeichnung,
// messstellentyp, anlage}).
type Kandidat struct {
	ID             int64   `json:"id"`
	MessstellenID  string  `json:"messstellenId"`
	Bezeichnung    string  `json:"bezeichnung"`
	Messstellentyp string  `json:"messstellentyp"`
	Anlage         Verweis `json:"anlage"`
}

const kandidatSpalten = `SELECT m.id, m.messstellen_id, m.bezeichnung, m.messstellentyp, m.anlage_id, COALESCE(a.bezeichnung, '')
	FROM messstelle m LEFT JOIN anlage a ON a.id = m.anlage_id `

func kandidaten(rows pgx.Rows, err error) ([]Kandidat, error) {
	if err != nil {
		return nil, err
	}
	out, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (Kandidat, error) {
		var k Kandidat
		return k, r.Scan(&k.ID, &k.MessstellenID, &k.Bezeichnung, &k.Messstellentyp, &k.Anlage.ID, &k.Anlage.Bezeichnung)
	})
	if out == nil {
		out = []Kandidat{}
	}
	return out, err
}

// Zuordenbar lists the measuring points of operation betriebID that a Bescheid may name: those
// whose Freigabe is FREIGEGEBEN and that are not shut down; nurAbgaberelevant keeps those
// relevant for the wastewater levy (the two declarations under the AbwAG), by number.
func Zuordenbar(ctx context.Context, q eventstore.Querier, betriebID int64, nurAbgaberelevant bool) ([]Kandidat, error) {
	rows, err := q.Query(ctx, kandidatSpalten+`WHERE m.betrieb_id = $1 AND m.freigabestatus = $2 AND m.messstellenstatus <> $3
		AND (NOT $4 OR COALESCE((m.daten->>'abgabeRelevant')::boolean, false)) ORDER BY m.messstellen_id, m.id`,
		betriebID, messstelle.Freigegeben, messstelle.Stillgelegt, nurAbgaberelevant)
	return kandidaten(rows, err)
}

// Kandidaten are the measuring points ids (any status), by number.
func Kandidaten(ctx context.Context, q eventstore.Querier, ids []int64) ([]Kandidat, error) {
	if len(ids) == 0 {
		return []Kandidat{}, nil
	}
	rows, err := q.Query(ctx, kandidatSpalten+`WHERE m.id = ANY($1) ORDER BY m.messstellen_id, m.id`, ids)
	return kandidaten(rows, err)
}

// ImJahr lists the measuring points of plant anlageID that an annual report of jahr lists
// (spec 001 §2.6): those not shut down, and those shut down in or after that year (by the
// year of their status change), by number.
func ImJahr(ctx context.Context, q eventstore.Querier, anlageID int64, jahr int) ([]Kandidat, error) {
	rows, err := q.Query(ctx, kandidatSpalten+`WHERE m.anlage_id = $1 AND (m.messstellenstatus <> $2
		OR substr(COALESCE(m.daten->>'statuswechsel', ''), 1, 4) >= $3) ORDER BY m.messstellen_id, m.id`,
		anlageID, messstelle.Stillgelegt, fmt.Sprintf("%04d", jahr))
	return kandidaten(rows, err)
}
