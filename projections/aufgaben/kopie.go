package aufgaben

import (
	"context"

	"github.com/eabwasser/eabwasser/projections"
)

// kopie is an area's copy of its objects: the table (its DDL, a part of the schema), the rows
// a batch holds, and the object each row belongs to (oben: its stream type, elter: its id,
// also for an object created earlier in the batch).
type kopie struct {
	ddl   string
	neu   func() zeilen
	oben  string
	elter func(l *lauf, z zeilen, id int64) (int64, bool)
}

// zeilen are a copy's rows in a batch (*projections.Zeilen).
type zeilen interface {
	Laden(ctx context.Context, s *projections.Stapel, ids []int64) error
	Schreiben(w *projections.Schreiben)
}

// kopieVon is the copy kept in table t (created by ddl), whose rows belong to the objects of
// stream type oben with the id elter says ("" and nil: to none); neu, if not nil, knows the
// object of one created in the batch whose row is not there yet.
func kopieVon[V any](t projections.Tabelle[V], ddl, oben string, elter func(*V) int64, neu func(*lauf, int64) (int64, bool)) *kopie {
	return &kopie{ddl: ddl, neu: func() zeilen { return t.Zeilen() }, oben: oben,
		elter: func(l *lauf, z zeilen, id int64) (int64, bool) {
			if v := z.(*projections.Zeilen[V]).Zeile(id); v != nil {
				return elter(v), true
			}
			if neu != nil {
				return neu(l, id)
			}
			return 0, false
		}}
}

// kopien are the rows of an area's copy in the batch l (empty when no area registered it: its
// objects are not found).
func kopien[V any](l *lauf, streamType string, t projections.Tabelle[V]) *projections.Zeilen[V] {
	z, ok := l.kopien[streamType]
	if !ok {
		z = t.Zeilen()
		l.kopien[streamType] = z
	}
	return z.(*projections.Zeilen[V])
}

// brauche notes that the batch needs the copy of an object, with mitElter that of the
// operation it belongs to too.
func (l *lauf) brauche(streamType string, id int64, mitElter bool) {
	l.ids[streamType] = append(l.ids[streamType], id)
	if mitElter {
		l.mitElter[streamType] = append(l.mitElter[streamType], id)
	}
}
