package bench

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/url"
	"sync"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5"
)

// seitenGroesse is the worklist's default page size in the UI (DataTable: 10/25/50).
const seitenGroesse = 10

func suche(v url.Values) string {
	if v.Get("size") == "" {
		v.Set("size", fmt.Sprint(seitenGroesse))
	}
	return "/api/betrieb/search?" + v.Encode()
}

func anlagenSuche(v url.Values) string {
	if v.Get("size") == "" {
		v.Set("size", fmt.Sprint(seitenGroesse))
	}
	return "/api/anlage/search?" + v.Encode()
}

func messstellenSuche(v url.Values) string {
	if v.Get("size") == "" {
		v.Set("size", fmt.Sprint(seitenGroesse))
	}
	return "/api/messstelle/search?" + v.Encode()
}

// messstellenStandard is the Messstellen tab's default filter (in operation, the Endkontrolle
// types, by number).
func messstellenStandard() url.Values {
	return url.Values{"messstellenstatus": {"IN_BETRIEB"}, "messstellentyp": {"NR_9", "NR_10", "NR_11", "NR_12"},
		"sortProperty": {"messstellenId"}, "sortDirection": {"asc"}}
}

// sichtbareAnlagen are the ids of the plants the user sees (for detail requests).
func (l *lauf) sichtbareAnlagen(ctx context.Context, n nutzer) ([]int64, error) {
	sql, args := `SELECT id FROM anlage ORDER BY id`, []any{}
	if n.organisation != 0 {
		sql, args = `SELECT a.id FROM anlage a JOIN betrieb b ON b.id = a.betrieb_id WHERE b.betreiber_id = $1 ORDER BY a.id`, []any{n.organisation}
	}
	rows, err := l.pool.Query(ctx, sql, args...)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowTo[int64])
}

// gesamt is the totalElements of a worklist's first page.
func gesamt(ctx context.Context, s *server, n nutzer, pfad string) (int64, error) {
	var seite struct {
		TotalElements int64 `json:"totalElements"`
	}
	status, body, _, err := s.anfrage(ctx, n, http.MethodGet, pfad, nil)
	if err != nil || status != http.StatusOK || json.Unmarshal(body, &seite) != nil {
		return 0, fmt.Errorf("%s: %d %.300s %v", pfad, status, body, err)
	}
	return seite.TotalElements, nil
}

// sichtbareBetriebe are the ids of the operations the user sees (for detail requests).
func (l *lauf) sichtbareBetriebe(ctx context.Context, n nutzer) ([]int64, error) {
	sql, args := `SELECT id FROM betrieb ORDER BY id`, []any{}
	if n.organisation != 0 {
		sql, args = `SELECT id FROM betrieb WHERE betreiber_id = $1 ORDER BY id`, []any{n.organisation}
	}
	rows, err := l.pool.Query(ctx, sql, args...)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowTo[int64])
}

// abfrage is one measured request shape: a list (its answer counts the matching rows) or a
// detail.
type abfrage struct {
	id, name string
	pfad     func() string
	liste    bool
	von      int64 // the rows of the unfiltered list (0: not said)
}

// abfragen measures single requests one after the other (no concurrency): the operations and
// the plants worklist in their typical shapes and the operation and plant detail, for SYSTEMADMIN (sees every operation) and
// for an operator user (sees his organisation's).
func (l *lauf) abfragen(ctx context.Context, s *server, admin, org nutzer) error {
	n := l.o.anzahl(200, 30)
	for _, u := range []struct {
		nutzer nutzer
		wer    string
	}{{admin, "SYSTEMADMIN"}, {org, "operator user"}} {
		ids, err := l.sichtbareBetriebe(ctx, u.nutzer)
		if err != nil {
			return err
		}
		alle, err := gesamt(ctx, s, u.nutzer, suche(url.Values{}))
		if err != nil {
			return fmt.Errorf("worklist as %s: %w", u.wer, err)
		}
		letzte := max(alle-1, 0) / seitenGroesse
		anlagen, err := l.sichtbareAnlagen(ctx, u.nutzer)
		if err != nil {
			return err
		}
		alleAnlagen, err := gesamt(ctx, s, u.nutzer, anlagenSuche(url.Values{}))
		if err != nil {
			return fmt.Errorf("plants worklist as %s: %w", u.wer, err)
		}
		letzteAnlagen := max(alleAnlagen-1, 0) / seitenGroesse
		alleMessstellen, err := gesamt(ctx, s, u.nutzer, messstellenSuche(url.Values{}))
		if err != nil {
			return fmt.Errorf("measuring points worklist as %s: %w", u.wer, err)
		}
		standardMessstellen, err := gesamt(ctx, s, u.nutzer, messstellenSuche(messstellenStandard()))
		if err != nil {
			return fmt.Errorf("measuring points worklist as %s: %w", u.wer, err)
		}
		letzteMessstellen := max(standardMessstellen-1, 0) / seitenGroesse
		messungen := []abfrage{
			{"search.none", "worklist, no filter, first page", func() string { return suche(url.Values{}) }, true, alle},
			{"search.status_name", "worklist, status IN_BETRIEB, sorted by name", func() string {
				return suche(url.Values{"betriebsstatus": {"IN_BETRIEB"}, "sortProperty": {"bezeichnung"}, "sortDirection": {"asc"}})
			}, true, alle},
			{"search.text", "worklist, text search „müller“", func() string { return suche(url.Values{"q": {"müller"}}) }, true, alle},
			{"search.text_rare", "worklist, text search „kläranlage konz-nord“", func() string {
				return suche(url.Values{"q": {"kläranlage konz-nord"}})
			}, true, alle},
			{"search.last_page", fmt.Sprintf("worklist, last page (page %s)", zahl(letzte)), func() string {
				return suche(url.Values{"page": {fmt.Sprint(letzte)}})
			}, true, alle},
			{"detail", "detail GET /api/betrieb/{id}, random id", func() string {
				return fmt.Sprintf("/api/betrieb/%d", ids[rand.IntN(len(ids))])
			}, false, 0},
			{"plants.first_page", "plants worklist, no filter, first page", func() string { return anlagenSuche(url.Values{}) }, true, alleAnlagen},
			{"plants.default", "plants worklist, start page default (in operation, treatment)", func() string {
				return anlagenSuche(url.Values{"anlagenstatus": {"IN_BETRIEB"}, "anlagentyp": {"ABWASSERBEHANDLUNG"}})
			}, true, alleAnlagen},
			{"plants.text", "plants worklist, text search „regenüberlaufbecken“", func() string {
				return anlagenSuche(url.Values{"q": {"regenüberlaufbecken"}})
			}, true, alleAnlagen},
			{"plants.last_page", fmt.Sprintf("plants worklist, last page (page %s)", zahl(letzteAnlagen)), func() string {
				return anlagenSuche(url.Values{"page": {fmt.Sprint(letzteAnlagen)}})
			}, true, alleAnlagen},
			{"messstellen.default", "measuring points worklist, start page default (in operation, Endkontrolle types, by number)",
				func() string { return messstellenSuche(messstellenStandard()) }, true, alleMessstellen},
			{"messstellen.text", "measuring points worklist, text search „einleitungsstelle“", func() string {
				return messstellenSuche(url.Values{"query": {"einleitungsstelle"}})
			}, true, alleMessstellen},
			{"messstellen.number", "measuring points worklist, number search „90001“", func() string {
				return messstellenSuche(url.Values{"query": {"90001"}})
			}, true, alleMessstellen},
			{"messstellen.last_page", fmt.Sprintf("measuring points worklist, default, last page (page %s)", zahl(letzteMessstellen)),
				func() string {
					v := messstellenStandard()
					v.Set("page", fmt.Sprint(letzteMessstellen))
					return messstellenSuche(v)
				}, true, alleMessstellen},
			// the Aufgaben view (its default page size, 50): for SYSTEMADMIN the open tasks he
			// may decide among everything he sees, for the operator his organisation's applications
			{"tasks.first_page", "Aufgaben list GET /api/aufgabe, first page", func() string { return "/api/aufgabe" }, true, 0},
			{"tasks.count", "Aufgaben count GET /api/aufgabe/count (the header's badge)", func() string { return "/api/aufgabe/count" },
				false, 0},
		}
		if len(anlagen) > 0 {
			messungen = append(messungen, abfrage{"plants.detail", "plant detail GET /api/anlage/{id}, random id", func() string {
				return fmt.Sprintf("/api/anlage/%d", anlagen[rand.IntN(len(anlagen))])
			}, false, 0})
		}
		for _, a := range messungen {
			if err := l.abfrageMessen(ctx, s, u.nutzer, u.wer, a, n); err != nil {
				return err
			}
		}
	}
	return nil
}

// abfrageMessen measures one request shape n times after ten warm-ups, as the user wer: its
// p50, p95 and p99, and for a list the rows it matches, with the target p95 < 30 ms.
func (l *lauf) abfrageMessen(ctx context.Context, s *server, n nutzer, wer string, a abfrage, anzahl int) error {
	return l.abfrageMessenMitZiel(ctx, s, n, wer, a, anzahl, "", 0)
}

// abfrageMessenMitZiel is abfrageMessen with a target of its own (ziel, for p95 below grenze)
// for any request shape; without one (ziel "") a list gets p95 < 30 ms.
func (l *lauf) abfrageMessenMitZiel(ctx context.Context, s *server, n nutzer, wer string, a abfrage, anzahl int, ziel string,
	grenze time.Duration) error {
	var lat latenzen
	var treffer int64
	for i := range anzahl + 10 {
		status, body, d, err := s.anfrage(ctx, n, http.MethodGet, a.pfad(), nil)
		if err != nil || status != http.StatusOK {
			return fmt.Errorf("%s as %s: %d %.300s %v", a.name, wer, status, body, err)
		}
		if i >= 10 { // the first ten warm up
			lat.add(d)
		}
		if a.liste {
			var seite struct {
				TotalElements int64 `json:"totalElements"`
			}
			_ = json.Unmarshal(body, &seite)
			treffer = seite.TotalElements
		}
	}
	m := Messung{ID: "query." + a.id + "." + map[bool]string{true: "admin", false: "org"}[n.organisation == 0],
		Bereich: "Queries (" + wer + ", one client)", Name: a.name,
		Text: fmt.Sprintf("p50 %s, p95 %s (n = %d)", zeit(lat.quantil(0.5)), zeit(lat.quantil(0.95)), anzahl),
		Werte: map[string]float64{"p50_ms": ms(lat.quantil(0.5)), "p95_ms": ms(lat.quantil(0.95)),
			"p99_ms": ms(lat.quantil(0.99)), "n": float64(anzahl)}}
	if a.liste {
		if a.von > 0 {
			m.Text += fmt.Sprintf(", %s of %s rows match", zahl(treffer), zahl(a.von))
		} else {
			m.Text += fmt.Sprintf(", %s rows", zahl(treffer))
		}
		m.Werte["total_elements"] = float64(treffer)
		if ziel == "" {
			ziel, grenze = "p95 < 30 ms", 30*time.Millisecond
		}
	}
	if ziel != "" {
		m = m.mitZiel(ziel, lat.quantil(0.95) < grenze)
	}
	l.messung(m)
	return nil
}

// last puts 64 concurrent clients on the detail and the worklist endpoint.
func (l *lauf) last(ctx context.Context, s *server, admin, org nutzer) error {
	const clients = 64
	dauer := l.o.dauer(10*time.Second, 3*time.Second)
	for _, u := range []struct {
		nutzer nutzer
		wer    string
	}{{admin, "SYSTEMADMIN"}, {org, "operator user"}} {
		ids, err := l.sichtbareBetriebe(ctx, u.nutzer)
		if err != nil {
			return err
		}
		seiten := 10
		if u.nutzer.organisation != 0 {
			seiten = max(1, (len(ids)+seitenGroesse-1)/seitenGroesse)
		}
		for _, a := range []struct {
			id, name string
			pfad     func(r *rand.Rand) string
		}{
			{"detail", "detail, random id", func(r *rand.Rand) string { return fmt.Sprintf("/api/betrieb/%d", ids[r.IntN(len(ids))]) }},
			{"worklist", fmt.Sprintf("worklist, one of the first %d pages", seiten), func(r *rand.Rand) string {
				return suche(url.Values{"page": {fmt.Sprint(r.IntN(seiten))}})
			}},
		} {
			var lat latenzen
			var fehler atomic.Int64
			lctx, cancel := context.WithTimeout(ctx, dauer)
			var wg sync.WaitGroup
			start, cpu := time.Now(), beginnen()
			for c := range clients {
				wg.Add(1)
				go func() {
					defer wg.Done()
					r := rand.New(rand.NewPCG(uint64(c), uint64(time.Now().UnixNano())))
					var eigene []time.Duration
					for lctx.Err() == nil {
						status, _, d, err := s.anfrage(lctx, u.nutzer, http.MethodGet, a.pfad(r), nil)
						if lctx.Err() != nil {
							break
						}
						if err != nil || status != http.StatusOK {
							fehler.Add(1)
							continue
						}
						eigene = append(eigene, d)
					}
					lat.add(eigene...)
				}()
			}
			wg.Wait()
			cancel()
			el, aufwand := time.Since(start), cpu.ende()
			rate := float64(lat.n()) / el.Seconds()
			wer := map[bool]string{true: "admin", false: "org"}[u.nutzer.organisation == 0]
			m := Messung{ID: "http." + a.id + "." + wer, Bereich: "HTTP (64 clients, " + u.wer + ")", Name: a.name,
				Text: fmt.Sprintf("%s requests/s, p50 %s, p99 %s, %d errors%s", zahl(rate), zeit(lat.quantil(0.5)), zeit(lat.quantil(0.99)),
					fehler.Load(), aufwand.jeStueck(lat.n(), "request")),
				Werte: aufwand.werte(map[string]float64{"requests_per_s": rate, "p50_ms": ms(lat.quantil(0.5)), "p99_ms": ms(lat.quantil(0.99)),
					"errors": float64(fehler.Load()), "requests": float64(lat.n()), "seconds": el.Seconds()})}
			if a.id == "worklist" && wer == "admin" { // issue 13: users who see everything
				m = m.mitZiel("≥ 2,000 requests/s, p99 < 60 ms", fehler.Load() == 0 && rate >= 2000 && lat.quantil(0.99) < 60*time.Millisecond)
			}
			l.messung(m)
		}
	}
	return nil
}

// nachNeuaufbau measures the worklist's first page right after the rebuild swapped in tables
// that were never vacuumed or analysed, then runs what autovacuum would do in time (VACUUM
// ANALYZE of the database), so the other figures show the steady state.
func (l *lauf) nachNeuaufbau(ctx context.Context, s *server, admin, org nutzer) error {
	n := l.o.anzahl(50, 20)
	for _, u := range []struct {
		nutzer nutzer
		wer    string
	}{{admin, "admin"}, {org, "org"}} {
		var lat latenzen
		for i := range n + 5 {
			status, body, d, err := s.anfrage(ctx, u.nutzer, http.MethodGet, suche(url.Values{}), nil)
			if err != nil || status != http.StatusOK {
				return fmt.Errorf("worklist: %d %.300s %v", status, body, err)
			}
			if i >= 5 {
				lat.add(d)
			}
		}
		wer := map[string]string{"admin": "SYSTEMADMIN", "org": "operator user"}[u.wer]
		l.messung(Messung{ID: "query.after_rebuild." + u.wer, Bereich: "Queries (right after the rebuild)",
			Name:  "worklist first page, " + wer + ", before VACUUM ANALYZE",
			Text:  fmt.Sprintf("p50 %s, p95 %s (n = %d)", zeit(lat.quantil(0.5)), zeit(lat.quantil(0.95)), n),
			Werte: map[string]float64{"p50_ms": ms(lat.quantil(0.5)), "p95_ms": ms(lat.quantil(0.95)), "n": float64(n)}}.
			mitZiel("p95 < 30 ms", lat.quantil(0.95) < 30*time.Millisecond))
	}
	start := time.Now()
	if _, err := l.pool.Exec(ctx, `VACUUM (ANALYZE)`); err != nil {
		return err
	}
	l.printf("  VACUUM (ANALYZE) of the bench database: %s", time.Since(start).Round(100*time.Millisecond))
	return nil
}
