// Package konten keeps the current state of organisations and user accounts: inline
// projections written in the append's transaction (a login right after a change sees it) and
// the queries of login, registration and profile.
package konten

import (
	"context"
	"errors"
	"slices"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"github.com/eabwasser/eabwasser/domain/konto"
	"github.com/eabwasser/eabwasser/domain/lokalerolle"
	"github.com/eabwasser/eabwasser/domain/organisation"
	"github.com/eabwasser/eabwasser/eventstore"
	"github.com/eabwasser/eabwasser/internal/dokumente/wertelisten"
)

// Token kinds in anwender_token.
const (
	TokenBestaetigung  = "BESTAETIGUNG"
	TokenZuruecksetzen = "ZURUECKSETZEN"
)

// SchreibeAnwender writes an account's state (eventstore.Dokument).
func SchreibeAnwender(ctx context.Context, tx pgx.Tx, id int64, a konto.Anwender, version int) error {
	if a.Geloescht {
		if _, err := tx.Exec(ctx, `DELETE FROM anwender_token WHERE anwender_id = $1`, id); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, `DELETE FROM anwender WHERE id = $1`, id)
		return err
	}
	p := a.Person
	var org *int64
	if p.OrganisationID != 0 {
		org = &p.OrganisationID
	}
	_, err := tx.Exec(ctx, `INSERT INTO anwender (id, benutzername, passwort_hash, status, anrede, titel, name, vorname,
		email, telefon, mobil, organisation_id, funktionale_rollen, behoerde, datascout_id, angelegt_am, gueltig_bis, sitzung, version,
		lokale_rollen)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20)
		ON CONFLICT (id) DO UPDATE SET benutzername = $2, passwort_hash = $3, status = $4, anrede = $5, titel = $6,
		name = $7, vorname = $8, email = $9, telefon = $10, mobil = $11, organisation_id = $12, funktionale_rollen = $13,
		behoerde = $14, datascout_id = $15, angelegt_am = $16, gueltig_bis = $17, sitzung = $18, version = $19,
		lokale_rollen = $20`,
		id, a.Benutzername, a.PasswortHash, string(a.Status), p.Anrede, p.Titel, p.Name, p.Vorname, p.Email, p.Telefon,
		p.Mobil, org, a.FunktionaleRollen, a.Behoerde, a.DatascoutID, a.AngelegtAm, a.GueltigBis, a.Sitzung, version,
		nichtNil(a.LokaleRollen))
	if err != nil {
		return err
	}
	if err := reserviereEmail(ctx, tx, id, a); err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, `DELETE FROM anwender_token WHERE anwender_id = $1`, id); err != nil {
		return err
	}
	for art, t := range map[string]*konto.Token{TokenBestaetigung: a.Bestaetigung, TokenZuruecksetzen: a.Zuruecksetzen} {
		if t == nil || t.Hash == "" {
			continue
		}
		if _, err := tx.Exec(ctx, `INSERT INTO anwender_token (hash, anwender_id, art, ablauf) VALUES ($1, $2, $3, $4)`,
			t.Hash, id, art, t.Ablauf); err != nil {
			return err
		}
	}
	return nil
}

// reserviereEmail keeps the account's addresses (the confirmed one and one awaiting
// confirmation) in anwender_email. An address another account holds fails the append with a
// unique violation, which Belegt recognises.
func reserviereEmail(ctx context.Context, tx pgx.Tx, id int64, a konto.Anwender) error {
	var adressen []string
	for _, e := range []string{a.Person.Email, a.NeueEmail} {
		if e = EmailSchluessel(e); e != "" && !slices.Contains(adressen, e) {
			adressen = append(adressen, e)
		}
	}
	if _, err := tx.Exec(ctx, `DELETE FROM anwender_email WHERE anwender_id = $1 AND NOT (email = ANY($2::text[]))`,
		id, adressen); err != nil {
		return err
	}
	// An address another account holds fails here: unique violation on anwender_email_pkey.
	_, err := tx.Exec(ctx, `INSERT INTO anwender_email (email, anwender_id)
		SELECT e, $1 FROM unnest($2::text[]) e
		WHERE NOT EXISTS (SELECT 1 FROM anwender_email WHERE email = e AND anwender_id = $1)`, id, adressen)
	return err
}

// EmailSchluessel is how an e-mail address is compared for uniqueness: trimmed, lower case.
func EmailSchluessel(email string) string { return strings.ToLower(strings.TrimSpace(email)) }

// MsgEmailBelegt is the message of the profile and the user form for an address in use.
const MsgEmailBelegt = "Für diese E-Mail-Adresse besteht bereits ein Konto."

// Belegt tells whether err is the append failing because the user name or the e-mail
// address is another account's already (unique user names, unique addresses). Registration,
// profile and the administrators' user form all ask it, so the rule lives in one place.
func Belegt(err error) (benutzername, email bool) {
	var pe *pgconn.PgError
	if !errors.As(err, &pe) || pe.Code != "23505" {
		return false, false
	}
	switch pe.ConstraintName {
	case "anwender_benutzername":
		return true, false
	case "anwender_email_pkey":
		return false, true
	}
	return false, false
}

// SchreibeOrganisation writes an organisation's state (eventstore.Dokument).
func SchreibeOrganisation(ctx context.Context, tx pgx.Tx, id int64, o organisation.Organisation, version int) error {
	if o.Geloescht {
		_, err := tx.Exec(ctx, `DELETE FROM organisation WHERE id = $1`, id)
		return err
	}
	d := o.Daten
	_, err := tx.Exec(ctx, `INSERT INTO organisation (id, bezeichnung, strasse, hausnummer, plz, ort, status,
		abwasserbeseitigungspflicht, abgabenummer, organisations_id, version)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
		ON CONFLICT (id) DO UPDATE SET bezeichnung = $2, strasse = $3, hausnummer = $4, plz = $5, ort = $6, status = $7,
		abwasserbeseitigungspflicht = $8, abgabenummer = $9, organisations_id = $10, version = $11`,
		id, d.Bezeichnung, d.Adresse.Strasse, d.Adresse.Hausnummer, d.Adresse.Plz, d.Adresse.Ort, d.Status,
		d.Abwasserbeseitigungspflicht, d.Abgabenummer, d.OrganisationsID, version)
	return err
}

// Konto is an account row as login and profile need it.
type Konto struct {
	ID                int64
	Benutzername      string
	PasswortHash      string
	Status            string
	Person            konto.Person
	Organisation      string
	FunktionaleRollen []string
	Behoerde          string
	GueltigBis        time.Time
	Sitzung           int
	Version           int
}

const kontoSpalten = `a.id, a.benutzername, a.passwort_hash, a.status, a.anrede, a.titel, a.name, a.vorname, a.email,
	a.telefon, a.mobil, coalesce(a.organisation_id, 0), coalesce(o.bezeichnung, ''), a.funktionale_rollen, a.behoerde,
	a.gueltig_bis, a.sitzung, a.version
	FROM anwender a LEFT JOIN organisation o ON o.id = a.organisation_id`

func scanKonto(row pgx.Row) (Konto, error) {
	var k Konto
	p := &k.Person
	err := row.Scan(&k.ID, &k.Benutzername, &k.PasswortHash, &k.Status, &p.Anrede, &p.Titel, &p.Name, &p.Vorname,
		&p.Email, &p.Telefon, &p.Mobil, &p.OrganisationID, &k.Organisation, &k.FunktionaleRollen, &k.Behoerde,
		&k.GueltigBis, &k.Sitzung, &k.Version)
	if errors.Is(err, pgx.ErrNoRows) {
		return k, ErrUnbekannt
	}
	return k, err
}

// ErrUnbekannt: no such account.
var ErrUnbekannt = errors.New("konten: unknown account")

// NachBenutzername finds an account by user name (case-insensitive).
func NachBenutzername(ctx context.Context, q eventstore.Querier, name string) (Konto, error) {
	return scanKonto(q.QueryRow(ctx, `SELECT `+kontoSpalten+` WHERE lower(a.benutzername) = lower($1)`, name))
}

// NachID finds an account by id.
func NachID(ctx context.Context, q eventstore.Querier, id int64) (Konto, error) {
	return scanKonto(q.QueryRow(ctx, `SELECT `+kontoSpalten+` WHERE a.id = $1`, id))
}

// NachToken finds the account a one-time token belongs to (expired or not: the decider
// tells "Ungültiger Link.").
func NachToken(ctx context.Context, q eventstore.Querier, hash, art string) (int64, error) {
	var id int64
	err := q.QueryRow(ctx, `SELECT anwender_id FROM anwender_token WHERE hash = $1 AND art = $2`, hash, art).Scan(&id)
	if errors.Is(err, pgx.ErrNoRows) {
		return 0, ErrUnbekannt
	}
	return id, err
}

// OrganisationAuswahl is an entry of the registration's organisation list.
type OrganisationAuswahl struct {
	ID          int64  `json:"id"`
	Bezeichnung string `json:"bezeichnung"`
}

// AktiveOrganisationen lists the active organisations by name.
func AktiveOrganisationen(ctx context.Context, q eventstore.Querier) ([]OrganisationAuswahl, error) {
	rows, err := q.Query(ctx, `SELECT id, bezeichnung FROM organisation WHERE status = 'AKTIV' ORDER BY bezeichnung, id`)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowToStructByPos[OrganisationAuswahl])
}

// OrganisationNachBezeichnung finds an organisation id by name (for the seed).
func OrganisationNachBezeichnung(ctx context.Context, q eventstore.Querier, bezeichnung string) (int64, error) {
	var id int64
	err := q.QueryRow(ctx, `SELECT id FROM organisation WHERE bezeichnung = $1 ORDER BY id LIMIT 1`, bezeichnung).Scan(&id)
	if errors.Is(err, pgx.ErrNoRows) {
		return 0, ErrUnbekannt
	}
	return id, err
}

// OrganisationZeile is an organisation as lists and the form show it.
type OrganisationZeile struct {
	ID                          int64   `json:"id"`
	Bezeichnung                 string  `json:"bezeichnung"`
	Status                      string  `json:"status"`
	Abwasserbeseitigungspflicht bool    `json:"abwasserbeseitigungspflicht"`
	Adresse                     Adresse `json:"adresse"`
	Abgabenummer                string  `json:"abgabenummer"`
	OrganisationsID             string  `json:"organisationsId"`
	Version                     int     `json:"version"`
}

// Adresse of an organisation row.
type Adresse struct {
	Strasse    string `json:"strasse"`
	Hausnummer string `json:"hausnummer"`
	Plz        string `json:"plz"`
	Ort        string `json:"ort"`
}

// OrganisationFilter selects organisations; zero values select all.
type OrganisationFilter struct {
	Status                         string // AKTIV or INAKTIV
	NurAbwasserbeseitigungspflicht bool
	IDs                            []int64
}

// Organisationen lists organisations by name.
func Organisationen(ctx context.Context, q eventstore.Querier, f OrganisationFilter) ([]OrganisationZeile, error) {
	rows, err := q.Query(ctx, `SELECT id, bezeichnung, status, abwasserbeseitigungspflicht, strasse, hausnummer, plz, ort,
		abgabenummer, organisations_id, version FROM organisation
		WHERE ($1 = '' OR status = $1) AND (NOT $2 OR abwasserbeseitigungspflicht)
		  AND (coalesce(cardinality($3::bigint[]), 0) = 0 OR id = ANY($3))
		ORDER BY bezeichnung, id`, f.Status, f.NurAbwasserbeseitigungspflicht, f.IDs)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (OrganisationZeile, error) {
		var o OrganisationZeile
		a := &o.Adresse
		err := r.Scan(&o.ID, &o.Bezeichnung, &o.Status, &o.Abwasserbeseitigungspflicht, &a.Strasse, &a.Hausnummer,
			&a.Plz, &a.Ort, &o.Abgabenummer, &o.OrganisationsID, &o.Version)
		return o, err
	})
}

// AnwenderDerOrganisation lists the ids of the accounts of an organisation.
func AnwenderDerOrganisation(ctx context.Context, q eventstore.Querier, id int64) ([]int64, error) {
	rows, err := q.Query(ctx, `SELECT id FROM anwender WHERE organisation_id = $1 ORDER BY id`, id)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowTo[int64])
}

// Organisationsnamen are the names (Bezeichnung) of the organisations ids, by id (a plant's
// obligees in its screen and Verlauf).
func Organisationsnamen(ctx context.Context, q eventstore.Querier, ids []int64) (map[int64]string, error) {
	return namenNachID(ctx, q, `SELECT id, bezeichnung FROM organisation WHERE id = ANY($1)`, ids)
}

// Namen are the display names ("Vorname Name") of the accounts ids, by id (responsible
// persons and authority users of a file).
func Namen(ctx context.Context, q eventstore.Querier, ids []int64) (map[int64]string, error) {
	return namenNachID(ctx, q, `SELECT id, btrim(vorname || ' ' || name) FROM anwender WHERE id = ANY($1)`, ids)
}

// Benannt is an account by name with its organisation (0: none) — what the masking of names
// (verlauf.Name) needs beside the name.
type Benannt struct {
	Name         string
	Organisation int64
}

// NamenMitOrganisation are the names and organisations of the accounts ids, by id.
func NamenMitOrganisation(ctx context.Context, q eventstore.Querier, ids []int64) (map[int64]Benannt, error) {
	out := map[int64]Benannt{}
	if len(ids) == 0 {
		return out, nil
	}
	rows, err := q.Query(ctx, `SELECT id, btrim(vorname || ' ' || name), coalesce(organisation_id, 0) FROM anwender WHERE id = ANY($1)`, ids)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var id int64
		var b Benannt
		if err := rows.Scan(&id, &b.Name, &b.Organisation); err != nil {
			return nil, err
		}
		out[id] = b
	}
	return out, rows.Err()
}

// namenNachID runs query (id and name of the rows whose id is in $1) for ids, by id.
func namenNachID(ctx context.Context, q eventstore.Querier, query string, ids []int64) (map[int64]string, error) {
	out := map[int64]string{}
	if len(ids) == 0 {
		return out, nil
	}
	rows, err := q.Query(ctx, query, ids)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var id int64
		var name string
		if err := rows.Scan(&id, &name); err != nil {
			return nil, err
		}
		out[id] = name
	}
	return out, rows.Err()
}

func nichtNil(ids []int64) []int64 {
	if ids == nil {
		return []int64{}
	}
	return ids
}

// SchreibeLokaleRolle writes a local role's state (eventstore.Dokument).
func SchreibeLokaleRolle(ctx context.Context, tx pgx.Tx, id int64, r lokalerolle.LokaleRolle, version int) error {
	if r.Geloescht {
		_, err := tx.Exec(ctx, `DELETE FROM lokale_rolle WHERE id = $1`, id)
		return err
	}
	_, err := tx.Exec(ctx, `INSERT INTO lokale_rolle (id, bezeichnung, globale_rolle, systemrolle, alle_regionalstellen,
		betriebe, organisationen, regionalstelle_ids, geaendert_am, version) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
		ON CONFLICT (id) DO UPDATE SET bezeichnung = $2, globale_rolle = $3, systemrolle = $4, alle_regionalstellen = $5,
		betriebe = $6, organisationen = $7, regionalstelle_ids = $8, geaendert_am = $9, version = $10`,
		id, r.Bezeichnung, r.GlobaleRolle, r.Systemrolle, r.AlleRegionalstellen, nichtNil(r.Betriebe),
		nichtNil(r.Organisationen), nichtNil(r.RegionalstelleIDs), r.GeaendertAm, version)
	return err
}

// LokaleRolleZeile is a local role as the list and form show it.
type LokaleRolleZeile struct {
	ID                  int64     `json:"id"`
	Bezeichnung         string    `json:"bezeichnung"`
	GlobaleRolle        string    `json:"globaleRolle"`
	Systemrolle         bool      `json:"systemrolle"`
	AlleRegionalstellen bool      `json:"alleRegionalstellen"`
	Betriebe            []int64   `json:"betriebe"`
	Organisationen      []int64   `json:"organisationen"`
	RegionalstelleIDs   []int64   `json:"regionalstelleIds"`
	GeaendertAm         time.Time `json:"geaendertAm"`
	Version             int       `json:"version"`
}

// LokaleRollen lists local roles by name (all, or the given ids).
func LokaleRollen(ctx context.Context, q eventstore.Querier, ids []int64) ([]LokaleRolleZeile, error) {
	rows, err := q.Query(ctx, `SELECT id, bezeichnung, globale_rolle, systemrolle, alle_regionalstellen, betriebe,
		organisationen, regionalstelle_ids, geaendert_am, version FROM lokale_rolle
		WHERE coalesce(cardinality($1::bigint[]), 0) = 0 OR id = ANY($1) ORDER BY bezeichnung, id`, ids)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowToStructByPos[LokaleRolleZeile])
}

// LetzteRolleVon lists the accounts whose only local role is id.
func LetzteRolleVon(ctx context.Context, q eventstore.Querier, id int64) ([]int64, error) {
	rows, err := q.Query(ctx, `SELECT id FROM anwender WHERE lokale_rollen = ARRAY[$1::bigint] ORDER BY id`, id)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowTo[int64])
}

// MitRolle lists the accounts and their local roles that include id.
func MitRolle(ctx context.Context, q eventstore.Querier, id int64) (map[int64][]int64, error) {
	rows, err := q.Query(ctx, `SELECT id, lokale_rollen FROM anwender WHERE lokale_rollen @> ARRAY[$1::bigint]`, id)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[int64][]int64{}
	for rows.Next() {
		var a int64
		var rollen []int64
		if err := rows.Scan(&a, &rollen); err != nil {
			return nil, err
		}
		out[a] = rollen
	}
	return out, rows.Err()
}

// Dienststellenrolle tells whether one of the ids is a systemrolle.
func Dienststellenrolle(ctx context.Context, q eventstore.Querier, ids []int64) (bool, error) {
	var ok bool
	err := q.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM lokale_rolle WHERE systemrolle AND id = ANY($1::bigint[]))`, nichtNil(ids)).Scan(&ok)
	return ok, err
}

// AnwenderFilter is the filter of the user list (spec 002: names, organisation, four status
// flags, three role-group flags).
type AnwenderFilter struct {
	Vorname, Name, Organisation                                   string
	StatusBeantragt, StatusBestaetigt, StatusAktiv, StatusInaktiv bool
	RolleOrganisation, RolleBehoerde, RolleAdministration         bool
	IDs                                                           []int64
	Page, Size                                                    int
	SortProperty                                                  string
	Absteigend                                                    bool
}

// AnwenderZeile is a user as the list and the form show it.
type AnwenderZeile struct {
	ID               int64          `json:"id"`
	Benutzername     string         `json:"benutzername"`
	Status           string         `json:"status"`
	AngelegtAm       time.Time      `json:"angelegtAm"`
	GueltigBis       time.Time      `json:"gueltigBis"`
	GlobaleRolle     string         `json:"globaleRolle"`
	FunktionaleRolle []string       `json:"funktionaleRolle"`
	LokaleRollen     []int64        `json:"lokaleRollen"`
	DatascoutID      string         `json:"datascoutId"`
	Behoerde         string         `json:"behoerde"`
	Person           AnwenderPerson `json:"person"`
	Version          int            `json:"version"`
}

// AnwenderPerson are the person fields of a user row.
type AnwenderPerson struct {
	Anrede       string               `json:"anrede"`
	Titel        string               `json:"titel"`
	Name         string               `json:"name"`
	Vorname      string               `json:"vorname"`
	Email        string               `json:"email"`
	Telefon      string               `json:"telefon"`
	Mobil        string               `json:"mobil"`
	Organisation *OrganisationAuswahl `json:"organisation"`
}

// globaleRolleSQL derives the global role from the functional roles.
const globaleRolleSQL = `CASE WHEN a.funktionale_rollen && ARRAY['SYSTEMADMIN','FACHADMIN'] THEN 'ADMIN'
	WHEN a.funktionale_rollen && ARRAY['ZUST_SBD','ZUST_SBB','ZUST_SBS','ZUST_SBA','LESER_BEHOERDE'] THEN 'BEHOERDE'
	ELSE 'ORGANISATION' END`

var anwenderSortierung = map[string]string{
	"": "a.name", "name": "a.name", "vorname": "a.vorname", "benutzername": "lower(a.benutzername)", "status": "a.status",
	"organisation": "o.bezeichnung", "angelegtAm": "a.angelegt_am", "gueltigBis": "a.gueltig_bis", "email": "a.email",
	"globaleRolle": "globale_rolle",
}

// AnwenderSortierungen are the sort properties of the user list, sorted (the document's enum
// of sortProperty; a test compares them).
func AnwenderSortierungen() []string {
	var out []string
	for k := range anwenderSortierung {
		if k != "" {
			out = append(out, k)
		}
	}
	slices.Sort(out)
	return out
}

// AnwenderSuche returns one page of users and the total.
func AnwenderSuche(ctx context.Context, q eventstore.Querier, f AnwenderFilter) ([]AnwenderZeile, int64, error) {
	var status, gruppen []string
	for ok, s := range map[*bool][]string{&f.StatusBeantragt: {"DOUBLE_OPT_IN", "DOUBLE_OPT_IN_CHANGED_EMAIL"},
		&f.StatusBestaetigt: {"BESTAETIGT"}, &f.StatusAktiv: {"AKTIV"}, &f.StatusInaktiv: {"INAKTIV"}} {
		if *ok {
			status = append(status, s...)
		}
	}
	for ok, g := range map[*bool]string{&f.RolleOrganisation: "ORGANISATION", &f.RolleBehoerde: "BEHOERDE", &f.RolleAdministration: "ADMIN"} {
		if *ok {
			gruppen = append(gruppen, g)
		}
	}
	order, ok := anwenderSortierung[f.SortProperty]
	if !ok {
		order = "a.name"
	}
	if f.Absteigend {
		order += " DESC"
	}
	if f.Size <= 0 {
		f.Size = 10
	}
	rows, err := q.Query(ctx, `SELECT a.id, a.benutzername, a.status, a.angelegt_am, a.gueltig_bis, `+globaleRolleSQL+` AS globale_rolle,
		a.funktionale_rollen, a.lokale_rollen, a.datascout_id, a.behoerde, a.anrede, a.titel, a.name, a.vorname, a.email,
		a.telefon, a.mobil, coalesce(a.organisation_id, 0), coalesce(o.bezeichnung, ''), a.version, count(*) OVER ()
		FROM anwender a LEFT JOIN organisation o ON o.id = a.organisation_id
		WHERE a.vorname ILIKE '%' || $1 || '%' AND a.name ILIKE '%' || $2 || '%'
		  AND ($3 = '' OR coalesce(o.bezeichnung, '') ILIKE '%' || $3 || '%')
		  AND a.status = ANY($4::text[]) AND (`+globaleRolleSQL+`) = ANY($5::text[])
		  AND (coalesce(cardinality($6::bigint[]), 0) = 0 OR a.id = ANY($6))
		ORDER BY `+order+`, a.id LIMIT $7 OFFSET $8`,
		f.Vorname, f.Name, f.Organisation, status, gruppen, f.IDs, f.Size, f.Page*f.Size)
	if err != nil {
		return nil, 0, err
	}
	defer rows.Close()
	var out []AnwenderZeile
	var total int64
	for rows.Next() {
		var z AnwenderZeile
		p := &z.Person
		var orgID int64
		var orgName string
		if err := rows.Scan(&z.ID, &z.Benutzername, &z.Status, &z.AngelegtAm, &z.GueltigBis, &z.GlobaleRolle, &z.FunktionaleRolle,
			&z.LokaleRollen, &z.DatascoutID, &z.Behoerde, &p.Anrede, &p.Titel, &p.Name, &p.Vorname, &p.Email, &p.Telefon,
			&p.Mobil, &orgID, &orgName, &z.Version, &total); err != nil {
			return nil, 0, err
		}
		if orgID != 0 {
			p.Organisation = &OrganisationAuswahl{ID: orgID, Bezeichnung: orgName}
		}
		out = append(out, z)
	}
	if err := rows.Err(); err != nil {
		return nil, 0, err
	}
	if out == nil {
		out = []AnwenderZeile{}
		if f.Page > 0 { // past the last page: the window count has no row to ride on
			f.Page, f.Size = 0, 1
			_, total, err = AnwenderSuche(ctx, q, f)
		}
	}
	return out, total, err
}

// Referenzen: accounts keep the text of their Anrede and Titel (spec 002 §3: person fields),
// authority accounts name their Regionalstelle in behoerde, local roles list Regionalstellen.
// A referenced value-list entry cannot be deleted (the administration's Setup registers them).
var Referenzen = []wertelisten.Referenz{
	{Liste: "anrede", Von: "anwender.anrede", NachWert: true,
		SQL: `SELECT 1 FROM anwender WHERE lower(btrim(anrede)) = lower(btrim($1))`},
	{Liste: "titel", Von: "anwender.titel", NachWert: true,
		SQL: `SELECT 1 FROM anwender WHERE lower(btrim(titel)) = lower(btrim($1))`},
	{Liste: "regionalstelle", Von: "anwender.behoerde", NachWert: true, SQL: `SELECT 1 FROM anwender WHERE behoerde = $1`},
	{Liste: "regionalstelle", Von: "lokale_rolle.regionalstelle_ids", SQL: `SELECT 1 FROM lokale_rolle WHERE $1 = ANY(regionalstelle_ids)`},
}
