// Package bescheid is the current-state document of Bescheide (table bescheid), written inline
// with their events, and the queries over it. A Bescheid is visible to those who see its
// operation: the queries join the operation's document and filter with its columns
// (zugriff.Sicht), as plants and measuring points do. bescheid_anforderung finds the Bescheid
// of an Anforderung.
package bescheid

import (
	"context"
	"encoding/json"
	"errors"

	"github.com/jackc/pgx/v5"

	"github.com/eabwasser/eabwasser/domain/bescheid"
	"github.com/eabwasser/eabwasser/domain/validierung"
	"github.com/eabwasser/eabwasser/eventstore"
	"github.com/eabwasser/eabwasser/internal/dokumente/wertelisten"
	"github.com/eabwasser/eabwasser/internal/zugriff"
)

// Schreibe writes a Bescheid's state (eventstore.Dokument) and the index of its Anforderungen.
func Schreibe(ctx context.Context, tx pgx.Tx, id int64, b bescheid.Bescheid, version int) error {
	daten, err := json.Marshal(b.Daten)
	if err != nil {
		return err
	}
	anf := b.Anforderungen
	if anf == nil {
		anf = []bescheid.Anforderung{}
	}
	anforderungen, err := json.Marshal(anf)
	if err != nil {
		return err
	}
	ms := b.Messstellen
	if ms == nil {
		ms = []int64{}
	}
	if _, err = tx.Exec(ctx, `INSERT INTO bescheid (id, betrieb_id, bescheidsstatus, bescheid_qualitaet, bescheidart,
		bescheidsdatum, vorbescheid, messstellen, antragsteller, bearbeiter, freigabe_am, freigabe_von, geloescht, daten,
		anforderungen, version)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)
		ON CONFLICT (id) DO UPDATE SET betrieb_id = $2, bescheidsstatus = $3, bescheid_qualitaet = $4, bescheidart = $5,
		bescheidsdatum = $6, vorbescheid = $7, messstellen = $8, antragsteller = $9, bearbeiter = $10, freigabe_am = $11,
		freigabe_von = $12, geloescht = $13, daten = $14, anforderungen = $15, version = $16`,
		id, b.BetriebID, b.Status, b.Daten.BescheidQualitaet, b.Daten.Bescheidart, b.Daten.Bescheidsdatum, b.Daten.Vorbescheid,
		ms, b.Antragsteller, b.Bearbeiter, b.FreigabeAm, b.FreigabeVon, b.Geloescht, daten, anforderungen, version); err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, `DELETE FROM bescheid_anforderung WHERE bescheid_id = $1`, id); err != nil {
		return err
	}
	if b.Geloescht || len(b.Anforderungen) == 0 {
		return nil
	}
	ids, mids := make([]int64, len(b.Anforderungen)), make([]int64, len(b.Anforderungen))
	for i, a := range b.Anforderungen {
		ids[i], mids[i] = a.AnforderungID, a.Messstelle
	}
	_, err = tx.Exec(ctx, `INSERT INTO bescheid_anforderung (anforderung_id, bescheid_id, messstelle_id)
		SELECT a, $1, m FROM unnest($2::bigint[], $3::bigint[]) AS x(a, m)`, id, ids, mids)
	return err
}

const spalten = `d.betrieb_id, d.bescheidsstatus, d.messstellen, d.antragsteller, d.bearbeiter, d.freigabe_am, d.freigabe_von,
	d.geloescht, d.daten, d.anforderungen, d.version`

// Stand is the Bescheid's state and version as the command handler starts from it
// (eventstore.Stand): the document holds the whole state, a deleted one too.
func Stand(ctx context.Context, q eventstore.Querier, id int64) (bescheid.Bescheid, int, bool, error) {
	b, version, err := laden(q.QueryRow(ctx, `SELECT `+spalten+` FROM bescheid d WHERE d.id = $1`, id))
	if errors.Is(err, validierung.NichtGefunden) {
		return bescheid.Bescheid{}, 0, false, nil
	}
	return b, version, err == nil, err
}

func laden(row pgx.Row) (bescheid.Bescheid, int, error) {
	var b bescheid.Bescheid
	var daten, anf []byte
	var version int
	err := row.Scan(&b.BetriebID, &b.Status, &b.Messstellen, &b.Antragsteller, &b.Bearbeiter, &b.FreigabeAm, &b.FreigabeVon,
		&b.Geloescht, &daten, &anf, &version)
	if errors.Is(err, pgx.ErrNoRows) {
		return b, 0, validierung.NichtGefunden
	}
	if err != nil {
		return b, 0, err
	}
	b.Existiert = true
	if len(b.Messstellen) == 0 {
		b.Messstellen = nil
	}
	if err := json.Unmarshal(daten, &b.Daten); err != nil {
		return b, 0, err
	}
	if err := json.Unmarshal(anf, &b.Anforderungen); err != nil {
		return b, 0, err
	}
	if len(b.Anforderungen) == 0 {
		b.Anforderungen = nil
	}
	return b, version, nil
}

// Objektart is how lists see what hangs on a Bescheid (its reminders, files, messages):
// through its operation, and the change of operator's rule of the Bescheid itself
// (zugriff.RegistriereObjektart).
var Objektart = zugriff.Objektart{Von: "public.bescheid o JOIN public.betrieb ob ON ob.id = o.betrieb_id", ID: "o.id",
	Spalten: Spalten(zugriff.Betriebsspalten("ob."), "o.id", "o.bescheidsstatus")}

// Spalten are the visibility columns of a row of a Bescheid with the id column id and the status
// column status: its operation's columns sp, and the change of operator's rule (issue 42) — an
// application still ANGELEGT is its applicant organisation's draft, a Bescheid applied for by an
// organisation and submitted stays readable to it after the operation went to another operator.
// The applicant's organisation is read through the account (bescheid_verfasser); an application
// without one (recorded by a tool, an account without organisation) counts as the current
// operator's.
func Spalten(sp zugriff.Spalten, id, status string) zugriff.Spalten {
	sp.Verfasser = "coalesce(public.bescheid_verfasser(" + id + "), " + sp.Betreiber + ")"
	sp.Entwurf = status + " = '" + bescheid.Angelegt + "'"
	sp.Eingereicht = status + " <> '" + bescheid.Angelegt + "'"
	return sp
}

// sichtbar is the join and condition that limit Bescheide to those not deleted whose operation
// the Sicht includes; args receives the condition's arguments.
func sichtbar(s zugriff.Sicht, args *[]any) string {
	return ` JOIN betrieb b ON b.id = d.betrieb_id WHERE NOT d.geloescht AND ` +
		s.Bedingung(Spalten(zugriff.Betriebsspalten("b."), "d.id", "d.bescheidsstatus"), zugriff.Platzhalter(args))
}

// LadenSichtbar reads a Bescheid the Sicht includes (through its operation) with its version;
// any other, and a deleted one, is validierung.NichtGefunden.
func LadenSichtbar(ctx context.Context, q eventstore.Querier, s zugriff.Sicht, id int64) (bescheid.Bescheid, int, error) {
	args := []any{id}
	return laden(q.QueryRow(ctx, `SELECT `+spalten+` FROM bescheid d`+sichtbar(s, &args)+` AND d.id = $1`, args...))
}

// ZurAnforderung is the Bescheid of Anforderung id (0 when there is none).
func ZurAnforderung(ctx context.Context, q eventstore.Querier, id int64) (int64, error) {
	var b int64
	err := q.QueryRow(ctx, `SELECT bescheid_id FROM bescheid_anforderung WHERE anforderung_id = $1`, id).Scan(&b)
	if errors.Is(err, pgx.ErrNoRows) {
		return 0, nil
	}
	return b, err
}

// IstVorbescheid reports whether another Bescheid (not deleted) names id as its Vorbescheid.
func IstVorbescheid(ctx context.Context, q eventstore.Querier, id int64) (bool, error) {
	var ja bool
	err := q.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM bescheid WHERE vorbescheid = $1 AND id <> $1 AND NOT geloescht)`, id).Scan(&ja)
	return ja, err
}

// Kopf is a Bescheid of an operation in a short list (the Vorbescheid choice).
type Kopf struct {
	ID                int64
	BescheidQualitaet string
	Bescheidart       string
	Bescheidsdatum    string
	Aktenzeichen      string
}

// DesBetriebs lists the Bescheide (not deleted) of operation betriebID, oldest Bescheidsdatum
// first; qualitaet filters when not empty.
func DesBetriebs(ctx context.Context, q eventstore.Querier, betriebID int64, qualitaet string) ([]Kopf, error) {
	rows, err := q.Query(ctx, `SELECT id, bescheid_qualitaet, bescheidart, bescheidsdatum, COALESCE(daten->>'aktenzeichen', '')
		FROM bescheid WHERE betrieb_id = $1 AND NOT geloescht AND ($2 = '' OR bescheid_qualitaet = $2)
		ORDER BY bescheidsdatum, id`, betriebID, qualitaet)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowToStructByPos[Kopf])
}

// Referenzen: Bescheide refer to value-list entries by their text (the selects of the form).
// A referenced entry cannot be deleted (the area's Setup registers them).
var Referenzen = []wertelisten.Referenz{
	{Liste: "bescheidqualitaet", Von: "bescheid.bescheidQualitaet", NachWert: true,
		SQL: `SELECT 1 FROM bescheid WHERE bescheid_qualitaet = $1 AND NOT geloescht`},
	{Liste: "bescheidart", Von: "bescheid.bescheidart", NachWert: true,
		SQL: `SELECT 1 FROM bescheid WHERE bescheidart = $1 AND NOT geloescht`},
	{Liste: "behoerde", Von: "bescheid.behoerde", NachWert: true,
		SQL: `SELECT 1 FROM bescheid WHERE daten->>'behoerde' = $1 AND NOT geloescht`},
	{Liste: "auflagenart", Von: "bescheid.auflagen.art", NachWert: true,
		SQL: `SELECT 1 FROM bescheid WHERE NOT geloescht AND daten->'auflagen' @> jsonb_build_array(jsonb_build_object('art', $1::text))`},
	{Liste: "anforderung-randbedingung", Von: "bescheid.anforderungen.randbedingung", NachWert: true,
		SQL: `SELECT 1 FROM bescheid WHERE NOT geloescht AND anforderungen @> jsonb_build_array(jsonb_build_object('randbedingung', $1::text))`},
	{Liste: "anforderung-vorbehandlung", Von: "bescheid.anforderungen.vorbehandlung", NachWert: true,
		SQL: `SELECT 1 FROM bescheid WHERE NOT geloescht AND anforderungen @> jsonb_build_array(jsonb_build_object('vorbehandlung', $1::text))`},
	{Liste: "anforderung-wert", Von: "bescheid.anforderungen.artAnforderungWert", NachWert: true,
		SQL: `SELECT 1 FROM bescheid WHERE NOT geloescht AND anforderungen @> jsonb_build_array(jsonb_build_object('artAnforderungWert', $1::text))`},
	{Liste: "selbstueberwachungVorlage", Von: "bescheid.anforderungen.vorlageMesswerte", NachWert: true,
		SQL: `SELECT 1 FROM bescheid WHERE NOT geloescht AND anforderungen @> jsonb_build_array(jsonb_build_object('vorlageMesswerte', $1::text))`},
	{Liste: "anforderung-einheit", Von: "bescheid.anforderungen.einheit", NachWert: true,
		SQL: `SELECT 1 FROM bescheid WHERE NOT geloescht AND (anforderungen @> jsonb_build_array(jsonb_build_object('einheit', $1::text))
			OR anforderungen @> jsonb_build_array(jsonb_build_object('einheitAbfluss', $1::text))
			OR anforderungen @> jsonb_build_array(jsonb_build_object('einheitKonz', $1::text)))`},
	{Liste: "anforderung-probenahme", Von: "bescheid.anforderungen.probenahme", NachWert: true,
		SQL: `SELECT 1 FROM bescheid WHERE NOT geloescht AND anforderungen @> jsonb_build_array(jsonb_build_object('probenahme', $1::text))`},
	{Liste: "anforderung-haeufigkeit", Von: "bescheid.anforderungen.haeufigkeit", NachWert: true,
		SQL: `SELECT 1 FROM bescheid WHERE NOT geloescht AND anforderungen @> jsonb_build_array(jsonb_build_object('haeufigkeit', $1::text))`},
}

// Anforderungen lists the Anforderungen of the released Bescheide of operation betriebID at
// the measuring points messstellen valid on some day from von to bis (yyyy-MM-dd, both
// included; an empty gueltigAb or gueltigBis is open), of kind art when it is not empty:
// the Selbstüberwachungsauflagen an annual report copies, the limits its values are compared with.
func Anforderungen(ctx context.Context, q eventstore.Querier, betriebID int64, messstellen []int64, art, von, bis string) ([]bescheid.Anforderung, error) {
	rows, err := q.Query(ctx, `SELECT a FROM bescheid d, jsonb_array_elements(d.anforderungen) AS x(a)
		WHERE d.betrieb_id = $1 AND NOT d.geloescht AND d.bescheidsstatus = $2 AND (a->>'messstelle')::bigint = ANY($3)
		AND ($4 = '' OR a->>'anforderungArt' = $4) AND COALESCE(a->>'gueltigAb', '') <= $6
		AND (COALESCE(a->>'gueltigBis', '') = '' OR a->>'gueltigBis' >= $5)
		ORDER BY (a->>'messstelle')::bigint, a->>'parameterNr', (a->>'anforderungId')::bigint`,
		betriebID, bescheid.Freigegeben, messstellen, art, von, bis)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowTo[bescheid.Anforderung])
}
