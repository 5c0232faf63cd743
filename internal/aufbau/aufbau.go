// Package aufbau is what an area's Setup registers into: the event store (inline documents,
// the document a command starts from, reactions between aggregates) and the access to the
// files and reminders of the area's objects. internal/schreibmodell builds one Aufbau per
// process and calls every area's Setup on it, in order (docs/architektur.md, "Adding an
// area").
package aufbau

import (
	"context"

	"github.com/eabwasser/eabwasser/eventstore"
	"github.com/eabwasser/eabwasser/internal/zugriff"
)

// Aufbau is handed to each area's Setup.
type Aufbau struct {
	Store *eventstore.Store
	// Ablage holds who may see and change the files and reminders of each kind of object
	// (datei.Betrieb, datei.Anlage, …); the files service (internal/anwendung/ablage) asks it.
	Ablage Zugriffe
}

// Neu returns an Aufbau on s with no registrations yet.
func Neu(s *eventstore.Store) *Aufbau {
	return &Aufbau{Store: s, Ablage: Zugriffe{}}
}

// Zugriff answers whether the caller may see (schreiben false) or change the files and
// reminders of the object id of one kind: nil, validierung.NichtGefunden or
// validierung.NichtErlaubt.
type Zugriff = func(ctx context.Context, n zugriff.Nutzer, id int64, schreiben bool) error

// Zugriffe are the Zugriff per kind of object. Kinds without one have no files or reminders
// yet: the files service answers 404 for them.
type Zugriffe map[string]Zugriff

// Fuer registers the access to the files and reminders of one kind of object.
func (z Zugriffe) Fuer(fachobjekt string, f Zugriff) { z[fachobjekt] = f }
