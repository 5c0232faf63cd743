package eventstore

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync/atomic"
	"time"

	gojson "github.com/goccy/go-json"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/eabwasser/eabwasser/domain/validierung"
)

// Querier is what both a pool and a transaction offer.
type Querier interface {
	Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error)
	Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
	QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
}

// InlineProjection updates current-state documents in the append's transaction, so a read
// right after a command always sees it.
type InlineProjection func(ctx context.Context, tx pgx.Tx, events []Event) error

// Upcaster turns the data of an event stored with schema version v into version v+1.
type Upcaster func(data json.RawMessage) (json.RawMessage, error)

// Store appends and reads events.
type Store struct {
	pool       *pgxpool.Pool
	inline     map[string][]InlineProjection // by stream type
	dokumente  map[string]dokument           // by stream type (Dokument)
	reaktionen map[string][]reaktion         // by stream type (Reagiere)
	upcasters  map[string]map[int]Upcaster   // event type → from version → upcaster
	// ungebuendelt counts the pipelined writes a reading document writer turned down (pipeline.go)
	ungebuendelt atomic.Int64
}

// New returns a store on pool.
func New(pool *pgxpool.Pool) *Store {
	return &Store{pool: pool, inline: map[string][]InlineProjection{}, dokumente: map[string]dokument{},
		reaktionen: map[string][]reaktion{},
		upcasters:  map[string]map[int]Upcaster{}}
}

// Pool is the store's connection pool.
func (s *Store) Pool() *pgxpool.Pool { return s.pool }

// Inline registers an inline projection for the events of one stream type. Register at
// start-up, before the first append.
func (s *Store) Inline(streamType string, p InlineProjection) {
	s.inline[streamType] = append(s.inline[streamType], p)
}

// Upcast registers how events of eventType stored with schema version from are read as
// version from+1. Readers always see the newest version.
func (s *Store) Upcast(eventType string, from int, u Upcaster) {
	if s.upcasters[eventType] == nil {
		s.upcasters[eventType] = map[int]Upcaster{}
	}
	s.upcasters[eventType][from] = u
}

// Appended tells where an append put its events.
type Appended struct {
	Version       int   `json:"version"`
	FirstPosition int64 `json:"firstPosition"`
	LastPosition  int64 `json:"position"`
	Events        []Event
}

// An append is one statement, so one round trip. The unique key (stream_id, version) of the
// events is the optimistic lock: an append at a known version writes the versions after it,
// and a second writer of the same version waits for the first and then violates the key (a
// conflict). Only the start is checked in the statement: an append at a known version v > 0
// writes only if the stream's event v exists, so no append leaves a gap. A new stream (v = 0)
// needs no check: its version 1 is in the key. AnyVersion appends after the stream's last event.
const (
	// vorgaenger is the event at a known expected version $3 > 0 of stream $1; the append
	// selects from it, so it writes nothing if the event is missing. (A join rather than
	// `$3 = 0 OR EXISTS (…)`: one index probe, no subplan; the two measure alike.)
	vorgaenger = `
FROM events v WHERE v.stream_id = $1 AND v.version = $3::int`
	baseKnown    = `SELECT v.version AS base` + vorgaenger
	baseAny      = `SELECT coalesce(max(version), 0) AS base FROM events WHERE stream_id = $1`
	insertEvents = `
INSERT INTO events (stream_id, stream_type, version, event_type, schema_version, data, metadata)
SELECT $1, $2, base.base + u.ord, u.t, u.s, u.d, $8
FROM base, unnest($5::text[], $6::int[], $7::json[]) WITH ORDINALITY AS u(t, s, d, ord)
WHERE $3::int >= -1 AND $4::int > 0 -- every parameter is named here, typed
ORDER BY u.ord` + eventZurueck
	eventZurueck = `
RETURNING global_position, version, recorded_at, tx_id::text::bigint`
	// insertEventKnown and insertEventAny are insertEvents for the common case of one event:
	// one row of scalars, no arrays to encode and unnest, no CTE (bench: Append ÷ raw INSERT
	// 0.87 / 0.83 with 1 / 8 writers at scale 5, was 0.78 / 0.63).
	insertEvent = `
INSERT INTO events (stream_id, stream_type, version, event_type, schema_version, data, metadata)
SELECT $1, $2, $3::int + 1, $4, $5, $6, $7`
	insertEventKnown = insertEvent + vorgaenger + eventZurueck
	insertEventAny   = `
INSERT INTO events (stream_id, stream_type, version, event_type, schema_version, data, metadata)
SELECT $1, $2, coalesce(max(version), 0) + 1, $4, $5, $6, $7 FROM events WHERE stream_id = $1 AND $3::int = -1` + eventZurueck
	// insertEventOhnePruefung and baseOhnePruefung append with no check of the version before:
	// for a new stream, and at a version the command handler has just read (Handle), whose
	// event exists. The unique key still makes a second writer of the same version a conflict.
	insertEventOhnePruefung = insertEvent + eventZurueck
	baseOhnePruefung        = `SELECT $3::int AS base`
	// versionSQL is a stream's version: its last event's (0 for none), from the unique key's index.
	versionSQL = `SELECT coalesce(max(version), 0) FROM events WHERE stream_id = $1`
)

// Append adds events to a stream in one transaction if the stream is at the expected version
// (NoStream for a new stream, AnyVersion for none). A mismatch is a *ConflictError. The expected
// version may come from anywhere (a client's copy): Append checks that its event exists, so a
// version ahead of the stream is refused like one behind it.
func (s *Store) Append(ctx context.Context, streamID, streamType string, expected int, events []NewEvent, md Metadata) (Appended, error) {
	return s.append(ctx, streamID, streamType, expected, events, md, false, nil)
}

// AppendGelesen is Append at a version the caller has read from this stream — its Version, the
// last event of ReadStream, or the Version of the caller's own Appended — the way Handle appends
// at the version it has just loaded. The unique key (stream_id, version) is its only check: a
// writer that appended meanwhile makes it a *ConflictError and nothing is written. It does not
// look for the event at gelesen (one index probe less per append), so a version the caller has
// not read, ahead of the stream, would leave a gap: versions from outside go through Append.
func (s *Store) AppendGelesen(ctx context.Context, streamID, streamType string, gelesen int, events []NewEvent, md Metadata) (Appended, error) {
	if gelesen < NoStream {
		return Appended{}, fmt.Errorf("eventstore: %s: %d is no version that was read", streamID, gelesen)
	}
	return s.append(ctx, streamID, streamType, gelesen, events, md, true, nil)
}

// AppendTx is Append inside a transaction the caller owns (inline projections included).
func (s *Store) AppendTx(ctx context.Context, tx pgx.Tx, streamID, streamType string, expected int, events []NewEvent, md Metadata) (Appended, error) {
	return s.appendTx(ctx, tx, streamID, streamType, expected, events, md, false, nil)
}

// append appends; gelesen says the expected version is one the caller has read (its event
// exists, see AppendGelesen), z is the state Handle folded for the inline document (nil: none).
func (s *Store) append(ctx context.Context, streamID, streamType string, expected int, events []NewEvent, md Metadata, gelesen bool, z *zustand) (Appended, error) {
	if len(events) == 0 {
		return Appended{}, errors.New("eventstore: nothing to append")
	}
	if expected < AnyVersion {
		return Appended{}, fmt.Errorf("eventstore: %s: expected version %d is no version", streamID, expected)
	}
	if !s.hatInline(streamType, events) {
		// A single statement commits on its own: one round trip.
		return s.appendWith(ctx, s.pool, streamID, streamType, expected, events, md, gelesen)
	}
	if dok, ok := s.dokumente[streamType]; ok && z != nil && expected >= 0 {
		if len(s.inline[streamType]) > 0 || s.reagiertAuf(streamType, events) {
			s.ungebuendelt.Add(1) // an inline projection or a reaction needs the transaction
		} else {
			a, err := vorbereiten(streamID, streamType, expected, events, md, gelesen)
			if err != nil {
				return Appended{}, err
			}
			if out, ok, err := s.gebuendelt(ctx, dok, a, z, len(events)); ok {
				return out, err
			}
		}
	}
	var out Appended
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		var err error
		out, err = s.appendTx(ctx, tx, streamID, streamType, expected, events, md, gelesen, z)
		return err
	})
	var ce *ConflictError
	if errors.As(err, &ce) && ce.Actual == VersionUnbekannt {
		// the key violation aborted the transaction; the actual version is read after it
		if v, verr := s.Version(ctx, ce.StreamID); verr == nil {
			ce.Actual = v
		}
	}
	return out, err
}

func (s *Store) hatInline(streamType string, events []NewEvent) bool {
	_, dok := s.dokumente[streamType]
	return dok || len(s.inline[streamType]) > 0 || s.reagiertAuf(streamType, events)
}

// appendTx appends, writes the inline projections — the document from the state the command
// handler folded (z), or by replaying the stream when there is none — and runs the reactions.
func (s *Store) appendTx(ctx context.Context, tx pgx.Tx, streamID, streamType string, expected int, events []NewEvent, md Metadata, gelesen bool, z *zustand) (Appended, error) {
	out, err := s.appendWith(ctx, tx, streamID, streamType, expected, events, md, gelesen)
	if err != nil {
		return out, err
	}
	if dok, ok := s.dokumente[streamType]; ok {
		if z != nil {
			err = dok.ausZustand(ctx, tx, z.id, z.state, out.Version)
		} else {
			err = dok.neuGelesen(ctx, tx, out.Events)
		}
		if err != nil {
			return out, err
		}
	}
	for _, p := range s.inline[streamType] {
		if err := p(ctx, tx, out.Events); err != nil {
			return out, err
		}
	}
	return out, s.reagieren(ctx, tx, out.Events)
}

// anhang is one append prepared as a single statement.
type anhang struct {
	streamID, streamType string
	expected             int
	md                   Metadata
	sql                  string
	args                 []any
	types                []string
	versions             []int32
	datas                []string
	ohnePruefung         bool // writes every event or fails on the unique key, never nothing
}

// vorbereiten prepares an append; gelesen says the expected version is one the caller has read
// (its event exists: Handle, AppendGelesen).
func vorbereiten(streamID, streamType string, expected int, events []NewEvent, md Metadata, gelesen bool) (anhang, error) {
	a := anhang{streamID: streamID, streamType: streamType, expected: expected, md: md,
		types: make([]string, len(events)), versions: make([]int32, len(events)), datas: make([]string, len(events))}
	for i, e := range events {
		b, err := datenJSON(e.Data)
		if err != nil {
			return a, fmt.Errorf("eventstore: %s: %w", e.Type, err)
		}
		if validierung.NulImJSON(b) {
			return a, fmt.Errorf("eventstore: %s: %w", e.Type, ErrNul)
		}
		a.types[i], a.datas[i], a.versions[i] = e.Type, string(b), int32(max(e.SchemaVersion, 1))
	}
	mdJSON, err := json.Marshal(md)
	if err != nil {
		return a, err
	}
	if validierung.NulImJSON(mdJSON) {
		return a, fmt.Errorf("eventstore: metadata: %w", ErrNul)
	}
	base := baseKnown
	a.sql = insertEventKnown
	switch {
	case expected == AnyVersion:
		base, a.sql = baseAny, insertEventAny
	case gelesen || expected == NoStream:
		base, a.sql, a.ohnePruefung = baseOhnePruefung, insertEventOhnePruefung, true
	}
	if len(events) == 1 {
		a.args = []any{streamID, streamType, expected, a.types[0], a.versions[0], a.datas[0], string(mdJSON)}
		return a, nil
	}
	a.sql = "WITH base AS (" + base + ")" + insertEvents
	a.args = []any{streamID, streamType, expected, len(events), a.types, a.versions, a.datas, string(mdJSON)}
	return a, nil
}

// datenJSON is the JSON of an event's data. Data that is JSON already goes as it is: Postgres
// checks it when it stores it as json, and json.Marshal would check and compact it once more.
func datenJSON(data any) ([]byte, error) {
	if raw, ok := data.(json.RawMessage); ok && len(raw) > 0 {
		return raw, nil
	}
	return json.Marshal(data)
}

// auslesen reads what the append statement returned; no row means the stream was not at the
// expected version (Appended with no events, the caller reports the conflict).
func (a anhang) auslesen(rows pgx.Rows) (Appended, error) {
	defer rows.Close()
	out := Appended{Events: make([]Event, 0, len(a.types))}
	for rows.Next() {
		i := len(out.Events)
		e := Event{StreamID: a.streamID, StreamType: a.streamType, Type: a.types[i], SchemaVersion: int(a.versions[i]),
			Data: json.RawMessage(a.datas[i]), Metadata: a.md}
		if err := rows.Scan(&e.Position, &e.Version, &e.RecordedAt, &e.TxID); err != nil {
			return Appended{}, err
		}
		out.Events = append(out.Events, e)
	}
	if err := rows.Err(); err != nil {
		return Appended{}, err
	}
	if len(out.Events) > 0 {
		out.FirstPosition = out.Events[0].Position
		out.LastPosition = out.Events[len(out.Events)-1].Position
		out.Version = out.Events[len(out.Events)-1].Version
	}
	return out, nil
}

// konflikt is the *ConflictError of an append that found the stream elsewhere. It reads
// through the caller's connection: asking the pool for another one while this transaction
// holds one deadlocks once every connection waits like this (many concurrent conflicting saves).
func konflikt(ctx context.Context, q Querier, streamID string, expected int) error {
	var actual int
	if err := q.QueryRow(ctx, versionSQL, streamID).Scan(&actual); err != nil {
		return err
	}
	return &ConflictError{StreamID: streamID, Expected: expected, Actual: actual}
}

// versionBelegt reports whether err is the violation of the events' unique key (stream_id,
// version): another writer appended the same version first.
func versionBelegt(err error) bool {
	var pg *pgconn.PgError
	return errors.As(err, &pg) && pg.Code == "23505" && pg.ConstraintName == "events_stream_id_version_key"
}

// anyVersionVersuche bounds the retries of an AnyVersion append that raced another writer.
// Every lost race means another append landed, so n writers at once need at most n-1 retries.
const anyVersionVersuche = 100

func (s *Store) appendWith(ctx context.Context, q Querier, streamID, streamType string, expected int, events []NewEvent, md Metadata, gelesen bool) (Appended, error) {
	a, err := vorbereiten(streamID, streamType, expected, events, md, gelesen)
	if err != nil {
		return Appended{}, err
	}
	_, eigeneTx := q.(pgx.Tx)
	for versuch := 1; ; versuch++ {
		out, err := a.schreiben(ctx, q)
		switch {
		case err == nil && len(out.Events) == 0:
			return out, konflikt(ctx, q, streamID, expected)
		case versionBelegt(err) && expected == AnyVersion && !eigeneTx && versuch < anyVersionVersuche:
			continue // the stream grew between reading its end and writing: read it again
		case versionBelegt(err) && eigeneTx:
			// the transaction is aborted; whoever owns it reads the actual version afterwards
			return out, &ConflictError{StreamID: streamID, Expected: expected, Actual: VersionUnbekannt}
		case versionBelegt(err):
			return out, konflikt(ctx, q, streamID, expected)
		}
		return out, err
	}
}

// schreiben runs the prepared append statement.
func (a anhang) schreiben(ctx context.Context, q Querier) (Appended, error) {
	rows, err := q.Query(ctx, a.sql, a.args...)
	if err != nil {
		return Appended{}, err
	}
	return a.auslesen(rows)
}

// Version is the current version of a stream, 0 if it does not exist.
func (s *Store) Version(ctx context.Context, streamID string) (int, error) {
	var v int
	err := s.pool.QueryRow(ctx, versionSQL, streamID).Scan(&v)
	return v, err
}

const eventColumns = `global_position, tx_id, stream_id, stream_type, version, event_type,
	schema_version, data, metadata, recorded_at`

// ReadStream returns the events of one stream with from <= version <= to (to <= 0: all).
func (s *Store) ReadStream(ctx context.Context, streamID string, from, to int) ([]Event, error) {
	if to <= 0 {
		to = 1<<31 - 1
	}
	rows, err := s.pool.Query(ctx, `SELECT `+eventColumns+` FROM events
		WHERE stream_id = $1 AND version BETWEEN $2 AND $3 ORDER BY version`, streamID, from, to)
	if err != nil {
		return nil, err
	}
	return s.collect(rows, 0)
}

// HoechstStreams bounds ReadStreams: the objects of one operation file (its plants, measuring
// points or Bescheide), never the whole store.
const HoechstStreams = 2000

// ReadStreams returns the events of several streams in one query, each stream's ascending (the
// "as of" lists of an operation file replay all its plants at once, issue 33). At most
// HoechstStreams ids.
func (s *Store) ReadStreams(ctx context.Context, streamIDs []string) (map[string][]Event, error) {
	out := make(map[string][]Event, len(streamIDs))
	if len(streamIDs) == 0 {
		return out, nil
	}
	if len(streamIDs) > HoechstStreams {
		return nil, fmt.Errorf("eventstore: %d streams at once, at most %d", len(streamIDs), HoechstStreams)
	}
	rows, err := s.pool.Query(ctx, `SELECT `+eventColumns+` FROM events
		WHERE stream_id = ANY($1) ORDER BY stream_id, version`, streamIDs)
	if err != nil {
		return nil, err
	}
	events, err := s.collect(rows, 0)
	if err != nil {
		return nil, err
	}
	for _, e := range events {
		out[e.StreamID] = append(out[e.StreamID], e)
	}
	return out, nil
}

// ReadAll returns up to limit events after the cursor in commit order. It reads only events
// of transactions older than every transaction still running (tx_id < pg_snapshot_xmin), so
// an event that commits later can never slip in behind a cursor a reader has already passed.
func (s *Store) ReadAll(ctx context.Context, after Cursor, limit int) ([]Event, error) {
	return ReadAll(ctx, s.pool, s, after, limit)
}

// ReadAll is Store.ReadAll on any querier (a rebuild reads inside its own transaction).
func ReadAll(ctx context.Context, q Querier, s *Store, after Cursor, limit int) ([]Event, error) {
	rows, err := q.Query(ctx, `SELECT `+eventColumns+` FROM events
		WHERE (tx_id, global_position) > ($1::bigint::text::xid8, $2)
		  AND tx_id < pg_snapshot_xmin(pg_current_snapshot())
		ORDER BY events.tx_id, events.global_position LIMIT $3`, after.TxID, after.Position, limit)
	// (qualified: the select list's "tx_id" is the bigint copy, and sorting by it would sort
	// the whole rest of the log on every batch instead of walking the index)
	if err != nil {
		return nil, err
	}
	return s.collect(rows, limit)
}

// Head is the newest event of the log: its cursor and when it was recorded.
func (s *Store) Head(ctx context.Context) (Cursor, time.Time, error) {
	var c Cursor
	var at time.Time
	err := s.pool.QueryRow(ctx, `SELECT tx_id::text::bigint, global_position, recorded_at FROM events
		ORDER BY global_position DESC LIMIT 1`).Scan(&c.TxID, &c.Position, &at)
	if errors.Is(err, pgx.ErrNoRows) {
		return Cursor{}, time.Time{}, nil
	}
	return c, at, err
}

// StreamHead is the global position of the newest event of a stream, 0 if it has none (what a
// reader waits for to see the stream's latest change).
func (s *Store) StreamHead(ctx context.Context, streamID string) (int64, error) {
	var pos int64
	err := s.pool.QueryRow(ctx, `SELECT coalesce(max(global_position), 0) FROM events WHERE stream_id = $1`, streamID).Scan(&pos)
	return pos, err
}

// CountAfter counts the committed events after a cursor (the lag of a reader).
func (s *Store) CountAfter(ctx context.Context, c Cursor) (int64, error) {
	var n int64
	err := s.pool.QueryRow(ctx, `SELECT count(*) FROM events WHERE (tx_id, global_position) > ($1::bigint::text::xid8, $2)`,
		c.TxID, c.Position).Scan(&n)
	return n, err
}

// CursorOf returns the cursor of the event at a global position.
func (s *Store) CursorOf(ctx context.Context, position int64) (Cursor, error) {
	c := Cursor{Position: position}
	err := s.pool.QueryRow(ctx, `SELECT tx_id::text::bigint FROM events WHERE global_position = $1`, position).Scan(&c.TxID)
	return c, err
}

// collect reads the events of rows; expected is how many there may be (a batch's limit, 0:
// unknown), so a batch of a rebuild is allocated once instead of grown.
func (s *Store) collect(rows pgx.Rows, expected int) ([]Event, error) {
	defer rows.Close()
	out := make([]Event, 0, min(expected, 10000))
	for rows.Next() {
		var e Event
		var md []byte
		var txID uint64 // xid8 in binary, as pgx reads it (no text conversion on either side)
		// Data as *[]byte: pgx copies the bytes, while a *json.RawMessage would go through
		// json.Unmarshal (validating every event again; a third of a rebuild's reading)
		if err := rows.Scan(&e.Position, &txID, &e.StreamID, &e.StreamType, &e.Version, &e.Type,
			&e.SchemaVersion, (*[]byte)(&e.Data), &md, &e.RecordedAt); err != nil {
			return nil, err
		}
		e.TxID = int64(txID)
		// goccy/go-json: a third of encoding/json's time for the same struct (docs/decisions.md)
		if err := gojson.Unmarshal(md, &e.Metadata); err != nil {
			return nil, fmt.Errorf("eventstore: metadata of %d: %w", e.Position, err)
		}
		if err := s.upcast(&e); err != nil {
			return nil, err
		}
		out = append(out, e)
	}
	return out, rows.Err()
}

func (s *Store) upcast(e *Event) error {
	for {
		u, ok := s.upcasters[e.Type][e.SchemaVersion]
		if !ok {
			return nil
		}
		data, err := u(e.Data)
		if err != nil {
			return fmt.Errorf("eventstore: upcast %s v%d: %w", e.Type, e.SchemaVersion, err)
		}
		e.Data, e.SchemaVersion = data, e.SchemaVersion+1
	}
}
