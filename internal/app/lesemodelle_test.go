package app_test

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"golang.org/x/crypto/bcrypt"

	"github.com/eabwasser/eabwasser/eventstore"
	"github.com/eabwasser/eabwasser/internal/app"
	"github.com/eabwasser/eabwasser/internal/seed"
	"github.com/eabwasser/eabwasser/internal/testdb"
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
		vorher := lesemodell(t, pool, p.Name)
		if err := projections.Rebuild(ctx, store, p, nil); err != nil {
			t.Fatalf("%s: %v", p.Name, err)
		}
		nachher := lesemodell(t, pool, p.Name)
		for tabelle, zeilen := range vorher {
			if len(zeilen) == 0 {
				continue
			}
			if strings.Join(zeilen, "\n") != strings.Join(nachher[tabelle], "\n") {
				t.Errorf("%s.%s: rebuild differs from the live build:\n%s", p.Name, tabelle, erster(zeilen, nachher[tabelle]))
			}
		}
		t.Logf("%s: %s", p.Name, groessen(vorher))
	}
	for _, tabelle := range []string{"audit.eintrag", "arbeitsliste.betrieb", "arbeitsliste.anlage", "nachrichten.nachricht", "aufgaben.aufgabe"} {
		if anzahl(t, pool, `SELECT count(*) FROM `+tabelle) == 0 {
			t.Errorf("%s is empty: the log did not exercise it", tabelle)
		}
	}
	if n := anzahl(t, pool, `SELECT count(*) FROM mail_ausgang`); n != mails {
		t.Errorf("the rebuild queued %d mails again", n-mails)
	}
}

// lesemodell reads every table of a read model's schema as sorted rows of text, without
// identity columns (numbers drawn from a sequence, not from the log).
func lesemodell(t *testing.T, pool *pgxpool.Pool, schema string) map[string][]string {
	t.Helper()
	ctx := context.Background()
	rows, err := pool.Query(ctx, `SELECT table_name, string_agg(quote_ident(column_name), ', ' ORDER BY ordinal_position)
		FROM information_schema.columns WHERE table_schema = $1 AND is_identity = 'NO' GROUP BY table_name`, schema)
	if err != nil {
		t.Fatal(err)
	}
	spalten := map[string]string{}
	var name, liste string
	if _, err := pgx.ForEachRow(rows, []any{&name, &liste}, func() error { spalten[name] = liste; return nil }); err != nil {
		t.Fatal(err)
	}
	out := map[string][]string{}
	for tabelle, liste := range spalten {
		rows, err := pool.Query(ctx, fmt.Sprintf(`SELECT (%s)::text FROM %s.%s ORDER BY 1`, liste,
			pgx.Identifier{schema}.Sanitize(), pgx.Identifier{tabelle}.Sanitize()))
		if err != nil {
			t.Fatal(err)
		}
		zeilen, err := pgx.CollectRows(rows, pgx.RowTo[string])
		if err != nil {
			t.Fatal(err)
		}
		out[tabelle] = zeilen
	}
	return out
}

func anzahl(t *testing.T, pool *pgxpool.Pool, sql string) int {
	t.Helper()
	var n int
	if err := pool.QueryRow(context.Background(), sql).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// erster shows the first row that differs.
func erster(a, b []string) string {
	for i := range max(len(a), len(b)) {
		var x, y string
		if i < len(a) {
			x = a[i]
		}
		if i < len(b) {
			y = b[i]
		}
		if x != y {
			return fmt.Sprintf("row %d (of %d live, %d rebuilt)\n live:    %s\n rebuilt: %s", i, len(a), len(b), x, y)
		}
	}
	return ""
}

func groessen(m map[string][]string) string {
	var s []string
	for t, z := range m {
		s = append(s, fmt.Sprintf("%s %d", t, len(z)))
	}
	return strings.Join(s, ", ")
}
