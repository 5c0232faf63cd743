package konten

import (
	"context"

	"github.com/jackc/pgx/v5"

	"github.com/eabwasser/eabwasser/eventstore"
)

// waehlbar is the one condition of an account (alias a) that a picker may offer and a form
// may name: confirmed by e-mail and activated (AKTIV), and within its validity — an account
// that may log in. Registrations awaiting confirmation or activation, deactivated and expired
// accounts are offered nowhere.
const waehlbar = `a.status = 'AKTIV' AND a.gueltig_bis > now()`

// personDesBetriebs is the condition of the person picker of the operation $1: the users of its
// operator and those whose local roles name it.
const personDesBetriebs = `(a.organisation_id = (SELECT b.betreiber_id FROM public.betrieb b WHERE b.id = $1)
	OR EXISTS (SELECT 1 FROM public.lokale_rolle r WHERE r.id = ANY(a.lokale_rollen) AND $1 = ANY(r.betriebe)))`

// bearbeiter is the condition of the Bearbeiter picker: authority users with a Datascout-ID.
const bearbeiter = `a.datascout_id <> '' AND a.organisation_id IS NULL`

// PersonAuswahl is an account the person picker offers.
type PersonAuswahl struct {
	ID    int64  `json:"id"`
	Name  string `json:"name"`
	Email string `json:"email"`
}

// Personenauswahl lists the accounts that may be named responsible persons of the operation
// betriebID and of its plants (GET /api/person/lokaleRolle/{betriebId}), by name.
func Personenauswahl(ctx context.Context, q eventstore.Querier, betriebID int64) ([]PersonAuswahl, error) {
	rows, err := q.Query(ctx, `SELECT a.id, btrim(a.vorname || ' ' || a.name), a.email FROM public.anwender a
		WHERE `+personDesBetriebs+` AND `+waehlbar+` ORDER BY a.name, a.vorname, a.id`, betriebID)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowToStructByPos[PersonAuswahl])
}

// WaehlbarePersonen answers which of ids the person picker of the operation betriebID offers
// (Personenauswahl's rule), ascending: the check of the ids a save names in
// zustaendigePersonen of the operation or of one of its plants.
func WaehlbarePersonen(ctx context.Context, q eventstore.Querier, betriebID int64, ids []int64) ([]int64, error) {
	rows, err := q.Query(ctx, `SELECT a.id FROM public.anwender a WHERE a.id = ANY($2) AND `+personDesBetriebs+` AND `+waehlbar+`
		ORDER BY a.id`, betriebID, nichtNil(ids))
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowTo[int64])
}

// Bearbeiterauswahl lists the authority users that may be named Bearbeiter of an operation or
// plant (GET /api/bearbeiter), by name.
func Bearbeiterauswahl(ctx context.Context, q eventstore.Querier) ([]BearbeiterAnsicht, error) {
	rows, err := q.Query(ctx, `SELECT a.id, a.datascout_id, btrim(a.vorname || ' ' || a.name) FROM public.anwender a
		WHERE `+bearbeiter+` AND `+waehlbar+` ORDER BY a.name, a.vorname, a.id`)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowToStructByPos[BearbeiterAnsicht])
}

// WaehlbareBearbeiter answers which of ids the Bearbeiter picker offers (Bearbeiterauswahl's
// rule), ascending: the check of the ids a save names in zustaendigeBearbeiter.
func WaehlbareBearbeiter(ctx context.Context, q eventstore.Querier, ids []int64) ([]int64, error) {
	rows, err := q.Query(ctx, `SELECT a.id FROM public.anwender a WHERE a.id = ANY($1) AND `+bearbeiter+` AND `+waehlbar+`
		ORDER BY a.id`, nichtNil(ids))
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowTo[int64])
}
