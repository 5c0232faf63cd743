package app

import (
	"context"
	"io"
	"log/slog"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/jackc/pgx/v5"
)

// Without DATABASE_URL and without a local Postgres, the app runs its own cluster.
func TestPrivateCluster_InitialisedStartedAndReused(t *testing.T) {
	if _, err := findPgBinary("initdb"); err != nil {
		t.Skip("no initdb on this machine")
	}
	if _, err := exec.LookPath("runuser"); err != nil {
		t.Skip("no runuser")
	}
	ctx := context.Background()
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	dir := t.TempDir()
	// the user postgres must reach the directory (t.TempDir's parents are private)
	for d := dir; d != "/" && d != os.TempDir(); d = filepath.Dir(d) {
		_ = os.Chmod(d, 0o755)
	}
	for round := 0; round < 2; round++ { // the second start reuses the initialised cluster
		url, stop, err := startPrivateCluster(ctx, dir, log)
		if err != nil {
			t.Fatal(err)
		}
		conn, err := pgx.Connect(ctx, url)
		if err != nil {
			stop()
			t.Fatal(err)
		}
		var db string
		err = conn.QueryRow(ctx, `SELECT current_database()`).Scan(&db)
		conn.Close(ctx)
		stop()
		if err != nil || db != "eabwasser" {
			t.Fatalf("round %d: database %q, %v", round, db, err)
		}
	}
}
