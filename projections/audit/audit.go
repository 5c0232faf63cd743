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
	"sync"
	"time"
	"unicode"

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

// phrasen are the German phrases for event types, keyed by the event types themselves
// (ereignis.Name); each area hands its own (the domain package's Phrasen) to Phrasen in its
// Setup.
var (
	phrasenMu sync.RWMutex
	phrasen   = map[string]string{}
)

// Phrasen adds the phrases of an area's events. Called from the areas' Setup, before the
// first event is projected; adding the same phrases again changes nothing.
func Phrasen(p map[string]string) {
	phrasenMu.Lock()
	defer phrasenMu.Unlock()
	for k, v := range p {
		phrasen[k] = v
	}
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
	phrasenMu.RLock()
	p, ok := phrasen[eventType]
	phrasenMu.RUnlock()
	if ok {
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
