package bench

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/url"
	"strconv"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/xuri/excelize/v2"
)

// The annual reports' bench (issue 31): the Jahresberichte worklist and the Überschreitungen one
// request after the other, the parameter page of a report with 30 parameters of 365 daily
// values each, and the import of 5,000 hourly values from an xlsx file next to a bare COPY of the
// same rows.
const (
	berichtParameter   = 30
	berichtTageswerte  = 365
	importZeilen       = 5000
	berichtSeitenZiel  = 50 * time.Millisecond
	tageswerteVorlage  = "Tageswerte Konzentration und Abfluss"
	stundenwerteVorlag = "Stundenwerte mit Uhrzeit"
)

func (l *lauf) jahresberichte(ctx context.Context, s *server, admin, org nutzer) error {
	n := l.o.anzahl(200, 30)
	letztes := strconv.Itoa(time.Now().Year() - 1)
	for _, u := range []struct {
		nutzer nutzer
		wer    string
	}{{admin, "SYSTEMADMIN"}, {org, "operator user"}} {
		messungen := []abfrage{
			{"jahresberichte.first_page", "annual reports worklist GET /api/jahresbericht/search, first page (by Von)", func() string {
				return "/api/jahresbericht/search"
			}, true, 0},
			{"jahresberichte.jahr", "annual reports worklist, Berichtsjahr " + letztes + ", submitted", func() string {
				return "/api/jahresbericht/search?" + url.Values{"jahr": {letztes}, "status": {"EINGEREICHT"}}.Encode()
			}, true, 0},
			{"ueberschreitungen.betriebe", "operations with exceedances GET /api/ueberschreitung/betriebe, Berichtsjahr " + letztes,
				func() string { return "/api/ueberschreitung/betriebe?jahr=" + letztes }, true, 0},
		}
		for _, a := range messungen {
			if err := l.abfrageMessen(ctx, s, u.nutzer, u.wer, a, n); err != nil {
				return err
			}
		}
	}
	if err := l.berichtSeite(ctx, s, admin, n); err != nil {
		return err
	}
	return nil
}

// berichtSeite creates, as SYSTEMADMIN, this year's report of a treatment plant with a
// measuring point and no report yet, adds 30 supplementary parameters with 365 daily values each,
// measures the parameter page (GET …/parameter-messwert/{pid}, values and evaluation) and then
// the import of 5,000 hourly values into one of them.
func (l *lauf) berichtSeite(ctx context.Context, s *server, admin nutzer, n int) error {
	jahr := time.Now().Year()
	var anlage, messstelle int64
	err := l.pool.QueryRow(ctx, `SELECT a.id, m.id FROM anlage a JOIN betrieb b ON b.id = a.betrieb_id
		JOIN messstelle m ON m.anlage_id = a.id AND m.messstellenstatus <> 'STILLGELEGT'
		WHERE a.anlagentyp = 'ABWASSERBEHANDLUNG' AND b.freigabestatus = 'FREIGEGEBEN' AND a.anlagenstatus = 'IN_BETRIEB'
		AND NOT EXISTS (SELECT 1 FROM jahresbericht j WHERE j.anlage_id = a.id AND j.jahr = $1)
		ORDER BY a.id DESC LIMIT 1`, jahr).Scan(&anlage, &messstelle)
	if err == pgx.ErrNoRows {
		l.printf("  no treatment plant for a report of %d: the report page is skipped", jahr)
		return nil
	}
	if err != nil {
		return err
	}
	senden := func(method, pfad string, body any) (map[string]any, error) {
		b, err := json.Marshal(body)
		if err != nil {
			return nil, err
		}
		status, antwort, _, err := s.anfrage(ctx, admin, method, pfad, b)
		if err != nil || status >= 300 {
			return nil, fmt.Errorf("%s %s: %d %.300s %v", method, pfad, status, antwort, err)
		}
		var out map[string]any
		return out, json.Unmarshal(antwort, &out)
	}
	a, err := senden(http.MethodPost, "/api/jahresbericht/", map[string]any{"anlage": map[string]any{"id": anlage}, "jahr": jahr})
	if err != nil {
		return err
	}
	bericht := int64(a["id"].(float64))
	version := func() (int, error) {
		status, body, _, err := s.anfrage(ctx, admin, http.MethodGet, fmt.Sprintf("/api/jahresbericht/id/%d", bericht), nil)
		if err != nil || status != http.StatusOK {
			return 0, fmt.Errorf("GET report: %d %.300s %v", status, body, err)
		}
		var b struct {
			Version int `json:"version"`
		}
		return b.Version, json.Unmarshal(body, &b)
	}
	vorlage := func(name string) (int64, error) {
		var id int64
		return id, l.pool.QueryRow(ctx, `SELECT id FROM werteliste_eintrag WHERE liste = 'selbstueberwachungVorlage' AND wert = $1`, name).Scan(&id)
	}
	tage, err := vorlage(tageswerteVorlage)
	if err != nil {
		return fmt.Errorf("template %s: %w", tageswerteVorlage, err)
	}
	parameterNr := []string{"301", "302", "303", "304", "305", "401", "402", "403", "404", "101"}
	var pids []int64
	for k := range berichtParameter {
		v, err := version()
		if err != nil {
			return err
		}
		a, err := senden(http.MethodPost, "/api/anforderung", map[string]any{"jahresbericht": bericht, "version": v,
			"parameterNr": parameterNr[k%len(parameterNr)], "parameterArt": "KONZENTRATION", "einheit": "mg/l", "messstelle": messstelle,
			"gueltigAb": fmt.Sprintf("%d-01-01", jahr)})
		if err != nil {
			return err
		}
		pid := int64(a["parameterId"].(float64))
		pids = append(pids, pid)
		zeilen := make([]map[string]any, berichtTageswerte)
		for d := range zeilen {
			t := time.Date(jahr, 1, 1+d, 0, 0, 0, 0, time.UTC)
			zeilen[d] = map[string]any{"datum": t.Format("02.01.2006"), "wetterSchluessel": "1",
				"konzentration": fmt.Sprintf("%d,%d", 20+rand.IntN(60), rand.IntN(10)), "abfluss": fmt.Sprintf("%d", 800+rand.IntN(400))}
		}
		if v, err = version(); err != nil {
			return err
		}
		if _, err := senden(http.MethodPut, fmt.Sprintf("/api/jahresbericht/%d/messstelle/%d/parameter-messwert/%d", bericht, messstelle, pid),
			map[string]any{"version": v, "anzahlWerte": len(zeilen), "status": "ABGESCHLOSSEN", "vorlageMesswerteId": tage, "messwerte": zeilen}); err != nil {
			return err
		}
	}
	seite := abfrage{"jahresberichte.parameter_page", fmt.Sprintf("parameter page GET …/parameter-messwert/{pid} of a report of %d parameters × %d daily values, random parameter",
		berichtParameter, berichtTageswerte), func() string {
		return fmt.Sprintf("/api/jahresbericht/%d/messstelle/%d/parameter-messwert/%d", bericht, messstelle, pids[rand.IntN(len(pids))])
	}, false, 0}
	if err := l.abfrageMessenMitZiel(ctx, s, admin, "SYSTEMADMIN", seite, n, "p95 < 50 ms", berichtSeitenZiel); err != nil {
		return err
	}
	return l.messwertImport(ctx, s, admin, bericht, messstelle, pids[0], version, vorlage)
}

// messwertImport imports 5,000 hourly values into parameter pid from an xlsx file (POST
// /api/messwert/{pid}/import-messwerte: every row checked, one event) and COPYs the same rows
// into a temporary table, the bound of writing them at all.
func (l *lauf) messwertImport(ctx context.Context, s *server, admin nutzer, bericht, messstelle, pid int64, version func() (int, error),
	vorlage func(string) (int64, error)) error {
	stunden, err := vorlage(stundenwerteVorlag)
	if err != nil {
		return fmt.Errorf("template %s: %w", stundenwerteVorlag, err)
	}
	v, err := version()
	if err != nil {
		return err
	}
	// the parameter takes the hourly template first (the import fills the template's columns)
	body, _ := json.Marshal(map[string]any{"version": v, "anzahlWerte": 1, "status": "UNBEARBEITET", "vorlageMesswerteId": stunden,
		"messwerte": []map[string]any{{"datum": "01.01." + strconv.Itoa(time.Now().Year()), "uhrzeit": "00:00", "wert": "1"}}})
	if status, antwort, _, err := s.anfrage(ctx, admin, http.MethodPut,
		fmt.Sprintf("/api/jahresbericht/%d/messstelle/%d/parameter-messwert/%d", bericht, messstelle, pid), body); err != nil || status != http.StatusOK {
		return fmt.Errorf("hourly template: %d %.300s %v", status, antwort, err)
	}
	f := excelize.NewFile()
	defer f.Close()
	if err := f.SetSheetRow("Sheet1", "A1", &[]any{"Datum", "Uhrzeit", "Wert"}); err != nil {
		return err
	}
	start := time.Date(time.Now().Year(), 1, 1, 0, 0, 0, 0, time.UTC)
	zeilen := make([][]any, importZeilen)
	for i := range importZeilen {
		t := start.Add(time.Duration(i) * time.Hour)
		zeilen[i] = []any{t.Format("02.01.2006"), t.Format("15:04"), fmt.Sprintf("%d,%d", 10+i%40, i%10)}
		if err := f.SetSheetRow("Sheet1", "A"+strconv.Itoa(i+2), &zeilen[i]); err != nil {
			return err
		}
	}
	var datei bytes.Buffer
	if err := f.Write(&datei); err != nil {
		return err
	}
	if v, err = version(); err != nil {
		return err
	}
	a := beginnen()
	status, antwort, err := s.hochladen(ctx, admin, fmt.Sprintf("/api/messwert/%d/import-messwerte?version=%d", pid, v), "stundenwerte.xlsx", datei.Bytes())
	if err != nil {
		return err
	}
	if status != http.StatusOK {
		return fmt.Errorf("import of %d values: %d %.300s", importZeilen, status, antwort)
	}
	imp := a.ende()

	// the bound: the same rows COPYed into a table of three text columns
	k := beginnen()
	tx, err := l.pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer func() { _ = tx.Rollback(ctx) }()
	if _, err := tx.Exec(ctx, `CREATE TEMP TABLE messwert_kopie (datum text, uhrzeit text, wert text) ON COMMIT DROP`); err != nil {
		return err
	}
	if _, err := tx.CopyFrom(ctx, pgx.Identifier{"messwert_kopie"}, []string{"datum", "uhrzeit", "wert"}, pgx.CopyFromRows(zeilen)); err != nil {
		return err
	}
	if err := tx.Commit(ctx); err != nil {
		return err
	}
	kopie := k.ende()
	l.messung(Messung{ID: "jahresberichte.import", Bereich: "Annual reports", Name: fmt.Sprintf("import of %s hourly values from xlsx (POST …/import-messwerte)", zahl(importZeilen)),
		Text:  fmt.Sprintf("%s (file %s KB)%s", imp.dauer.Round(time.Millisecond), zahl(int64(datei.Len()/1024)), imp.text()),
		Werte: imp.werte(map[string]float64{"seconds": imp.dauer.Seconds(), "rows": importZeilen})})
	l.messung(Messung{ID: "jahresberichte.import.copy", Bereich: "Annual reports", Name: "COPY bound: the same rows into a table of three text columns",
		Text: fmt.Sprintf("%s; import ÷ COPY bound %.3f (the import takes %.0f× the time of the COPY)", kopie.dauer.Round(time.Microsecond),
			kopie.dauer.Seconds()/imp.dauer.Seconds(), imp.dauer.Seconds()/kopie.dauer.Seconds()),
		Werte: map[string]float64{"seconds": kopie.dauer.Seconds(), "ratio": kopie.dauer.Seconds() / imp.dauer.Seconds()}})
	return nil
}
