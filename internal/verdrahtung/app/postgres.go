package app

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"strconv"
	"time"

	"github.com/jackc/pgx/v5"
)

const localAdminURL = "postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable&connect_timeout=2"

// resolveDatabase returns the database URL to use: DATABASE_URL, else the database
// "eabwasser" on the local Postgres if it answers, else one on a private cluster under
// dataDir started with the machine's initdb/pg_ctl. stop stops a private cluster (or nothing).
func resolveDatabase(ctx context.Context, configured, dataDir string, log *slog.Logger) (url string, stop func(), err error) {
	if configured != "" {
		return configured, func() {}, nil
	}
	if conn, err := pgx.Connect(ctx, localAdminURL); err == nil {
		defer conn.Close(ctx)
		if err := ensureDatabase(ctx, conn, "eabwasser"); err != nil {
			return "", nil, err
		}
		log.Info("Datenbank: lokales Postgres", "url", "postgres://postgres@127.0.0.1:5432/eabwasser")
		return "postgres://postgres@127.0.0.1:5432/eabwasser?sslmode=disable", func() {}, nil
	}
	return startPrivateCluster(ctx, filepath.Join(dataDir, "postgres"), log)
}

func ensureDatabase(ctx context.Context, conn *pgx.Conn, name string) error {
	var exists bool
	if err := conn.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM pg_database WHERE datname = $1)`, name).Scan(&exists); err != nil {
		return err
	}
	if exists {
		return nil
	}
	_, err := conn.Exec(ctx, fmt.Sprintf(`CREATE DATABASE %q`, name))
	var pgErr interface{ SQLState() string }
	if errors.As(err, &pgErr) && pgErr.SQLState() == "42P04" { // created meanwhile by another instance
		return nil
	}
	return err
}

// startPrivateCluster initialises (once) and starts a Postgres cluster in dir on a free port.
// Postgres refuses to run as root, so as root it runs as the system user "postgres".
func startPrivateCluster(ctx context.Context, dir string, log *slog.Logger) (string, func(), error) {
	initdb, err := findPgBinary("initdb")
	if err != nil {
		return "", nil, err
	}
	pgctl, err := findPgBinary("pg_ctl")
	if err != nil {
		return "", nil, err
	}
	run := func(name string, args ...string) *exec.Cmd { return exec.CommandContext(ctx, name, args...) }
	if os.Geteuid() == 0 {
		if _, err := user.Lookup("postgres"); err != nil {
			return "", nil, errors.New("Postgres kann nicht als root laufen und es gibt keinen Benutzer postgres")
		}
		run = func(name string, args ...string) *exec.Cmd {
			return exec.CommandContext(ctx, "runuser", append([]string{"-u", "postgres", "--", name}, args...)...)
		}
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return "", nil, err
	}
	if os.Geteuid() == 0 {
		if out, err := exec.Command("chown", "-R", "postgres", dir).CombinedOutput(); err != nil {
			return "", nil, fmt.Errorf("chown %s: %v: %s", dir, err, out)
		}
	}
	pgdata := filepath.Join(dir, "data")
	if _, err := os.Stat(filepath.Join(pgdata, "PG_VERSION")); err != nil {
		log.Info("Datenbank: lege privaten Postgres-Cluster an", "verzeichnis", pgdata)
		if out, err := run(initdb, "-D", pgdata, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--locale=C.UTF-8").CombinedOutput(); err != nil {
			return "", nil, fmt.Errorf("initdb: %v: %s", err, out)
		}
	}
	port, err := freePort()
	if err != nil {
		return "", nil, err
	}
	opts := fmt.Sprintf("-p %d -c listen_addresses=127.0.0.1 -k %s", port, dir)
	if out, err := run(pgctl, "-D", pgdata, "-l", filepath.Join(dir, "postgres.log"), "-o", opts, "-w", "start").CombinedOutput(); err != nil {
		return "", nil, fmt.Errorf("pg_ctl start: %v: %s", err, out)
	}
	stop := func() { _ = run(pgctl, "-D", pgdata, "-m", "fast", "-w", "stop").Run() }
	admin := fmt.Sprintf("postgres://postgres@127.0.0.1:%d/postgres?sslmode=disable", port)
	cctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	conn, err := pgx.Connect(cctx, admin)
	if err != nil {
		stop()
		return "", nil, err
	}
	defer conn.Close(ctx)
	if err := ensureDatabase(ctx, conn, "eabwasser"); err != nil {
		stop()
		return "", nil, err
	}
	log.Info("Datenbank: privater Postgres-Cluster", "port", port)
	return fmt.Sprintf("postgres://postgres@127.0.0.1:%d/eabwasser?sslmode=disable", port), stop, nil
}

func findPgBinary(name string) (string, error) {
	if p, err := exec.LookPath(name); err == nil {
		return p, nil
	}
	matches, _ := filepath.Glob("/usr/lib/postgresql/*/bin/" + name)
	if len(matches) > 0 {
		return matches[len(matches)-1], nil
	}
	return "", fmt.Errorf("%s nicht gefunden: bitte DATABASE_URL setzen oder Postgres installieren", name)
}

func freePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer l.Close()
	_, p, _ := net.SplitHostPort(l.Addr().String())
	return strconv.Atoi(p)
}
