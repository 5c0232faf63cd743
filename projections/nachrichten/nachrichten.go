// Package nachrichten is the read model of the users' messages (Nachrichten): a projector fed
// from NATS turns events into messages for the people concerned — an operation requested for
// the authority staff who decide it, the decision for the operator's users, a
// Stammdaten-Antrag or a plant's Änderungsantrag submitted or decided — and applies what users do with them (read,
// delete: the postfach events). When a recipient wants messages by e-mail, the same
// transaction writes the mail to the outbox (public.mail_ausgang), once per message — not
// again when a rebuild replays the event.
//
// Recipients are worked out from the accounts as they are when the event is applied, so a
// rebuild addresses today's staff; messages keep a stable key (event position, recipient).
package nachrichten

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/eabwasser/eabwasser/domain/anlage"
	"github.com/eabwasser/eabwasser/domain/berechtigung"
	"github.com/eabwasser/eabwasser/domain/betrieb"
	"github.com/eabwasser/eabwasser/domain/postfach"
	"github.com/eabwasser/eabwasser/domain/validierung"
	"github.com/eabwasser/eabwasser/eventstore"
	"github.com/eabwasser/eabwasser/internal/kalender"
	"github.com/eabwasser/eabwasser/internal/zugriff"
	"github.com/eabwasser/eabwasser/projections"
)

// Name of the projection (and its schema).
const Name = "nachrichten"

const schema = `
CREATE TABLE betrieb (
    id                bigint PRIMARY KEY,
    betriebs_id       text   NOT NULL,
    bezeichnung       text   NOT NULL,
    betreiber_id      bigint NOT NULL,
    regionalstelle_id bigint NOT NULL
);
CREATE TABLE anlage (
    id          bigint PRIMARY KEY,
    betrieb_id  bigint NOT NULL,
    anlagentyp  text   NOT NULL,
    bezeichnung text   NOT NULL
);
CREATE TABLE nachricht (
    id              bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    quelle          bigint      NOT NULL,
    empfaenger_id   bigint      NOT NULL,
    gelesen         boolean     NOT NULL DEFAULT false,
    absende_datum   timestamptz NOT NULL,
    absender        text        NOT NULL,
    betreff         text        NOT NULL,
    text            text        NOT NULL,
    bezug           text        NOT NULL,
    fachobjektbezug text        NOT NULL,
    fachobjekt_id   bigint      NOT NULL,
    erledigt        text        NOT NULL DEFAULT '',
    pfad            text        NOT NULL DEFAULT '',
    UNIQUE (quelle, empfaenger_id)
);
CREATE INDEX nachricht_empfaenger ON nachricht (empfaenger_id, absende_datum DESC, id DESC);
CREATE INDEX nachricht_ungelesen ON nachricht (empfaenger_id) WHERE NOT gelesen;
CREATE INDEX nachricht_offen ON nachricht (fachobjekt_id, bezug) WHERE erledigt = '';
`

// Projection is the messages read model.
var Projection = projections.Projection{
	Name:   Name,
	Schema: schema,
	Apply: func(ctx context.Context, tx *projections.Tx, e eventstore.Event) error {
		switch e.StreamType {
		case betrieb.StreamType:
			return betriebEreignis(ctx, tx, e)
		case anlage.StreamType:
			return anlageEreignis(ctx, tx, e)
		case postfach.StreamType:
			return postfachEreignis(tx, e)
		}
		return nil
	},
}

func postfachEreignis(tx *projections.Tx, e eventstore.Event) error {
	empfaenger, err := eventstore.AggregatID(e.StreamID)
	if err != nil {
		return err
	}
	de, err := postfach.Decode(e.Type, e.Data)
	if err != nil {
		return err
	}
	switch v := de.(type) {
	case postfach.NachrichtGelesen:
		tx.Exec(`UPDATE nachricht SET gelesen = true WHERE quelle = $1 AND empfaenger_id = $2`, v.Quelle, empfaenger)
	case postfach.NachrichtGeloescht:
		tx.Exec(`DELETE FROM nachricht WHERE quelle = $1 AND empfaenger_id = $2`, v.Quelle, empfaenger)
	}
	return nil
}

// Empfaenger groups.
var (
	// entscheider: the staff who decide about the operation: who may approve it (the
	// permission table) and sees it (internal/zugriff: administrators all, authority staff by
	// their local roles).
	entscheider = `a.status = 'AKTIV' AND ` + zugriff.Zustaendige("a", berechtigung.BetriebFreigeben, zugriff.Betriebsspalten("b."))
	// antragspruefer: the staff who decide about a plant's Änderungsantrag: who may review
	// change requests and sees the plant's operation.
	antragspruefer = `a.status = 'AKTIV' AND ` + zugriff.Zustaendige("a", berechtigung.AenderungsantragPruefen, zugriff.Betriebsspalten("b."))
	// betreiber: the users of the operator organisation.
	betreiberseite = `a.status = 'AKTIV' AND a.organisation_id = b.betreiber_id`
)

// nachricht is what an event says and to whom.
type nachricht struct {
	an      string // entscheider, antragspruefer or betreiberseite
	bezug   string // BETRIEB, BETRIEB_STAMMDATEN_AENDERUNG, AENDERUNGSANTRAG_ANLAGE
	betreff string
	text    string
	// anhang is appended to the text as it is (a user's comment: no format verbs).
	anhang string
}

// ziel is the object a message is about: its name in the Betreff, the Bezug shown, the path of
// its screen (link in the list and in the mail) and the operation whose people get it.
type ziel struct {
	id, betriebID int64
	name, bezug   string
	pfad          string
}

func betriebsziel(ctx context.Context, tx *projections.Tx, id int64) (ziel, error) {
	z := ziel{id: id, betriebID: id, pfad: fmt.Sprintf("/betriebsakte/%d/betriebsdaten", id)}
	var nr string
	if err := tx.QueryRow(ctx, `SELECT bezeichnung, betriebs_id FROM betrieb WHERE id = $1`, id).Scan(&z.name, &nr); err != nil {
		return z, fmt.Errorf("nachrichten: Betrieb %d: %w", id, err)
	}
	z.bezug = fmt.Sprintf("Betrieb %s (%s)", z.name, nr)
	return z, nil
}

func anlagenziel(ctx context.Context, tx *projections.Tx, id int64) (ziel, error) {
	z := ziel{id: id}
	var typ, betriebName, nr string
	if err := tx.QueryRow(ctx, `SELECT a.bezeichnung, a.anlagentyp, a.betrieb_id, b.bezeichnung, b.betriebs_id
		FROM anlage a JOIN betrieb b ON b.id = a.betrieb_id WHERE a.id = $1`, id).Scan(&z.name, &typ, &z.betriebID, &betriebName, &nr); err != nil {
		return z, fmt.Errorf("nachrichten: Anlage %d: %w", id, err)
	}
	z.bezug = fmt.Sprintf("Anlage %s – Betrieb %s (%s)", z.name, betriebName, nr)
	z.pfad = fmt.Sprintf("/betriebsakte/%d/%s/%d/anlagendaten", z.betriebID, strings.ToLower(typ), id)
	return z, nil
}

// antragsfelder are the German names of the fields of a plant's change request.
var antragsfelder = map[string]string{"bezeichnung": "Bezeichnung", "foerderungen": "Förderungen", "tegAbschluss": "TEG-Abschluss",
	"aufKAGelaende": "Auf KA-Gelände", "kuehlart": "Kühlart", "kuehlBehandlung": "Kühlbehandlung"}

func anlageEreignis(ctx context.Context, tx *projections.Tx, e eventstore.Event) error {
	id, err := eventstore.AggregatID(e.StreamID)
	if err != nil {
		return err
	}
	de, err := anlage.Decode(e.Type, e.Data)
	if err != nil {
		return err
	}
	const bezug = "AENDERUNGSANTRAG_ANLAGE"
	var n *nachricht
	switch v := de.(type) {
	case anlage.AnlageAngelegt:
		tx.Exec(`INSERT INTO anlage (id, betrieb_id, anlagentyp, bezeichnung) VALUES ($1, $2, $3, $4)`, id, v.BetriebID, v.Typ, v.Daten.Bezeichnung)
	case anlage.AnlageGeaendert:
		tx.Exec(`UPDATE anlage SET bezeichnung = $2 WHERE id = $1`, id, v.Daten.Bezeichnung)
	case anlage.AenderungsantragGestellt:
		n = &nachricht{an: antragspruefer, bezug: bezug, betreff: "Änderungsantrag zur Anlage: %s",
			text: "%[2]s hat eine Änderung der Anlage „%[1]s“ beantragt. Bitte prüfen Sie den Antrag in den Anlagendaten.", anhang: kommentar(v.Antrag.Kommentar)}
	case anlage.AenderungsantragUebernommen:
		entschieden(tx, e, id, bezug, "Übernommen")
		felder := make([]string, len(v.Felder))
		for i, f := range v.Felder {
			felder[i] = cmp.Or(antragsfelder[f], f)
		}
		n = &nachricht{an: betreiberseite, bezug: bezug, betreff: "Änderungsantrag übernommen: %s",
			text: "%[2]s hat Ihren Änderungsantrag zur Anlage „%[1]s“ bearbeitet.", anhang: " Übernommen wurden: " + strings.Join(felder, ", ") + "."}
	case anlage.AenderungsantragAbgelehnt:
		entschieden(tx, e, id, bezug, "Abgelehnt")
		n = &nachricht{an: betreiberseite, bezug: bezug, betreff: "Änderungsantrag abgelehnt: %s",
			text: "%[2]s hat Ihren Änderungsantrag zur Anlage „%[1]s“ abgelehnt."}
	}
	if n == nil {
		return nil
	}
	z, err := anlagenziel(ctx, tx, id)
	if err != nil {
		return err
	}
	return zustellen(ctx, tx, e, z, *n)
}

func betriebEreignis(ctx context.Context, tx *projections.Tx, e eventstore.Event) error {
	id, err := eventstore.AggregatID(e.StreamID)
	if err != nil {
		return err
	}
	de, err := betrieb.Decode(e.Type, e.Data)
	if err != nil {
		return err
	}
	daten := func(d betrieb.Daten) {
		tx.Exec(`UPDATE betrieb SET bezeichnung = $2, betreiber_id = $3, regionalstelle_id = $4 WHERE id = $1`,
			id, d.Bezeichnung, d.BetreiberID, d.RegionalstelleID)
	}
	var n *nachricht
	switch v := de.(type) {
	case betrieb.BetriebBeantragt:
		tx.Exec(`INSERT INTO betrieb (id, betriebs_id, bezeichnung, betreiber_id, regionalstelle_id) VALUES ($1, $2, $3, $4, $5)`,
			id, v.BetriebsID, v.Daten.Bezeichnung, v.Daten.BetreiberID, v.Daten.RegionalstelleID)
		n = &nachricht{an: entscheider, bezug: "BETRIEB", betreff: "Betrieb zur Freigabe beantragt: %s",
			text: "%[2]s hat den Betrieb „%[1]s“ zur Freigabe beantragt. Bitte prüfen Sie den Antrag unter „Freigabe bearbeiten“."}
	case betrieb.FreigabeErneutBeantragt:
		daten(v.Daten)
		n = &nachricht{an: entscheider, bezug: "BETRIEB", betreff: "Freigabe erneut beantragt: %s",
			text: "%[2]s hat den abgewiesenen Betrieb „%[1]s“ überarbeitet und die Freigabe erneut beantragt."}
	case betrieb.BetriebsdatenGeaendert:
		daten(v.Daten)
	case betrieb.BetriebGeaendert:
		daten(v.Daten)
	case betrieb.BetreiberUmgezogen:
		tx.Exec(`UPDATE betrieb SET betreiber_id = $2 WHERE id = $1`, id, v.NeuID)
	case betrieb.BetriebFreigegeben:
		entschieden(tx, e, id, "BETRIEB", "Freigegeben")
		n = &nachricht{an: betreiberseite, bezug: "BETRIEB", betreff: "Betrieb freigegeben: %s",
			text: "Der Betrieb „%[1]s“ wurde von %[2]s freigegeben." + kommentar(v.Kommentar)}
	case betrieb.BetriebAbgewiesen:
		entschieden(tx, e, id, "BETRIEB", "Abgewiesen")
		n = &nachricht{an: betreiberseite, bezug: "BETRIEB", betreff: "Freigabe abgewiesen: %s",
			text: "Die Freigabe des Betriebs „%[1]s“ wurde von %[2]s abgewiesen. Sie können die Angaben ändern und die Freigabe erneut beantragen." + kommentar(v.Kommentar)}
	case betrieb.StammdatenAntragGestellt:
		n = &nachricht{an: entscheider, bezug: "BETRIEB_STAMMDATEN_AENDERUNG", betreff: "Stammdatenänderungsantrag: %s",
			text: "%[2]s hat eine Änderung der Stammdaten des Betriebs „%[1]s“ beantragt." + kommentar(v.Antrag.Kommentar)}
	case betrieb.StammdatenAntragUebernommen:
		entschieden(tx, e, id, "BETRIEB_STAMMDATEN_AENDERUNG", "Übernommen")
		n = &nachricht{an: betreiberseite, bezug: "BETRIEB_STAMMDATEN_AENDERUNG", betreff: "Stammdatenänderungsantrag übernommen: %s",
			text: "%[2]s hat Ihren Stammdatenänderungsantrag zum Betrieb „%[1]s“ bearbeitet. Übernommen wurden: " + strings.Join(betrieb.Antragsfeldnamen(v.Felder), ", ") + "."}
	case betrieb.StammdatenAntragAbgelehnt:
		entschieden(tx, e, id, "BETRIEB_STAMMDATEN_AENDERUNG", "Abgelehnt")
		n = &nachricht{an: betreiberseite, bezug: "BETRIEB_STAMMDATEN_AENDERUNG", betreff: "Stammdatenänderungsantrag abgelehnt: %s",
			text: "%[2]s hat Ihren Stammdatenänderungsantrag zum Betrieb „%[1]s“ abgelehnt."}
	}
	if n == nil {
		return nil
	}
	z, err := betriebsziel(ctx, tx, id)
	if err != nil {
		return err
	}
	return zustellen(ctx, tx, e, z, *n)
}

// entschieden marks the open messages about a request of the operation as decided (issue 14:
// a message about a request shows that it is decided once it is), before the decision's own
// messages are written.
func entschieden(tx *projections.Tx, e eventstore.Event, id int64, bezug, wie string) {
	von := e.Metadata.ActorName
	if von == "" {
		von = "eAbwasser"
	}
	tag := e.RecordedAt.In(kalender.Zone).Format("02.01.2006")
	tx.Exec(`UPDATE nachricht SET erledigt = $3 WHERE fachobjekt_id = $1 AND bezug = $2 AND erledigt = ''`,
		id, bezug, wie+" am "+tag+" von "+von)
}

func kommentar(k string) string {
	if k = strings.TrimSpace(k); k == "" {
		return ""
	}
	return "\n\nKommentar: " + k
}

// zustellen writes the message about z for each recipient (never the sender himself) and, for
// those who want it, the mail.
func zustellen(ctx context.Context, tx *projections.Tx, e eventstore.Event, z ziel, n nachricht) error {
	absender := e.Metadata.ActorName
	if absender == "" {
		absender = "eAbwasser"
	}
	betreff := fmt.Sprintf(n.betreff, z.name)
	text := fmt.Sprintf(n.text, z.name, absender) + n.anhang
	rows, err := tx.Query(ctx, `SELECT a.id, a.email, coalesce(p.send_mail_nachrichten, false)
		FROM public.anwender a JOIN betrieb b ON b.id = $1 LEFT JOIN public.personalisierung p ON p.anwender_id = a.id
		WHERE `+n.an+` AND a.id::text <> $2 ORDER BY a.id`, z.betriebID, e.Metadata.ActorID)
	if err != nil {
		return err
	}
	type empfaenger struct {
		id    int64
		email string
		mail  bool
	}
	liste, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (empfaenger, error) {
		var x empfaenger
		err := r.Scan(&x.id, &x.email, &x.mail)
		return x, err
	})
	if err != nil {
		return err
	}
	for _, x := range liste {
		tx.Exec(`INSERT INTO nachricht (quelle, empfaenger_id, absende_datum, absender, betreff, text, bezug, fachobjektbezug, fachobjekt_id, pfad)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`, e.Position, x.id, e.RecordedAt, absender, betreff, text, n.bezug, z.bezug, z.id, z.pfad)
		if x.mail && x.email != "" && !tx.Wiederholung() {
			tx.Exec(`INSERT INTO public.mail_ausgang (schluessel, an, betreff, text, pfad) VALUES ($1, $2, $3, $4, $5)
				ON CONFLICT (schluessel) DO NOTHING`, fmt.Sprintf("nachricht-%d-%d", e.Position, x.id), x.email,
				"eAbwasser: "+betreff, text, z.pfad)
		}
	}
	return nil
}

// Nachricht is a message as the start page lists it.
type Nachricht struct {
	ID              int64     `json:"id"`
	Gelesen         bool      `json:"gelesen"`
	AbsendeDatum    time.Time `json:"absendeDatum"`
	Absender        string    `json:"absender"`
	Betreff         string    `json:"betreff"`
	Text            string    `json:"text"`
	Bezug           string    `json:"bezugZuFachobjekt"`
	Fachobjektbezug string    `json:"fachobjektbezug"`
	FachobjektID    int64     `json:"fachobjektId"`
	Quelle          int64     `json:"-"`
	// Erledigt says how and when the request the message is about was decided ("Freigegeben am
	// 23.11.2026 von …"); empty while it is open or the message is no request.
	Erledigt string `json:"erledigt"`
	// Pfad is the app path of the object's screen (/betriebsakte/…) the message links to.
	Pfad string `json:"pfad"`
}

// VonEmpfaenger lists a user's messages, newest first.
func VonEmpfaenger(ctx context.Context, q eventstore.Querier, empfaenger int64) ([]Nachricht, error) {
	rows, err := q.Query(ctx, `SELECT id, gelesen, absende_datum, absender, betreff, text, bezug, fachobjektbezug, fachobjekt_id, quelle, erledigt, pfad
		FROM nachrichten.nachricht WHERE empfaenger_id = $1 ORDER BY absende_datum DESC, id DESC LIMIT 500`, empfaenger)
	if err != nil {
		return nil, err
	}
	out, err := pgx.CollectRows(rows, pgx.RowToStructByPos[Nachricht])
	if out == nil {
		out = []Nachricht{}
	}
	return out, err
}

// Ungelesen counts a user's unread messages.
func Ungelesen(ctx context.Context, q eventstore.Querier, empfaenger int64) (int, error) {
	var n int
	err := q.QueryRow(ctx, `SELECT count(*) FROM nachrichten.nachricht WHERE empfaenger_id = $1 AND NOT gelesen`, empfaenger).Scan(&n)
	return n, err
}

// Quelle finds the key of a user's message by its id; validierung.NichtGefunden when it is not
// his (or gone).
func Quelle(ctx context.Context, q eventstore.Querier, empfaenger, id int64) (int64, error) {
	var quelle int64
	err := q.QueryRow(ctx, `SELECT quelle FROM nachrichten.nachricht WHERE id = $1 AND empfaenger_id = $2`, id, empfaenger).Scan(&quelle)
	if errors.Is(err, pgx.ErrNoRows) {
		return 0, validierung.NichtGefunden
	}
	return quelle, err
}
