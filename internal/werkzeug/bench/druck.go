package bench

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
)

// The print's bench (issue 33): an operation of the size the issue names — 50 plants, 200
// measuring points, 30 Bescheide with their Anforderungen — built through the API, then printed
// whole (POST /api/betrieb/{id}/print with every object selected): the time to the last byte
// and the server's peak memory meanwhile. The print replays each object from the event store and
// lays the PDF out in memory before the first byte goes out (bounded by 500 objects), so the
// memory is the figure to watch.
const (
	druckAnlagen               = 50
	druckMessstellenJeAnlage   = 4 // 200 measuring points
	druckBescheide             = 30
	druckMessstellenJeBescheid = 7
	druckAnforderungenJePunkt  = 3 // about 20 Anforderungen a Bescheid
)

// druckZiel is the print's target: the whole large operation within 10 s and within 200 MB of
// the server's memory before it (docs/decisions.md "Print (issue 33)").
const (
	druckZielDauer     = 10 * time.Second
	druckZielZuwachs   = 200e6
	druckZielText      = "< 10 s, peak RSS growth < 200 MB"
	druckParallel      = 8
	druckMessstellenNr = "991%05d09" // NR_9 (suffix 09) with a prefix no municipality has, like the number race's 990
)

func (l *lauf) druck(ctx context.Context, s *server, admin, _ nutzer) error {
	// four eyes: the measuring points the administrator creates are approved by a FACHADMIN
	fach, err := l.nutzer(ctx, s, `'FACHADMIN' = ANY(a.funktionale_rollen) AND a.id <> `+fmt.Sprint(admin.id))
	if err != nil {
		return err
	}
	// an approved municipal operation in operation with a treatment plant in operation; the last
	// one, so the plant network's 2,000 relief plants (the first one's) stay out of it
	var betriebID, klaeranlage int64
	err = l.pool.QueryRow(ctx, `SELECT b.id, a.id FROM betrieb b JOIN anlage a ON a.betrieb_id = b.id
		WHERE b.freigabestatus = 'FREIGEGEBEN' AND b.betriebstyp = 'KOMMUNAL' AND b.betriebsstatus <> 'STILLGELEGT'
		  AND a.anlagentyp = 'ABWASSERBEHANDLUNG' AND a.anlagenstatus = 'IN_BETRIEB'
		ORDER BY b.id DESC LIMIT 1`).Scan(&betriebID, &klaeranlage)
	if err != nil {
		return fmt.Errorf("print: a municipal operation with a treatment plant: %w", err)
	}
	aufbau := beginnen()
	anlagen, err := druckAnlagenAnlegen(ctx, s, admin, betriebID, klaeranlage)
	if err != nil {
		return err
	}
	messstellen, err := druckMessstellenAnlegen(ctx, s, admin, fach, anlagen)
	if err != nil {
		return err
	}
	if err := druckBescheideAnlegen(ctx, s, admin, betriebID, messstellen); err != nil {
		return err
	}
	gebaut := aufbau.ende()
	l.printf("  print: built %d plants, %d measuring points, %d Bescheide on operation %d in %s", druckAnlagen, len(messstellen), druckBescheide,
		betriebID, gebaut.dauer.Round(time.Second))
	return l.druckMessen(ctx, s, admin, betriebID)
}

// druckAnfrage is a call of the API that must answer erwartet, with the answer's JSON object.
func druckAnfrage(ctx context.Context, s *server, n nutzer, method, pfad string, body any, erwartet int) (map[string]any, error) {
	b, _ := json.Marshal(body)
	status, antwort, _, err := s.anfrage(ctx, n, method, pfad, b)
	if err != nil {
		return nil, err
	}
	if status != erwartet {
		return nil, fmt.Errorf("%s %s: %d %.300s", method, pfad, status, antwort)
	}
	var out map[string]any
	_ = json.Unmarshal(antwort, &out)
	return out, nil
}

func idAus(m map[string]any) int64 { v, _ := m["id"].(float64); return int64(v) }

// druckAnlagenAnlegen creates the relief plants discharging into the treatment plant.
func druckAnlagenAnlegen(ctx context.Context, s *server, admin nutzer, betriebID, klaeranlage int64) ([]int64, error) {
	anlagen := make([]int64, druckAnlagen)
	if err := jeParallel(druckAnlagen, func(i int) error {
		m, err := druckAnfrage(ctx, s, admin, http.MethodPost, "/api/anlage/entlastung", map[string]any{"betrieb": map[string]any{"id": betriebID},
			"bezeichnung": fmt.Sprintf("Regenüberlaufbecken Druck %02d", i), "anlagenart": "MISCHWASSER",
			"lage":              map[string]float64{"hochwert": 5572000 + float64(i), "rechtswert": 393000.5},
			"entlastungssystem": "Mischsystem", "entlastungstyp": "Regenüberlaufbecken", "indirekteinleiter": true, "aufnahme": klaeranlage,
			"gemarkung": "Musterhausen", "flur": fmt.Sprint(i % 40), "flurstueck": fmt.Sprintf("%d/2", i),
			"beschreibung": "Fangbecken im Nebenschluss mit Klärüberlauf; Drosselabfluss über Wirbeldrossel zur Kläranlage."},
			http.StatusCreated)
		anlagen[i] = idAus(m)
		return err
	}); err != nil {
		return nil, fmt.Errorf("print: plants: %w", err)
	}
	return anlagen, nil
}

// druckMessstellenAnlegen creates four measuring points at each plant, by the administrator,
// approved by the FACHADMIN.
func druckMessstellenAnlegen(ctx context.Context, s *server, admin, fach nutzer, anlagen []int64) ([]int64, error) {
	messstellen := make([]int64, druckAnlagen*druckMessstellenJeAnlage)
	if err := jeParallel(len(messstellen), func(i int) error {
		m, err := druckAnfrage(ctx, s, admin, http.MethodPost, fmt.Sprintf("/api/anlage/%d/messstelle/", anlagen[i/druckMessstellenJeAnlage]),
			map[string]any{"messstellenId": fmt.Sprintf(druckMessstellenNr, i), "messstellentyp": "NR_9",
				"bezeichnung": fmt.Sprintf("Überlauf Druck %02d/%d", i/druckMessstellenJeAnlage, i%druckMessstellenJeAnlage),
				"lage":        map[string]float64{"hochwert": 5572000 + float64(i), "rechtswert": 393100.5}}, http.StatusCreated)
		if err != nil {
			return err
		}
		messstellen[i] = idAus(m)
		_, err = druckAnfrage(ctx, s, fach, http.MethodPost, fmt.Sprintf("/api/messstelle/%d/freigabe", messstellen[i]),
			map[string]any{"neuerStatus": "FREIGEGEBEN", "kommentar": "geprüft"}, http.StatusOK)
		return err
	}); err != nil {
		return nil, fmt.Errorf("print: measuring points: %w", err)
	}
	return messstellen, nil
}

// druckBescheideAnlegen creates 30 Bescheide, each on 7 of the points with 3 Anforderungen at
// each.
func druckBescheideAnlegen(ctx context.Context, s *server, admin nutzer, betriebID int64, messstellen []int64) error {
	parameter := []struct{ nr, einheit, art string }{{"301", "mg/l", "KONZENTRATION"}, {"401", "mg/l", "KONZENTRATION"}, {"301", "kg/d", "FRACHT"}}
	if err := jeParallel(druckBescheide, func(i int) error {
		punkte := make([]int64, druckMessstellenJeBescheid)
		for k := range punkte {
			punkte[k] = messstellen[(i*druckMessstellenJeBescheid+k)%len(messstellen)]
		}
		m, err := druckAnfrage(ctx, s, admin, http.MethodPost, "/api/bescheid", map[string]any{"betrieb": betriebID, "bescheidQualitaet": "Bescheid",
			"bescheidart": "Wasserrechtliche Erlaubnis (§ 8 WHG)", "aktenzeichen": fmt.Sprintf("31-9/%02d", i),
			"behoerde": "Struktur- und Genehmigungsdirektion Nord (SGD Nord)", "bescheidsdatum": "2024-03-01",
			"bemerkung": "Erlaubnis zur Einleitung von Mischwasser aus den Regenüberlaufbecken in den Musterbach.", "messstellen": punkte},
			http.StatusCreated)
		if err != nil {
			return err
		}
		id := idAus(m)
		b, err := druckAnfrage(ctx, s, admin, http.MethodGet, fmt.Sprintf("/api/bescheid/%d", id), nil, http.StatusOK)
		if err != nil {
			return err
		}
		version, _ := b["version"].(float64)
		for _, punkt := range punkte {
			satz := make([]map[string]any, druckAnforderungenJePunkt)
			for k, p := range parameter[:druckAnforderungenJePunkt] {
				satz[k] = map[string]any{"anforderungId": 0, "anforderungArt": "BEHOERDLICHE_FESTLEGUNG", "parameterArt": p.art,
					"parameterNr": p.nr, "wert": fmt.Sprint(20 + 10*k + i), "einheit": p.einheit, "artAnforderungWert": "Überwachungswert",
					"probenahme": "qualifizierte Stichprobe", "haeufigkeit": "monatlich", "gueltigAb": "2024-03-01", "gueltigBis": "3000-01-01"}
			}
			a, err := druckAnfrage(ctx, s, admin, http.MethodPatch, fmt.Sprintf("/api/bescheid/%d?messstelle=%d&version=%d", id, punkt, int(version)), satz, http.StatusOK)
			if err != nil {
				return err
			}
			version, _ = a["version"].(float64)
		}
		return nil
	}); err != nil {
		return fmt.Errorf("print: Bescheide: %w", err)
	}
	return nil
}

// druckMessen measures the print of everything the operation has, against its target, and
// compares it with the other print paths.
func (l *lauf) druckMessen(ctx context.Context, s *server, admin nutzer, betriebID int64) error {
	auswahl := map[string]any{"betrieb": true}
	var zahlen [3]int
	for i, x := range []struct{ feld, sql string }{
		{"anlagenIds", `SELECT id FROM anlage WHERE betrieb_id = $1 ORDER BY id`},
		{"messstellenIds", `SELECT id FROM messstelle WHERE betrieb_id = $1 ORDER BY id`},
		{"bescheidIds", `SELECT id FROM bescheid WHERE betrieb_id = $1 AND NOT geloescht ORDER BY id`},
	} {
		rows, err := l.pool.Query(ctx, x.sql, betriebID)
		if err != nil {
			return err
		}
		ids, err := pgx.CollectRows(rows, pgx.RowTo[int64])
		if err != nil {
			return err
		}
		auswahl[x.feld], zahlen[i] = ids, len(ids)
	}
	var anforderungen int
	if err := l.pool.QueryRow(ctx, `SELECT coalesce(sum(jsonb_array_length(anforderungen)), 0) FROM bescheid WHERE betrieb_id = $1 AND NOT geloescht`,
		betriebID).Scan(&anforderungen); err != nil {
		return err
	}
	body, _ := json.Marshal(auswahl)
	pfad := fmt.Sprintf("/api/betrieb/%d/print", betriebID)
	// warm the handler once on the operation's own data, so the figure is the print, not the first call
	if status, antwort, _, err := s.anfrage(ctx, admin, http.MethodPost, pfad, []byte(`{"betrieb":true}`)); err != nil || status != http.StatusOK {
		return fmt.Errorf("print warm-up: %d %.300s %v", status, antwort, err)
	}
	start := beginnen()
	status, pdf, d, r, err := mitSpitze(s, func() (int, []byte, time.Duration, error) {
		return s.anfrage(ctx, admin, http.MethodPost, pfad, body)
	})
	a := start.ende()
	if err != nil || status != http.StatusOK || !bytes.HasPrefix(pdf, []byte("%PDF-")) {
		return fmt.Errorf("print: %d %.300s %v", status, pdf, err)
	}
	seiten := bytes.Count(pdf, []byte("<</Type /Page\n")) // fpdf writes each page object so
	zuwachs := max(r.peak-r.basis, 0)
	l.messung(Messung{ID: "druck.betriebsakte", Bereich: "Print",
		Name: fmt.Sprintf("print of a whole operation POST /api/betrieb/{id}/print: %d plants, %d measuring points, %d Bescheide with %s Anforderungen",
			zahlen[0], zahlen[1], zahlen[2], zahl(int64(anforderungen))),
		Text: fmt.Sprintf("%.2f s, server peak RSS %s (%s; %s before, growth %s), %s PDF of %d pages%s", d.Seconds(), mb(r.peak), r.quelle,
			mb(r.basis), mb(zuwachs), mb(int64(len(pdf))), seiten, a.text()),
		Werte: a.werte(map[string]float64{"seconds": d.Seconds(), "peak_rss_bytes": float64(r.peak), "rss_before_bytes": float64(r.basis),
			"rss_growth_bytes": float64(zuwachs), "file_bytes": float64(len(pdf)), "pages": float64(seiten), "objects": float64(1 + zahlen[0] + zahlen[1] + zahlen[2]),
			"anforderungen": float64(anforderungen)})}.
		mitZiel(druckZielText, d < druckZielDauer && zuwachs < druckZielZuwachs))
	return l.druckVergleich(ctx, admin, betriebID, body, pdf, d)
}

// jeParallel calls f for 0 … n-1, druckParallel at a time, and returns the first error.
func jeParallel(n int, f func(i int) error) error {
	var (
		wg     sync.WaitGroup
		mu     sync.Mutex
		fehler error
	)
	naechste := make(chan int)
	for range druckParallel {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range naechste {
				if err := f(i); err != nil {
					mu.Lock()
					fehler = cmp.Or(fehler, err)
					mu.Unlock()
				}
			}
		}()
	}
	for i := range n {
		naechste <- i
	}
	close(naechste)
	wg.Wait()
	return fehler
}
