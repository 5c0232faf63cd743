package arbeitsliste

import (
	"cmp"
	"context"
	"slices"

	"github.com/eabwasser/eabwasser/projections"
)

// Bereich is what an area contributes to the worklists (docs/architektur.md, "Adding an
// area"): its stream type, the events it reads (with their readers) and those it leaves
// aside, its tables and indexes, and its part of each phase of a batch. Each area declares
// one in the file named after it (Betrieb in betrieb.go, …) and registers it in its Setup
// (aufbau.Aufbau.Arbeitsliste); the wiring builds the projection from what was registered
// (Projektion). The lists an area's rows are read by (Liste) sit in the same file.
//
// The areas copy each other's rows (a plant its operation's name, a Bescheid's Anforderung its
// measuring point's), so their rows share one batch (stapel). Rang orders them: an area comes
// after the areas it copies from — its tables are created after theirs, it loads its rows
// before them (naming the rows it copies) and copies and writes after them.
type Bereich struct {
	// Name names the area (and its file beside the hub).
	Name string
	// Streamtyp is the stream type whose events the area reads.
	Streamtyp string
	// Ignoriert are the event types of the stream that change nothing the worklists show.
	Ignoriert []string

	rang int
	// leser read the events the area handles, by event type.
	leser map[string]func([]byte) (any, error)
	// schema and indexe are the area's DDL (projections.Projection's Schema and Indexe).
	schema, indexe string
	// vormerken notes in the first pass which rows an event of the area needs (its own row,
	// those it copies or looks up).
	vormerken func(e gelesen, ids *vorgemerkt)
	// laden loads the area's rows of the batch and notes the rows they copy.
	laden func(st *stapel, ctx context.Context, s *projections.Stapel, folge []gelesen, ids *vorgemerkt) error
	// ereignis applies the event (number i of the batch) to the rows in memory.
	ereignis func(st *stapel, i int, e gelesen)
	// kopieren sets the copies of other areas' rows in the area's rows, as the batch left them.
	kopieren func(st *stapel)
	// schreiben adds the writes of the area's changed rows; anweisungen the set-based
	// statements for its rows the batch did not load (after every area's rows).
	schreiben, anweisungen func(st *stapel, w *projections.Schreiben)
}

// Behandelt are the event types the area handles, sorted.
func (b Bereich) Behandelt() []string {
	arten := make([]string, 0, len(b.leser))
	for art := range b.leser {
		arten = append(arten, art)
	}
	slices.Sort(arten)
	return arten
}

// vorgemerkt are the ids of the rows a batch loads, by table, and the value-list keys whose
// entries it looks up (by list).
type vorgemerkt struct {
	ids        map[string][]int64
	schluessel map[string][]string
}

func (v *vorgemerkt) id(tabelle string, ids ...int64) {
	v.ids[tabelle] = append(v.ids[tabelle], ids...)
}

func (v *vorgemerkt) schluesselIn(liste, schluessel string) {
	v.schluessel[liste] = append(v.schluessel[liste], schluessel)
}

// alle are the areas declared in this package (bereich), in the order of their files.
var alle []Bereich

// bereich declares an area of the package.
func bereich(b Bereich) Bereich {
	alle = append(alle, b)
	return b
}

// Alle are the areas declared in this package: what a complete wiring registers (the tests
// compare it with the Setups').
func Alle() []Bereich { return slices.Clone(alle) }

// Projection is the worklist read model with every area of the package, for tests and tools
// that do without the wiring (the wiring builds it from the Setups' registrations:
// Projektion).
var Projection projections.Projection

func init() { Projection = Projektion(alle...) }

// Projektion is the worklist read model of the areas (in any order; each once).
func Projektion(bereiche ...Bereich) projections.Projection {
	bereiche = geordnet(bereiche)
	p := projections.Projection{Name: Name, Projiziere: func(ctx context.Context, s *projections.Stapel) (*projections.Schreiben, error) {
		return projiziere(ctx, s, bereiche)
	}}
	for _, b := range bereiche {
		p.Schema += b.schema
		p.Indexe += b.indexe
	}
	return p
}

func geordnet(bereiche []Bereich) []Bereich {
	bereiche = slices.Clone(bereiche)
	slices.SortFunc(bereiche, func(a, b Bereich) int { return cmp.Compare(a.rang, b.rang) })
	return slices.CompactFunc(bereiche, func(a, b Bereich) bool { return a.Name == b.Name })
}
