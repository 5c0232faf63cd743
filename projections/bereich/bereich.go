// Package bereich is what the read models over every area (projections/nachrichten,
// projections/aufgaben) share for the areas that plug into them: the part every area's
// contribution names — its stream type, the event types the read model applies and those it
// leaves aside, the copy of its objects the read model keeps — and how a read model orders
// the registered parts (Ordnen): the schema of the copies, which events it reads, in which
// order a batch loads and writes the copies.
package bereich

import (
	"cmp"
	"context"
	"slices"

	"github.com/eabwasser/eabwasser/domain/ereignis"
	"github.com/eabwasser/eabwasser/projections"
)

// Teil is what every area's part of a read model over every area says.
type Teil struct {
	StreamType string
	// Behandelt are the event types the read model applies, Ignoriert those it leaves aside on
	// purpose: together every type of the stream (projektortest.PruefeAbdeckung).
	Behandelt, Ignoriert []string
	// Kopie is the copy of the area's objects the read model keeps (nil: none).
	Kopie *Kopie
}

// Arten are the event types of the events given.
func Arten(es ...ereignis.DomainEvent) []string {
	out := make([]string, len(es))
	for i, e := range es {
		out[i] = e.EventType()
	}
	return out
}

// Kopie is an area's copy of its objects: the table (its DDL, a part of the read model's
// schema), the rows a batch holds, and the object each row belongs to (Oben: its stream type,
// Elter: its id).
type Kopie struct {
	DDL   string
	Neu   func() Zeilen
	Oben  string
	Elter func(z Zeilen, id int64) (int64, bool)
}

// Zeilen are a copy's rows in a batch (*projections.Zeilen).
type Zeilen interface {
	Laden(ctx context.Context, s *projections.Stapel, ids []int64) error
	Schreiben(w *projections.Schreiben)
}

// KopieVon is the copy kept in table t (created by ddl), whose rows belong to the objects of
// stream type oben with the id elter says ("" and nil: to none).
func KopieVon[V any](t projections.Tabelle[V], ddl, oben string, elter func(*V) int64) *Kopie {
	return &Kopie{DDL: ddl, Neu: func() Zeilen { return t.Zeilen() }, Oben: oben,
		Elter: func(z Zeilen, id int64) (int64, bool) {
			if v := z.(*projections.Zeilen[V]).Zeile(id); v != nil && elter != nil {
				return elter(v), true
			}
			return 0, false
		}}
}

// Von are the rows of an area's copy among a batch's copies (by stream type); empty when no
// area registered it: its objects are not found.
func Von[V any](kopien map[string]Zeilen, streamType string, t projections.Tabelle[V]) *projections.Zeilen[V] {
	z, ok := kopien[streamType]
	if !ok {
		z = t.Zeilen()
		kopien[streamType] = z
	}
	return z.(*projections.Zeilen[V])
}

// Ordnung is what a read model makes of its registered parts.
type Ordnung struct {
	// Behandelt are the event types it applies by stream type.
	Behandelt map[string]map[string]bool
	// Schema are the copies' tables in registration order.
	Schema string
	// Kopien are the indexes of the parts with a copy in registration order (a batch writes
	// them so), Ladereihe the same deepest first (a batch loads them so: each load adds the
	// objects its rows belong to, a measuring point its plant, a plant its operation).
	Kopien, Ladereihe []int
}

// Ordnen orders the parts registered, in the order of their Setups.
func Ordnen(teile []*Teil) Ordnung {
	o := Ordnung{Behandelt: map[string]map[string]bool{}, Schema: "\n"}
	je := map[string]*Teil{}
	for i, t := range teile {
		je[t.StreamType] = t
		o.Behandelt[t.StreamType] = map[string]bool{}
		for _, art := range t.Behandelt {
			o.Behandelt[t.StreamType][art] = true
		}
		if t.Kopie != nil {
			o.Schema += t.Kopie.DDL
			o.Kopien = append(o.Kopien, i)
		}
	}
	tiefe := func(i int) int {
		n := 0
		for t := je[teile[i].Kopie.Oben]; t != nil && t.Kopie != nil; t = je[t.Kopie.Oben] {
			n++
		}
		return n
	}
	o.Ladereihe = slices.Clone(o.Kopien)
	slices.SortStableFunc(o.Ladereihe, func(x, y int) int { return cmp.Compare(tiefe(y), tiefe(x)) })
	return o
}

// Aufteilen orders a read model's areas bs (Ordnen of what teil says of each): o, the areas by
// stream type, those with a copy in registration order and in load order.
func Aufteilen[B any](bs []B, teil func(*B) *Teil) (o Ordnung, je map[string]*B, kopien, ladereihe []*B) {
	teile := make([]*Teil, len(bs))
	je = map[string]*B{}
	for i := range bs {
		teile[i] = teil(&bs[i])
		je[teile[i].StreamType] = &bs[i]
	}
	o = Ordnen(teile)
	for _, i := range o.Kopien {
		kopien = append(kopien, &bs[i])
	}
	for _, i := range o.Ladereihe {
		ladereihe = append(ladereihe, &bs[i])
	}
	return o, je, kopien, ladereihe
}

// Akteur is the name of who did an event as the read models show it: the name in its
// metadata, "eAbwasser" for the system.
func Akteur(name string) string { return cmp.Or(name, "eAbwasser") }
