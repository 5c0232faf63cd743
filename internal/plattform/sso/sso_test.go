package sso_test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/eabwasser/eabwasser/internal/plattform/sso"
)

const dienst = "https://eabwasser.example/api/sso/rueckkehr?weiter=/betriebe&x=1"

// ticketdienst is a small CAS server: one-time tickets, each issued for one service, answered
// in CAS 1.0 text at /cas/validate, CAS 2.0 XML at /cas/serviceValidate and CAS 3.0 XML (with
// attributes) at /cas/p3/serviceValidate.
type ticketdienst struct {
	*httptest.Server
	mu       sync.Mutex
	tickets  map[string]string // ticket → user
	anfragen []http.Request
}

func starteTicketdienst(t *testing.T) *ticketdienst {
	td := &ticketdienst{tickets: map[string]string{}}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /cas/validate", func(w http.ResponseWriter, r *http.Request) {
		if user, ok := td.einloesen(r); ok {
			fmt.Fprintf(w, "yes\n%s\n", user)
			return
		}
		fmt.Fprint(w, "no\n")
	})
	xmlAntwort := func(mitAttributen bool) http.HandlerFunc {
		return func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "application/xml;charset=UTF-8")
			service, ticket := r.URL.Query().Get("service"), r.URL.Query().Get("ticket")
			if service != dienst {
				fmt.Fprintf(w, `<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas">
  <cas:authenticationFailure code="INVALID_SERVICE">Ticket %s does not match service</cas:authenticationFailure>
</cas:serviceResponse>`, ticket)
				return
			}
			user, ok := td.einloesen(r)
			if !ok {
				fmt.Fprintf(w, `<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas">
  <cas:authenticationFailure code="INVALID_TICKET">Ticket %s not recognized</cas:authenticationFailure>
</cas:serviceResponse>`, ticket)
				return
			}
			attribute := ""
			if mitAttributen {
				attribute = `<cas:attributes><cas:email>m@example.org</cas:email><cas:user>nicht-dieser</cas:user></cas:attributes>`
			}
			fmt.Fprintf(w, `<?xml version="1.0" encoding="UTF-8"?>
<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas">
  <cas:authenticationSuccess>
    <cas:user>%s</cas:user>
    %s
  </cas:authenticationSuccess>
</cas:serviceResponse>`, user, attribute)
		}
	}
	mux.HandleFunc("GET /cas/serviceValidate", xmlAntwort(false))
	mux.HandleFunc("GET /cas/p3/serviceValidate", xmlAntwort(true))
	td.Server = httptest.NewServer(mux)
	t.Cleanup(td.Close)
	return td
}

func (td *ticketdienst) ausstellen(ticket, user string) {
	td.mu.Lock()
	defer td.mu.Unlock()
	td.tickets[ticket] = user
}

// einloesen records the request and spends the ticket.
func (td *ticketdienst) einloesen(r *http.Request) (string, bool) {
	td.mu.Lock()
	defer td.mu.Unlock()
	td.anfragen = append(td.anfragen, *r)
	ticket := r.URL.Query().Get("ticket")
	user, ok := td.tickets[ticket]
	delete(td.tickets, ticket)
	return user, ok && r.URL.Query().Get("service") == dienst
}

func (td *ticketdienst) letzteAnfrage(t *testing.T) http.Request {
	td.mu.Lock()
	defer td.mu.Unlock()
	if len(td.anfragen) == 0 {
		t.Fatal("the ticket service got no request")
	}
	return td.anfragen[len(td.anfragen)-1]
}

func (td *ticketdienst) anzahlAnfragen() int {
	td.mu.Lock()
	defer td.mu.Unlock()
	return len(td.anfragen)
}

var endpunkte = []struct{ name, pfad string }{
	{"CAS 1.0", "/cas/validate"},
	{"CAS 2.0", "/cas/serviceValidate"},
	{"CAS 3.0", "/cas/p3/serviceValidate"},
}

func TestPruefe_GueltigesTicketNenntDenBenutzer(t *testing.T) {
	td := starteTicketdienst(t)
	for _, e := range endpunkte {
		t.Run(e.name, func(t *testing.T) {
			ticket := "ST-1-" + strings.ReplaceAll(e.name, " ", "")
			td.ausstellen(ticket, "mueller.klaerwerk")
			name, err := sso.Pruefe(t.Context(), td.Client(), td.URL+e.pfad, dienst, ticket)
			if err != nil {
				t.Fatal(err)
			}
			if name != "mueller.klaerwerk" {
				t.Errorf("benutzername = %q", name)
			}
			r := td.letzteAnfrage(t)
			if got := r.URL.Query().Get("service"); got != dienst {
				t.Errorf("service arrived as %q, want %q", got, dienst)
			}
			if got := r.URL.Query().Get("ticket"); got != ticket {
				t.Errorf("ticket arrived as %q", got)
			}
		})
	}
}

func TestPruefe_AbgelehntesTicketIstUngueltig(t *testing.T) {
	td := starteTicketdienst(t)
	for _, e := range endpunkte {
		t.Run(e.name+" unbekannt", func(t *testing.T) {
			_, err := sso.Pruefe(t.Context(), td.Client(), td.URL+e.pfad, dienst, "ST-gibt-es-nicht")
			if !errors.Is(err, sso.ErrUngueltigesTicket) {
				t.Fatalf("err = %v, want ErrUngueltigesTicket", err)
			}
		})
		t.Run(e.name+" schon eingelöst", func(t *testing.T) {
			td.ausstellen("ST-einmal", "a")
			if _, err := sso.Pruefe(t.Context(), td.Client(), td.URL+e.pfad, dienst, "ST-einmal"); err != nil {
				t.Fatal(err)
			}
			_, err := sso.Pruefe(t.Context(), td.Client(), td.URL+e.pfad, dienst, "ST-einmal")
			if !errors.Is(err, sso.ErrUngueltigesTicket) {
				t.Fatalf("second use: err = %v, want ErrUngueltigesTicket", err)
			}
		})
	}
}

func TestPruefe_FalscherDienstNenntDenCASCode(t *testing.T) {
	td := starteTicketdienst(t)
	td.ausstellen("ST-2", "a")
	_, err := sso.Pruefe(t.Context(), td.Client(), td.URL+"/cas/serviceValidate", "https://anderer.example/", "ST-2")
	if !errors.Is(err, sso.ErrUngueltigesTicket) {
		t.Fatalf("err = %v, want ErrUngueltigesTicket", err)
	}
	var a *sso.Ablehnung
	if !errors.As(err, &a) || a.Code != "INVALID_SERVICE" {
		t.Errorf("err = %#v, want an Ablehnung with code INVALID_SERVICE", err)
	}
}

func TestPruefe_VorhandeneQueryBleibtErhalten(t *testing.T) {
	td := starteTicketdienst(t)
	td.ausstellen("ST-3", "b")
	name, err := sso.Pruefe(t.Context(), td.Client(), td.URL+"/cas/serviceValidate?mandant=nrw&ticket=alt", dienst, "ST-3")
	if err != nil {
		t.Fatal(err)
	}
	if name != "b" {
		t.Errorf("benutzername = %q", name)
	}
	q := td.letzteAnfrage(t).URL.Query()
	if q.Get("mandant") != "nrw" {
		t.Errorf("query lost mandant: %v", q)
	}
	if len(q["ticket"]) != 1 || len(q["service"]) != 1 {
		t.Errorf("ticket and service must appear once: %v", q)
	}
}

func TestPruefe_LeeresTicketFragtNichtNach(t *testing.T) {
	td := starteTicketdienst(t)
	_, err := sso.Pruefe(t.Context(), td.Client(), td.URL+"/cas/serviceValidate", dienst, "")
	if !errors.Is(err, sso.ErrUngueltigesTicket) {
		t.Fatalf("err = %v, want ErrUngueltigesTicket", err)
	}
	if n := td.anzahlAnfragen(); n != 0 {
		t.Errorf("%d requests for an empty ticket", n)
	}
}

// When the ticket service itself fails, logging in again does not help, so the error must not
// look like a bad ticket; and it must not carry the ticket into the log.
func TestPruefe_StoerungDesTicketdienstesIstKeinUngueltigesTicket(t *testing.T) {
	antworten := map[string]http.HandlerFunc{
		"/500": func(w http.ResponseWriter, r *http.Request) {
			http.Error(w, "kaputt", http.StatusInternalServerError)
		},
		"/404": http.NotFound,
		"/html": func(w http.ResponseWriter, r *http.Request) {
			fmt.Fprint(w, "<html><body>Wartungsarbeiten</body></html>")
		},
		"/unsinn": func(w http.ResponseWriter, r *http.Request) { fmt.Fprint(w, "vielleicht\n") },
		"/ohne-name": func(w http.ResponseWriter, r *http.Request) {
			fmt.Fprint(w, `<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas"><cas:authenticationSuccess><cas:user> </cas:user></cas:authenticationSuccess></cas:serviceResponse>`)
		},
		"/yes-ohne-name": func(w http.ResponseWriter, r *http.Request) { fmt.Fprint(w, "yes\n") },
		"/langsam": func(w http.ResponseWriter, r *http.Request) {
			select {
			case <-r.Context().Done():
			case <-time.After(5 * time.Second):
			}
		},
	}
	mux := http.NewServeMux()
	for pfad, h := range antworten {
		mux.HandleFunc(pfad, h)
	}
	srv := httptest.NewServer(mux)
	defer srv.Close()
	defer sso.SetzeZeitlimit(100 * time.Millisecond)()

	for pfad := range antworten {
		t.Run(pfad, func(t *testing.T) {
			_, err := sso.Pruefe(t.Context(), srv.Client(), srv.URL+pfad, dienst, "ST-geheim")
			if err == nil || errors.Is(err, sso.ErrUngueltigesTicket) {
				t.Fatalf("err = %v, want a failure other than ErrUngueltigesTicket", err)
			}
			if strings.Contains(err.Error(), "ST-geheim") {
				t.Errorf("error shows the ticket: %v", err)
			}
			if pfad == "/langsam" && !errors.Is(err, context.DeadlineExceeded) {
				t.Errorf("slow service: err = %v, want a deadline error", err)
			}
		})
	}

	t.Run("nicht erreichbar", func(t *testing.T) {
		tot := httptest.NewServer(http.NotFoundHandler())
		tot.Close()
		_, err := sso.Pruefe(context.Background(), nil, tot.URL+"/cas/validate", dienst, "ST-geheim")
		if err == nil || errors.Is(err, sso.ErrUngueltigesTicket) {
			t.Fatalf("err = %v, want a network error", err)
		}
		if strings.Contains(err.Error(), "ST-geheim") {
			t.Errorf("error shows the ticket: %v", err)
		}
	})
}
