// Package arbeitsliste is the read model of the worklists: one denormalised row per object of
// each area (operation, plant, measuring point, Bescheid with its Anforderungen and Auflagen,
// annual report) with the texts users filter, sort and search by, fed asynchronously from NATS
// by the projection runtime and rebuilt with `eabwasser projections rebuild arbeitsliste`. It
// keeps its own copies of the organisation names and value-list texts it shows, so a rebuild
// depends on nothing but the events.
//
// Each area plugs in with a Bereich (bereich.go) in the file named after it, beside its lists
// (Liste); this file is the batch they share.
package arbeitsliste

import (
	"context"
	"fmt"
	"time"

	gojson "github.com/goccy/go-json"

	"github.com/eabwasser/eabwasser/eventstore"
	"github.com/eabwasser/eabwasser/projections"
)

// Name of the projection (and its schema).
const Name = "arbeitsliste"

// The areas' tables hold their primary keys only: the upserts need nothing more, and a
// rebuild fills them before it builds the areas' indexes once.
//
// Rows that change often leave a tenth of every page free (fillfactor 90, which a rebuild's
// COPY keeps too). Many events change no indexed column of their row, only its position and
// columns nothing indexes: an operator's save of figures the worklist does not show, an
// application opened or closed. Such an update stays on its page as a heap-only tuple, and none
// of the indexes, the trigram index included, gets a new entry. On full pages every update moved
// the row to another page and wrote a new entry into each index.

// gelesen is an event of the batch, read once in the first pass.
type gelesen struct {
	streamtyp string
	id        int64
	position  int64
	zeit      time.Time // when the event was recorded
	v         any       // one of the types below, or the organisation's or value list's domain event
	daten     []byte
	lies      func([]byte) (any, error)
}

func lies[T any](daten []byte) (any, error) {
	var v T
	err := gojson.Unmarshal(daten, &v)
	return v, err
}

func fest(v any) func([]byte) (any, error) { return func([]byte) (any, error) { return v, nil } }

// text is a text an event hands on to the rows that show it; nach is the event's index in
// the batch, so a row whose texts were looked up again later keeps its own.
type text struct {
	nach int
	wert string
}

// stapel is the state of one batch: the rows it touches (of every area: the areas copy each
// other's rows), changed in memory in event order, and what it hands on to rows it does not
// load.
type stapel struct {
	betriebe    *projections.Zeilen[betriebZeile]
	anlagen     *projections.Zeilen[anlageZeile]
	messstellen *projections.Zeilen[messstelleZeile]
	// jahresberichte are the annual reports' rows (jahresbericht.go)
	jahresberichte *projections.Zeilen[jahresberichtZeile]
	organisations  *projections.Zeilen[organisationZeile]
	werte          *projections.Zeilen[wertZeile]
	// wertNach finds the loaded value-list entries by list and key (betriebstyp,
	// betriebsstatus): the operations' rows hold the key, not the entry's id.
	wertNach map[[2]string]int64

	betriebIDs []int64 // loaded
	// texteBei is, per operation, the index of the event after which its display texts were
	// last looked up.
	texteBei map[int64]int
	// kopiert are the operations whose name, place or visibility an event set: their plants'
	// copies follow.
	kopiert map[int64]bool
	// neueAnlagen are the plants created by the batch: they copy their operation at the end.
	neueAnlagen map[int64]bool
	// umbenannt are the plants an event saved: their measuring points' copies of the name follow.
	umbenannt map[int64]bool

	// The texts the batch hands on, by organisation id, value key and value id: an
	// organisation's new name goes to the operations it runs, a value's new text to the
	// operations that show it — when the event happens, as the old per-event statements did.
	betreiber, regionalstelle           map[int64]text
	betriebstypNach, betriebsstatusNach map[string]text

	// bescheid are the Bescheide's rows (bescheid.go)
	bescheid bescheidStapel
}

func neuerStapel() *stapel {
	return &stapel{
		betriebe: betriebTabelle.Zeilen(), anlagen: anlageTabelle.Zeilen(), messstellen: messstelleTabelle.Zeilen(),
		jahresberichte: jahresberichtTabelle.Zeilen(),
		organisations:  organisationTabelle.Zeilen(), umbenannt: map[int64]bool{},
		werte: wertTabelle.Zeilen(), wertNach: map[[2]string]int64{}, texteBei: map[int64]int{}, kopiert: map[int64]bool{},
		neueAnlagen: map[int64]bool{}, betreiber: map[int64]text{}, regionalstelle: map[int64]text{},
		betriebstypNach: map[string]text{}, betriebsstatusNach: map[string]text{}, bescheid: neuerBescheidStapel(),
	}
}

// projiziere applies a batch for the areas (ordered by rang): a first pass reads the events
// and notes the ids they touch, one query per table loads those rows, the events change them
// in memory in order, and each changed row is written once. What follows for rows the batch
// did not load (all operations of a renamed organisation, all plants of a changed operation)
// is one set-based statement per kind.
func projiziere(ctx context.Context, s *projections.Stapel, bereiche []Bereich) (*projections.Schreiben, error) {
	folge, err := lesen(s, bereiche)
	if err != nil {
		return nil, err
	}
	if len(folge) == 0 {
		return nil, nil
	}
	nach := make(map[string]Bereich, len(bereiche))
	for _, b := range bereiche {
		nach[b.Streamtyp] = b
	}
	st := neuerStapel()
	if err := laden(ctx, st, s, bereiche, nach, folge); err != nil {
		return nil, err
	}
	for i, e := range folge {
		nach[e.streamtyp].ereignis(st, i, e)
	}
	for _, b := range bereiche {
		if b.kopieren != nil {
			b.kopieren(st)
		}
	}
	w := &projections.Schreiben{}
	for _, b := range bereiche {
		if b.schreiben != nil {
			b.schreiben(st, w)
		}
	}
	for _, b := range bereiche {
		if b.anweisungen != nil {
			b.anweisungen(st, w)
		}
	}
	return w, nil
}

// lesen reads the batch's events the areas handle. A batch of a rebuild has 10,000 of them:
// their data are read on all cores (the projector's own time alternates with Postgres', which
// waits meanwhile).
func lesen(s *projections.Stapel, bereiche []Bereich) ([]gelesen, error) {
	var folge []gelesen
	handlers := map[string]func(e eventstore.Event, id int64) error{}
	for _, b := range bereiche {
		handlers[b.Streamtyp] = func(e eventstore.Event, id int64) error {
			if l, ok := b.leser[e.Type]; ok {
				folge = append(folge, gelesen{streamtyp: b.Streamtyp, id: id, position: e.Position, zeit: e.RecordedAt, daten: e.Data, lies: l})
			}
			return nil
		}
	}
	if err := s.JeStreamtyp(handlers); err != nil {
		return nil, err
	}
	fehler := make([]error, len(folge))
	projections.Parallel(len(folge), 500, func(i int) {
		e := &folge[i]
		e.v, fehler[i] = e.lies(e.daten)
		e.daten, e.lies = nil, nil
	})
	for i, err := range fehler {
		if err != nil {
			return nil, fmt.Errorf("event %d: %w", folge[i].position, err)
		}
	}
	return folge, nil
}

// laden reads the rows the batch's events touch or look up, with one query per table: the
// first pass notes what each event names, then the areas load their rows from the last to the
// first — each noting the rows its own copy (a Bescheid's Anforderung its measuring point, that
// its plant and operation, an operation its organisation and value-list texts).
func laden(ctx context.Context, st *stapel, s *projections.Stapel, bereiche []Bereich, nach map[string]Bereich, folge []gelesen) error {
	ids := &vorgemerkt{ids: map[string][]int64{}, schluessel: map[string][]string{}}
	for _, e := range folge {
		if v := nach[e.streamtyp].vormerken; v != nil {
			v(e, ids)
		}
	}
	for i := len(bereiche) - 1; i >= 0; i-- {
		if l := bereiche[i].laden; l != nil {
			if err := l(st, ctx, s, folge, ids); err != nil {
				return err
			}
		}
	}
	return nil
}

// schluessel are the keys of a set.
func schluessel(m map[int64]bool) []int64 {
	ids := make([]int64, 0, len(m))
	for id := range m {
		ids = append(ids, id)
	}
	return ids
}

// schluesselUndWerte splits the texts handed on into keys and values (one array each).
func schluesselUndWerte[K comparable](texte map[K]text) ([]K, []string) {
	keys, werte := make([]K, 0, len(texte)), make([]string, 0, len(texte))
	for k, t := range texte {
		keys, werte = append(keys, k), append(werte, t.wert)
	}
	return keys, werte
}
