package app_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"golang.org/x/crypto/bcrypt"

	"github.com/eabwasser/eabwasser/eventstore"
	"github.com/eabwasser/eabwasser/internal/verdrahtung/app"
	"github.com/eabwasser/eabwasser/internal/werkzeug/seed"
	"github.com/eabwasser/eabwasser/internal/werkzeug/testdb"
	"github.com/eabwasser/eabwasser/projections"
	"github.com/eabwasser/eabwasser/projections/projektortest"
)

// Every read model ends equal, row by row, whether it was built live — fed through NATS while
// commands were being committed, in batches of whatever had arrived — or rebuilt from the log
// in batches of 10,000; and the rebuild queues no mail again.
func TestLesemodelle_NeuaufbauGleichLaufendemAufbau(t *testing.T) {
	ctx := context.Background()
	pool, _ := testdb.New(t)
	store := app.NewStore(pool)
	hash, err := bcrypt.GenerateFromPassword([]byte(seed.DemoPasswort), bcrypt.MinCost)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := seed.Demo(ctx, store); err != nil {
		t.Fatal(err)
	}
	// The scale seed's operations, plants, requests, decisions, renamings and Stammdaten-Anträge,
	// each command in its own transaction as the API commits them. The projectors start once
	// the seed's accounts exist: messages go to the accounts as they are when an event is
	// applied (a rebuild addresses today's staff), so accounts created between the live build
	// and the rebuild would differ by design.
	var live sync.Once
	if _, err := seed.Skalieren(ctx, store, seed.Skalierung{N: 1, Umfang: seed.Umfang{Organisationen: 20, Betriebe: 300},
		Heute: time.Date(2026, 5, 4, 0, 0, 0, 0, time.UTC), PasswortHash: string(hash), Befehlsweg: true, Parallel: 2,
		Fortschritt: func(f seed.Fortschritt) {
			if f.Phase == "Betriebe" {
				live.Do(func() { projektortest.Start(t, store, app.Projections()...) })
			}
		}}); err != nil {
		t.Fatal(err)
	}
	testdb.WarteAufSichtbarkeit(t, pool)
	head, _, err := store.Head(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range app.Projections() {
		projektortest.WarteBis(t, p.Name+" live bis zum Kopf", func() bool {
			cp, err := eventstore.LoadCheckpoint(ctx, pool, p.Name)
			return err == nil && cp.Position >= head.Position
		})
	}
	mails := anzahl(t, pool, `SELECT count(*) FROM mail_ausgang`)
	for _, p := range app.Projections() {
		vorher := projektortest.Lesemodell(t, pool, p.Name)
		if err := projections.Rebuild(ctx, store, p, nil); err != nil {
			t.Fatalf("%s: %v", p.Name, err)
		}
		projektortest.Gleich(t, p.Name, vorher, projektortest.Lesemodell(t, pool, p.Name))
	}
	if n := anzahl(t, pool, `SELECT count(*) FROM mail_ausgang`); n != mails {
		t.Errorf("the rebuild queued %d mails again", n-mails)
	}
}

func anzahl(t *testing.T, pool *pgxpool.Pool, sql string) int {
	t.Helper()
	var n int
	if err := pool.QueryRow(context.Background(), sql).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}
