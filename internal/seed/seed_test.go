package seed_test

import (
	"context"
	"testing"

	"github.com/eabwasser/eabwasser/internal/app"
	"github.com/eabwasser/eabwasser/internal/seed"
	"github.com/eabwasser/eabwasser/internal/testdb"
	"github.com/eabwasser/eabwasser/projections/konten"
	"github.com/eabwasser/eabwasser/projections/wertelisten"
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
