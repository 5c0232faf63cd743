package bench

import (
	"bufio"
	"context"
	"os"
	"os/exec"
	"runtime"
	"strconv"
	"strings"

	"github.com/jackc/pgx/v5/pgxpool"
	natsserver "github.com/nats-io/nats-server/v2/server"
)

// Maschine is what the numbers were measured on.
type Maschine struct {
	Kerne       int     `json:"cores"`
	CPU         string  `json:"cpu"`
	SpeicherGiB float64 `json:"memoryGiB"`
	System      string  `json:"os"`
	Postgres    string  `json:"postgres"`
	NATS        string  `json:"nats"`
	Go          string  `json:"go"`
	Commit      string  `json:"gitCommit"`
}

func maschine(ctx context.Context, pool *pgxpool.Pool) Maschine {
	m := Maschine{Kerne: runtime.NumCPU(), CPU: "unknown", NATS: natsserver.VERSION, Go: runtime.Version(),
		System: runtime.GOOS + "/" + runtime.GOARCH, Commit: "unknown", Postgres: "unknown"}
	if kernel, err := os.ReadFile("/proc/sys/kernel/osrelease"); err == nil {
		m.System += " " + strings.TrimSpace(string(kernel))
	}
	if v := procWert("/proc/cpuinfo", "model name"); v != "" {
		m.CPU = v
	}
	if v := procWert("/proc/meminfo", "MemTotal"); v != "" {
		kb, _ := strconv.ParseFloat(strings.Fields(v)[0], 64)
		m.SpeicherGiB = float64(int(kb/(1<<20)*10+0.5)) / 10
	}
	if pool != nil { // nil: no phase needed a database
		_ = pool.QueryRow(ctx, `SHOW server_version`).Scan(&m.Postgres)
	}
	if out, err := exec.Command("git", "rev-parse", "--short=12", "HEAD").Output(); err == nil {
		m.Commit = strings.TrimSpace(string(out))
		if st, err := exec.Command("git", "status", "--porcelain", "--untracked-files=no").Output(); err == nil && len(st) > 0 {
			m.Commit += " (with uncommitted changes)"
		}
	}
	return m
}

// procWert reads the value of the first "key: value" line of a /proc file.
func procWert(pfad, key string) string {
	f, err := os.Open(pfad)
	if err != nil {
		return ""
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		k, v, ok := strings.Cut(sc.Text(), ":")
		if ok && strings.TrimSpace(k) == key {
			return strings.TrimSpace(v)
		}
	}
	return ""
}
