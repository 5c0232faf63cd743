package konten

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v5"

	"github.com/eabwasser/eabwasser/domain/personalisierung"
	"github.com/eabwasser/eabwasser/eventstore"
)

// SchreibePersonalisierung writes a user's settings (eventstore.Dokument).
func SchreibePersonalisierung(ctx context.Context, tx pgx.Tx, id int64, e personalisierung.Einstellungen, version int) error {
	_, err := tx.Exec(ctx, `INSERT INTO personalisierung (anwender_id, aktiv, betriebstyp, anlagentyp, messstellentyp,
		verwaltungseinheit, send_mail_nachrichten, send_mail_wiedervorlage, version) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
		ON CONFLICT (anwender_id) DO UPDATE SET aktiv = $2, betriebstyp = $3, anlagentyp = $4, messstellentyp = $5,
		verwaltungseinheit = $6, send_mail_nachrichten = $7, send_mail_wiedervorlage = $8, version = $9`,
		id, e.Aktiv, e.Betriebstyp, e.Anlagentyp, e.Messstellentyp, e.Verwaltungseinheit, e.SendMailOnNachrichten,
		e.SendMailOnWiedervorlage, version)
	return err
}

// Personalisierung reads a user's settings and their version (defaults and 0 before the
// first save).
func Personalisierung(ctx context.Context, q eventstore.Querier, id int64) (personalisierung.Einstellungen, int, error) {
	e := personalisierung.Decider.Initial()
	var version int
	err := q.QueryRow(ctx, `SELECT aktiv, betriebstyp, anlagentyp, messstellentyp, verwaltungseinheit, send_mail_nachrichten,
		send_mail_wiedervorlage, version FROM personalisierung WHERE anwender_id = $1`, id).Scan(&e.Aktiv, &e.Betriebstyp,
		&e.Anlagentyp, &e.Messstellentyp, &e.Verwaltungseinheit, &e.SendMailOnNachrichten, &e.SendMailOnWiedervorlage, &version)
	if errors.Is(err, pgx.ErrNoRows) {
		return e, 0, nil
	}
	return e, version, err
}
