package seed_test

import (
	"context"
	"testing"

	"github.com/eabwasser/eabwasser/internal/app"
	"github.com/eabwasser/eabwasser/internal/seed"
	"github.com/eabwasser/eabwasser/internal/testdb"
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
	var events int
	_ = pool.QueryRow(ctx, `SELECT count(*) FROM events WHERE event_type = 'WertelisteEintragAngelegt' AND metadata->>'actorName' = 'Demo-Daten'`).Scan(&events)
	if events != n {
		t.Fatalf("%d events for %d entries", events, n)
	}
}
