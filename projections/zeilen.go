package projections

import (
	"context"
	"fmt"
	"reflect"
	"slices"
	"strings"

	"github.com/jackc/pgx/v5"
)

// Tabelle describes a table of rows keyed by a bigint id (the first of Spalten) that a
// projection keeps in memory while it applies a batch.
type Tabelle[V any] struct {
	Name    string
	Spalten []string // the key column first
	// Felder points at the fields of a row in the order of Spalten: the runtime scans stored
	// rows into them and writes their values.
	Felder func(*V) []any
}

// Zeilen are the rows of one Tabelle a batch touches: Laden reads the stored ones with one
// query, the projection changes them in memory in event order, Schreiben writes each changed
// row once (Setzen: unchanged rows are left alone; rows Laden found absent: COPY) and deletes
// the removed ones.
type Zeilen[V any] struct {
	t         Tabelle[V]
	rows      map[int64]*V
	geladen   map[int64][]any // the stored rows' values, as loaded
	gesucht   map[int64]bool
	fehlend   map[int64]bool // looked up by Laden and not stored
	geaendert []int64
	markiert  map[int64]bool
	geloescht map[int64]bool
}

// Zeilen starts the rows of a batch.
func (t Tabelle[V]) Zeilen() *Zeilen[V] {
	return &Zeilen[V]{t: t, rows: map[int64]*V{}, geladen: map[int64][]any{}, gesucht: map[int64]bool{}, fehlend: map[int64]bool{}, markiert: map[int64]bool{},
		geloescht: map[int64]bool{}}
}

// Laden reads the stored rows of the ids not looked up before, in one query.
func (z *Zeilen[V]) Laden(ctx context.Context, s *Stapel, ids []int64) error {
	var neu []int64
	for _, id := range ids {
		if !z.gesucht[id] {
			z.gesucht[id] = true
			neu = append(neu, id)
		}
	}
	if len(neu) == 0 {
		return nil
	}
	spalten := make([]string, len(z.t.Spalten))
	for i, sp := range z.t.Spalten {
		spalten[i] = pgx.Identifier{sp}.Sanitize()
	}
	// IN (SELECT unnest(…)), not = ANY($1): in a generic plan (the statement is prepared) ANY
	// compares each row with every id, and a rebuild's shadow tables, without statistics yet,
	// are read by a sequential scan — rows × ids comparisons; a (semi-)join costs rows + ids.
	rows, err := s.Query(ctx, fmt.Sprintf(`SELECT %s FROM %s WHERE %s IN (SELECT unnest($1::bigint[]))`, strings.Join(spalten, ", "),
		pgx.Identifier{z.t.Name}.Sanitize(), spalten[0]), neu)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		v := new(V)
		if err := rows.Scan(z.t.Felder(v)...); err != nil {
			return fmt.Errorf("%s: %w", z.t.Name, err)
		}
		id, err := schluesselVon(z.t.Felder(v)[0])
		if err != nil {
			return err
		}
		z.rows[id] = v
		z.geladen[id] = werte(z.t.Felder(v))
	}
	if err := rows.Err(); err != nil {
		return err
	}
	for _, id := range neu {
		if _, ok := z.geladen[id]; !ok {
			z.fehlend[id] = true
		}
	}
	return nil
}

func schluesselVon(feld any) (int64, error) {
	if p, ok := feld.(*int64); ok {
		return *p, nil
	}
	return 0, fmt.Errorf("projections: der Schlüssel einer Tabelle ist ein *int64, nicht %T", feld)
}

// Zeile is the row with the id as far as the batch has got, nil when there is none (ids must
// have been loaded).
func (z *Zeilen[V]) Zeile(id int64) *V {
	if !z.gesucht[id] {
		panic(fmt.Sprintf("projections: %s %d nicht geladen", z.t.Name, id))
	}
	return z.rows[id]
}

// Aendern returns the row to change (nil when there is none) and marks it to be written.
func (z *Zeilen[V]) Aendern(id int64) *V {
	v := z.Zeile(id)
	if v != nil {
		z.markieren(id)
	}
	return v
}

// Neu puts a row (replacing one with its id) and marks it to be written.
func (z *Zeilen[V]) Neu(id int64, v V) *V {
	z.gesucht[id] = true
	z.rows[id] = &v
	delete(z.geloescht, id)
	z.markieren(id)
	return &v
}

// Loeschen removes the row.
func (z *Zeilen[V]) Loeschen(id int64) {
	z.gesucht[id] = true
	delete(z.rows, id)
	z.geloescht[id] = true
}

// Geaendert lists the ids of the rows changed or added by the batch, in the order of their
// first change.
func (z *Zeilen[V]) Geaendert() []int64 {
	return slices.DeleteFunc(slices.Clone(z.geaendert), func(id int64) bool { return z.rows[id] == nil })
}

func (z *Zeilen[V]) markieren(id int64) {
	if !z.markiert[id] {
		z.markiert[id] = true
		z.geaendert = append(z.geaendert, id)
	}
}

// Schreiben adds the batch's writes: the deletions, one COPY of the new rows Laden found
// absent (a rebuild's bulk of rows: COPY costs a fraction of an upsert's array parameters),
// then one Setzen of the other changed rows. A stored row the batch has left as it was loaded
// (changed back, or set to what it held) is not written at all: no statement, no row lock, no
// new row version.
func (z *Zeilen[V]) Schreiben(w *Schreiben) {
	var weg []any
	for id := range z.geloescht {
		weg = append(weg, id)
	}
	w.Loeschen(z.t.Name, z.t.Spalten[0], weg)
	var neue, zeilen [][]any
	for _, id := range z.Geaendert() {
		felder := z.t.Felder(z.rows[id])
		if alt, ok := z.geladen[id]; ok && reflect.DeepEqual(alt, werte(felder)) {
			continue
		}
		zeile := make([]any, len(felder))
		for i, f := range felder {
			zeile[i] = wertVon(f)
		}
		if z.fehlend[id] {
			neue = append(neue, zeile)
		} else {
			zeilen = append(zeilen, zeile)
		}
	}
	w.Kopieren(z.t.Name, z.t.Spalten, neue)
	w.Setzen(z.t.Name, z.t.Spalten, 1, zeilen)
}

// wertVon is the value a field pointer points at (a nil *T for a nullable column is NULL).
func wertVon(feld any) any {
	return reflect.ValueOf(feld).Elem().Interface()
}

// werte are the values of a row's fields to compare, kept apart from the row: a field that is
// a pointer (a nullable column) or a slice gives a copy of what it holds, so a later change in
// place is a change.
func werte(felder []any) []any {
	out := make([]any, len(felder))
	for i, f := range felder {
		v := reflect.ValueOf(f).Elem()
		switch {
		case v.Kind() == reflect.Pointer && v.IsNil(), v.Kind() == reflect.Slice && v.IsNil():
			out[i] = nil
		case v.Kind() == reflect.Pointer:
			out[i] = v.Elem().Interface()
		case v.Kind() == reflect.Slice:
			kopie := reflect.MakeSlice(v.Type(), v.Len(), v.Len())
			reflect.Copy(kopie, v)
			out[i] = kopie.Interface()
		default:
			out[i] = v.Interface()
		}
	}
	return out
}
