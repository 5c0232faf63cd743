package nachrichten

import (
	"context"
	"encoding/json"

	"github.com/eabwasser/eabwasser/domain/ereignis"
	"github.com/eabwasser/eabwasser/eventstore"
	"github.com/eabwasser/eabwasser/projections"
)

// kopie is an area's copy of its objects: the table (its DDL, a part of the schema), the rows
// a batch holds, and the object each row belongs to (oben: its stream type, elter: its id).
type kopie struct {
	ddl   string
	neu   func() zeilen
	oben  string
	elter func(z zeilen, id int64) (int64, bool)
}

// zeilen are a copy's rows in a batch (*projections.Zeilen).
type zeilen interface {
	Laden(ctx context.Context, s *projections.Stapel, ids []int64) error
	Schreiben(w *projections.Schreiben)
}

// kopieVon is the copy kept in table t (created by ddl), whose rows belong to the objects of
// stream type oben with the id elter says ("" and nil: to none).
func kopieVon[V any](t projections.Tabelle[V], ddl, oben string, elter func(*V) int64) *kopie {
	return &kopie{ddl: ddl, neu: func() zeilen { return t.Zeilen() }, oben: oben,
		elter: func(z zeilen, id int64) (int64, bool) {
			if v := z.(*projections.Zeilen[V]).Zeile(id); v != nil {
				return elter(v), true
			}
			return 0, false
		}}
}

// kopien are the rows of an area's copy in the batch st (empty when no area registered it:
// its objects are not found).
func kopien[V any](st *stapel, streamType string, t projections.Tabelle[V]) *projections.Zeilen[V] {
	z, ok := st.kopien[streamType]
	if !ok {
		z = t.Zeilen()
		st.kopien[streamType] = z
	}
	return z.(*projections.Zeilen[V])
}

// brauche notes that the batch needs the copy of an object.
func (st *stapel) brauche(streamType string, id int64) {
	st.ids[streamType] = append(st.ids[streamType], id)
}

// dekodiert reads an event with its stream's Decode.
func dekodiert(decode func(string, json.RawMessage) (ereignis.DomainEvent, error)) func(eventstore.Event) (any, error) {
	return func(e eventstore.Event) (any, error) { return decode(e.Type, e.Data) }
}
