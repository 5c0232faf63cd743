// Package audit is the audit trail: one row per event with when, who (user, roles,
// organisation), which stream, which event, a short German summary and the data. Auditors
// read it to follow the history of any object; it is rebuilt from the event store like every
// read model.
package audit

import (
	"bytes"
	"context"
	"encoding/json"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode"

	"github.com/jackc/pgx/v5"

	"github.com/eabwasser/eabwasser/domain/historie"
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
`

const indexe = `
CREATE INDEX eintrag_stream ON eintrag (stream_id, position);
CREATE INDEX eintrag_event_type ON eintrag (event_type, position);
CREATE INDEX eintrag_benutzer_id ON eintrag (benutzer_id, position);
CREATE INDEX eintrag_benutzer_name ON eintrag USING gin (lower(benutzer_name) gin_trgm_ops);
CREATE INDEX eintrag_zeitpunkt ON eintrag (zeitpunkt);
`

// kopierSpalten of the audit rows, written with COPY: the trail is insert-only, and a row written
// twice stops the projector instead of hiding a broken exactly-once guarantee.
var kopierSpalten = []string{"position", "zeitpunkt", "benutzer_id", "benutzer_name", "rollen", "organisation",
	"stream_id", "stream_type", "version", "event_type", "zusammenfassung", "daten", "request_id", "correlation_id"}

// Projection writes one row per event.
var Projection = projections.Projection{
	Name:      Name,
	Schema:    schema,
	Indexe:    indexe,
	OhneLesen: true,
	Projiziere: func(_ context.Context, s *projections.Stapel) (*projections.Schreiben, error) {
		zeilen := make([][]any, len(s.Events))
		for i, e := range s.Events {
			md := e.Metadata
			roles := md.Roles
			if roles == nil {
				roles = []string{}
			}
			zeilen[i] = []any{e.Position, e.RecordedAt, md.ActorID, md.ActorName, roles, md.Organisation,
				e.StreamID, e.StreamType, e.Version, e.Type, Zusammenfassung(e), ohneGeheimnisse(e.Data), md.RequestID, md.CorrelationID}
		}
		w := &projections.Schreiben{}
		w.Kopieren("eintrag", kopierSpalten, zeilen)
		return w, nil
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

// geheimeEnden is what the data of an event with a member of geheim must contain: the member's
// last four letters and its closing quote. Most events have none, and looking for these is four
// times faster than for the quoted names: a quote is everywhere in JSON, so bytes.Index cannot
// skip ahead to a needle that begins with one (a sixth of an audit rebuild's Go time was this).
var geheimeEnden = func() [][]byte {
	var out [][]byte
	for k := range geheim {
		ende := []byte(k[max(0, len(k)-4):] + `"`)
		if !slices.ContainsFunc(out, func(o []byte) bool { return bytes.Equal(o, ende) }) {
			out = append(out, ende)
		}
	}
	return out
}()

// ohneGeheimnisse returns the event data with secret members replaced (the data itself, not a
// copy, when it has none).
func ohneGeheimnisse(data json.RawMessage) []byte {
	if !slices.ContainsFunc(geheimeEnden, func(k []byte) bool { return bytes.Contains(data, k) }) {
		return data
	}
	var v any
	if json.Unmarshal(data, &v) != nil {
		return data
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
		return data
	}
	return b
}

// Zusammenfassung is the short German summary of an event: its phrase (or its type in
// words), the object and, for historised changes, the validity (dd.MM.yyyy).
func Zusammenfassung(e eventstore.Event) string {
	var b strings.Builder
	b.WriteString(Phrase(e.Type))
	b.WriteString(" (")
	b.WriteString(Objekt(e.StreamID))
	b.WriteString(")")
	if ai := e.Metadata.AuditInfo; ai != nil && ai.GueltigAb != "" {
		b.WriteString(", gültig ab ")
		b.WriteString(historie.DeutschesDatum(ai.GueltigAb))
	}
	return b.String()
}

// objektarten name the kinds of objects by their stream type.
var objektarten = map[string]string{"betrieb": "Betrieb", "anlage": "Anlage", "organisation": "Organisation",
	"anwender": "Benutzerkonto", "werteliste": "Werteliste", "datei": "Datei", "wiedervorlage": "Wiedervorlage",
	"lokalerolle": "Lokale Rolle", "postfach": "Postfach", "personalisierung": "Personalisierung"}

// Objekt names the object of a stream in words: "betrieb-17" is "Betrieb 17".
func Objekt(streamID string) string {
	typ, id, ok := strings.Cut(streamID, "-")
	if art, bekannt := objektarten[typ]; bekannt && ok {
		return art + " " + id
	}
	return streamID
}

// Ereignisart is an event type with its phrase.
type Ereignisart struct {
	EventType string `json:"eventType"`
	Phrase    string `json:"phrase"`
}

// Ereignisarten are the event types with a phrase, sorted by phrase.
func Ereignisarten() []Ereignisart {
	phrasenMu.RLock()
	out := make([]Ereignisart, 0, len(phrasen))
	for t, p := range phrasen {
		out = append(out, Ereignisart{EventType: t, Phrase: p})
	}
	phrasenMu.RUnlock()
	sort.Slice(out, func(i, j int) bool {
		if out[i].Phrase != out[j].Phrase {
			return out[i].Phrase < out[j].Phrase
		}
		return out[i].EventType < out[j].EventType
	})
	return out
}

// ArtenZurPhrase are the event types whose phrase contains text (case-insensitive); none
// when no phrase does.
func ArtenZurPhrase(text string) []string {
	text = strings.ToLower(strings.TrimSpace(text))
	out := []string{}
	for _, a := range Ereignisarten() {
		if strings.Contains(strings.ToLower(a.Phrase), text) {
			out = append(out, a.EventType)
		}
	}
	return out
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
	StreamID, EventType string
	// Benutzer: the account id, the account name (benutzername, exact) or a part of the
	// user's name.
	Benutzer string
	// StreamIDs: entries of any of these streams (the objects of an operation); EventTypes:
	// of any of these types. nil selects everything, an empty list nothing.
	StreamIDs, EventTypes []string
	Von, Bis              time.Time
	Page, Size            int
	Aufsteigend           bool
	// HoechstDaten: the data of an entry longer than this many bytes of JSON is left out of
	// the page (DatenGekuerzt); 0 keeps every entry's data.
	HoechstDaten int
}

// Eintrag is one audit row.
type Eintrag struct {
	Position        int64     `json:"position"`
	Zeitpunkt       time.Time `json:"zeitpunkt"`
	BenutzerID      string    `json:"benutzerId"`
	BenutzerName    string    `json:"benutzerName"`
	Rollen          []string  `json:"rollen"`
	Organisation    string    `json:"organisation"`
	StreamID        string    `json:"streamId"`
	StreamType      string    `json:"streamType"`
	Version         int       `json:"version"`
	EventType       string    `json:"eventType"`
	Zusammenfassung string    `json:"zusammenfassung"`
	// Ereignis is the event's phrase, Objekt its object in words ("Betrieb 17"), both as of
	// the reading.
	Ereignis string `json:"ereignis"`
	Objekt   string `json:"objekt"`
	// ObjektName and OrganisationName are the object's name (a plant's Bezeichnung) and the
	// actor's organisation by name as of the reading (Benenne); empty when it is gone.
	ObjektName       string          `json:"objektName,omitempty"`
	OrganisationName string          `json:"organisationName,omitempty"`
	Daten            json.RawMessage `json:"daten"`
	// DatenGekuerzt: the page left the data out (Filter.HoechstDaten); the entry itself
	// (GET /api/audit/{position}) has it.
	DatenGekuerzt bool   `json:"datenGekuerzt,omitempty"`
	RequestID     string `json:"requestId,omitempty"`
	CorrelationID string `json:"correlationId,omitempty"`
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
	if f.StreamIDs != nil {
		where = append(where, "stream_id = ANY("+arg(f.StreamIDs)+")")
	}
	if f.EventTypes != nil {
		where = append(where, "event_type = ANY("+arg(f.EventTypes)+")")
	}
	if f.Benutzer != "" {
		// the name by a trigram index, the account by the accounts' names
		n := arg(f.Benutzer)
		muster := arg("%" + strings.NewReplacer(`\`, `\\`, "%", `\%`, "_", `\_`).Replace(strings.ToLower(f.Benutzer)) + "%")
		where = append(where, "(benutzer_id = "+n+" OR lower(benutzer_name) LIKE "+muster+
			" OR benutzer_id IN (SELECT id::text FROM public.anwender WHERE lower(benutzername) = lower("+n+")))")
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
	spalten := spalten
	if f.HoechstDaten > 0 { // decided in the database: a page never reads a big event's data
		spalten = strings.Replace(spalten, "daten,", "CASE WHEN octet_length(daten::text) > "+arg(f.HoechstDaten)+
			" THEN 'null'::jsonb ELSE daten END, octet_length(daten::text) > "+arg(f.HoechstDaten)+",", 1)
	}
	rows, err := q.Query(ctx, `SELECT `+spalten+` FROM audit.eintrag WHERE `+cond+` ORDER BY position `+order+
		` LIMIT `+arg(f.Size)+` OFFSET `+arg(f.Page*f.Size), args...)
	if err != nil {
		return out, err
	}
	defer rows.Close()
	for rows.Next() {
		var e Eintrag
		var err error
		if f.HoechstDaten > 0 {
			e, err = scanGekuerzt(rows)
		} else {
			e, err = scan(rows)
		}
		if err != nil {
			return out, err
		}
		out.Content = append(out.Content, e)
	}
	return out, rows.Err()
}

const spalten = `position, zeitpunkt, benutzer_id, benutzer_name, rollen, organisation,
	stream_id, stream_type, version, event_type, zusammenfassung, daten, request_id, correlation_id`

func scan(row pgx.Row) (Eintrag, error) {
	var e Eintrag
	err := row.Scan(&e.Position, &e.Zeitpunkt, &e.BenutzerID, &e.BenutzerName, &e.Rollen, &e.Organisation,
		&e.StreamID, &e.StreamType, &e.Version, &e.EventType, &e.Zusammenfassung, &e.Daten, &e.RequestID, &e.CorrelationID)
	e.Ereignis, e.Objekt = Phrase(e.EventType), Objekt(e.StreamID)
	return e, err
}

func scanGekuerzt(row pgx.Row) (Eintrag, error) {
	var e Eintrag
	err := row.Scan(&e.Position, &e.Zeitpunkt, &e.BenutzerID, &e.BenutzerName, &e.Rollen, &e.Organisation,
		&e.StreamID, &e.StreamType, &e.Version, &e.EventType, &e.Zusammenfassung, &e.Daten, &e.DatenGekuerzt, &e.RequestID, &e.CorrelationID)
	e.Ereignis, e.Objekt = Phrase(e.EventType), Objekt(e.StreamID)
	return e, err
}

// Lade reads the entry at a position (pgx.ErrNoRows when there is none).
func Lade(ctx context.Context, q eventstore.Querier, position int64) (Eintrag, error) {
	return scan(q.QueryRow(ctx, `SELECT `+spalten+` FROM audit.eintrag WHERE position = $1`, position))
}

// benannt are the stream types whose objects Benenne names, with the table and the name's
// expression (public tables: the documents of the areas and the accounts).
var benannt = []struct{ typ, sql string }{
	{"betrieb", "SELECT 'betrieb', id, bezeichnung FROM public.betrieb WHERE id = ANY($1)"},
	{"anlage", "SELECT 'anlage', id, bezeichnung FROM public.anlage WHERE id = ANY($2)"},
	{"organisation", "SELECT 'organisation', id, bezeichnung FROM public.organisation WHERE id = ANY($3)"},
	{"anwender", "SELECT 'anwender', id, trim(vorname || ' ' || name) FROM public.anwender WHERE id = ANY($4)"},
}

// Benenne gives the entries of a page names where the trail has numbers, in one query for the
// whole page: each object's name (ObjektName; the summary's "(Anlage 2)" becomes the name),
// the actor's organisation (OrganisationName) and the actor's name where the event recorded
// none. An object or account that is gone keeps its number.
func Benenne(ctx context.Context, q eventstore.Querier, eintraege []Eintrag) error {
	ids := make([][]int64, len(benannt))
	dazu := func(typ, id string) {
		n, err := strconv.ParseInt(id, 10, 64)
		if err != nil {
			return
		}
		for i, b := range benannt {
			if b.typ == typ {
				ids[i] = append(ids[i], n)
			}
		}
	}
	for _, e := range eintraege {
		typ, id, _ := strings.Cut(e.StreamID, "-")
		dazu(typ, id)
		dazu("organisation", e.Organisation)
		if e.BenutzerName == "" {
			dazu("anwender", e.BenutzerID)
		}
	}
	if len(eintraege) == 0 {
		return nil
	}
	teile := make([]string, len(benannt))
	args := make([]any, len(benannt))
	for i, b := range benannt {
		teile[i], args[i] = b.sql, ids[i]
	}
	rows, err := q.Query(ctx, strings.Join(teile, " UNION ALL "), args...)
	if err != nil {
		return err
	}
	namen := map[string]string{}
	for rows.Next() {
		var typ, name string
		var id int64
		if err := rows.Scan(&typ, &id, &name); err != nil {
			return err
		}
		namen[typ+"-"+strconv.FormatInt(id, 10)] = name
	}
	if err := rows.Err(); err != nil {
		return err
	}
	for i := range eintraege {
		e := &eintraege[i]
		if name := namen[e.StreamID]; name != "" {
			e.ObjektName = name
			e.Zusammenfassung = strings.Replace(e.Zusammenfassung, "("+e.Objekt+")", "("+name+")", 1)
		}
		e.OrganisationName = namen["organisation-"+e.Organisation]
		if e.BenutzerName == "" {
			e.BenutzerName = namen["anwender-"+e.BenutzerID]
		}
	}
	return nil
}
