// Package testdb gives each test its own fresh, migrated Postgres database, cloned from a
// template that is migrated once per migration set.
package testdb

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/eabwasser/eabwasser/internal/plattform/geodaten"
	"github.com/eabwasser/eabwasser/internal/plattform/schema"
)

// AdminURL is the maintenance database of the test server (env TEST_DATABASE_URL).
func AdminURL() string {
	if u := os.Getenv("TEST_DATABASE_URL"); u != "" {
		return u
	}
	return "postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable"
}

// URLFor returns the URL of database name on the test server.
func URLFor(name string) string {
	cfg, err := pgx.ParseConfig(AdminURL())
	if err != nil {
		panic(err)
	}
	return fmt.Sprintf("postgres://%s@%s:%d/%s?sslmode=disable", cfg.User, cfg.Host, cfg.Port, name)
}

var (
	templateOnce sync.Once
	templateName string
	templateErr  error
)

// New creates a fresh database cloned from the migrated template, returns a pool on it and
// drops it when the test ends. The template holds the demo's sample geodata
// (internal/plattform/geodaten/beispiel: municipalities, water bodies and sub-catchments around Koblenz), so
// every test's spatial lookups answer as in the demo.
func New(t testing.TB) (*pgxpool.Pool, string) {
	t.Helper()
	ctx := context.Background()
	templateOnce.Do(func() { templateName, templateErr = ensureTemplate(ctx) })
	if templateErr != nil {
		t.Fatalf("testdb: template: %v", templateErr)
	}
	name := fmt.Sprintf("t_%d_%08x", time.Now().UnixNano()%1e9, rand.Uint32())
	admin, err := pgx.Connect(ctx, AdminURL())
	if err != nil {
		t.Fatalf("testdb: %v (is Postgres running?)", err)
	}
	defer admin.Close(ctx)
	if _, err := admin.Exec(ctx, fmt.Sprintf(`CREATE DATABASE %q TEMPLATE %q`, name, templateName)); err != nil {
		t.Fatalf("testdb: create %s: %v", name, err)
	}
	url := URLFor(name)
	pool, err := pgxpool.New(ctx, url)
	if err != nil {
		t.Fatalf("testdb: %v", err)
	}
	t.Cleanup(func() {
		pool.Close()
		Drop(name)
	})
	return pool, url
}

// Drop removes a test database, closing its connections.
func Drop(name string) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	admin, err := pgx.Connect(ctx, AdminURL())
	if err != nil {
		return
	}
	defer admin.Close(ctx)
	_, _ = admin.Exec(ctx, fmt.Sprintf(`DROP DATABASE IF EXISTS %q WITH (FORCE)`, name))
}

func ensureTemplate(ctx context.Context) (string, error) {
	sum, err := hashFS(schema.Files)
	if err != nil {
		return "", err
	}
	geo, err := hashFS(geodaten.Beispiel)
	if err != nil {
		return "", err
	}
	sum = sum[:8] + geo[:8]
	name := "tpl_eabwasser_" + sum[:16]
	admin, err := pgx.Connect(ctx, AdminURL())
	if err != nil {
		return "", err
	}
	defer admin.Close(ctx)
	// Several test binaries may start at once: one builds the template, the others wait.
	if _, err := admin.Exec(ctx, `SELECT pg_advisory_lock(4711)`); err != nil {
		return "", err
	}
	defer admin.Exec(ctx, `SELECT pg_advisory_unlock(4711)`) //nolint:errcheck
	var ready bool
	err = admin.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM pg_database WHERE datname = $1 AND datistemplate)`, name).Scan(&ready)
	if err != nil || ready {
		return name, err
	}
	if _, err := admin.Exec(ctx, fmt.Sprintf(`DROP DATABASE IF EXISTS %q`, name)); err != nil {
		return "", err
	}
	if _, err := admin.Exec(ctx, fmt.Sprintf(`CREATE DATABASE %q`, name)); err != nil {
		return "", err
	}
	pool, err := pgxpool.New(ctx, URLFor(name))
	if err != nil {
		return "", err
	}
	err = schema.Migrate(ctx, pool)
	if err == nil {
		_, err = geodaten.LadeBeispiel(ctx, pool)
	}
	pool.Close()
	if err != nil {
		return "", err
	}
	_, err = admin.Exec(ctx, fmt.Sprintf(`ALTER DATABASE %q WITH IS_TEMPLATE true`, name))
	return name, err
}

func hashFS(fsys fs.FS) (string, error) {
	h := sha256.New()
	err := fs.WalkDir(fsys, ".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := fs.ReadFile(fsys, path)
		if err != nil {
			return err
		}
		fmt.Fprintf(h, "%s\x00%d\x00", path, len(b))
		h.Write(b)
		return nil
	})
	return hex.EncodeToString(h.Sum(nil)), err
}

// WarteAufSichtbarkeit waits until every committed event is readable by the commit-safe
// global reads. pg_snapshot_xmin is cluster-wide, so a transaction of another test database
// can hold it back for a moment; tests that catch up right after appending wait for it.
func WarteAufSichtbarkeit(t testing.TB, pool *pgxpool.Pool) {
	t.Helper()
	ctx := context.Background()
	deadline := time.Now().Add(30 * time.Second)
	for {
		var alle, sichtbar int64
		err := pool.QueryRow(ctx, `SELECT count(*), count(*) FILTER (WHERE tx_id < pg_snapshot_xmin(pg_current_snapshot())) FROM events`).
			Scan(&alle, &sichtbar)
		if err != nil {
			t.Fatalf("testdb: %v", err)
		}
		if alle == sichtbar {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("testdb: %d of %d events still not readable", alle-sichtbar, alle)
		}
		time.Sleep(10 * time.Millisecond)
	}
}
