package seed_test

import (
	"context"
	"testing"

	"github.com/eabwasser/eabwasser/internal/dokumente/konten"
	"github.com/eabwasser/eabwasser/internal/dokumente/wertelisten"
	"github.com/eabwasser/eabwasser/internal/verdrahtung/app"
	"github.com/eabwasser/eabwasser/internal/werkzeug/seed"
	"github.com/eabwasser/eabwasser/internal/werkzeug/testdb"
)

func TestDemo_IsIdempotentAndGoesThroughTheCommandPath(t *testing.T) {
	ctx := context.Background()
	pool, _ := testdb.New(t)
	store := app.NewStore(pool)
	n, err := seed.Demo(ctx, store)
	if err != nil || n == 0 {
		t.Fatalf("first run: %d, %v", n, err)
	}
	again, err := seed.Demo(ctx, store)
	if err != nil || again != 0 {
		t.Fatalf("second run added %d, %v", again, err)
	}
	anreden, err := wertelisten.Eintraege(ctx, pool, "anrede")
	if err != nil || len(anreden) != 4 || anreden[0].Value != "Divers" {
		t.Fatalf("anrede = %+v, %v", anreden, err)
	}
	var events, streams int
	_ = pool.QueryRow(ctx, `SELECT count(*), count(DISTINCT stream_id) FROM events WHERE metadata->>'correlationId' = 'seed-demo'`).Scan(&events, &streams)
	if events < n || streams != n {
		t.Fatalf("%d events in %d streams for %d objects", events, streams, n)
	}
	for _, name := range []string{"systemadmin", "fachadmin", "zust_sbd", "zust_sbb", "zust_sbs", "zust_sba",
		"leser_behoerde", "betreiber", "beauftragter", "leser_organisation", "betreiber2"} {
		k, err := konten.NachBenutzername(ctx, pool, name)
		if err != nil || k.Status != "AKTIV" {
			t.Fatalf("%s: %+v %v", name, k, err)
		}
	}
	b2, _ := konten.NachBenutzername(ctx, pool, "betreiber2")
	b1, _ := konten.NachBenutzername(ctx, pool, "betreiber")
	if b1.Organisation != "Klärwerk Rheinaue GmbH" || b2.Organisation != "Verbandsgemeinde Musterhausen" {
		t.Fatalf("organisations: %q %q", b1.Organisation, b2.Organisation)
	}
}

// The demo loads the sample geodata into empty layers only: an official layer loaded before
// stays (here: one municipality of its own).
func TestDemo_LaedtBeispielGeodatenInLeereEbenen(t *testing.T) {
	ctx := context.Background()
	pool, _ := testdb.New(t)
	if _, err := pool.Exec(ctx, `TRUNCATE wasserkoerper, einzugsgebiet, verwaltungseinheit;
		INSERT INTO verwaltungseinheit VALUES ('07111000', 'Koblenz (amtlich)',
			ST_Multi(ST_MakeEnvelope(390000, 5570000, 410000, 5590000, 25832)))`); err != nil {
		t.Fatal(err)
	}
	if _, err := seed.Demo(ctx, app.NewStore(pool)); err != nil {
		t.Fatal(err)
	}
	var gemeinden, wk, ezg int
	var koblenz string
	if err := pool.QueryRow(ctx, `SELECT (SELECT count(*) FROM verwaltungseinheit), (SELECT count(*) FROM wasserkoerper),
		(SELECT count(*) FROM einzugsgebiet), (SELECT bezeichnung FROM verwaltungseinheit WHERE kennung = '07111000')`).
		Scan(&gemeinden, &wk, &ezg, &koblenz); err != nil {
		t.Fatal(err)
	}
	if gemeinden != 1 || koblenz != "Koblenz (amtlich)" || wk != 3 || ezg != 7 {
		t.Fatalf("after the demo: %d municipalities (%q), %d water bodies, %d sub-catchments", gemeinden, koblenz, wk, ezg)
	}
}
