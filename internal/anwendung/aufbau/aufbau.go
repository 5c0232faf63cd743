// Package aufbau is what an area's Setup registers into: the event store (inline documents,
// the document a command starts from, reactions between aggregates) and the access to the
// files and reminders of the area's objects. internal/verdrahtung/schreibmodell builds one Aufbau per
// process and calls every area's Setup on it, in order (docs/architektur.md, "Adding an
// area").
package aufbau

import (
	"context"
	"fmt"
	"reflect"

	"github.com/eabwasser/eabwasser/eventstore"
	"github.com/eabwasser/eabwasser/internal/zugriff"
)

// Aufbau is handed to each area's Setup.
type Aufbau struct {
	Store *eventstore.Store
	// Ablage holds who may see and change the files and reminders of each kind of object
	// (datei.Betrieb, datei.Anlage, …); the files service (internal/anwendung/ablage) asks it.
	Ablage Zugriffe
	// Typen holds, per kind of object whose type decides the kinds of its reminders (a plant:
	// a relief plant's are ENTLASTUNG, wiedervorlage.Bezuege), how to read an object's type.
	Typen Typen
	// Lesemodelle are the areas' parts of the read models over every area (lesemodelle.go).
	Lesemodelle Lesemodelle
	// dienste are the areas' services as their Setup built them, one per type (Biete, Dienst).
	dienste map[reflect.Type]any
}

// Neu returns an Aufbau on s with no registrations yet.
func Neu(s *eventstore.Store) *Aufbau {
	return &Aufbau{Store: s, Ablage: Zugriffe{}, Typen: Typen{}, dienste: map[reflect.Type]any{}}
}

// Biete registers the service an area's Setup built — the one instance every caller uses
// (the router, the print service, the tools): services are built once, in their Setup. One
// per type.
func Biete[T any](a *Aufbau, d T) {
	t := reflect.TypeFor[T]()
	if _, doppelt := a.dienste[t]; doppelt {
		panic(fmt.Sprintf("aufbau: second service %s", t))
	}
	a.dienste[t] = d
}

// Dienst is the service of type T a Setup registered (Biete); none is a wiring error.
func Dienst[T any](a *Aufbau) T {
	d, ok := a.dienste[reflect.TypeFor[T]()]
	if !ok {
		panic(fmt.Sprintf("aufbau: no Setup built a %s", reflect.TypeFor[T]()))
	}
	return d.(T)
}

// Typ reads the type of the object id of one kind (validierung.NichtGefunden when there is
// none).
type Typ = func(ctx context.Context, q eventstore.Querier, id int64) (string, error)

// Typen are the Typ per kind of object; a kind without one has reminders of one type.
type Typen map[string]Typ

// Fuer registers how to read the type of one kind of object.
func (t Typen) Fuer(fachobjekt string, f Typ) { t[fachobjekt] = f }

// Zugriff answers whether the caller may see (schreiben false) or change the files and
// reminders of the object id of one kind: nil, validierung.NichtGefunden or
// validierung.NichtErlaubt.
type Zugriff = func(ctx context.Context, n zugriff.Nutzer, id int64, schreiben bool) error

// Zugriffe are the Zugriff per kind of object. Kinds without one have no files or reminders
// yet: the files service answers 404 for them.
type Zugriffe map[string]Zugriff

// Fuer registers the access to the files and reminders of one kind of object.
func (z Zugriffe) Fuer(fachobjekt string, f Zugriff) { z[fachobjekt] = f }
