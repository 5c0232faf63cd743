// Package anlage is the current-state document of plants (table anlage), written inline with
// their events, and the queries over it. A plant is visible to those who see its operation:
// the queries join the operation's document and filter with its columns (zugriff.Sicht).
package anlage

import (
	"context"
	"encoding/json"
	"errors"

	"github.com/jackc/pgx/v5"

	"github.com/eabwasser/eabwasser/domain/anlage"
	"github.com/eabwasser/eabwasser/domain/validierung"
	"github.com/eabwasser/eabwasser/eventstore"
	"github.com/eabwasser/eabwasser/internal/dokumente/wertelisten"
	"github.com/eabwasser/eabwasser/internal/zugriff"
)

// Schreibe writes a plant's state (eventstore.Dokument).
func Schreibe(ctx context.Context, tx pgx.Tx, id int64, a anlage.Anlage, version int) error {
	d := a.Daten
	daten, err := json.Marshal(d)
	if err != nil {
		return err
	}
	var antrag []byte
	if a.Antrag != nil {
		if antrag, err = json.Marshal(a.Antrag); err != nil {
			return err
		}
	}
	// kommunal_aktiv from the operation's row (the operation's writer keeps it, KommunalAktiv)
	_, err = tx.Exec(ctx, `INSERT INTO anlage (id, betrieb_id, parent_id, anlagentyp, bezeichnung, anlagenart, anlagenstatus,
		aufnahme_id, letzter_beginn, daten, antrag, version, kommunal_aktiv)
		VALUES ($1, $2, NULLIF($3, 0), $4, $5, $6, $7, NULLIF($8, 0), $9, $10, $11, $12, `+kommunalAktiv+`)
		ON CONFLICT (id) DO UPDATE SET betrieb_id = $2, parent_id = NULLIF($3, 0), anlagentyp = $4, bezeichnung = $5,
		anlagenart = $6, anlagenstatus = $7, aufnahme_id = NULLIF($8, 0), letzter_beginn = $9, daten = $10, antrag = $11, version = $12,
		kommunal_aktiv = EXCLUDED.kommunal_aktiv`,
		id, a.BetriebID, a.ParentID, a.Typ, d.Bezeichnung, d.Anlagenart, d.Anlagenstatus, d.AufnahmeID, a.LetzterBeginn,
		daten, antrag, version)
	return err
}

// kommunalAktiv is whether operation $2 is an active municipal one (betrieb.KommunalAktiv).
const kommunalAktiv = `COALESCE((SELECT b.betriebstyp = 'KOMMUNAL' AND b.freigabestatus = 'FREIGEGEBEN' AND b.betriebsstatus <> 'STILLGELEGT'
		FROM betrieb b WHERE b.id = $2), false)`

const spalten = `a.betrieb_id, COALESCE(a.parent_id, 0), a.anlagentyp, a.letzter_beginn, a.daten, a.antrag, a.version`

// Stand is the plant's state and version as the command handler starts from it
// (eventstore.Stand): the document holds the whole state.
func Stand(ctx context.Context, q eventstore.Querier, id int64) (anlage.Anlage, int, bool, error) {
	a, version, err := laden(q.QueryRow(ctx, `SELECT `+spalten+` FROM anlage a WHERE a.id = $1`, id))
	if errors.Is(err, validierung.NichtGefunden) {
		return anlage.Anlage{}, 0, false, nil
	}
	return a, version, err == nil, err
}

// Objektart is how lists see what hangs on a plant (its reminders, files, messages): through
// its operation, as the plant itself (zugriff.RegistriereObjektart).
var Objektart = zugriff.Objektart{Von: "public.anlage o JOIN public.betrieb ob ON ob.id = o.betrieb_id", ID: "o.id",
	Spalten: zugriff.Betriebsspalten("ob.")}

// sichtbar is the join and condition that limit plants to those whose operation the Sicht
// includes; args receives the condition's arguments.
func sichtbar(s zugriff.Sicht, args *[]any) string {
	return ` JOIN betrieb b ON b.id = a.betrieb_id WHERE ` + s.Bedingung(zugriff.Betriebsspalten("b."), zugriff.Platzhalter(args))
}

// Typ is the Anlagentyp of plant id (aufbau.Typen: a relief plant's reminders are of kind
// ENTLASTUNG); validierung.NichtGefunden when there is none.
func Typ(ctx context.Context, q eventstore.Querier, id int64) (string, error) {
	var typ string
	err := q.QueryRow(ctx, `SELECT anlagentyp FROM anlage WHERE id = $1`, id).Scan(&typ)
	if errors.Is(err, pgx.ErrNoRows) {
		return "", validierung.NichtGefunden
	}
	return typ, err
}

// LadenSichtbar reads a plant the Sicht includes (through its operation) with its version;
// any other is validierung.NichtGefunden.
func LadenSichtbar(ctx context.Context, q eventstore.Querier, s zugriff.Sicht, id int64) (anlage.Anlage, int, error) {
	args := []any{id}
	return laden(q.QueryRow(ctx, `SELECT `+spalten+` FROM anlage a`+sichtbar(s, &args)+` AND a.id = $1`, args...))
}

// Sichtbare are those of ids that are plants the Sicht includes.
func Sichtbare(ctx context.Context, q eventstore.Querier, s zugriff.Sicht, ids []int64) ([]int64, error) {
	args := []any{ids}
	rows, err := q.Query(ctx, `SELECT a.id FROM anlage a`+sichtbar(s, &args)+` AND a.id = ANY($1)`, args...)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowTo[int64])
}

func laden(row pgx.Row) (anlage.Anlage, int, error) {
	var a anlage.Anlage
	var daten, antrag []byte
	var version int
	err := row.Scan(&a.BetriebID, &a.ParentID, &a.Typ, &a.LetzterBeginn, &daten, &antrag, &version)
	if errors.Is(err, pgx.ErrNoRows) {
		return a, 0, validierung.NichtGefunden
	}
	if err != nil {
		return a, 0, err
	}
	return a, version, zustandAus(&a, daten, antrag)
}

// zustandAus completes a plant read from its document: its data and open change request.
func zustandAus(a *anlage.Anlage, daten, antrag []byte) error {
	a.Existiert = true
	if err := json.Unmarshal(daten, &a.Daten); err != nil {
		return err
	}
	if antrag != nil {
		a.Antrag = &anlage.Aenderungsantrag{}
		if err := json.Unmarshal(antrag, a.Antrag); err != nil {
			return err
		}
	}
	return nil
}

// Zeile is a plant in a list: of an operation, a search, the receiving plants to choose from.
type Zeile struct {
	ID                    int64  `json:"id"`
	Bezeichnung           string `json:"bezeichnung"`
	Anlagentyp            string `json:"anlagentyp"`
	Anlagenart            string `json:"anlagenart"`
	Anlagenstatus         string `json:"anlagenstatus"`
	BetriebID             int64  `json:"betriebId"`
	Betrieb               string `json:"betrieb"`
	ParentID              int64  `json:"parentanlageid,omitempty"`
	AufnahmeID            int64  `json:"aufnahme,omitempty"`
	Indirekteinleiter     bool   `json:"indirekteinleiter"`
	AenderungsantragOffen bool   `json:"aenderungsantragOffen"`
	// AnzahlIndirekteinleiter counts the plants of any operation that discharge into this one
	// (the tree's Indirekteinleiter entry).
	AnzahlIndirekteinleiter int `json:"anzahlIndirekteinleiter"`
	// AnzahlMessstellen is the tree's count of the plant's measuring points (every one: they are
	// visible as the plant is).
	AnzahlMessstellen int `json:"anzahlMessstellen"`
	// AufnahmeBezeichnung names the receiving plant, of whichever operation (what the relation
	// shows of another operator's plant: its name; docs/decisions.md, "Plant network").
	AufnahmeBezeichnung string `json:"aufnahmeBezeichnung,omitempty"`
	// the columns of the overviews of relief plants and sewer networks (spec 000 §2)
	Gemarkung      string `json:"gemarkung,omitempty"`
	Entlastungstyp string `json:"entlastungstyp,omitempty"`
	Kanalsystem    string `json:"kanalsystem,omitempty"`
	Abwasserart    string `json:"abwasserart,omitempty"`
}

// Filter of a plant list.
type Filter struct {
	BetriebID int64
	// AufnahmeID: the plants that discharge into this one (its indirect dischargers).
	AufnahmeID int64
	// ParentID: the plants nested below this one (a treatment plant's sewer networks).
	ParentID int64
	// Typ: plants of this type only (anlage.Entlastung, …).
	Typ string
}

// Liste lists the plants the Sicht includes that match f, by name.
func Liste(ctx context.Context, q eventstore.Querier, s zugriff.Sicht, f Filter) ([]Zeile, error) {
	args := []any{}
	arg := zugriff.Platzhalter(&args)
	// the indirect dischargers counted are those the caller sees, as the list of them shows
	indirekt := `(SELECT count(*) FROM anlage i JOIN betrieb bi ON bi.id = i.betrieb_id WHERE i.aufnahme_id = a.id AND ` +
		s.Bedingung(zugriff.Betriebsspalten("bi."), arg) + `)`
	sql := `SELECT a.id, a.bezeichnung, a.anlagentyp, a.anlagenart, a.anlagenstatus, a.betrieb_id, b.bezeichnung,
		COALESCE(a.parent_id, 0), COALESCE(a.aufnahme_id, 0), COALESCE((a.daten->>'indirekteinleiter')::boolean, false),
		a.antrag IS NOT NULL, ` + indirekt + `, (SELECT count(*) FROM messstelle m WHERE m.anlage_id = a.id),
		COALESCE((SELECT r.bezeichnung FROM anlage r WHERE r.id = a.aufnahme_id), ''),
		COALESCE(a.daten->>'gemarkung', ''), COALESCE(a.daten->>'entlastungstyp', ''),
		COALESCE(a.daten->>'kanalsystem', ''), COALESCE(a.daten->>'abwasserart', '')
		FROM anlage a` + sichtbar(s, &args)
	if f.BetriebID != 0 {
		sql += ` AND a.betrieb_id = ` + arg(f.BetriebID)
	}
	if f.AufnahmeID != 0 {
		sql += ` AND a.aufnahme_id = ` + arg(f.AufnahmeID)
	}
	if f.ParentID != 0 {
		sql += ` AND a.parent_id = ` + arg(f.ParentID)
	}
	if f.Typ != "" {
		sql += ` AND a.anlagentyp = ` + arg(f.Typ)
	}
	sql += ` ORDER BY a.bezeichnung, a.id`
	rows, err := q.Query(ctx, sql, args...)
	if err != nil {
		return nil, err
	}
	out, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (Zeile, error) {
		var z Zeile
		err := r.Scan(&z.ID, &z.Bezeichnung, &z.Anlagentyp, &z.Anlagenart, &z.Anlagenstatus, &z.BetriebID, &z.Betrieb,
			&z.ParentID, &z.AufnahmeID, &z.Indirekteinleiter, &z.AenderungsantragOffen, &z.AnzahlIndirekteinleiter, &z.AnzahlMessstellen,
			&z.AufnahmeBezeichnung, &z.Gemarkung, &z.Entlastungstyp, &z.Kanalsystem, &z.Abwasserart)
		return z, err
	})
	if out == nil {
		out = []Zeile{}
	}
	return out, err
}

// Bezeichnungen are the names of plants by id (the receiving plant of a form).
func Bezeichnungen(ctx context.Context, q eventstore.Querier, ids []int64) (map[int64]string, error) {
	out := map[int64]string{}
	if len(ids) == 0 {
		return out, nil
	}
	rows, err := q.Query(ctx, `SELECT id, bezeichnung FROM anlage WHERE id = ANY($1)`, ids)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var id int64
		var b string
		if err := rows.Scan(&id, &b); err != nil {
			return nil, err
		}
		out[id] = b
	}
	return out, rows.Err()
}

// DesBetriebs lists the ids of an operation's plants that are not shut down yet.
func DesBetriebs(ctx context.Context, q eventstore.Querier, betriebID int64) ([]int64, error) {
	rows, err := q.Query(ctx, `SELECT id FROM anlage WHERE betrieb_id = $1 AND anlagenstatus NOT IN ('STILLGELEGT', 'ANGESCHLOSSEN_AN') ORDER BY id`, betriebID)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowTo[int64])
}

// PflichtigInBetrieb reports whether organisation is an obligee (Abwasserbeseitigungs-
// pflichtiger) of a plant of the operation.
func PflichtigInBetrieb(ctx context.Context, q eventstore.Querier, betriebID, organisationID int64) (bool, error) {
	var ja bool
	err := q.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM anlage WHERE betrieb_id = $1
		AND daten -> 'abwasserbeseitigungspflichtige' @> jsonb_build_array(jsonb_build_object('organisation', $2::bigint)))`,
		betriebID, organisationID).Scan(&ja)
	return ja, err
}

// MitPflichtigem lists the ids of plants that name organisation as an obligee.
func MitPflichtigem(ctx context.Context, q eventstore.Querier, organisationID int64) ([]int64, error) {
	rows, err := q.Query(ctx, `SELECT id FROM anlage WHERE daten -> 'abwasserbeseitigungspflichtige'
		@> jsonb_build_array(jsonb_build_object('organisation', $1::bigint)) ORDER BY id`, organisationID)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowTo[int64])
}

// Referenzen: plants refer to value-list entries by their text (the lookups of the form).
// A referenced entry cannot be deleted (the plant area's Setup registers them).
var Referenzen = []wertelisten.Referenz{
	text("entlastungssystem"), text("entlastungstyp"), text("kuehlart"), text("kanalsystem"), text("abwasserart"),
	{Liste: "kanal-materialart", Von: "anlage.materialart", NachWert: true, SQL: `SELECT 1 FROM anlage WHERE daten->>'materialart' = $1`},
	{Liste: "anlagensystem", Von: "anlage.anlagensystem", NachWert: true, SQL: `SELECT 1 FROM anlage WHERE daten->>'anlagensystem' = $1`},
}

func text(feld string) wertelisten.Referenz {
	return wertelisten.Referenz{Liste: feld, Von: "anlage." + feld, NachWert: true, SQL: `SELECT 1 FROM anlage WHERE daten->>'` + feld + `' = $1`}
}

// AlleDesBetriebs lists every plant of an operation, whatever its status.
func AlleDesBetriebs(ctx context.Context, q eventstore.Querier, betriebID int64) ([]int64, error) {
	rows, err := q.Query(ctx, `SELECT id FROM anlage WHERE betrieb_id = $1 ORDER BY id`, betriebID)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowTo[int64])
}

// Gespeichert is a plant's state and version as its document holds them.
type Gespeichert struct {
	ID      int64
	Anlage  anlage.Anlage
	Version int
}

// DesTyps are the plants of type typ of an operation with their states, by id (the import of
// an operation's relief plants compares and saves them).
func DesTyps(ctx context.Context, q eventstore.Querier, betriebID int64, typ string) ([]Gespeichert, error) {
	rows, err := q.Query(ctx, `SELECT a.id, `+spalten+` FROM anlage a WHERE a.betrieb_id = $1 AND a.anlagentyp = $2 ORDER BY a.id`, betriebID, typ)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Gespeichert
	for rows.Next() {
		var g Gespeichert
		var daten, antrag []byte
		if err := rows.Scan(&g.ID, &g.Anlage.BetriebID, &g.Anlage.ParentID, &g.Anlage.Typ, &g.Anlage.LetzterBeginn, &daten, &antrag, &g.Version); err != nil {
			return nil, err
		}
		if err := zustandAus(&g.Anlage, daten, antrag); err != nil {
			return nil, err
		}
		out = append(out, g)
	}
	return out, rows.Err()
}

// Einleiter are the plants in use (of any operation) that discharge into plant id.
func Einleiter(ctx context.Context, q eventstore.Querier, id int64) ([]int64, error) {
	rows, err := q.Query(ctx, `SELECT id FROM anlage WHERE aufnahme_id = $1 AND anlagenstatus <> ALL($2) ORDER BY id`,
		id, []string{anlage.Stillgelegt, anlage.AngeschlossenAn})
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowTo[int64])
}

// MitFremdenEinleitern are the treatment plants in use of operation betriebID that plants in use
// of other operations discharge into (its shut-down needs a replacement for each municipal one),
// by name.
func MitFremdenEinleitern(ctx context.Context, q eventstore.Querier, betriebID int64) ([]Zeile, error) {
	rows, err := q.Query(ctx, `SELECT a.id, a.bezeichnung, count(e.id) FROM anlage a JOIN anlage e ON e.aufnahme_id = a.id
		WHERE a.betrieb_id = $1 AND a.anlagentyp = $2 AND a.anlagenstatus <> ALL($3)
		  AND e.betrieb_id <> $1 AND e.anlagenstatus <> ALL($3)
		GROUP BY a.id, a.bezeichnung ORDER BY a.bezeichnung, a.id`,
		betriebID, anlage.Abwasserbehandlung, []string{anlage.Stillgelegt, anlage.AngeschlossenAn})
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (Zeile, error) {
		z := Zeile{Anlagentyp: anlage.Abwasserbehandlung, BetriebID: betriebID}
		err := r.Scan(&z.ID, &z.Bezeichnung, &z.AnzahlIndirekteinleiter)
		return z, err
	})
}

// HatIndirekteinleiter reports whether plants of any operation that are not shut down
// discharge into plant id (GET /anlage/{id}/hasIndirektEinleiter/: a shut-down of it affects them).
func HatIndirekteinleiter(ctx context.Context, q eventstore.Querier, id int64) (bool, error) {
	var ja bool
	err := q.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM anlage WHERE aufnahme_id = $1 AND anlagenstatus <> ALL($2))`,
		id, []string{anlage.Stillgelegt, anlage.AngeschlossenAn}).Scan(&ja)
	return ja, err
}

// KanalnetzMitSelbstueberwachung reports whether a sewer network below plant id (its parent
// plant) is under a self-monitoring obligation (GET …/kanalnetz/selbstueberwachungspflichtForAnlage/{anlageId}).
func KanalnetzMitSelbstueberwachung(ctx context.Context, q eventstore.Querier, id int64) (bool, error) {
	var ja bool
	err := q.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM anlage WHERE parent_id = $1 AND anlagentyp = $2
		AND COALESCE((daten->>'selbstueberwachungspflicht')::boolean, false) AND anlagenstatus <> ALL($3))`,
		id, anlage.Kanalnetz, []string{anlage.Stillgelegt, anlage.AngeschlossenAn}).Scan(&ja)
	return ja, err
}
