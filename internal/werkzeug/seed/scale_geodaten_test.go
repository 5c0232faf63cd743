package seed_test

import (
	"context"
	"testing"
	"time"

	"github.com/eabwasser/eabwasser/internal/plattform/geodaten"
	"github.com/eabwasser/eabwasser/internal/werkzeug/seed"
	"github.com/eabwasser/eabwasser/internal/werkzeug/testdb"
)

// The state-wide layers: realistic counts, valid polygons that do not overlap, holes, the demo
// sample untouched, and the same result every time (deterministic).
func TestGeodatenLand(t *testing.T) {
	if testing.Short() {
		t.Skip("generates the state-wide layers")
	}
	pool, _ := testdb.New(t)
	ctx := context.Background()
	start := time.Now()
	b, err := seed.GeodatenLand(ctx, pool)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%+v in %s", b, time.Since(start).Round(time.Millisecond))
	if b.Verwaltungseinheiten < 2000 || b.Wasserkoerper < 300 || b.Einzugsgebiete < 2500 || b.Loecher < 300 {
		t.Fatalf("too small: %+v", b)
	}
	for _, e := range geodaten.Ebenen {
		var ungueltig, ueberlappend int
		var flaeche, vereinigt, ecken float64
		if err := pool.QueryRow(ctx, `SELECT count(*) FILTER (WHERE NOT ST_IsValid(geometrie)), sum(ST_Area(geometrie)) / 1e6,
			ST_Area(ST_Union(geometrie)) / 1e6, avg(ST_NPoints(geometrie)) FROM `+string(e)).Scan(&ungueltig, &flaeche, &vereinigt, &ecken); err != nil {
			t.Fatal(err)
		}
		if err := pool.QueryRow(ctx, `SELECT count(*) FROM `+string(e)+` a JOIN `+string(e)+` b
			ON a.kennung < b.kennung AND a.geometrie && b.geometrie AND ST_Area(ST_Intersection(a.geometrie, b.geometrie)) > 1`).Scan(&ueberlappend); err != nil {
			t.Fatal(err)
		}
		t.Logf("%s: %.0f km² (union %.0f), %.0f vertices on average, %d invalid, %d overlapping pairs", e, flaeche, vereinigt, ecken, ungueltig, ueberlappend)
		if ungueltig > 0 || ueberlappend > 0 || flaeche < 15000 || flaeche > 25000 || flaeche-vereinigt > 1 || ecken < 100 {
			t.Errorf("%s: not a plausible partition", e)
		}
	}
	// the demo keeps its polygons
	if k, ok, err := geodaten.Gemeinde(ctx, pool, 398120.75, 5582950.25); err != nil || !ok || k != "07111000" {
		t.Fatalf("the paper mill: %q %v %v", k, ok, err)
	}
	// Trier, Mainz, Kaiserslautern lie in generated polygons of all three layers
	for _, p := range [][2]float64{{330500, 5516000}, {447000, 5541000}, {411000, 5478000}} {
		for _, e := range geodaten.Ebenen {
			if _, ok, err := geodaten.Suche(ctx, pool, e, p[0], p[1]); err != nil || !ok {
				t.Errorf("%v: no %s (%v)", p, e, err)
			}
		}
	}
	// deterministic: generated again, the same layers
	var vorher string
	summe := `SELECT md5(string_agg(kennung || bezeichnung || encode(ST_AsEWKB(geometrie), 'hex'), ',' ORDER BY kennung)) FROM
		(SELECT * FROM verwaltungseinheit UNION ALL SELECT * FROM wasserkoerper UNION ALL SELECT * FROM einzugsgebiet) x`
	if err := pool.QueryRow(ctx, summe).Scan(&vorher); err != nil {
		t.Fatal(err)
	}
	if _, err := pool.Exec(ctx, `DELETE FROM verwaltungseinheit WHERE bezeichnung LIKE '%(synthetisch)';
		DELETE FROM wasserkoerper WHERE bezeichnung LIKE '%(synthetisch)'; DELETE FROM einzugsgebiet WHERE bezeichnung LIKE '%(synthetisch)'`); err != nil {
		t.Fatal(err)
	}
	if _, err := seed.GeodatenLand(ctx, pool); err != nil {
		t.Fatal(err)
	}
	var nachher string
	if err := pool.QueryRow(ctx, summe).Scan(&nachher); err != nil || nachher != vorher {
		t.Fatalf("not deterministic: %s ≠ %s (%v)", nachher, vorher, err)
	}
}
