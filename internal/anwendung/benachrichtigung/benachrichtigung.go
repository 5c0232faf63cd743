// Package benachrichtigung is the application service of the start page's personal parts:
// messages (read model nachrichten, user actions as postfach events), the reminders that
// concern a user, personal settings, and the mail sender that delivers the outbox of
// notification mails (messages, due reminders) over SMTP.
package benachrichtigung

import (
	"context"
	"strconv"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/eabwasser/eabwasser/domain/personalisierung"
	"github.com/eabwasser/eabwasser/domain/postfach"
	"github.com/eabwasser/eabwasser/eventstore"
	"github.com/eabwasser/eabwasser/internal/dokumente/ablage"
	"github.com/eabwasser/eabwasser/internal/dokumente/konten"
	"github.com/eabwasser/eabwasser/internal/zugriff"
	"github.com/eabwasser/eabwasser/projections/nachrichten"
)

// Dienst is the service.
type Dienst struct {
	Store *eventstore.Store
}

// Nachrichten lists the caller's messages about objects he sees.
func (d *Dienst) Nachrichten(ctx context.Context, n zugriff.Nutzer) ([]nachrichten.Nachricht, error) {
	n, err := zugriff.Aufloesen(ctx, d.Store.Pool(), n)
	if err != nil {
		return nil, err
	}
	return nachrichten.VonEmpfaenger(ctx, d.Store.Pool(), n.AnwenderID, n.Sicht)
}

// Ungelesen counts the caller's unread messages about objects he sees.
func (d *Dienst) Ungelesen(ctx context.Context, n zugriff.Nutzer) (int, error) {
	n, err := zugriff.Aufloesen(ctx, d.Store.Pool(), n)
	if err != nil {
		return 0, err
	}
	return nachrichten.Ungelesen(ctx, d.Store.Pool(), n.AnwenderID, n.Sicht)
}

// Lesen marks one of the user's messages read.
func (d *Dienst) Lesen(ctx context.Context, anwender, id int64, md eventstore.Metadata) (eventstore.Appended, error) {
	quelle, err := nachrichten.Quelle(ctx, d.Store.Pool(), anwender, id)
	if err != nil {
		return eventstore.Appended{}, err
	}
	return eventstore.Befehle(d.Store, postfach.Decider).Handle(ctx, anwender, eventstore.VersionUnbekannt, postfach.Lies{Quelle: quelle}, md)
}

// Loeschen deletes one of the user's messages.
func (d *Dienst) Loeschen(ctx context.Context, anwender, id int64, md eventstore.Metadata) (eventstore.Appended, error) {
	quelle, err := nachrichten.Quelle(ctx, d.Store.Pool(), anwender, id)
	if err != nil {
		return eventstore.Appended{}, err
	}
	return eventstore.Befehle(d.Store, postfach.Decider).Handle(ctx, anwender, eventstore.VersionUnbekannt, postfach.Loesche{Quelle: quelle}, md)
}

// Einstellungen are the settings with the version they were loaded at.
type Einstellungen struct {
	personalisierung.Einstellungen
	Version int `json:"version"`
}

// Personalisierung reads the user's settings.
func (d *Dienst) Personalisierung(ctx context.Context, anwender int64) (Einstellungen, error) {
	e, v, err := konten.Personalisierung(ctx, d.Store.Pool(), anwender)
	return Einstellungen{Einstellungen: e, Version: v}, err
}

// auswahlListen are the value lists the filters choose from.
var auswahlListen = map[string]string{"betriebstyp": "betriebstyp", "anlagentyp": "anlagentyp", "messstellentyp": "messstellentyp",
	"verwaltungseinheit": "verwaltungseinheit"}

// Speichern saves the user's settings (a stale version is a conflict).
func (d *Dienst) Speichern(ctx context.Context, anwender int64, e Einstellungen, md eventstore.Metadata) (eventstore.Appended, error) {
	auswahl, err := d.Auswahl(ctx, anwender)
	if err != nil {
		return eventstore.Appended{}, err
	}
	erlaubt := map[string][]string{}
	for feld, a := range auswahl {
		for _, x := range append(a.Aktiv, a.Inaktiv...) {
			erlaubt[feld] = append(erlaubt[feld], x.ID)
		}
	}
	// version 0: the settings were never saved, and nobody may have saved them since
	return eventstore.Befehle(d.Store, personalisierung.Decider).Handle(ctx, anwender, e.Version, personalisierung.Speichere{Einstellungen: e.Einstellungen, Erlaubt: erlaubt}, md)
}

// Wahl is one choice of a filter.
type Wahl struct {
	ID    string `json:"id"`
	Value string `json:"value"`
}

// Auswahl are the active (chosen) and inactive choices of one filter.
type Auswahl struct {
	Aktiv   []Wahl `json:"aktiv"`
	Inaktiv []Wahl `json:"inaktiv"`
}

// Auswahl lists, per filter, the choices the user has made and the ones he has not.
func (d *Dienst) Auswahl(ctx context.Context, anwender int64) (map[string]Auswahl, error) {
	e, _, err := konten.Personalisierung(ctx, d.Store.Pool(), anwender)
	if err != nil {
		return nil, err
	}
	gewaehlt := map[string]map[string]bool{"betriebstyp": menge(e.Betriebstyp), "anlagentyp": menge(e.Anlagentyp),
		"messstellentyp": menge(e.Messstellentyp), "verwaltungseinheit": {}}
	for _, id := range e.Verwaltungseinheit {
		gewaehlt["verwaltungseinheit"][strconv.FormatInt(id, 10)] = true
	}
	rows, err := d.Store.Pool().Query(ctx, `SELECT liste, coalesce(nullif(schluessel, ''), id::text), wert FROM werteliste_eintrag
		WHERE liste = ANY($1) ORDER BY liste, schluessel, wert`, []string{"betriebstyp", "anlagentyp", "messstellentyp", "verwaltungseinheit"})
	if err != nil {
		return nil, err
	}
	out := map[string]Auswahl{}
	for feld := range auswahlListen {
		out[feld] = Auswahl{Aktiv: []Wahl{}, Inaktiv: []Wahl{}}
	}
	var liste string
	var w Wahl
	_, err = pgx.ForEachRow(rows, []any{&liste, &w.ID, &w.Value}, func() error {
		a := out[liste]
		if gewaehlt[liste][w.ID] {
			a.Aktiv = append(a.Aktiv, w)
		} else {
			a.Inaktiv = append(a.Inaktiv, w)
		}
		out[liste] = a
		return nil
	})
	return out, err
}

func menge(ws []string) map[string]bool {
	m := map[string]bool{}
	for _, w := range ws {
		m[w] = true
	}
	return m
}

// Wiedervorlage is a reminder on the start page.
type Wiedervorlage struct {
	ID           int64   `json:"id"`
	Datum        *string `json:"datum"`
	Betreff      string  `json:"betreff"`
	BetriebInfo  string  `json:"betriebInfo"`
	Fachobjekt   string  `json:"fachobjekt"`
	FachobjektID int64   `json:"fachobjektId"`
	BetriebID    int64   `json:"betriebId"`
	Faellig      bool    `json:"faellig"`
	// Loeschbar: the user set it, or he is authority staff responsible for the operation or
	// plant (the rule of the object's own reminder list).
	Loeschbar bool `json:"loeschbar"`
	// Bezug is the kind of the reminder (BETRIEB, ANLAGE, AENDERUNGSANTRAG_ANLAGE, …).
	Bezug string `json:"bezugZuFachobjekt"`
	// Anlage is the name of the plant a reminder on a plant or on one of its measuring points
	// hangs on ("" for others).
	Anlage string `json:"anlage"`
	// Messstelle is the name of the measuring point a reminder hangs on ("" for others).
	Messstelle string `json:"messstelle"`
	// Aktenzeichen is the file number of the Bescheid a reminder hangs on ("" for others).
	Aktenzeichen string `json:"aktenzeichen"`
	// Jahr is the year of the annual report a reminder hangs on (0 for others).
	Jahr int `json:"jahr"`
	// Pfad is the app path of the object's reminders ("" when the object is gone).
	Pfad string `json:"pfad"`
}

// Where a reminder hangs: the measuring point (ms), the Bescheid (bs) or the annual report (jb)
// it is on, the plant (an) it, its measuring point or its report is on, and the operation (b)
// it, its Bescheid or its plant belongs to. A deleted Bescheid or report is gone (no path).
const (
	wiedervorlageObjekte = `FROM wiedervorlage w
		LEFT JOIN messstelle ms ON w.fachobjekt = 'messstelle' AND ms.id = w.fachobjekt_id
		LEFT JOIN bescheid bs ON w.fachobjekt = 'bescheid' AND bs.id = w.fachobjekt_id AND NOT bs.geloescht
		LEFT JOIN jahresbericht jb ON w.fachobjekt = 'jahresbericht' AND jb.id = w.fachobjekt_id AND NOT jb.geloescht
		LEFT JOIN anlage an ON an.id = CASE WHEN w.fachobjekt = 'anlage' THEN w.fachobjekt_id
			WHEN w.fachobjekt = 'jahresbericht' THEN jb.anlage_id ELSE ms.anlage_id END
		LEFT JOIN betrieb b ON b.id = CASE WHEN w.fachobjekt = 'betrieb' THEN w.fachobjekt_id
			WHEN w.fachobjekt = 'bescheid' THEN bs.betrieb_id ELSE an.betrieb_id END`
	wiedervorlagePfad = `CASE WHEN w.fachobjekt = 'betrieb' THEN '/betriebsakte/' || w.fachobjekt_id || '/wiedervorlagen'
		WHEN bs.id IS NOT NULL THEN '/betriebsakte/' || bs.betrieb_id ||
			CASE WHEN bs.bescheidsstatus IN ('ANGELEGT', 'BEANTRAGT') THEN '/antrag/' ELSE '/bescheid/' END || bs.id || '/wiedervorlagen'
		WHEN jb.id IS NOT NULL AND an.id IS NOT NULL THEN '/betriebsakte/' || an.betrieb_id || '/jahresbericht/' || jb.id || '/wiedervorlagen'
		WHEN ms.id IS NOT NULL AND an.id IS NOT NULL THEN '/betriebsakte/' || an.betrieb_id || '/' || lower(an.anlagentyp) || '/' || an.id ||
			'/messstellen/' || ms.id || '/wiedervorlagen'
		WHEN w.fachobjekt = 'anlage' AND an.id IS NOT NULL THEN '/betriebsakte/' || an.betrieb_id || '/' || lower(an.anlagentyp) || '/' || an.id || '/wiedervorlagen'
		ELSE '' END`
)

// zustaendig is the condition that the user $1 is responsible (Bearbeiter or responsible
// person) for the operation or plant of a reminder (alias x: b or an).
func zustaendig(x string) string {
	return `coalesce(` + x + `.daten->'zustaendigeBearbeiter' @> jsonb_build_array(jsonb_build_object('id', $1::bigint))
		OR ` + x + `.daten->'zustaendigePersonen' @> jsonb_build_array(jsonb_build_object('id', $1::bigint)), false)`
}

// Wiedervorlagen lists the reminders that concern the caller: those he set, and those on
// operations and plants he is responsible for (Bearbeiter or responsible person; the reminders
// of a plant, its measuring points and annual reports also concern who is responsible for its
// operation, a Bescheid's who is responsible for the operation), earliest first — of objects he
// sees (zugriff's Sicht over the object a reminder hangs on): what put him on a reminder does
// not outlast his view of its object (a move to another organisation, a local role taken away,
// a name saved on a foreign object) — and only those of his side or shared with it (issue 42,
// zugriff.Nutzer.Seitig: a responsible operator does not see the authority's internal
// reminders). Organisation users delete only their own, staff those of the authority.
func (d *Dienst) Wiedervorlagen(ctx context.Context, n zugriff.Nutzer, heute time.Time) ([]Wiedervorlage, error) {
	n, err := zugriff.Aufloesen(ctx, d.Store.Pool(), n)
	if err != nil {
		return nil, err
	}
	bearbeiter := func(x string) string {
		return `coalesce(` + x + `.daten->'zustaendigeBearbeiter' @> jsonb_build_array(jsonb_build_object('id', $1::bigint)), false)`
	}
	args := []any{n.AnwenderID, heute.Format("2006-01-02"), n.Organisationsseitig()}
	rows, err := d.Store.Pool().Query(ctx, `SELECT w.id, to_char(w.datum, 'YYYY-MM-DD'), w.betreff,
		coalesce(b.bezeichnung || ' (' || b.betriebs_id || ')', ''), w.fachobjekt, w.fachobjekt_id, coalesce(b.id, 0),
		w.datum IS NOT NULL AND w.datum <= $2::date,
		w.angelegt_von_id = $1 OR (NOT $3 AND w.seite = 'BEHOERDE' AND (`+bearbeiter("b")+` OR `+bearbeiter("an")+`)),
		w.bezug_zu_fachobjekt, coalesce(an.bezeichnung, ''), coalesce(ms.bezeichnung, ''),
		coalesce(bs.daten->>'aktenzeichen', ''), coalesce(jb.jahr, 0), `+wiedervorlagePfad+`
		`+wiedervorlageObjekte+`
		WHERE (w.angelegt_von_id = $1 OR `+zustaendig("b")+` OR `+zustaendig("an")+`)
		AND `+n.Sicht.Objekt("w.fachobjekt", "w.fachobjekt_id", zugriff.Platzhalter(&args))+`
		AND `+n.Seitig(ablage.SeitenSpalten("w."), zugriff.Platzhalter(&args))+`
		ORDER BY w.datum NULLS LAST, w.id`, args...)
	if err != nil {
		return nil, err
	}
	out, err := pgx.CollectRows(rows, pgx.RowToStructByPos[Wiedervorlage])
	if out == nil {
		out = []Wiedervorlage{}
	}
	return out, err
}
