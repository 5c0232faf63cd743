package bench

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"strconv"
	"strings"
	"time"

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

// cpuStand is the machine's CPU time so far, from the first line of /proc/stat (zero where
// there is none): busy (user, nice, system, irq, softirq, steal) and all, in seconds.
type cpuStand struct{ belegt, alle float64 }

func cpuJetzt() cpuStand {
	b, err := os.ReadFile("/proc/stat")
	if err != nil {
		return cpuStand{}
	}
	zeile, _, _ := strings.Cut(string(b), "\n")
	var s cpuStand
	for i, f := range strings.Fields(zeile)[1:] {
		v, _ := strconv.ParseFloat(f, 64)
		v /= 100 // USER_HZ
		s.alle += v
		if i < 8 && i != 3 && i != 4 { // not idle, not iowait; guest is counted in user already
			s.belegt += v
		}
	}
	return s
}

// spanne is a measured span: when it began and the machine's CPU time then.
type spanne struct {
	start time.Time
	cpu   cpuStand
}

func beginnen() spanne { return spanne{start: time.Now(), cpu: cpuJetzt()} }

// aufwand is what a span took: its wall time, and what the whole machine (Postgres, the bench,
// anything else) spent meanwhile — busy CPU-seconds and the busy cores on average. The rebuild
// and its COPY bound share two cores with Postgres, so their ratio is as much a ratio of
// CPU-seconds as of seconds.
type aufwand struct {
	dauer           time.Duration
	sekunden, kerne float64
}

func (s spanne) ende() aufwand {
	a := aufwand{dauer: time.Since(s.start)}
	b := cpuJetzt()
	if wand := (b.alle - s.cpu.alle) / float64(runtime.NumCPU()); wand > 0 {
		a.sekunden = b.belegt - s.cpu.belegt
		a.kerne = a.sekunden / wand
	}
	return a
}

// text is the CPU figure of a result line, empty where /proc/stat gave none.
func (c aufwand) text() string {
	if c.sekunden <= 0 {
		return ""
	}
	return fmt.Sprintf("; machine %.0f CPU-s, %.2f busy cores", c.sekunden, c.kerne)
}

// jeStueck is the text of the CPU figure with what each of n requests or commands cost the
// machine, which bounds the rate two cores can carry (2 ÷ CPU-s per piece). Empty where
// /proc/stat gave none.
func (c aufwand) jeStueck(n int, was string) string {
	if c.sekunden <= 0 || n <= 0 {
		return ""
	}
	return fmt.Sprintf("%s, %.2f ms CPU per %s", c.text(), 1000*c.sekunden/float64(n), was)
}

// werte adds the CPU figure to a result's values.
func (c aufwand) werte(w map[string]float64) map[string]float64 {
	if c.sekunden > 0 {
		w["machine_cpu_s"], w["busy_cores"] = c.sekunden, c.kerne
	}
	return w
}
