package arbeitsliste

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/eabwasser/eabwasser/internal/werkzeug/testdb"
)

// listeMit103Zeilen is a database with table liste of 103 rows (id, name 'Name 0' … 'Name 6').
func listeMit103Zeilen(t *testing.T) *pgxpool.Pool {
	t.Helper()
	pool, _ := testdb.New(t)
	if _, err := pool.Exec(context.Background(), `CREATE TABLE liste (id bigint PRIMARY KEY, name text NOT NULL);
		INSERT INTO liste SELECT i, 'Name ' || (i % 7) FROM generate_series(1, 103) i`); err != nil {
		t.Fatal(err)
	}
	return pool
}

// scan reads a row's id.
func scan(r pgx.CollectableRow) (int64, error) {
	var id int64
	err := r.Scan(&id)
	return id, err
}

// Every page read by seite — from the front or, in the back half, from the other end — is the
// page an OFFSET read of the whole order gives, in both directions and for sizes that do and do
// not divide the total; pages beyond the end are empty.
func TestSeite_DeepPagesFromTheOtherEndAreThePagesOfTheOrder(t *testing.T) {
	ctx := context.Background()
	pool := listeMit103Zeilen(t)
	for _, absteigend := range []bool{false, true} {
		richtung := "ASC"
		if absteigend {
			richtung = "DESC"
		}
		rows, err := pool.Query(ctx, `SELECT id FROM liste WHERE id > $1 ORDER BY name `+richtung+`, id `+richtung, 0)
		if err != nil {
			t.Fatal(err)
		}
		alle, err := pgx.CollectRows(rows, scan)
		if err != nil {
			t.Fatal(err)
		}
		for _, size := range []int{10, 50, 103, 7} {
			for page := 0; page*size <= len(alle)+size; page++ {
				a := listenabfrage{tabelle: "liste", spalten: "id", bedingung: "id > $1", args: []any{0},
					ordnung: []string{"name", "id"}, absteigend: absteigend, page: page, size: size, frisch: page == 0}
				got, err := seite(ctx, pool, a, scan)
				if err != nil {
					t.Fatal(err)
				}
				want := alle[min(page*size, len(alle)):min(page*size+size, len(alle))]
				if got.TotalElements != int64(len(alle)) || !slices.Equal(got.Content, want) {
					t.Fatalf("%s size %d page %d: %v (total %d), want %v", richtung, size, page, got.Content, got.TotalElements, want)
				}
			}
		}
	}
}

// A list with a bounded count (Liste.Hoechstens) counts up to the bound and says Mindestens
// beyond it; its pages — deep ones too, read from the front then — are the pages of the order.
func TestSeite_BoundedCountSaysAtLeastAndItsPagesStayThePagesOfTheOrder(t *testing.T) {
	ctx := context.Background()
	pool := listeMit103Zeilen(t)
	for _, f := range []struct {
		hoechstens, total int64
		mindestens        bool
	}{{50, 50, true}, {103, 103, true}, {104, 103, false}, {0, 103, false}} {
		for _, page := range []int{0, 3, 9, 10} {
			a := listenabfrage{tabelle: "liste", spalten: "id", bedingung: "id > $1", args: []any{0}, ordnung: []string{"id"},
				page: page, size: 10, frisch: true, hoechstens: f.hoechstens}
			got, err := seite(ctx, pool, a, scan)
			if err != nil {
				t.Fatal(err)
			}
			var want []int64
			for id := int64(page*10 + 1); id <= min(int64(page*10+10), 103); id++ {
				want = append(want, id)
			}
			if got.TotalElements != f.total || got.Mindestens != f.mindestens || !slices.Equal(got.Content, want) && len(want)+len(got.Content) > 0 {
				t.Fatalf("bound %d page %d: %v (total %d, mindestens %v), want %v (total %d, mindestens %v)", f.hoechstens, page, got.Content,
					got.TotalElements, got.Mindestens, want, f.total, f.mindestens)
			}
		}
	}
}

// A count serves further pages for a moment; the caller's own command (frisch) counts again.
func TestSeite_CountIsSharedForAMomentAndFreshAfterACommand(t *testing.T) {
	ctx := context.Background()
	pool, _ := testdb.New(t)
	if _, err := pool.Exec(ctx, `CREATE TABLE liste (id bigint PRIMARY KEY); INSERT INTO liste SELECT generate_series(1, 5)`); err != nil {
		t.Fatal(err)
	}
	a := listenabfrage{tabelle: "liste", spalten: "id", bedingung: "id > $1", args: []any{int64(0)}, ordnung: []string{"id"}, size: 50, frisch: true}
	scan := pgx.RowTo[int64]
	if s, err := seite(ctx, pool, a, scan); err != nil || s.TotalElements != 5 {
		t.Fatalf("%v %v", s.TotalElements, err)
	}
	if _, err := pool.Exec(ctx, `INSERT INTO liste VALUES (6)`); err != nil {
		t.Fatal(err)
	}
	a.frisch = false
	if s, err := seite(ctx, pool, a, scan); err != nil || s.TotalElements != 5 || len(s.Content) != 6 {
		t.Fatalf("cached: total %v, %d rows, %v", s.TotalElements, len(s.Content), err)
	}
	a.frisch = true
	if s, err := seite(ctx, pool, a, scan); err != nil || s.TotalElements != 6 {
		t.Fatalf("fresh: %v %v", s.TotalElements, err)
	}
}

// Callers who share a count get it even when the caller who started it leaves (the end of a
// load test, a closed browser tab): the count is not that caller's. The one who left gets his
// own cancellation at once.
func TestSeite_SharedCountOutlivesTheCallerWhoStartedIt(t *testing.T) {
	ctx := context.Background()
	pool, _ := testdb.New(t)
	if _, err := pool.Exec(ctx, `CREATE TABLE liste (id bigint PRIMARY KEY); INSERT INTO liste SELECT generate_series(1, 5)`); err != nil {
		t.Fatal(err)
	}
	// a count that takes a moment, so the second caller joins the first one's
	a := listenabfrage{tabelle: "liste", spalten: "id", bedingung: "id > $1 AND pg_sleep(0.1) IS NOT NULL", args: []any{int64(0)},
		ordnung: []string{"id"}, size: 50}
	erster, abbrechen := context.WithCancel(ctx)
	fertig := make(chan error, 1)
	go func() {
		_, err := anzahl(erster, pool, a)
		fertig <- err
	}()
	time.Sleep(100 * time.Millisecond)
	zweiter := make(chan error, 1)
	var n int64
	go func() {
		var err error
		n, err = anzahl(ctx, pool, a)
		zweiter <- err
	}()
	time.Sleep(50 * time.Millisecond)
	abbrechen()
	if err := <-fertig; !errors.Is(err, context.Canceled) {
		t.Fatalf("first caller: %v, want his own cancellation", err)
	}
	if err := <-zweiter; err != nil || n != 5 {
		t.Fatalf("second caller: %d, %v; want the shared count 5", n, err)
	}
}

// A search page is the page of the whole order, whether the front of the order holds it (the
// matches spread: every third row) or not (the matches all far down the order, or few), in both
// directions; the front alone (vorn) holds the first page of the spread matches and none of the
// others.
func TestSeite_SearchPagesAreThePagesOfTheOrder_FromTheFrontOrFromAllMatches(t *testing.T) {
	ctx := context.Background()
	pool, _ := testdb.New(t)
	if _, err := pool.Exec(ctx, `CREATE TABLE liste (id bigint PRIMARY KEY, name text NOT NULL, such text NOT NULL);
		CREATE INDEX liste_name ON liste (name, id);
		INSERT INTO liste SELECT i, 'Name ' || lpad(i::text, 5, '0'), concat_ws(' ', CASE WHEN i % 3 = 0 THEN 'verteilt' END,
			CASE WHEN i > 3000 THEN 'hinten' END, CASE WHEN i % 200 = 0 THEN 'selten' END)
		FROM generate_series(1, 6000) i;
		ANALYZE liste`); err != nil {
		t.Fatal(err)
	}
	scan := pgx.RowTo[int64]
	abfrage := func(wort string, absteigend bool, page, size int) listenabfrage {
		return listenabfrage{tabelle: "liste", spalten: "id", bedingung: "such LIKE $1", args: []any{"%" + wort + "%"},
			ordnung: []string{"name", "id"}, absteigend: absteigend, page: page, size: size, frisch: true, suche: true, vorlauf: true}
	}
	for _, wort := range []string{"verteilt", "hinten", "selten"} {
		for _, absteigend := range []bool{false, true} {
			a := abfrage(wort, absteigend, 0, 0)
			rows, err := pool.Query(ctx, `SELECT id FROM liste WHERE such LIKE $1 ORDER BY `+a.order(false), a.args...)
			if err != nil {
				t.Fatal(err)
			}
			alle, err := pgx.CollectRows(rows, scan)
			if err != nil {
				t.Fatal(err)
			}
			for _, size := range []int{50, 7} {
				for _, page := range []int{0, 1, 3, 19, 20} {
					got, err := seite(ctx, pool, abfrage(wort, absteigend, page, size), scan)
					if err != nil {
						t.Fatal(err)
					}
					want := alle[min(page*size, len(alle)):min(page*size+size, len(alle))]
					if got.TotalElements != int64(len(alle)) || !slices.Equal(got.Content, want) {
						t.Fatalf("%s desc=%v size %d page %d: %v (total %d), want %v", wort, absteigend, size, page, got.Content,
							got.TotalElements, want)
					}
				}
			}
		}
	}
	for wort, want := range map[string]int{"verteilt": 50, "hinten": 0} {
		a := abfrage(wort, false, 0, 50)
		vorn, err := seitenZeilen(ctx, pool, a, a.vorn(), false, 50, 0, scan)
		if err != nil || len(vorn) != want {
			t.Fatalf("front of the order for %q: %d rows (%v), want %d", wort, len(vorn), err, want)
		}
	}
}
