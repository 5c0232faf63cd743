package arbeitsliste

import (
	"context"
	"slices"
	"testing"

	"github.com/jackc/pgx/v5"

	"github.com/eabwasser/eabwasser/internal/werkzeug/testdb"
	"github.com/eabwasser/eabwasser/internal/zugriff"
)

// A one-word search over a list ordered by the column its search column begins with reads its
// page from the two parts (the word begins the search column / occurs after its first
// character) and counts them apart: every page and count equals the ordinary way's, with the
// word in either spelling (ü/ue, ß/ss, ä at the end of the word), at the start of the name,
// inside it and in the second column, in both directions.
func TestKopfsuche_PagesAndCountsEqualTheOrdinaryWay(t *testing.T) {
	ctx := context.Background()
	pool, _ := testdb.New(t)
	if _, err := pool.Exec(ctx, `CREATE TABLE liste (id bigint PRIMARY KEY, name text NOT NULL, betrieb text NOT NULL,
			such text GENERATED ALWAYS AS (replace(replace(replace(replace(lower(name || ' ' || betrieb),
				'ä', 'ae'), 'ö', 'oe'), 'ü', 'ue'), 'ß', 'ss')) STORED);
		CREATE INDEX liste_name ON liste (lower(name), id);
		CREATE INDEX liste_such ON liste USING gin (such gin_trgm_ops);
		CREATE INDEX liste_such_rest ON liste USING gin (substr(such, 2) gin_trgm_ops);
		INSERT INTO liste SELECT i, (ARRAY['Regenüberlaufbecken Nord ', 'Regenueberlaufbecken Süd ', 'Kläranlage Weiß ',
				'Alte Regenüberlaufbecken-Anlage ', 'Klaeranlage Strasse ', 'Straßenablauf ', 'Zulauf Kläranlage ', 'Maß '])[1 + i % 8] || i,
			(ARRAY['Kläranlage Musterhausen', 'Papierfabrik', 'Stadtwerke Regenüberlaufbecken'])[1 + i % 3]
		FROM generate_series(1, 2400) i;
		ANALYZE liste`); err != nil {
		t.Fatal(err)
	}
	liste := func(kopf string) Liste[int64] {
		return Liste[int64]{Tabelle: "liste", Spalten: "id", Zeile: pgx.RowTo[int64],
			Sicht:      zugriff.Spalten{Betrieb: "id", Betreiber: "id", Regionalstelle: "id"},
			Sortierung: map[string]string{"name": "lower(name)"}, Standard: "name", Indiziert: []string{"name"}, Kopf: kopf}
	}
	mit, ohne := liste("name"), liste("")
	for _, q := range []string{"regenueberlaufbecken", "Regenüberlaufbecken", "klär", "KLAE", "kläranla", "strasse", "straß", "becken",
		"nord", "maß", "uebe", "zulauf", "stadtwerke", "nichts", "regenüberlaufbecken nord", "nord Regenüberlaufbecken", "klär weiß",
		"becken stadtwerke", "kläranlage musterhausen zulauf", "ab regenueberlaufbecken"} {
		if mit.abfrage(Anfrage{Q: q, SortProperty: "name"}).kopf == nil {
			t.Fatalf("%q: not read from the two parts", q)
		}
		for _, absteigend := range []bool{false, true} {
			for _, size := range []int{7, 50} {
				for _, page := range []int{0, 1, 3, 40, 42} {
					a := Anfrage{Sicht: zugriff.Sicht{Alle: true}, Q: q, Page: page, Size: size, Absteigend: absteigend, Frisch: true}
					got, err := mit.Seite(ctx, pool, a)
					if err != nil {
						t.Fatalf("%q: %v", q, err)
					}
					want, err := ohne.Seite(ctx, pool, a)
					if err != nil {
						t.Fatal(err)
					}
					if got.TotalElements != want.TotalElements || !slices.Equal(got.Content, want.Content) {
						t.Fatalf("%q desc=%v size %d page %d: %v (total %d), want %v (total %d)", q, absteigend, size, page,
							got.Content, got.TotalElements, want.Content, want.TotalElements)
					}
				}
			}
		}
	}
	// short words take the ordinary way
	for _, q := range []string{"kl", "ab cd"} {
		if mit.abfrage(Anfrage{Q: q}).kopf != nil {
			t.Fatalf("%q: read from the two parts", q)
		}
	}
}

func TestEntfaltungen_EverySpellingOfAFoldedWord(t *testing.T) {
	for w, want := range map[string][]string{
		"klae":     {"klä", "klae"},
		"kla":      {"klä", "kla"},
		"strasse":  {"straße", "strasse"},
		"becken":   {"becken"},
		"muenster": {"münster", "muenster"},
		"maus":     {"maus", "mauß"},
	} {
		got := entfaltungen(w)
		slices.Sort(got)
		slices.Sort(want)
		if !slices.Equal(got, want) {
			t.Errorf("%s: %v, want %v", w, got, want)
		}
	}
}
