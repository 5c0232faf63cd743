package historie

import (
	"time"

	"github.com/eabwasser/eabwasser/domain/ereignis"
)

// Art is what one event does to the versions of an object. Which event does what is a pure
// function in each domain package (betrieb.Versionsschritt, organisation.Versionsschritt);
// Versionen applies it, the same for every area.
type Art int

const (
	// Bleibt: the event changes nothing the history shows.
	Bleibt Art = iota
	// Oeffnet: the event opens a new version.
	Oeffnet
	// Ersetzt: the event changes the last version without an audit entry of its own (a
	// correction of it, or a change within it that keeps its start and reason): the version
	// keeps who opened it and why, the event is its last correction.
	Ersetzt
	// Ueberschreibt: the event replaces the last version with an audit entry of its own (a
	// same-day change confirmed in the audit dialog, with its reason): the version is opened
	// anew, by the event's author, and earlier corrections of it are gone with it.
	Ueberschreibt
)

// Schritt is the effect of one event on the versions: its Art and, for the version it opens
// or replaces, from when that is valid and why.
type Schritt struct {
	Art             Art
	GueltigAb       string
	Aenderungsgrund string
}

// Fassung is one version of an object with its state S.
type Fassung[S any] struct {
	Version
	Stand S
}

// Ereignis is one stored event with when and by whom it was recorded.
type Ereignis struct {
	Event ereignis.DomainEvent
	Am    time.Time
	Von   string
}

// Regel says what event e does to the versions given the last version so far (nil: none),
// and the object's state for the version it opens or replaces.
type Regel[S any] func(letzte *Fassung[S], e ereignis.DomainEvent) (Schritt, S)

// RegelAus is the Regel of an area from its Evolve and its pure versioning rule: it folds the
// object as it goes and asks schritt what each event does, given the last version so far.
func RegelAus[S any](evolve func(S, ereignis.DomainEvent) S, schritt func(letzte *Version, e ereignis.DomainEvent, nachher S) Schritt) Regel[S] {
	var stand S
	return func(letzte *Fassung[S], e ereignis.DomainEvent) (Schritt, S) {
		stand = evolve(stand, e)
		if letzte == nil {
			return schritt(nil, e, stand), stand
		}
		return schritt(&letzte.Version, e, stand), stand
	}
}

// Versionen replays events into the versions of an object, chained (Verkette): an opening
// event appends a version opened by its author; an overwriting one takes the last one's place,
// opened by its author; a replacing one changes the last one's state and is its last
// correction, the version keeping who opened it, when and why.
func Versionen[S any](ereignisse []Ereignis, regel Regel[S]) []Fassung[S] {
	var out []Fassung[S]
	for _, e := range ereignisse {
		var letzte *Fassung[S]
		if len(out) > 0 {
			letzte = &out[len(out)-1]
		}
		schritt, stand := regel(letzte, e.Event)
		f := Fassung[S]{Version: Version{GueltigAb: schritt.GueltigAb, Aenderungsgrund: schritt.Aenderungsgrund,
			GeaendertAm: e.Am, GeaendertVon: e.Von}, Stand: stand}
		switch {
		case schritt.Art == Bleibt:
		case letzte == nil, schritt.Art == Oeffnet:
			out = append(out, f)
		case schritt.Art == Ueberschreibt:
			out[len(out)-1] = f
		case schritt.Art == Ersetzt:
			am := e.Am
			letzte.GueltigAb, letzte.Aenderungsgrund = schritt.GueltigAb, schritt.Aenderungsgrund
			letzte.KorrigiertAm, letzte.KorrigiertVon, letzte.Stand = &am, e.Von, stand
		}
	}
	return Verkette(out, func(f *Fassung[S]) *Version { return &f.Version })
}

// Die Schritte, aus denen die Versionsregeln der Bereiche bestehen (betrieb, anlage,
// organisation): each area's Versionsschritt only says which of its events is which.

// Geaendert is the step of a save valid from gueltigAb: it opens a version; a save that
// replaces the last one (ersetzt) overwrites it when it brings its own reason (a same-day
// change through the audit dialog, ereignis.Datiert's rule) and is a correction of it, keeping
// its opener and reason, when it brings none.
func Geaendert(letzte *Version, ersetzt bool, gueltigAb, grund string) Schritt {
	switch {
	case ersetzt && letzte != nil && grund == "":
		return Schritt{Art: Ersetzt, GueltigAb: gueltigAb, Aenderungsgrund: letzte.Aenderungsgrund}
	case ersetzt && letzte != nil:
		return Schritt{Art: Ueberschreibt, GueltigAb: gueltigAb, Aenderungsgrund: grund}
	}
	return Schritt{Art: Oeffnet, GueltigAb: gueltigAb, Aenderungsgrund: grund}
}

// Datiert is the step of an event that carries its own date (a merge, a shut-down): it opens a
// version from datum with grund, unless datum falls into the last version, which it then amends.
func Datiert(letzte *Version, datum, grund string) Schritt {
	if letzte != nil && datum <= letzte.GueltigAb {
		return Fortgeschrieben(letzte)
	}
	return Schritt{Art: Oeffnet, GueltigAb: datum, Aenderungsgrund: grund}
}

// Fortgeschrieben is the step of every other event: it amends the version it falls into (the
// last one, keeping its start and reason); before the first version it changes nothing shown.
func Fortgeschrieben(letzte *Version) Schritt {
	if letzte == nil {
		return Schritt{Art: Bleibt}
	}
	return Schritt{Art: Ersetzt, GueltigAb: letzte.GueltigAb, Aenderungsgrund: letzte.Aenderungsgrund}
}
