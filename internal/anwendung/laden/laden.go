// Package laden is the one prologue of every service's command: load the object once together
// with the check that the caller sees it (404 when he does not), check the version the client
// names, and let the command decide on the state so loaded — the command reads nothing again
// (eventstore.Befehlsweg.HandleGeladen). A save is then the load, what its checks read, and the
// write as one pipeline (docs/architektur.md, "The write path").
package laden

import (
	"context"

	"github.com/eabwasser/eabwasser/domain/ereignis"
	"github.com/eabwasser/eabwasser/domain/validierung"
	"github.com/eabwasser/eabwasser/eventstore"
	"github.com/eabwasser/eabwasser/internal/zugriff"
)

// MsgVersion: a save without the version the form was loaded with.
const MsgVersion = "Die Version des bearbeiteten Datensatzes fehlt."

// Lader reads an object through the caller's Sicht: the state as the command path would load it
// (the document registered as the stream type's eventstore.Stand) and its version;
// validierung.NichtGefunden when the caller does not see it (a document's LadenSichtbar).
type Lader[S any] func(ctx context.Context, q eventstore.Querier, s zugriff.Sicht, id int64) (S, int, error)

// Geladen is an object the caller sees, loaded once: the resolved caller, the state the command
// decides on and the version it was loaded at.
type Geladen[S any] struct {
	Nutzer  zugriff.Nutzer
	ID      int64
	Stand   S
	Version int
}

// Sichtbar resolves the caller (a no-op when the request has done it) and loads object id
// through lade; an object he does not see does not exist for him (validierung.NichtGefunden,
// 404).
func Sichtbar[S any](ctx context.Context, q eventstore.Querier, n zugriff.Nutzer, id int64, lade Lader[S]) (Geladen[S], error) {
	n, err := zugriff.Aufloesen(ctx, q, n)
	if err != nil {
		return Geladen[S]{Nutzer: n, ID: id}, err
	}
	x, version, err := lade(ctx, q, n.Sicht, id)
	return Geladen[S]{Nutzer: n, ID: id, Stand: x, Version: version}, err
}

// Version checks that a save names the version its form was loaded with (> 0): the field error
// "version" otherwise.
func Version(v int) error {
	if v <= 0 {
		return validierung.Feld("version", MsgVersion)
	}
	return nil
}

// Entscheide decides cmd on the state g holds and appends at g's version: one pipeline, no
// second read. expected is the client's version (eventstore.VersionUnbekannt for none); one other
// than the loaded version, or a write since the load, is a *eventstore.ConflictError (409).
func Entscheide[S, C any](ctx context.Context, s *eventstore.Store, d ereignis.Decider[S, C], g Geladen[S], expected int, cmd C,
	md eventstore.Metadata) (eventstore.Appended, error) {
	return eventstore.Befehle(s, d).HandleGeladen(ctx, g.ID, g.Stand, g.Version, expected, cmd, md)
}
