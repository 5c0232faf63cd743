package benachrichtigung

import (
	"context"
	"log/slog"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/eabwasser/eabwasser/domain/berechtigung"
	"github.com/eabwasser/eabwasser/internal/plattform/kalender"
	"github.com/eabwasser/eabwasser/internal/plattform/mail"
	"github.com/eabwasser/eabwasser/internal/zugriff"
)

// Versender delivers the outbox (public.mail_ausgang): every row once, marked when sent; a
// failing address is tried again on later passes (at most MaxVersuche times). It also puts
// the reminders that fall due into the outbox, once per reminder.
type Versender struct {
	Pool      *pgxpool.Pool
	Mail      mail.Versand
	PublicURL string // prefix of the links in the mails
	Log       *slog.Logger
	Takt      time.Duration // between passes; 0: 2 s
	Jetzt     func() time.Time
}

// MaxVersuche is how often a mail is tried.
const MaxVersuche = 10

// Run sends until ctx ends.
func (v *Versender) Run(ctx context.Context) error {
	takt := v.Takt
	if takt <= 0 {
		takt = 2 * time.Second
	}
	t := time.NewTicker(takt)
	defer t.Stop()
	for {
		if _, err := v.Erinnern(ctx); err != nil && ctx.Err() == nil {
			v.Log.Error("Wiedervorlagen vormerken fehlgeschlagen", "error", err)
		}
		if _, err := v.Senden(ctx); err != nil && ctx.Err() == nil {
			v.Log.Error("Mailversand fehlgeschlagen", "error", err)
		}
		select {
		case <-ctx.Done():
			return nil
		case <-t.C:
		}
	}
}

func (v *Versender) heute() time.Time {
	if v.Jetzt != nil {
		return v.Jetzt()
	}
	return kalender.Jetzt()
}

// Erinnern puts every reminder that is due (datum today or earlier) into the outbox for its
// creator when he wants reminders by mail and still sees its object (the rule of the reminders
// tab: a creator moved away is not told the object's name); each reminder once. The text is
// built here, not in SQL, so that the subject and the names of plant and operation — user
// text — stand in it quoted as data (mail.Zitat, issue 27).
func (v *Versender) Erinnern(ctx context.Context) (int64, error) {
	rows, err := v.Pool.Query(ctx, `SELECT 'wiedervorlage-' || w.id, a.email, w.betreff, ms.bezeichnung, an.bezeichnung, b.bezeichnung,
			to_char(w.datum, 'DD.MM.YYYY'), coalesce(nullif(`+wiedervorlagePfad+`, ''), '/')
		`+wiedervorlageObjekte+`
		JOIN anwender a ON a.id = w.angelegt_von_id AND a.status = 'AKTIV' AND a.email <> ''
		JOIN personalisierung p ON p.anwender_id = a.id AND p.send_mail_wiedervorlage
		WHERE w.datum <= $1::date AND `+zugriff.ZustaendigFuerObjekt("a", berechtigung.WiedervorlagenLesen, "w.fachobjekt", "w.fachobjekt_id")+`
			AND NOT EXISTS (SELECT 1 FROM mail_ausgang m WHERE m.schluessel = 'wiedervorlage-' || w.id)`, v.heute().Format("2006-01-02"))
	if err != nil {
		return 0, err
	}
	var schluessel, an, betreff, text, pfad []string
	var s, e, b, datum, p string
	var messstelle, anlage, betrieb *string
	_, err = pgx.ForEachRow(rows, []any{&s, &e, &b, &messstelle, &anlage, &betrieb, &datum, &p}, func() error {
		schluessel, an, pfad = append(schluessel, s), append(an, e), append(pfad, p)
		betreff = append(betreff, "eAbwasser: Wiedervorlage fällig – "+mail.Entschaerft(b))
		text = append(text, erinnerung(b, messstelle, anlage, betrieb, datum))
		return nil
	})
	if err != nil || len(schluessel) == 0 {
		return 0, err
	}
	tag, err := v.Pool.Exec(ctx, `INSERT INTO mail_ausgang (schluessel, an, betreff, text, pfad)
		SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[])
		ON CONFLICT (schluessel) DO NOTHING`, schluessel, an, betreff, text, pfad)
	return tag.RowsAffected(), err
}

// erinnerung is the text of a reminder's mail.
func erinnerung(betreff string, messstelle, anlage, betrieb *string, datum string) string {
	t := "Die Wiedervorlage " + mail.Zitat(betreff)
	switch {
	case messstelle != nil && anlage != nil && betrieb != nil:
		t += " zur Messstelle " + mail.Zitat(*messstelle) + " der Anlage " + mail.Zitat(*anlage) + " des Betriebs " + mail.Zitat(*betrieb)
	case anlage != nil && betrieb != nil:
		t += " zur Anlage " + mail.Zitat(*anlage) + " des Betriebs " + mail.Zitat(*betrieb)
	case betrieb != nil:
		t += " zum Betrieb " + mail.Zitat(*betrieb)
	}
	return t + " ist seit dem " + datum + " fällig."
}

type ausgehend struct {
	id                      int64
	an, betreff, text, pfad string
}

// Senden delivers what is waiting, in batches, and reports how many mails went out.
func (v *Versender) Senden(ctx context.Context) (int, error) {
	gesendet := 0
	var nach int64
	for {
		n, letzte, err := v.sendeStapel(ctx, nach)
		gesendet += n
		if err != nil || letzte == nach {
			return gesendet, err
		}
		nach = letzte
	}
}

// sendeStapel sends up to 20 mails after id nach; the rows stay locked while they are sent,
// so two instances never send the same mail. It returns the last id it looked at.
func (v *Versender) sendeStapel(ctx context.Context, nach int64) (int, int64, error) {
	gesendet, letzte := 0, nach
	err := pgx.BeginFunc(ctx, v.Pool, func(tx pgx.Tx) error {
		rows, err := tx.Query(ctx, `SELECT id, an, betreff, text, pfad FROM mail_ausgang
			WHERE gesendet_am IS NULL AND versuche < $1 AND id > $2 ORDER BY id LIMIT 20 FOR UPDATE SKIP LOCKED`, MaxVersuche, nach)
		if err != nil {
			return err
		}
		stapel, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (ausgehend, error) {
			var a ausgehend
			err := r.Scan(&a.id, &a.an, &a.betreff, &a.text, &a.pfad)
			return a, err
		})
		if err != nil {
			return err
		}
		for _, a := range stapel {
			letzte = a.id
			text := a.text
			if a.pfad != "" {
				text += "\n\nZur Anwendung: " + strings.TrimRight(v.PublicURL, "/") + "/eAbwasser" + a.pfad
			}
			text += "\n\nSie erhalten diese E-Mail, weil Sie in Ihrer Personalisierung Benachrichtigungen per E-Mail gewählt haben."
			if err := v.Mail.Senden(ctx, mail.Nachricht{An: a.an, Betreff: a.betreff, Text: text}); err != nil {
				v.Log.Warn("Benachrichtigung nicht zugestellt", "an", a.an, "error", err)
				if _, err := tx.Exec(ctx, `UPDATE mail_ausgang SET versuche = versuche + 1, fehler = $2 WHERE id = $1`, a.id, err.Error()); err != nil {
					return err
				}
				continue
			}
			if _, err := tx.Exec(ctx, `UPDATE mail_ausgang SET gesendet_am = now(), versuche = versuche + 1, fehler = '' WHERE id = $1`, a.id); err != nil {
				return err
			}
			gesendet++
		}
		return nil
	})
	return gesendet, letzte, err
}
