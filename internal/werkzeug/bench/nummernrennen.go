package bench

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/eabwasser/eabwasser/domain/messstelle"
)

// nummernRennen measures the race for a Messstellen-Nr. (issue 29): in each round two clients
// POST a new measuring point with the same number under one plant at the same moment. The
// UNIQUE index on the number decides: exactly one gets 201, the other the German 409 (or the
// 400 of the number check when it came second by more than the first's commit) — never two
// points with one number, never a 500. The row gives the rounds' outcomes and the latency of
// winner and loser; the target is correctness in every round.
func (l *lauf) nummernRennen(ctx context.Context, s *server, admin, _ nutzer) error {
	var anlage int64
	err := l.pool.QueryRow(ctx, `SELECT a.id FROM anlage a JOIN betrieb b ON b.id = a.betrieb_id
		WHERE b.freigabestatus = 'FREIGEGEBEN' AND a.anlagenstatus = 'IN_BETRIEB' ORDER BY a.id LIMIT 1`).Scan(&anlage)
	if err != nil {
		return fmt.Errorf("number race: a plant in operation of an approved operation: %w", err)
	}
	runden := l.o.anzahl(200, 20)
	pfad := fmt.Sprintf("/api/anlage/%d/messstelle/", anlage)
	var sieger, verlierer latenzen
	var angelegt, konflikt, belegt, falsch int
	for r := range runden {
		// NR_9 with the suffix 09 (not one of the fixed ones): prefix 990, the round in the five digits between (no municipality has 990)
		nummer := fmt.Sprintf("990%05d09", r)
		var ergebnisse [2]struct {
			status int
			body   []byte
			d      time.Duration
			err    error
		}
		var wg sync.WaitGroup
		start := make(chan struct{})
		for i := range ergebnisse {
			wg.Add(1)
			go func() {
				defer wg.Done()
				body, _ := json.Marshal(map[string]any{"messstellenId": nummer, "messstellentyp": "NR_9",
					"bezeichnung": fmt.Sprintf("Nummernrennen %d/%d", r, i), "lage": map[string]float64{"hochwert": 5580500, "rechtswert": 400000}})
				<-start
				e := &ergebnisse[i]
				e.status, e.body, e.d, e.err = s.anfrage(ctx, admin, http.MethodPost, pfad, body)
			}()
		}
		close(start)
		wg.Wait()
		gewonnen := 0
		for _, e := range ergebnisse {
			if e.err != nil {
				return fmt.Errorf("number race: %w", e.err)
			}
			switch e.status {
			case http.StatusCreated:
				gewonnen++
				sieger.add(e.d)
			case http.StatusConflict:
				konflikt++
				verlierer.add(e.d)
			case http.StatusBadRequest:
				if !strings.Contains(string(e.body), messstelle.MsgNummerVergeben) {
					return fmt.Errorf("number race %s: %d %.300s", nummer, e.status, e.body)
				}
				belegt++
				verlierer.add(e.d)
			default:
				return fmt.Errorf("number race %s: %d %.300s", nummer, e.status, e.body)
			}
		}
		var punkte int
		if err := l.pool.QueryRow(ctx, `SELECT count(*) FROM messstelle WHERE messstellen_id = $1`, nummer).Scan(&punkte); err != nil {
			return err
		}
		angelegt += gewonnen
		if gewonnen != 1 || punkte != 1 {
			falsch++
		}
	}
	l.messung(Messung{ID: "write.messstelle_number_race", Bereich: "Writes (two clients, SYSTEMADMIN)",
		Name: "measuring point: two POSTs of the same number at once",
		Text: fmt.Sprintf("%d rounds: %d created, %d × 409, %d × 400 (already taken), %d rounds wrong; winner p50 %s p95 %s, loser p50 %s p95 %s",
			runden, angelegt, konflikt, belegt, falsch, zeit(sieger.quantil(0.5)), zeit(sieger.quantil(0.95)),
			zeit(verlierer.quantil(0.5)), zeit(verlierer.quantil(0.95))),
		Werte: map[string]float64{"rounds": float64(runden), "created": float64(angelegt), "conflicts": float64(konflikt),
			"taken": float64(belegt), "wrong": float64(falsch), "winner_p95_ms": ms(sieger.quantil(0.95)),
			"loser_p95_ms": ms(verlierer.quantil(0.95))}}.mitZiel("one 201 per round, never two", falsch == 0))
	return nil
}
