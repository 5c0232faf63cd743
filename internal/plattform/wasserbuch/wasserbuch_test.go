package wasserbuch

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

func register(t *testing.T, h http.Handler, zeitlimit time.Duration) (*Register, string) {
	t.Helper()
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	r, err := Neu(srv.URL+"/digiwab/", zeitlimit)
	if err != nil {
		t.Fatal(err)
	}
	return r, srv.URL + "/digiwab"
}

func TestFrage_FoundAndNotFound(t *testing.T) {
	m := http.NewServeMux()
	m.Handle("/digiwab/", http.StripPrefix("/digiwab", Attrappe()))
	r, basis := register(t, m, 0)
	if r.URL() != basis {
		t.Errorf("URL %q, want %q", r.URL(), basis)
	}
	a, err := r.Frage(context.Background(), "WR-2350-001")
	if err != nil || a != (Auskunft{URL: basis + "/wasserrechte/WR-2350-001", Vorhanden: true}) {
		t.Fatalf("found: %+v %v", a, err)
	}
	a, err = r.Frage(context.Background(), "WR-9999-999")
	if err != nil || a != (Auskunft{URL: basis + "/wasserrechte/WR-9999-999"}) {
		t.Fatalf("not found: %+v %v", a, err)
	}
	for _, n := range []string{"", "..", "../admin", "WR 1", "WR/1", "a?b", "ä", strings.Repeat("1", 51), "-WR"} {
		if a, err := r.Frage(context.Background(), n); !errors.Is(err, ErrNummer) || a != (Auskunft{}) {
			t.Errorf("%q: %+v %v", n, a, err)
		}
	}
}

func TestFrage_ASlowRegisterEndsAfterTheTimeLimit(t *testing.T) {
	halt := make(chan struct{})
	defer close(halt)
	r, _ := register(t, http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		select {
		case <-halt:
		case <-req.Context().Done():
		}
	}), 200*time.Millisecond)
	start := time.Now()
	_, err := r.Frage(context.Background(), "WR-2350-001")
	if !errors.Is(err, ErrNichtErreichbar) || time.Since(start) > 3*time.Second {
		t.Fatalf("slow: %v after %s", err, time.Since(start))
	}
	if err.Error() == "" || !strings.HasPrefix(err.Error(), TextNichtErreichbar) {
		t.Errorf("message %q", err)
	}
}

func TestFrage_ErrorsOfTheRegister(t *testing.T) {
	for status, want := range map[int]error{500: ErrFehler, 403: ErrFehler, 302: ErrFehler, 503: ErrNichtErreichbar} {
		r, _ := register(t, http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
			if status == 302 {
				w.Header().Set("Location", "https://anmeldung.example/")
			}
			w.WriteHeader(status)
		}), 0)
		if a, err := r.Frage(context.Background(), "WR-2350-001"); !errors.Is(err, want) || a != (Auskunft{}) {
			t.Errorf("HTTP %d: %+v %v", status, a, err)
		}
	}
	// nobody listens
	srv := httptest.NewServer(http.NotFoundHandler())
	srv.Close()
	r, _ := Neu(srv.URL, time.Second)
	if _, err := r.Frage(context.Background(), "WR-2350-001"); !errors.Is(err, ErrNichtErreichbar) {
		t.Errorf("closed: %v", err)
	}
}

func TestNeu_NotConfiguredAndBadAddresses(t *testing.T) {
	for _, r := range []*Register{nil, {}} {
		if a, err := r.Frage(context.Background(), "WR-2350-001"); err != nil || a != (Auskunft{}) || r.URL() != "" {
			t.Errorf("not configured: %+v %v", a, err)
		}
	}
	r, err := Neu("  ", 0)
	if err != nil || r.URL() != "" {
		t.Fatalf("empty: %v", err)
	}
	for _, b := range []string{"ftp://wasserbuch.example", "wasserbuch.example", "https://u:p@wasserbuch.example", "https://wasserbuch.example/?a=1", "https://"} {
		if _, err := Neu(b, 0); err == nil {
			t.Errorf("%q accepted", b)
		}
	}
	r, _ = Neu("https://digiwab.rlp.example/wasserbuch/", 0)
	if l, _ := r.Link("WR-1110-017"); l != "https://digiwab.rlp.example/wasserbuch/wasserrechte/WR-1110-017" || r.URL() != "https://digiwab.rlp.example/wasserbuch" {
		t.Errorf("link %q, url %q", l, r.URL())
	}
}
