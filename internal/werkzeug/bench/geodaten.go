package bench

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"net/http"
	"sync"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/eabwasser/eabwasser/internal/plattform/geodaten"
)

// landPunkte are points to look up: one random point in each municipality of the layer (so
// spread over the whole state like the operations), in a fixed order.
func (l *lauf) landPunkte(ctx context.Context) ([][2]float64, error) {
	rows, err := l.pool.Query(ctx, `SELECT ST_X(p), ST_Y(p) FROM (
		SELECT (ST_Dump(ST_GeneratePoints(geometrie, 1, 29))).geom AS p FROM verwaltungseinheit ORDER BY kennung) x`)
	if err != nil {
		return nil, err
	}
	punkte, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) ([2]float64, error) {
		var p [2]float64
		return p, r.Scan(&p[0], &p[1])
	})
	if err == nil && len(punkte) == 0 {
		err = errors.New("no municipalities: seed --scale loads the state-wide layers")
	}
	return punkte, err
}

func geoPfad(e geodaten.Ebene, p [2]float64) string {
	return fmt.Sprintf("/api/%s?hochwert=%.2f&rechtswert=%.2f", e, p[1], p[0])
}

// geodaten measures the spatial lookups over the full state-wide layers of seed --scale
// (issue 29): one client for the latency of each lookup (p95 < 5 ms) and of the map window's
// layer, then 64 clients on the two lookup routes for requests/s — through the real server
// like the other round trips. The municipality (the Messstellen-Nr.'s prefix) has no route of
// its own: geodaten.Gemeinde is measured on the bench's pool, the call the number proposal makes.
func (l *lauf) geodaten(ctx context.Context, s *server, admin, _ nutzer) error {
	if err := l.geoSchichten(ctx); err != nil {
		return err
	}
	punkte, err := l.landPunkte(ctx)
	if err != nil {
		return err
	}
	n := l.o.anzahl(500, 50)
	r := rand.New(rand.NewPCG(29, 5))
	punkt := func(r *rand.Rand) [2]float64 { return punkte[r.IntN(len(punkte))] }
	if err := l.geoEinzeln(ctx, s, admin, n, func() [2]float64 { return punkt(r) }); err != nil {
		return err
	}
	if err := l.geoKarte(ctx, s, admin, n, func() [2]float64 { return punkt(r) }); err != nil {
		return err
	}
	l.geoViele(ctx, s, admin, punkt)
	return nil
}

// geoSchichten reports the layers: their sizes, the sub-catchments with holes, the vertices.
func (l *lauf) geoSchichten(ctx context.Context) error {
	var gemeinden, wk, ezg, loecher int
	var ecken float64
	if err := l.pool.QueryRow(ctx, `SELECT (SELECT count(*) FROM verwaltungseinheit), (SELECT count(*) FROM wasserkoerper),
		(SELECT count(*) FROM einzugsgebiet), (SELECT count(*) FROM einzugsgebiet WHERE ST_NRings(geometrie) > ST_NumGeometries(geometrie)),
		(SELECT avg(ST_NPoints(geometrie)) FROM (SELECT geometrie FROM verwaltungseinheit UNION ALL SELECT geometrie FROM wasserkoerper
			UNION ALL SELECT geometrie FROM einzugsgebiet) g)`).Scan(&gemeinden, &wk, &ezg, &loecher, &ecken); err != nil {
		return err
	}
	l.messung(Messung{ID: "geo.layers", Bereich: "Spatial lookups", Name: "layers (seed --scale: Rhineland-Palatinate)",
		Text: fmt.Sprintf("%s municipalities, %s water bodies, %s sub-catchments (%s with holes), %.0f vertices per polygon on average",
			zahl(gemeinden), zahl(wk), zahl(ezg), zahl(loecher), ecken),
		Werte: map[string]float64{"municipalities": float64(gemeinden), "water_bodies": float64(wk), "sub_catchments": float64(ezg),
			"with_holes": float64(loecher), "vertices_avg": ecken}})
	return nil
}

// geoEinzeln measures each lookup with one client at n random points (p95 < 5 ms).
func (l *lauf) geoEinzeln(ctx context.Context, s *server, admin nutzer, n int, punkt func() [2]float64) error {
	type messung struct {
		id, name string
		einmal   func() (gefunden bool, d time.Duration, err error)
	}
	http1 := func(e geodaten.Ebene) func() (bool, time.Duration, error) {
		return func() (bool, time.Duration, error) {
			status, body, d, err := s.anfrage(ctx, admin, http.MethodGet, geoPfad(e, punkt()), nil)
			if err != nil || (status != http.StatusOK && status != http.StatusNoContent) {
				return false, d, fmt.Errorf("%s: %d %.300s %v", e, status, body, err)
			}
			return status == http.StatusOK, d, nil
		}
	}
	for _, m := range []messung{
		{"wasserkoerper", "GET /api/wasserkoerper, random point", http1(geodaten.Wasserkoerper)},
		{"einzugsgebiet", "GET /api/einzugsgebiet, random point", http1(geodaten.Einzugsgebiet)},
		{"gemeinde", "geodaten.Gemeinde (number prefix), on the pool", func() (bool, time.Duration, error) {
			p := punkt()
			start := time.Now()
			_, ok, err := geodaten.Gemeinde(ctx, l.pool, p[0], p[1])
			return ok, time.Since(start), err
		}},
	} {
		var lat latenzen
		gefunden := 0
		for i := range n + 10 {
			ok, d, err := m.einmal()
			if err != nil {
				return err
			}
			if i >= 10 { // the first ten warm up
				lat.add(d)
				if ok {
					gefunden++
				}
			}
		}
		l.messung(Messung{ID: "geo.lookup." + m.id, Bereich: "Spatial lookups (one client)", Name: m.name,
			Text: fmt.Sprintf("p50 %s, p95 %s (n = %d, %d%% in a polygon)", zeit(lat.quantil(0.5)), zeit(lat.quantil(0.95)), n, 100*gefunden/n),
			Werte: map[string]float64{"p50_ms": ms(lat.quantil(0.5)), "p95_ms": ms(lat.quantil(0.95)), "p99_ms": ms(lat.quantil(0.99)),
				"n": float64(n), "found": float64(gefunden)}}.mitZiel("p95 < 5 ms", lat.quantil(0.95) < 5*time.Millisecond))
	}
	return nil
}

// geoKarte measures the map window's offline layer: a window of 6 × 4 km (the picker opens at
// ±100 m, users zoom out) of the sub-catchments, the densest layer.
func (l *lauf) geoKarte(ctx context.Context, s *server, admin nutzer, n int, punkt func() [2]float64) error {
	var lat latenzen
	var objekte, bytes int
	for i := range n/5 + 5 {
		p := punkt()
		x, y := p[0], p[1]
		pfad := fmt.Sprintf("/api/geodaten/karte?ebene=einzugsgebiet&bbox=%.0f,%.0f,%.0f,%.0f", x-3000, y-2000, x+3000, y+2000)
		status, body, d, err := s.anfrage(ctx, admin, http.MethodGet, pfad, nil)
		if err != nil || status != http.StatusOK {
			return fmt.Errorf("map layer: %d %.300s %v", status, body, err)
		}
		var fc struct {
			Features []json.RawMessage `json:"features"`
		}
		if err := json.Unmarshal(body, &fc); err != nil {
			return fmt.Errorf("map layer: %w", err)
		}
		if i >= 5 {
			lat.add(d)
			objekte += len(fc.Features)
			bytes += len(body)
		}
	}
	k := n / 5
	l.messung(Messung{ID: "geo.map", Bereich: "Spatial lookups (one client)", Name: "GET /api/geodaten/karte, sub-catchments in 6 × 4 km",
		Text: fmt.Sprintf("p50 %s, p95 %s (n = %d, %.1f polygons, %s per answer)", zeit(lat.quantil(0.5)), zeit(lat.quantil(0.95)), k,
			float64(objekte)/float64(k), kb(int64(bytes/k))),
		Werte: map[string]float64{"p50_ms": ms(lat.quantil(0.5)), "p95_ms": ms(lat.quantil(0.95)), "n": float64(k),
			"features_avg": float64(objekte) / float64(k), "bytes_avg": float64(bytes / k)}})
	return nil
}

// geoViele measures 64 clients, half on each lookup route, for requests/s.
func (l *lauf) geoViele(ctx context.Context, s *server, admin nutzer, punkt func(*rand.Rand) [2]float64) {
	const clients = 64
	dauer := l.o.dauer(10*time.Second, 3*time.Second)
	var viele latenzen
	var fehler atomic.Int64
	lctx, cancel := context.WithTimeout(ctx, dauer)
	defer cancel()
	var wg sync.WaitGroup
	start, cpu := time.Now(), beginnen()
	for c := range clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r := rand.New(rand.NewPCG(uint64(c), 29))
			e := []geodaten.Ebene{geodaten.Wasserkoerper, geodaten.Einzugsgebiet}[c%2]
			var eigene []time.Duration
			for lctx.Err() == nil {
				status, _, d, err := s.anfrage(lctx, admin, http.MethodGet, geoPfad(e, punkt(r)), nil)
				if lctx.Err() != nil {
					break
				}
				if err != nil || (status != http.StatusOK && status != http.StatusNoContent) {
					fehler.Add(1)
					continue
				}
				eigene = append(eigene, d)
			}
			viele.add(eigene...)
		}()
	}
	wg.Wait()
	el, aufwand := time.Since(start), cpu.ende()
	rate := float64(viele.n()) / el.Seconds()
	l.messung(Messung{ID: "geo.http", Bereich: "Spatial lookups (64 clients)", Name: "GET /api/wasserkoerper and /api/einzugsgebiet, random points",
		Text: fmt.Sprintf("%s requests/s, p50 %s, p99 %s, %d errors%s", zahl(rate), zeit(viele.quantil(0.5)), zeit(viele.quantil(0.99)),
			fehler.Load(), aufwand.jeStueck(viele.n(), "request")),
		Werte: aufwand.werte(map[string]float64{"requests_per_s": rate, "p50_ms": ms(viele.quantil(0.5)), "p99_ms": ms(viele.quantil(0.99)),
			"errors": float64(fehler.Load()), "requests": float64(viele.n()), "seconds": el.Seconds()})})
}
