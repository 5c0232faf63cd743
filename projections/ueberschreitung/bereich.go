package ueberschreitung

import (
	"context"
	"slices"

	"github.com/eabwasser/eabwasser/eventstore"
	"github.com/eabwasser/eabwasser/projections"
)

// Bereich is what an area contributes to the limit-value checks (docs/architektur.md, "Adding
// an area"): the events of its stream that make reports to evaluate again, those it leaves
// aside, and which reports an event names (anlass). Each area declares one in the file named
// after it and registers it in its Setup (aufbau.Aufbau.Ueberschreitung); the wiring builds
// the projection from what was registered (Projektion).
type Bereich struct {
	// Name names the area (and its file beside the hub).
	Name string
	// Streamtyp is the stream type whose events the area reads.
	Streamtyp string
	// Behandelt are the event types that name reports to evaluate again, Ignoriert those that
	// change nothing the evaluation reads.
	Behandelt, Ignoriert []string

	// vormerken notes what the event names.
	vormerken func(e eventstore.Event, id int64, a *anlass)
}

// anlass is what a batch's events name: reports (each with the plant's reports of the three
// years after it), Bescheide (every report of their operation) and value-list entries (every
// report, if one is a parameter's: liste).
type anlass struct {
	berichte, bescheide, eintraege []int64
	liste                          bool
}

// alle are the areas declared in this package (bereich).
var alle []Bereich

func bereich(b Bereich) Bereich {
	alle = append(alle, b)
	return b
}

// Alle are the areas declared in this package: what a complete wiring registers.
func Alle() []Bereich { return slices.Clone(alle) }

// Projection is the read model with every area of the package, for tests and tools that do
// without the wiring (which builds it from the Setups' registrations: Projektion).
var Projection projections.Projection

func init() { Projection = Projektion(alle...) }

// Projektion is the read model of the areas.
func Projektion(bereiche ...Bereich) projections.Projection {
	bereiche = slices.Clone(bereiche)
	return projections.Projection{Name: Name, Schema: schema, Indexe: indexe,
		Projiziere: func(ctx context.Context, s *projections.Stapel) (*projections.Schreiben, error) {
			var a anlass
			je := make(map[string]func(eventstore.Event, int64) error, len(bereiche))
			for _, b := range bereiche {
				je[b.Streamtyp] = func(e eventstore.Event, id int64) error {
					if slices.Contains(b.Behandelt, e.Type) {
						b.vormerken(e, id, &a)
					}
					return nil
				}
			}
			if err := s.JeStreamtyp(je); err != nil {
				return nil, err
			}
			return projiziere(ctx, s, a)
		}}
}
