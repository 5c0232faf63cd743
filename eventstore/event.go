// Package eventstore keeps every change of eAbwasser as an event in Postgres: it appends
// events to streams with optimistic concurrency, reads streams and the global log in
// commit-safe order, and runs command handlers and inline projections in the append's
// transaction. The events table is also the outbox that the relay publishes to NATS.
package eventstore

import (
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// Event is one stored fact.
type Event struct {
	Position      int64           `json:"position"`
	TxID          int64           `json:"txId"`
	StreamID      string          `json:"streamId"`
	StreamType    string          `json:"streamType"`
	Version       int             `json:"version"`
	Type          string          `json:"eventType"`
	SchemaVersion int             `json:"schemaVersion"`
	Data          json.RawMessage `json:"data"`
	Metadata      Metadata        `json:"metadata"`
	RecordedAt    time.Time       `json:"recordedAt"`
}

// Cursor is a place in the global log. The log is ordered by (TxID, Position): positions are
// taken before commit, so only this pair follows commit order (see ReadAll).
type Cursor struct {
	TxID     int64 `json:"txId"`
	Position int64 `json:"position"`
}

// Cursor returns the place of e in the global log.
func (e Event) Cursor() Cursor { return Cursor{TxID: e.TxID, Position: e.Position} }

// After reports whether c comes after o in commit order.
func (c Cursor) After(o Cursor) bool {
	return c.TxID > o.TxID || (c.TxID == o.TxID && c.Position > o.Position)
}

// Metadata travels with every event: who did it and in which request.
type Metadata struct {
	ActorID       string     `json:"actorId,omitempty"`
	ActorName     string     `json:"actorName,omitempty"`
	Roles         []string   `json:"roles,omitempty"`
	Organisation  string     `json:"organisation,omitempty"`
	CorrelationID string     `json:"correlationId,omitempty"`
	CausationID   string     `json:"causationId,omitempty"`
	RequestID     string     `json:"requestId,omitempty"`
	AuditInfo     *AuditInfo `json:"auditInfo,omitempty"`
}

// AuditInfo marks a historised change (Historisierung).
type AuditInfo struct {
	GueltigAb       string `json:"gueltigAb,omitempty"`
	GueltigBis      string `json:"gueltigBis,omitempty"`
	Aenderungsgrund string `json:"aenderungsgrund,omitempty"`
}

// NewEvent is an event about to be appended. Data is marshalled to JSON.
type NewEvent struct {
	Type          string
	SchemaVersion int // 0 means 1
	Data          any
}

// StreamID names the stream of one aggregate instance: "<type>-<id>".
func StreamID(streamType string, id int64) string { return fmt.Sprintf("%s-%d", streamType, id) }

// AggregatID is the numeric id of a stream "<type>-<id>".
func AggregatID(streamID string) (int64, error) {
	i := strings.LastIndexByte(streamID, '-')
	id, err := strconv.ParseInt(streamID[i+1:], 10, 64)
	if err != nil {
		return 0, fmt.Errorf("stream %s: no numeric id", streamID)
	}
	return id, nil
}

// Expected versions with a special meaning.
const (
	// NoStream expects that the stream does not exist yet.
	NoStream = 0
	// AnyVersion appends without a concurrency check.
	AnyVersion = -1
	// VersionUnbekannt is what a command handler (Handle) is given when the caller has seen no
	// version: the command is decided on the state just loaded and appended expecting that
	// state's version, so a concurrent change is still a conflict. Not an expected version
	// for Append.
	VersionUnbekannt = -2
)

// ErrConflict is returned when the stream is not at the expected version.
var ErrConflict = errors.New("Die Daten wurden inzwischen von jemand anderem geändert. Bitte laden Sie die Seite neu und wiederholen Sie Ihre Änderung.")

// ErrNul refuses an event whose data or metadata holds a NUL character (\u0000): the json
// column would keep it, but no read model could store it in text, so its projector would stop
// at it.
var ErrNul = errors.New("eventstore: data holds a NUL character")

// ConflictError tells which stream was at which version.
type ConflictError struct {
	StreamID string
	Expected int
	Actual   int
}

func (e *ConflictError) Error() string {
	return fmt.Sprintf("stream %s: expected version %d, actual %d", e.StreamID, e.Expected, e.Actual)
}

// Unwrap lets errors.Is(err, ErrConflict) match.
func (e *ConflictError) Unwrap() error { return ErrConflict }
