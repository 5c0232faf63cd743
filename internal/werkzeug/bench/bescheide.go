package bench

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"time"

	"github.com/jackc/pgx/v5"
)

// bescheideExportZeilen is how many rows the evaluation's export selects (issue 30).
const bescheideExportZeilen = 100_000

// bescheide measures the Bescheide's read side (issue 30) one request after the other, for
// SYSTEMADMIN (every operation) and the operator user (his organisation's): the evaluation of
// the Anforderungen of one operation and across what the user sees (default: valid today; and
// all, by parameter), the operation's Bescheid search and Auflagen; then, as SYSTEMADMIN, the
// export of the evaluation of 100,000 selected rows.
func (l *lauf) bescheide(ctx context.Context, s *server, admin, org nutzer) error {
	n := l.o.anzahl(200, 30)
	for _, u := range []struct {
		nutzer nutzer
		wer    string
	}{{admin, "SYSTEMADMIN"}, {org, "operator user"}} {
		sql, args := `SELECT DISTINCT betrieb_id FROM arbeitsliste.bescheid WHERE bescheidsstatus = 'FREIGEGEBEN' ORDER BY 1`, []any{}
		if u.nutzer.organisation != 0 {
			sql, args = `SELECT DISTINCT betrieb_id FROM arbeitsliste.bescheid WHERE bescheidsstatus = 'FREIGEGEBEN' AND betreiber_id = $1
				ORDER BY 1`, []any{u.nutzer.organisation}
		}
		rows, err := l.pool.Query(ctx, sql, args...)
		if err != nil {
			return err
		}
		betriebe, err := pgx.CollectRows(rows, pgx.RowTo[int64])
		if err != nil {
			return err
		}
		if len(betriebe) == 0 {
			l.printf("  no released Bescheide the %s sees: the Bescheide's queries are skipped", u.wer)
			continue
		}
		betrieb := func() int64 { return betriebe[rand.IntN(len(betriebe))] }
		messungen := []abfrage{
			{"bescheide.auswertung_betrieb", "Anforderungen evaluation of one operation (valid today), random operation", func() string {
				return fmt.Sprintf("/api/betrieb/%d/anforderung/auswertung?size=10", betrieb())
			}, true, 0},
			{"bescheide.auswertung", "Anforderungen evaluation across what the user sees (valid today), first page", func() string {
				return "/api/anforderung/auswertung?size=10"
			}, true, 0},
			{"bescheide.auswertung_alle", "Anforderungen evaluation across, all periods, festlegungen by parameter", func() string {
				return "/api/anforderung/auswertung?size=10&auswertung=alle&anforderungArt=BEHOERDLICHE_FESTLEGUNG&sortProperty=parameterNr"
			}, true, 0},
			{"bescheide.suche", "Bescheid search of one operation, random operation", func() string {
				return fmt.Sprintf("/api/betrieb/%d/bescheid/search?size=10", betrieb())
			}, true, 0},
			{"bescheide.auflagen", "Auflagen of one operation, random operation", func() string {
				return fmt.Sprintf("/api/betrieb/%d/auflage/search?size=10", betrieb())
			}, true, 0},
		}
		for _, a := range messungen {
			if err := l.abfrageMessen(ctx, s, u.nutzer, u.wer, a, n); err != nil {
				return err
			}
		}
	}
	return l.bescheideExport(ctx, s, admin)
}

// bescheideExport downloads the evaluation's xlsx export of 100,000 selected Anforderungen of
// released Bescheide (as SYSTEMADMIN, POST /api/anforderung/export with their ids) and measures
// the time to the last byte and the server's peak memory (RSS) meanwhile.
func (l *lauf) bescheideExport(ctx context.Context, s *server, admin nutzer) error {
	rows, err := l.pool.Query(ctx, `SELECT id FROM arbeitsliste.anforderung WHERE bescheidsstatus = 'FREIGEGEBEN' ORDER BY id LIMIT $1`,
		bescheideExportZeilen)
	if err != nil {
		return err
	}
	ids, err := pgx.CollectRows(rows, pgx.RowTo[int64])
	if err != nil {
		return err
	}
	if len(ids) == 0 {
		l.printf("  no released Anforderungen: the evaluation's export is skipped")
		return nil
	}
	pfad := "/api/anforderung/export?auswertung=alle"
	warm, _ := json.Marshal(map[string][]int64{"ids": ids[:min(3, len(ids))]})
	if status, _, _, err := s.anfrage(ctx, admin, http.MethodPost, pfad, warm); err != nil || status != http.StatusOK {
		return fmt.Errorf("evaluation export warm-up: %d %v", status, err)
	}
	auswahl, err := json.Marshal(map[string][]int64{"ids": ids})
	if err != nil {
		return err
	}
	status, body, d, r, err := mitSpitze(s, func() (int, []byte, time.Duration, error) {
		return s.anfrage(ctx, admin, http.MethodPost, pfad, auswahl)
	})
	if err != nil || status != http.StatusOK {
		return fmt.Errorf("evaluation export: %d %.300s %v", status, body, err)
	}
	zeilen, err := xlsxZeilen(body)
	if err != nil {
		return fmt.Errorf("evaluation export: not a readable xlsx: %w", err)
	}
	l.messung(Messung{ID: "export.bescheide.xlsx", Bereich: "Export",
		Name: fmt.Sprintf("xlsx export of the Anforderungen evaluation, %s selected rows", zahl(zeilen)),
		Text: fmt.Sprintf("%.2f s, server peak RSS %s (%s; %s before), %s file, %s request body", d.Seconds(), mb(r.peak), r.quelle, mb(r.basis),
			mb(int64(len(body))), mb(int64(len(auswahl)))),
		Werte: map[string]float64{"seconds": d.Seconds(), "rows": float64(zeilen), "peak_rss_bytes": float64(r.peak),
			"rss_before_bytes": float64(r.basis), "file_bytes": float64(len(body))}}.
		mitZiel("< 5 s in < 150 MB", d < 5*time.Second && r.peak < 150e6))
	return nil
}
