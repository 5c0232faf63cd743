// Package aufgaben is the read model of the Aufgaben view (the task inbox, issue 14): one row
// per application of any kind — an operation's Freigabe, a Stammdaten-Antrag, a plant's change
// request, a measuring point's Freigabe, a Bescheidsantrag, a submitted annual report — open
// until it is decided, then with its decision. A row names the permission that decides it
// (aktion) and carries the visibility columns of its operation, so the server picks who sees
// which task with the one condition of internal/zugriff: staff see the open tasks they may
// decide among what they see, operators the applications of their organisation in every
// state. Each area contributes a Bereich (one file per area beside this hub) that opens and
// closes its tasks, registered by the area's Setup; the wiring builds the projection from what
// was registered (Neu). The runtime, rebuild and read-your-writes are those of every
// projection.
package aufgaben

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/eabwasser/eabwasser/domain/katalog"

	"github.com/eabwasser/eabwasser/projections/bereich"

	"github.com/eabwasser/eabwasser/domain/ereignis"
	"github.com/eabwasser/eabwasser/eventstore"
	"github.com/eabwasser/eabwasser/projections"
	"github.com/jackc/pgx/v5"
)

// Name of the projection (and its schema).
const Name = "aufgaben"

// The states of a task (status); the kinds (art) are the areas'.
const (
	Offen       = "OFFEN"
	Freigegeben = "FREIGEGEBEN"
	Abgewiesen  = "ABGEWIESEN"
	Uebernommen = "UEBERNOMMEN"
	Abgelehnt   = "ABGELEHNT"
	Geloescht   = "GELOESCHT"
)

// indexe serve the Aufgaben view (open tasks by permission, the staff's list in its order, an
// operator's tasks, the badge by Regionalstelle) and the projection itself (the open tasks of an
// object, the tasks of an operation). The staff's list walks the open tasks in id order and
// counts them on every page: aufgabe_offen_id carries every column its condition reads, so the
// count of tens of thousands of open tasks is an index-only scan.
const indexe = `
CREATE INDEX aufgabe_offen ON aufgabe (aktion, id) WHERE status = 'OFFEN';
CREATE INDEX aufgabe_offen_id ON aufgabe (id) INCLUDE (aktion, nicht_von, betreiber_id, regionalstelle_id, betrieb_id) WHERE status = 'OFFEN';
CREATE INDEX aufgabe_objekt ON aufgabe (stream_type, objekt_id);
CREATE INDEX aufgabe_betrieb ON aufgabe (betrieb_id);
CREATE INDEX aufgabe_betreiber ON aufgabe (betreiber_id, id);
CREATE INDEX aufgabe_regionalstelle ON aufgabe (regionalstelle_id) WHERE status = 'OFFEN';
`

// Bereich is what an area contributes to the Aufgaben: its stream type, the event types that
// open, close or rename its tasks or change its copy (Behandelt) and those left aside on
// purpose (Ignoriert), the copy of its objects a task shows (the projection's own, so a rebuild
// depends on nothing but the events), how its events read, what they need of the read model
// (noted before anything is read, so a batch reads each table once) and what they do to the
// copies and the tasks. An area registers its Bereich in its Setup (aufbau.Aufbau.Aufgaben).
type Bereich struct {
	StreamType           string
	Behandelt, Ignoriert []string

	kopie *bereich.Kopie
	// neuIn is the operation of an object created earlier in the batch, whose row is not
	// there yet (a plant's, for a task on it or its annual report).
	neuIn    func(l *lauf, id int64) (int64, bool)
	decode   func(eventType string, data json.RawMessage) (ereignis.DomainEvent, error)
	bedarf   func(l *lauf, id int64, v ereignis.DomainEvent)
	anwenden func(l *lauf, e eventstore.Event, id int64, v ereignis.DomainEvent) error
	// schreiben writes, after the rows, what the batch does to the stored tasks outside memory.
	schreiben func(l *lauf, w *projections.Schreiben)
}

// Unbeteiligt is an area none of whose events touch a task: every event type of its stream
// (domain/katalog) ignored on purpose.
func Unbeteiligt(streamType string) Bereich {
	return Bereich{StreamType: streamType, Ignoriert: katalog.Ereignisarten()[streamType]}
}

// Neu is the Aufgaben read model of the areas given, in the order their Setups registered them
// (the order of their copies' tables in the schema).
func Neu(bereiche ...Bereich) projections.Projection {
	p := &projektor{}
	var o bereich.Ordnung
	o, p.bereiche, p.kopien, p.ladereihe = bereich.Aufteilen(bereiche, func(b *Bereich) *bereich.Teil {
		return &bereich.Teil{StreamType: b.StreamType, Behandelt: b.Behandelt, Ignoriert: b.Ignoriert, Kopie: b.kopie}
	})
	p.behandelt = o.Behandelt
	return projections.Projection{Name: Name, Schema: o.Schema + aufgabeSchema, Indexe: indexe, Projiziere: p.projiziere}
}

// projektor is the projection of the registered areas.
type projektor struct {
	bereiche  map[string]*Bereich
	behandelt map[string]map[string]bool
	// kopien are the areas with a copy in registration order (written so), ladereihe the same
	// with the objects' copies before those of the operations they belong to (loaded so)
	kopien, ladereihe []*Bereich
}

// objekt is the object an application is about: its stream type and aggregate id.
type objekt struct {
	streamType string
	id         int64
}

// lauf is one batch: the rows it touches and what the set-based writes at its end need.
type lauf struct {
	// kopien are the areas' copies by stream type (bereich.Von), aufgaben the tasks
	kopien   map[string]bereich.Zeilen
	aufgaben *projections.Zeilen[aufgabeZeile]

	// what to read before the events are applied: the objects whose copies the batch needs
	// (ids), those whose operation's copy it needs too (mitElter), by stream type
	ids, mitElter map[string][]int64
	angelegt      map[int64]int64 // plants created in the batch → their operation
	entschieden   map[objekt]bool // objects whose open tasks the batch may close

	// the tasks in memory (loaded open ones and those opened in the batch) by object and by
	// operation, to close them and keep them in step without asking the database again
	jeObjekt  map[objekt][]int64
	jeBetrieb map[int64][]int64

	// what the stored tasks outside memory need at the end: the operations whose data changed,
	// the plants' new names. An operation or plant created in the batch has no stored tasks
	// (a task needs the copy), so its changes stay in memory.
	neueBetriebe       map[int64]bool
	geaenderteBetriebe []int64
	geaendertSet       map[int64]bool
	anlageNamen        map[int64]string
	umbenannt          []int64
}

func (p *projektor) projiziere(ctx context.Context, s *projections.Stapel) (*projections.Schreiben, error) {
	l := &lauf{
		kopien: map[string]bereich.Zeilen{}, ids: map[string][]int64{}, mitElter: map[string][]int64{}, aufgaben: aufgabeTabelle.Zeilen(),
		angelegt: map[int64]int64{}, entschieden: map[objekt]bool{},
		jeObjekt: map[objekt][]int64{}, jeBetrieb: map[int64][]int64{},
		neueBetriebe: map[int64]bool{}, geaendertSet: map[int64]bool{}, anlageNamen: map[int64]string{},
	}
	for _, b := range p.kopien {
		l.kopien[b.StreamType] = b.kopie.Neu()
	}
	// first pass: read each event once and note what it needs
	type ereignisMitID struct {
		e  eventstore.Event
		id int64
		v  ereignis.DomainEvent
		b  *Bereich
	}
	var ereignisse []ereignisMitID
	handler := map[string]func(eventstore.Event, int64) error{}
	for typ, b := range p.bereiche {
		if len(b.Behandelt) == 0 {
			continue
		}
		handler[typ] = func(e eventstore.Event, id int64) error {
			if !p.behandelt[typ][e.Type] {
				return nil
			}
			v, err := b.decode(e.Type, e.Data)
			if err != nil {
				return err
			}
			b.bedarf(l, id, v)
			ereignisse = append(ereignisse, ereignisMitID{e: e, id: id, v: v, b: b})
			return nil
		}
	}
	if err := s.JeStreamtyp(handler); err != nil {
		return nil, err
	}
	if len(ereignisse) == 0 {
		return nil, nil
	}
	if err := p.laden(ctx, l, s); err != nil {
		return nil, err
	}
	for _, x := range ereignisse {
		if err := x.b.anwenden(l, x.e, x.id, x.v); err != nil {
			return nil, fmt.Errorf("event %d (%s): %w", x.e.Position, x.e.Type, err)
		}
	}
	return p.schreiben(l), nil
}

// laden reads what the batch needs: the objects' copies, then those of the operations they
// belong to (ladereihe; each adds the operations of its objects in mitElter), then the open
// tasks of the objects the batch decides — a constant number of queries whatever the batch's
// size.
func (p *projektor) laden(ctx context.Context, l *lauf, s *projections.Stapel) error {
	for _, b := range p.ladereihe {
		z, k := l.kopien[b.StreamType], b.kopie
		if err := z.Laden(ctx, s, l.ids[b.StreamType]); err != nil {
			return err
		}
		for _, id := range l.mitElter[b.StreamType] {
			elter, ok := k.Elter(z, id)
			if !ok && b.neuIn != nil {
				elter, ok = b.neuIn(l, id)
			}
			if ok {
				l.ids[k.Oben] = append(l.ids[k.Oben], elter)
			}
		}
	}
	return l.offeneLaden(ctx, s)
}

// offeneLaden reads the open tasks of the objects the batch decides.
func (l *lauf) offeneLaden(ctx context.Context, s *projections.Stapel) error {
	if len(l.entschieden) == 0 {
		return nil
	}
	typen := make([]string, 0, len(l.entschieden))
	objektIDs := make([]int64, 0, len(l.entschieden))
	for o := range l.entschieden {
		typen = append(typen, o.streamType)
		objektIDs = append(objektIDs, o.id)
	}
	rows, err := s.Query(ctx, `SELECT id FROM aufgabe WHERE status = $3
		AND (stream_type, objekt_id) IN (SELECT * FROM unnest($1::text[], $2::bigint[]))`, typen, objektIDs, Offen)
	if err != nil {
		return err
	}
	offen, err := pgx.CollectRows(rows, pgx.RowTo[int64])
	if err != nil {
		return fmt.Errorf("offene Aufgaben: %w", err)
	}
	if err := l.aufgaben.Laden(ctx, s, offen); err != nil {
		return err
	}
	for _, id := range offen {
		if a := l.aufgaben.Zeile(id); a != nil {
			l.merken(a)
		}
	}
	return nil
}

// merken puts a task in memory into the indexes by object and by operation.
func (l *lauf) merken(a *aufgabeZeile) {
	o := objekt{a.StreamType, a.ObjektID}
	l.jeObjekt[o] = append(l.jeObjekt[o], a.ID)
	l.jeBetrieb[a.BetriebID] = append(l.jeBetrieb[a.BetriebID], a.ID)
}

// schreiben: each changed row once; then what follows for the stored tasks outside memory, set
// based and after the rows, so it reads the copies as the batch leaves them.
func (p *projektor) schreiben(l *lauf) *projections.Schreiben {
	w := &projections.Schreiben{}
	for _, b := range p.kopien {
		l.kopien[b.StreamType].Schreiben(w)
	}
	l.aufgaben.Schreiben(w)
	for _, b := range p.kopien {
		if b.schreiben != nil {
			b.schreiben(l, w)
		}
	}
	return w
}
