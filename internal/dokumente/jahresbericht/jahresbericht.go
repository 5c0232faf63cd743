// Package jahresbericht is the current-state document of annual reports (tables jahresbericht
// and jahresbericht_parameter), written inline with their events, and the queries over it. A
// report is visible to those who see its plant's operation: the queries join the plant and the
// operation and filter with the operation's columns (zugriff.Sicht), as measuring points do.
// The measured values of each parameter sit in a row of their own (migration 00019).
package jahresbericht

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"slices"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"github.com/eabwasser/eabwasser/domain/jahresbericht"
	"github.com/eabwasser/eabwasser/domain/validierung"
	"github.com/eabwasser/eabwasser/eventstore"
	"github.com/eabwasser/eabwasser/internal/zugriff"
)

// zustand is what the row jahresbericht keeps of the state besides its columns: everything but
// the measured values' rows.
type zustand struct {
	AnlageBezeichnung string                    `json:"anlageBezeichnung"`
	Von               string                    `json:"von"`
	Bis               string                    `json:"bis"`
	Daten             jahresbericht.Daten       `json:"daten"`
	Parameter         []jahresbericht.Parameter `json:"parameter"`
	Kommentar         string                    `json:"kommentar,omitempty"`
	Uebernahme        int64                     `json:"uebernahme,omitempty"`
}

// Eindeutig is the unique index of plant and year.
const Eindeutig = "jahresbericht_anlage_jahr"

// Doppelt reports whether err is the unique index refusing a second report of a plant and year
// (the race of two creations).
func Doppelt(err error) bool {
	var pg *pgconn.PgError
	return errors.As(err, &pg) && pg.Code == "23505" && pg.ConstraintName == Eindeutig
}

// Schreibe writes a report's state (eventstore.Dokument): its row, and the values of each
// parameter whose values changed since the last write. geaendert is when the event at the
// version was recorded, read from the events in the same transaction (the unique key's index
// on stream and version): the commit's time on the command path, the same time when the
// document is written again from the log, and a seed's past time once it has dated its events.
func Schreibe(ctx context.Context, tx pgx.Tx, id int64, j jahresbericht.Jahresbericht, version int) error {
	z := zustand{AnlageBezeichnung: j.AnlageBezeichnung, Von: j.Von, Bis: j.Bis, Daten: j.Daten, Kommentar: j.Kommentar,
		Uebernahme: j.Uebernahme, Parameter: make([]jahresbericht.Parameter, len(j.Parameter))}
	ids, messstellen := make([]int64, len(j.Parameter)), make([]int64, len(j.Parameter))
	summen, werte := make([]string, len(j.Parameter)), make([]string, len(j.Parameter))
	for i, p := range j.Parameter {
		mw := p.Messwerte
		if mw == nil {
			mw = []jahresbericht.Messwert{}
		}
		b, err := json.Marshal(mw)
		if err != nil {
			return err
		}
		h := sha256.Sum256(b)
		ids[i], messstellen[i], summen[i], werte[i] = p.ParameterID, p.Messstelle, hex.EncodeToString(h[:]), string(b)
		p.Messwerte = nil
		z.Parameter[i] = p
	}
	b, err := json.Marshal(z)
	if err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, `INSERT INTO jahresbericht (id, anlage_id, jahr, status, eingereicht_von, eingereicht_rolle,
		geloescht, zustand, version, geaendert)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, (SELECT recorded_at FROM events WHERE stream_id = $10 AND version = $9))
		ON CONFLICT (id) DO UPDATE SET anlage_id = $2, jahr = $3, status = $4, eingereicht_von = $5, eingereicht_rolle = $6,
		geloescht = $7, zustand = $8, version = $9, geaendert = EXCLUDED.geaendert`,
		id, j.AnlageID, j.Jahr, j.Status, j.EingereichtVon, j.EingereichtRolle, j.Geloescht, b, version,
		eventstore.StreamID(jahresbericht.StreamType, id)); err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, `DELETE FROM jahresbericht_parameter WHERE jahresbericht_id = $1 AND NOT parameter_id = ANY($2)`,
		id, ids); err != nil {
		return err
	}
	// every parameter is sent; a row whose checksum is unchanged is left as it is (the WHERE of
	// the upsert), so the writer only writes and the command stays one pipeline (issue 44)
	_, err = tx.Exec(ctx, `INSERT INTO jahresbericht_parameter (parameter_id, jahresbericht_id, messstelle_id, pruefsumme, messwerte)
		SELECT p, $1, m, s, w::jsonb FROM unnest($2::bigint[], $3::bigint[], $4::text[], $5::text[]) AS x(p, m, s, w)
		ON CONFLICT (parameter_id) DO UPDATE SET jahresbericht_id = $1, messstelle_id = EXCLUDED.messstelle_id,
		pruefsumme = EXCLUDED.pruefsumme, messwerte = EXCLUDED.messwerte
		WHERE jahresbericht_parameter.jahresbericht_id <> $1 OR jahresbericht_parameter.pruefsumme <> EXCLUDED.pruefsumme`,
		id, ids, messstellen, summen, werte)
	return err
}

// Kopf is what a report's row says without its parameters' values: the state with every
// parameter's Messwerte empty, its version and when it last changed.
type Kopf struct {
	ID        int64
	J         jahresbericht.Jahresbericht
	Version   int
	Geaendert time.Time
}

const spalten = `j.id, j.anlage_id, j.jahr, j.status, j.eingereicht_von, j.eingereicht_rolle, j.geloescht, j.zustand, j.version, j.geaendert`

func scanKopf(row pgx.Row, extra ...any) (Kopf, error) {
	var k Kopf
	var z []byte
	err := row.Scan(append([]any{&k.ID, &k.J.AnlageID, &k.J.Jahr, &k.J.Status, &k.J.EingereichtVon, &k.J.EingereichtRolle,
		&k.J.Geloescht, &z, &k.Version, &k.Geaendert}, extra...)...)
	if errors.Is(err, pgx.ErrNoRows) {
		return k, validierung.NichtGefunden
	}
	if err != nil {
		return k, err
	}
	var s zustand
	if err := json.Unmarshal(z, &s); err != nil {
		return k, err
	}
	k.J.Existiert = true
	k.J.AnlageBezeichnung, k.J.Von, k.J.Bis, k.J.Daten, k.J.Kommentar, k.J.Uebernahme = s.AnlageBezeichnung, s.Von, s.Bis,
		s.Daten, s.Kommentar, s.Uebernahme
	if len(s.Parameter) > 0 {
		k.J.Parameter = s.Parameter
	}
	return k, nil
}

// Stand is the report's whole state and version as the command handler starts from it
// (eventstore.Stand), read in one query; a deleted report too.
func Stand(ctx context.Context, q eventstore.Querier, id int64) (jahresbericht.Jahresbericht, int, bool, error) {
	var werte []byte
	k, err := scanKopf(q.QueryRow(ctx, `SELECT `+spalten+`, `+mitWerten+` FROM jahresbericht j WHERE j.id = $1`, id), &werte)
	if errors.Is(err, validierung.NichtGefunden) {
		return jahresbericht.Jahresbericht{}, 0, false, nil
	}
	if err != nil {
		return k.J, 0, false, err
	}
	j, err := ganz(k, werte)
	return j, k.Version, err == nil, err
}

// mitWerten is the column of every parameter's values of report j (parameter id → values).
const mitWerten = `(SELECT jsonb_object_agg(p.parameter_id::text, p.messwerte)
		FROM jahresbericht_parameter p WHERE p.jahresbericht_id = j.id)`

// ganz is the whole state of the report of head k with the values werte (mitWerten); k keeps
// its parameters without values.
func ganz(k Kopf, werte []byte) (jahresbericht.Jahresbericht, error) {
	j := k.J
	if len(werte) == 0 {
		return j, nil
	}
	m := map[int64][]jahresbericht.Messwert{}
	if err := json.Unmarshal(werte, &m); err != nil {
		return j, err
	}
	if j.Parameter != nil {
		j.Parameter = slices.Clone(j.Parameter)
	}
	for i := range j.Parameter {
		if mw := m[j.Parameter[i].ParameterID]; len(mw) > 0 {
			j.Parameter[i].Messwerte = mw
		}
	}
	return j, nil
}

// Art is the kind of object of a report for the lists of what hangs on objects (the messages'
// Bezug JAHRESBERICHT, zugriff.RegistriereObjektart).
const Art = "jahresbericht"

// Objektart is how lists see what hangs on a report (its files, reminders, messages): through
// its plant's operation, and the change of operator's rule of the report itself
// (zugriff.RegistriereObjektart).
var Objektart = zugriff.Objektart{
	Von: "public.jahresbericht o JOIN public.anlage oa ON oa.id = o.anlage_id JOIN public.betrieb ob ON ob.id = oa.betrieb_id",
	ID:  "o.id", Spalten: Spalten(zugriff.Betriebsspalten("ob."), "o.eingereicht_von", "o.status")}

// Spalten are the visibility columns of a row of a report with the column of the account that
// submitted it last (eingereichtVon) and of its status: its operation's columns sp, and the
// change of operator's rule (issue 42, docs/security.md "Change of operator") — a report
// submitted (EINGEREICHT, or PLAUSIBILISIERT after it) by an account of an organisation stays
// readable to that organisation after the operation went to another operator. A report in work
// is no draft of its operator's own: it is the plant's duty of its year, handed over with the
// plant, so there is no Entwurf (a report sent back is in work again, the new operator's).
func Spalten(sp zugriff.Spalten, eingereichtVon, status string) zugriff.Spalten {
	sp.Verfasser = "public.konto_organisation(" + eingereichtVon + ")"
	sp.Eingereicht = status + " IN ('" + jahresbericht.Eingereicht + "', '" + jahresbericht.Plausibilisiert + "')"
	return sp
}

// sichtbar is the join and condition that limit reports to those not deleted whose plant's
// operation the Sicht includes (or that the caller's organisation submitted there before the
// operation went to another operator); args receives the condition's arguments.
func sichtbar(s zugriff.Sicht, args *[]any) string {
	return ` JOIN anlage a ON a.id = j.anlage_id JOIN betrieb b ON b.id = a.betrieb_id WHERE NOT j.geloescht AND ` +
		s.Bedingung(Spalten(zugriff.Betriebsspalten("b."), "j.eingereicht_von", "j.status"), zugriff.Platzhalter(args))
}

// KopfSichtbar reads report id without its measured values when the Sicht includes it; any
// other, and a deleted one, is validierung.NichtGefunden.
func KopfSichtbar(ctx context.Context, q eventstore.Querier, s zugriff.Sicht, id int64) (Kopf, error) {
	args := []any{id}
	return scanKopf(q.QueryRow(ctx, `SELECT `+spalten+` FROM jahresbericht j`+sichtbar(s, &args)+` AND j.id = $1`, args...))
}

// LadenSichtbar is KopfSichtbar with the report's whole state (as Stand reads it) in the same
// query: the head for the screens, the state a command decides on (laden.Sichtbar).
func LadenSichtbar(ctx context.Context, q eventstore.Querier, s zugriff.Sicht, id int64) (Kopf, jahresbericht.Jahresbericht, error) {
	args := []any{id}
	var werte []byte
	k, err := scanKopf(q.QueryRow(ctx, `SELECT `+spalten+`, `+mitWerten+` FROM jahresbericht j`+sichtbar(s, &args)+` AND j.id = $1`, args...), &werte)
	if err != nil {
		return k, jahresbericht.Jahresbericht{}, err
	}
	j, err := ganz(k, werte)
	return k, j, err
}

// Messwerte are the stored values of parameter pid.
func Messwerte(ctx context.Context, q eventstore.Querier, pid int64) ([]jahresbericht.Messwert, error) {
	var b []byte
	err := q.QueryRow(ctx, `SELECT messwerte FROM jahresbericht_parameter WHERE parameter_id = $1`, pid).Scan(&b)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var out []jahresbericht.Messwert
	if err := json.Unmarshal(b, &out); err != nil || len(out) == 0 {
		return nil, err
	}
	return out, nil
}

// ZumParameter is the report of parameter pid (0 when there is none).
func ZumParameter(ctx context.Context, q eventstore.Querier, pid int64) (int64, error) {
	var id int64
	err := q.QueryRow(ctx, `SELECT jahresbericht_id FROM jahresbericht_parameter WHERE parameter_id = $1`, pid).Scan(&id)
	if errors.Is(err, pgx.ErrNoRows) {
		return 0, nil
	}
	return id, err
}

// Vorhanden is the report of plant anlageID and year (0 when there is none).
func Vorhanden(ctx context.Context, q eventstore.Querier, anlageID int64, jahr int) (int64, error) {
	var id int64
	err := q.QueryRow(ctx, `SELECT id FROM jahresbericht WHERE anlage_id = $1 AND jahr = $2 AND NOT geloescht`, anlageID, jahr).Scan(&id)
	if errors.Is(err, pgx.ErrNoRows) {
		return 0, nil
	}
	return id, err
}

// DesBetriebs lists the reports of operation betriebID the Sicht includes, without their
// values, by plant name and year (the newest first); anlageID not 0: of that plant only.
func DesBetriebs(ctx context.Context, q eventstore.Querier, s zugriff.Sicht, betriebID, anlageID int64) ([]Kopf, error) {
	args := []any{betriebID, anlageID}
	rows, err := q.Query(ctx, `SELECT `+spalten+` FROM jahresbericht j`+sichtbar(s, &args)+
		` AND a.betrieb_id = $1 AND ($2 = 0 OR j.anlage_id = $2) ORDER BY a.bezeichnung, j.anlage_id, j.jahr DESC`, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []Kopf{}
	for rows.Next() {
		k, err := scanKopf(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, k)
	}
	return out, rows.Err()
}

// Jahre are the years of plant anlageID's reports, the newest first.
func Jahre(ctx context.Context, q eventstore.Querier, anlageID int64) ([]int, error) {
	rows, err := q.Query(ctx, `SELECT jahr FROM jahresbericht WHERE anlage_id = $1 AND NOT geloescht ORDER BY jahr DESC`, anlageID)
	if err != nil {
		return nil, err
	}
	out, err := pgx.CollectRows(rows, pgx.RowTo[int])
	return slices.Clip(out), err
}

// Vorwerte are the values of parameter p's measuring point and parameter number (and kind,
// where both name one) in the reports of plant anlageID of the three years before jahr, oldest
// first (jahresbericht.BewerteMitVorwerten).
func Vorwerte(ctx context.Context, q eventstore.Querier, anlageID int64, jahr int, p jahresbericht.Parameter) ([]jahresbericht.Messwert, error) {
	rows, err := q.Query(ctx, `SELECT w.messwerte FROM jahresbericht j
		CROSS JOIN LATERAL jsonb_array_elements(j.zustand->'parameter') AS x(par)
		JOIN jahresbericht_parameter w ON w.parameter_id = (x.par->>'parameterId')::bigint
		WHERE j.anlage_id = $1 AND NOT j.geloescht AND j.jahr BETWEEN $2::int - $3::int AND $2::int - 1 AND w.messstelle_id = $4
		AND x.par->>'parameterNr' = $5 AND ($6 = '' OR COALESCE(x.par->>'parameterArt', '') IN ('', $6))
		ORDER BY j.jahr, w.parameter_id`, anlageID, jahr, jahresbericht.Rueckblick, p.Messstelle, p.ParameterNr, p.ParameterArt)
	if err != nil {
		return nil, err
	}
	reihen, err := pgx.CollectRows(rows, pgx.RowTo[[]jahresbericht.Messwert])
	if err != nil {
		return nil, err
	}
	var out []jahresbericht.Messwert
	for _, r := range reihen {
		out = append(out, r...)
	}
	return out, nil
}
