package projektortest_test

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/eabwasser/eabwasser/eventstore"
	"github.com/eabwasser/eabwasser/internal/werkzeug/testdb"
	"github.com/eabwasser/eabwasser/projections"
)

// name is a row keyed by id with a name and a nullable note.
type name struct {
	ID    int64
	Name  string
	Notiz *string
}

var namen = projections.Tabelle[name]{Name: "name", Spalten: []string{"id", "name", "notiz"},
	Felder: func(n *name) []any { return []any{&n.ID, &n.Name, &n.Notiz} }}

// benannt keeps the last name and note of each stream: every event sets them (Aendern or Neu),
// and a note is changed in place, through the pointer the row was loaded with.
var benannt = projections.Projection{
	Name:   "benannt",
	Schema: `CREATE TABLE name (id bigint PRIMARY KEY, name text NOT NULL, notiz text)`,
	Projiziere: func(ctx context.Context, s *projections.Stapel) (*projections.Schreiben, error) {
		zeilen := namen.Zeilen()
		if err := zeilen.Laden(ctx, s, []int64{0}); err != nil { // one row: id 0
			return nil, err
		}
		for _, e := range s.Events {
			var d struct {
				Name  string
				Notiz *string
			}
			if err := json.Unmarshal(e.Data, &d); err != nil {
				return nil, err
			}
			switch z := zeilen.Aendern(0); {
			case z == nil || e.Type == "Neu":
				zeilen.Neu(0, name{Name: d.Name, Notiz: d.Notiz})
			case z.Notiz != nil && d.Notiz != nil:
				z.Name, *z.Notiz = d.Name, *d.Notiz // in place
			default:
				z.Name, z.Notiz = d.Name, d.Notiz
			}
		}
		w := &projections.Schreiben{}
		zeilen.Schreiben(w)
		return w, nil
	},
}

// A stored row that a batch sets to what it already holds is not written: no new row version
// (xmin) and no row lock (xmax); a real change, also one made in place through a nullable
// column's pointer, is written.
func TestZeilen_AnUnchangedRowIsNotWrittenAChangedOneIs(t *testing.T) {
	ctx := context.Background()
	pool, _ := testdb.New(t)
	store := eventstore.New(pool)
	version := eventstore.NoStream
	schritt := func(typ string, data map[string]any) (xmin, xmax uint32, name string, notiz *string) {
		t.Helper()
		out, err := store.Append(ctx, "benannt-1", "benannt", version, []eventstore.NewEvent{{Type: typ, Data: data}}, eventstore.Metadata{})
		if err != nil {
			t.Fatal(err)
		}
		version = out.Version
		testdb.WarteAufSichtbarkeit(t, pool)
		if _, err := projections.CatchUp(ctx, store, benannt); err != nil {
			t.Fatal(err)
		}
		if err := pool.QueryRow(ctx, `SELECT xmin::text::bigint, xmax::text::bigint, name, notiz FROM benannt.name WHERE id = 0`).
			Scan(&xmin, &xmax, &name, &notiz); err != nil {
			t.Fatal(err)
		}
		return xmin, xmax, name, notiz
	}
	x1, _, _, _ := schritt("Neu", map[string]any{"Name": "Kläranlage", "Notiz": "alt"})
	for _, e := range []struct {
		typ  string
		data map[string]any
	}{
		{"Gesetzt", map[string]any{"Name": "Kläranlage", "Notiz": "alt"}}, // Aendern, same values (the note in place)
		{"Neu", map[string]any{"Name": "Kläranlage", "Notiz": "alt"}},     // Neu with the stored values
	} {
		if x, xmax, _, _ := schritt(e.typ, e.data); x != x1 || xmax != 0 {
			t.Fatalf("%s with the stored values: xmin %d → %d, xmax %d (the row was written or locked)", e.typ, x1, x, xmax)
		}
	}
	x2, _, _, notiz := schritt("Gesetzt", map[string]any{"Name": "Kläranlage", "Notiz": "neu"}) // in place
	if x2 == x1 || notiz == nil || *notiz != "neu" {
		t.Fatalf("a note changed in place: xmin %d → %d, note %v", x1, x2, notiz)
	}
	x3, _, name, notiz := schritt("Gesetzt", map[string]any{"Name": "Kläranlage Nord", "Notiz": nil})
	if x3 == x2 || name != "Kläranlage Nord" || notiz != nil {
		t.Fatalf("a new name and no note: xmin %d → %d, %q, %v", x2, x3, name, notiz)
	}
}
