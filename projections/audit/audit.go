// Package audit is the audit trail: one row per event with when, who (user, roles,
// organisation), which stream, which event, a short German summary and the data. Auditors
// read it to follow the history of any object; it is rebuilt from the event store like every
// read model.
package audit

import (
	"context"
	"encoding/json"
	"strconv"
	"strings"
	"time"
	"unicode"

	"github.com/eabwasser/eabwasser/domain/betrieb"
	"github.com/eabwasser/eabwasser/domain/datei"
	"github.com/eabwasser/eabwasser/domain/ereignis"
	"github.com/eabwasser/eabwasser/domain/konto"
	"github.com/eabwasser/eabwasser/domain/lokalerolle"
	"github.com/eabwasser/eabwasser/domain/organisation"
	"github.com/eabwasser/eabwasser/domain/werteliste"
	"github.com/eabwasser/eabwasser/domain/wiedervorlage"
	"github.com/eabwasser/eabwasser/eventstore"
	"github.com/eabwasser/eabwasser/projections"
)

// Name is the projection's name (and the schema of its table).
const Name = "audit"

const schema = `
CREATE TABLE eintrag (
    position        bigint      PRIMARY KEY,
    zeitpunkt       timestamptz NOT NULL,
    benutzer_id     text        NOT NULL DEFAULT '',
    benutzer_name   text        NOT NULL DEFAULT '',
    rollen          text[]      NOT NULL DEFAULT '{}',
    organisation    text        NOT NULL DEFAULT '',
    stream_id       text        NOT NULL,
    stream_type     text        NOT NULL,
    version         integer     NOT NULL,
    event_type      text        NOT NULL,
    zusammenfassung text        NOT NULL,
    daten           jsonb       NOT NULL,
    request_id      text        NOT NULL DEFAULT '',
    correlation_id  text        NOT NULL DEFAULT ''
);
CREATE INDEX eintrag_stream ON eintrag (stream_id, position);
CREATE INDEX eintrag_event_type ON eintrag (event_type, position);
CREATE INDEX eintrag_benutzer_id ON eintrag (benutzer_id, position);
CREATE INDEX eintrag_benutzer_name ON eintrag (lower(benutzer_name) text_pattern_ops);
CREATE INDEX eintrag_zeitpunkt ON eintrag (zeitpunkt);
`

// Projection writes one row per event. A plain INSERT: applying an event twice would fail
// loudly instead of hiding a broken exactly-once guarantee.
var Projection = projections.Projection{
	Name:   Name,
	Schema: schema,
	Apply: func(_ context.Context, tx *projections.Tx, e eventstore.Event) error {
		md := e.Metadata
		roles := md.Roles
		if roles == nil {
			roles = []string{}
		}
		tx.Exec(`INSERT INTO eintrag (position, zeitpunkt, benutzer_id, benutzer_name, rollen, organisation,
			stream_id, stream_type, version, event_type, zusammenfassung, daten, request_id, correlation_id)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`,
			e.Position, e.RecordedAt, md.ActorID, md.ActorName, roles, md.Organisation,
			e.StreamID, e.StreamType, e.Version, e.Type, Zusammenfassung(e), ohneGeheimnisse(e.Data), md.RequestID, md.CorrelationID)
		return nil
	},
}

// summaries are the German phrases for event types, keyed by the event types themselves
// (ereignis.Name); areas add theirs here.
var summaries = map[string]string{
	ereignis.Name[werteliste.EintragAngelegt]():                "Wertelisteneintrag angelegt",
	ereignis.Name[werteliste.EintragGeaendert]():               "Wertelisteneintrag geändert",
	ereignis.Name[werteliste.EintragGeloescht]():               "Wertelisteneintrag gelöscht",
	ereignis.Name[konto.AnwenderRegistriert]():                 "Registrierung eingegangen",
	ereignis.Name[konto.AnwenderAngelegt]():                    "Anwender angelegt",
	ereignis.Name[konto.EmailBestaetigt]():                     "E-Mail-Adresse bestätigt",
	ereignis.Name[konto.AnwenderAktiviert]():                   "Zugang freigeschaltet",
	ereignis.Name[konto.AnwenderDeaktiviert]():                 "Zugang deaktiviert",
	ereignis.Name[konto.PasswortZuruecksetzenAngefordert]():    "Zurücksetzen des Passworts angefordert",
	ereignis.Name[konto.PasswortGesetzt]():                     "Passwort geändert",
	ereignis.Name[konto.ProfilGeaendert]():                     "Profil geändert",
	ereignis.Name[konto.EmailAenderungAngefordert]():           "Änderung der E-Mail-Adresse angefordert",
	ereignis.Name[konto.FalschesPasswortEingegeben]():          "Falsches aktuelles Passwort im Profil eingegeben",
	ereignis.Name[konto.AnwenderAbgemeldet]():                  "Abgemeldet (alle Sitzungen beendet)",
	ereignis.Name[organisation.OrganisationAngelegt]():         "Organisation angelegt",
	ereignis.Name[organisation.OrganisationGeaendert]():        "Organisation geändert",
	ereignis.Name[organisation.OrganisationGeloescht]():        "Organisation gelöscht",
	ereignis.Name[organisation.OrganisationZusammengefuehrt](): "Organisation zusammengeführt",
	ereignis.Name[konto.OrganisationGewechselt]():              "Organisation des Anwenders gewechselt",
	ereignis.Name[konto.AnwenderGeaendert]():                   "Anwender geändert",
	ereignis.Name[konto.AnwenderGeloescht]():                   "Anwender gelöscht",
	ereignis.Name[konto.LokaleRollenGeaendert]():               "Lokale Rollen des Anwenders geändert",
	ereignis.Name[lokalerolle.LokaleRolleAngelegt]():           "Lokale Rolle angelegt",
	ereignis.Name[lokalerolle.LokaleRolleGeaendert]():          "Lokale Rolle geändert",
	ereignis.Name[lokalerolle.LokaleRolleGeloescht]():          "Lokale Rolle gelöscht",
	ereignis.Name[betrieb.BetriebBeantragt]():                  "Betrieb beantragt",
	ereignis.Name[betrieb.BetriebFreigegeben]():                "Betrieb freigegeben",
	ereignis.Name[betrieb.BetriebAbgewiesen]():                 "Betrieb abgewiesen",
	ereignis.Name[betrieb.FreigabeErneutBeantragt]():           "Freigabe erneut beantragt",
	ereignis.Name[betrieb.BetriebsdatenGeaendert]():            "Betriebsdaten geändert",
	ereignis.Name[betrieb.BetriebGeaendert]():                  "Betrieb geändert",
	ereignis.Name[betrieb.BetreiberGewechselt]():               "Betreiber gewechselt",
	ereignis.Name[betrieb.BetreiberUmgezogen]():                "Betreiber nach Zusammenführung umgezogen",
	ereignis.Name[betrieb.BetriebStillgelegt]():                "Betrieb stillgelegt",
	ereignis.Name[betrieb.StammdatenAntragGestellt]():          "Stammdatenänderungsantrag gestellt",
	ereignis.Name[betrieb.StammdatenAntragUebernommen]():       "Stammdatenänderungsantrag übernommen",
	ereignis.Name[betrieb.StammdatenAntragAbgelehnt]():         "Stammdatenänderungsantrag abgelehnt",
	ereignis.Name[datei.DateiHochgeladen]():                    "Datei hochgeladen",
	ereignis.Name[datei.DateiGeloescht]():                      "Datei gelöscht",
	ereignis.Name[wiedervorlage.WiedervorlageAngelegt]():       "Wiedervorlage angelegt",
	ereignis.Name[wiedervorlage.WiedervorlageGeloescht]():      "Wiedervorlage gelöscht",
}

// geheim are data members the audit trail never shows (password hashes, link tokens).
var geheim = map[string]bool{"passwortHash": true, "bestaetigungToken": true, "token": true}

// ohneGeheimnisse returns the event data with secret members replaced.
func ohneGeheimnisse(data json.RawMessage) string {
	var v any
	if json.Unmarshal(data, &v) != nil {
		return string(data)
	}
	var walk func(any) any
	walk = func(x any) any {
		switch t := x.(type) {
		case map[string]any:
			for k, val := range t {
				if geheim[k] {
					t[k] = "[entfernt]"
				} else {
					t[k] = walk(val)
				}
			}
		case []any:
			for i := range t {
				t[i] = walk(t[i])
			}
		}
		return x
	}
	b, err := json.Marshal(walk(v))
	if err != nil {
		return string(data)
	}
	return string(b)
}

// Zusammenfassung is the short German summary of an event: its phrase (or its type in
// words), the object and, for historised changes, the validity.
func Zusammenfassung(e eventstore.Event) string {
	var b strings.Builder
	b.WriteString(Phrase(e.Type))
	b.WriteString(" (")
	b.WriteString(e.StreamID)
	b.WriteString(")")
	if ai := e.Metadata.AuditInfo; ai != nil && ai.GueltigAb != "" {
		b.WriteString(", gültig ab ")
		b.WriteString(ai.GueltigAb)
	}
	return b.String()
}

// Phrase is the German phrase of an event type ("Betrieb freigegeben").
func Phrase(eventType string) string {
	if p, ok := summaries[eventType]; ok {
		return p
	}
	return words(eventType)
}

// words splits a CamelCase event type: "BetriebFreigegeben" → "Betrieb freigegeben".
func words(t string) string {
	var b strings.Builder
	for i, r := range t {
		if i > 0 && unicode.IsUpper(r) {
			b.WriteRune(' ')
			r = unicode.ToLower(r)
		}
		b.WriteRune(r)
	}
	return b.String()
}

// Filter selects audit entries. Zero values select everything; Bis is exclusive.
type Filter struct {
	StreamID, Benutzer, EventType string
	Von, Bis                      time.Time
	Page, Size                    int
	Aufsteigend                   bool
}

// Eintrag is one audit row.
type Eintrag struct {
	Position        int64           `json:"position"`
	Zeitpunkt       time.Time       `json:"zeitpunkt"`
	BenutzerID      string          `json:"benutzerId"`
	BenutzerName    string          `json:"benutzerName"`
	Rollen          []string        `json:"rollen"`
	Organisation    string          `json:"organisation"`
	StreamID        string          `json:"streamId"`
	StreamType      string          `json:"streamType"`
	Version         int             `json:"version"`
	EventType       string          `json:"eventType"`
	Zusammenfassung string          `json:"zusammenfassung"`
	Daten           json.RawMessage `json:"daten"`
	RequestID       string          `json:"requestId,omitempty"`
	CorrelationID   string          `json:"correlationId,omitempty"`
}

// Seite is one page of entries.
type Seite struct {
	Content       []Eintrag `json:"content"`
	Page          int       `json:"page"`
	Size          int       `json:"size"`
	TotalElements int64     `json:"totalElements"`
}

// Suche returns one page of the audit trail, newest first unless Aufsteigend.
func Suche(ctx context.Context, q eventstore.Querier, f Filter) (Seite, error) {
	if f.Size <= 0 {
		f.Size = 50
	}
	f.Page = max(f.Page, 0)
	where := []string{"true"}
	var args []any
	arg := func(v any) string {
		args = append(args, v)
		return "$" + strconv.Itoa(len(args))
	}
	if f.StreamID != "" {
		where = append(where, "stream_id = "+arg(f.StreamID))
	}
	if f.EventType != "" {
		where = append(where, "event_type = "+arg(f.EventType))
	}
	if f.Benutzer != "" {
		n := arg(f.Benutzer)
		where = append(where, "(benutzer_id = "+n+" OR lower(benutzer_name) LIKE lower("+n+") || '%')")
	}
	if !f.Von.IsZero() {
		where = append(where, "zeitpunkt >= "+arg(f.Von))
	}
	if !f.Bis.IsZero() {
		where = append(where, "zeitpunkt < "+arg(f.Bis))
	}
	cond := strings.Join(where, " AND ")
	out := Seite{Content: []Eintrag{}, Page: f.Page, Size: f.Size}
	if err := q.QueryRow(ctx, "SELECT count(*) FROM audit.eintrag WHERE "+cond, args...).Scan(&out.TotalElements); err != nil {
		return out, err
	}
	order := "DESC"
	if f.Aufsteigend {
		order = "ASC"
	}
	rows, err := q.Query(ctx, `SELECT position, zeitpunkt, benutzer_id, benutzer_name, rollen, organisation,
		stream_id, stream_type, version, event_type, zusammenfassung, daten, request_id, correlation_id
		FROM audit.eintrag WHERE `+cond+` ORDER BY position `+order+
		` LIMIT `+arg(f.Size)+` OFFSET `+arg(f.Page*f.Size), args...)
	if err != nil {
		return out, err
	}
	defer rows.Close()
	for rows.Next() {
		var e Eintrag
		if err := rows.Scan(&e.Position, &e.Zeitpunkt, &e.BenutzerID, &e.BenutzerName, &e.Rollen, &e.Organisation,
			&e.StreamID, &e.StreamType, &e.Version, &e.EventType, &e.Zusammenfassung, &e.Daten, &e.RequestID, &e.CorrelationID); err != nil {
			return out, err
		}
		out.Content = append(out.Content, e)
	}
	return out, rows.Err()
}
