// Package konten keeps the current state of organisations and user accounts: inline
// projections written in the append's transaction (a login right after a change sees it) and
// the queries of login, registration and profile.
package konten

import (
	"context"
	"errors"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/eabwasser/eabwasser/domain/konto"
	"github.com/eabwasser/eabwasser/domain/organisation"
	"github.com/eabwasser/eabwasser/eventstore"
)

// Token kinds in anwender_token.
const (
	TokenBestaetigung  = "BESTAETIGUNG"
	TokenZuruecksetzen = "ZURUECKSETZEN"
)

// SchreibeAnwender writes an account's state (eventstore.Dokument).
func SchreibeAnwender(ctx context.Context, tx pgx.Tx, id int64, a konto.Anwender, version int) error {
	p := a.Person
	var org *int64
	if p.OrganisationID != 0 {
		org = &p.OrganisationID
	}
	_, err := tx.Exec(ctx, `INSERT INTO anwender (id, benutzername, passwort_hash, status, anrede, titel, name, vorname,
		email, telefon, mobil, organisation_id, funktionale_rollen, behoerde, datascout_id, angelegt_am, gueltig_bis, sitzung, version)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19)
		ON CONFLICT (id) DO UPDATE SET benutzername = $2, passwort_hash = $3, status = $4, anrede = $5, titel = $6,
		name = $7, vorname = $8, email = $9, telefon = $10, mobil = $11, organisation_id = $12, funktionale_rollen = $13,
		behoerde = $14, datascout_id = $15, angelegt_am = $16, gueltig_bis = $17, sitzung = $18, version = $19`,
		id, a.Benutzername, a.PasswortHash, string(a.Status), p.Anrede, p.Titel, p.Name, p.Vorname, p.Email, p.Telefon,
		p.Mobil, org, a.FunktionaleRollen, a.Behoerde, a.DatascoutID, a.AngelegtAm, a.GueltigBis, a.Sitzung, version)
	if err != nil {
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

// SchreibeOrganisation writes an organisation's state (eventstore.Dokument).
func SchreibeOrganisation(ctx context.Context, tx pgx.Tx, id int64, o organisation.Organisation, version int) error {
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

// Sitzung is what every authenticated request checks: is the account still active, valid and
// on the session its token was issued for.
func Sitzung(ctx context.Context, q eventstore.Querier, id int64) (status string, gueltigBis time.Time, sitzung int, err error) {
	err = q.QueryRow(ctx, `SELECT status, gueltig_bis, sitzung FROM anwender WHERE id = $1`, id).Scan(&status, &gueltigBis, &sitzung)
	if errors.Is(err, pgx.ErrNoRows) {
		err = ErrUnbekannt
	}
	return
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
