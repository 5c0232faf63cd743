package verlauf

import (
	"time"

	"github.com/eabwasser/eabwasser/domain/ereignis"
	"github.com/eabwasser/eabwasser/domain/historie"
	"github.com/eabwasser/eabwasser/eventstore"
)

// Druckstand is one object of an area as the print of the operation file shows it: the view
// its Verlauf compares (the form's fields with their texts) of the state at a point in time, as
// the caller may see it, with the area's German labels. Printing "today" and "as of a date" is
// the same replay (issue 33).
type Druckstand struct {
	// Version is the last event version the print shows; 0: the object did not exist yet.
	Version int
	// BetriebID is the operation the object belongs to (the print refuses foreign ids).
	BetriebID int64
	// Art names the kind of object ("Anlage", "Messstelle", …), Titel the object itself.
	Art, Titel string
	// Ansicht is the Verlauf's view of the state (historie.Flach reads it), Namen its labels.
	Ansicht any
	Namen   historie.Feldnamen
	// Texte name what the view holds as ids, by field key and id ("messstelle" → "4" →
	// "2350010009 Ablauf …"): the Verlauf compares the ids, a print shows names.
	Texte map[string]map[string]string
}

// StandZum is the object as it was at zeit — after the last of its events recorded at or
// before zeit (all of them for the zero time) — as the caller's view (sicht) shows it, with
// that version; version 0 when the object did not exist yet.
func StandZum[S, C any](d ereignis.Decider[S, C], events []eventstore.Event, zeit time.Time, sicht Sicht[S]) (S, int, error) {
	bis := VersionZum(events, zeit)
	if bis == 0 {
		var leer S
		return leer, 0, nil
	}
	return Stand(d, events, bis, sicht)
}
