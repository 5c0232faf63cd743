package main

import (
	"context"
	"io"
	"net/http"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"
)

// syncPuffer is an io.Writer the command writes to while the test reads it.
type syncPuffer struct {
	mu sync.Mutex
	b  strings.Builder
}

func (p *syncPuffer) Write(b []byte) (int, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.b.Write(b)
}

func (p *syncPuffer) String() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.b.String()
}

func TestWasserbuch_DemoRegisterServesTheDemoWaterRights(t *testing.T) {
	ctx, stop := context.WithCancel(context.Background())
	out := &syncPuffer{}
	ende := make(chan error, 1)
	go func() { ende <- run(ctx, []string{"wasserbuch", "--addr", "127.0.0.1:0"}, out, io.Discard) }()
	adresse := regexp.MustCompile(`DIGIWAB_URL=(http://127\.0\.0\.1:\d+)`)
	var basis string
	for i := 0; i < 100 && basis == ""; i++ {
		if m := adresse.FindStringSubmatch(out.String()); m != nil {
			basis = m[1]
		} else {
			time.Sleep(20 * time.Millisecond)
		}
	}
	if basis == "" || !strings.Contains(out.String(), "WR-2350-001, WR-1110-017, WR-3210-042") {
		t.Fatalf("output %q", out.String())
	}
	for n, want := range map[string]int{"WR-2350-001": 200, "WR-1110-017": 200, "WR-3210-042": 200, "WR-0000-000": 404} {
		res, err := http.Get(basis + "/wasserrechte/" + n)
		if err != nil {
			t.Fatal(err)
		}
		_ = res.Body.Close()
		if res.StatusCode != want {
			t.Errorf("%s: %d, want %d", n, res.StatusCode, want)
		}
	}
	stop()
	if err := <-ende; err != nil {
		t.Fatalf("end: %v", err)
	}
}
