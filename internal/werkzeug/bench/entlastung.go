package bench

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/xuri/excelize/v2"
)

// The plant network's bench (issue 32): an operation with 2,000 relief plants exports them as
// xlsx; the sheet comes back unchanged (every row checked, no event) and with every row's
// Gemarkung changed (2,000 plant saves in one transaction), next to a bare COPY of the same rows
// into a table of their text columns — the bound of writing them at all.
const entlastungsZeilen = 2000

func (l *lauf) entlastungen(ctx context.Context, s *server, admin, _ nutzer) error {
	var betriebID, klaeranlage int64
	err := l.pool.QueryRow(ctx, `SELECT b.id, a.id FROM betrieb b JOIN anlage a ON a.betrieb_id = b.id
		WHERE b.freigabestatus = 'FREIGEGEBEN' AND b.betriebstyp = 'KOMMUNAL' AND b.betriebsstatus <> 'STILLGELEGT'
		  AND a.anlagentyp = 'ABWASSERBEHANDLUNG' AND a.anlagenstatus NOT IN ('STILLGELEGT', 'ANGESCHLOSSEN_AN')
		ORDER BY b.id LIMIT 1`).Scan(&betriebID, &klaeranlage)
	if err != nil {
		return fmt.Errorf("a municipal operation with a treatment plant: %w", err)
	}
	var vorhanden int
	if err := l.pool.QueryRow(ctx, `SELECT count(*) FROM anlage WHERE betrieb_id = $1 AND anlagentyp = 'ENTLASTUNG'`, betriebID).Scan(&vorhanden); err != nil {
		return err
	}
	if err := entlastungenAnlegen(ctx, s, admin, betriebID, klaeranlage, vorhanden); err != nil {
		return err
	}
	if err := l.netzMessen(ctx, s, admin, betriebID, klaeranlage); err != nil {
		return err
	}
	zeilen, err := l.entlastungenExportieren(ctx, s, admin, betriebID)
	if err != nil {
		return err
	}
	imp, err := l.entlastungenImportieren(ctx, s, admin, betriebID, zeilen)
	if err != nil {
		return err
	}
	return l.kopieSchranke(ctx, zeilen, imp)
}

// entlastungenAnlegen creates the relief plants from number vorhanden up to entlastungsZeilen.
func entlastungenAnlegen(ctx context.Context, s *server, admin nutzer, betriebID, klaeranlage int64, vorhanden int) error {
	// the relief plants, through the API (8 at a time)
	var (
		wg     sync.WaitGroup
		mu     sync.Mutex
		fehler error
	)
	naechste := make(chan int)
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range naechste {
				body, _ := json.Marshal(map[string]any{"betrieb": map[string]any{"id": betriebID}, "bezeichnung": fmt.Sprintf("RÜB Bench %04d", i),
					"anlagenart": "MISCHWASSER", "lage": map[string]float64{"hochwert": 5571000 + float64(i), "rechtswert": 392000.5},
					"entlastungssystem": "Mischsystem", "entlastungstyp": "Regenüberlaufbecken", "indirekteinleiter": true, "aufnahme": klaeranlage,
					"gemarkung": "Musterhausen", "flur": fmt.Sprint(i % 40), "flurstueck": fmt.Sprintf("%d/1", i)})
				status, antwort, _, err := s.anfrage(ctx, admin, http.MethodPost, "/api/anlage/entlastung", body)
				if err == nil && status != http.StatusCreated {
					err = fmt.Errorf("relief plant %d: %d %.300s", i, status, antwort)
				}
				if err != nil {
					mu.Lock()
					fehler = cmp.Or(fehler, err)
					mu.Unlock()
				}
			}
		}()
	}
	for i := vorhanden; i < entlastungsZeilen; i++ {
		naechste <- i
	}
	close(naechste)
	wg.Wait()
	return fehler
}

// netzMessen measures the overviews and the pickers of the network, on the operation of 2,000
// relief plants.
func (l *lauf) netzMessen(ctx context.Context, s *server, admin nutzer, betriebID, klaeranlage int64) error {
	anzahl := l.o.anzahl(200, 30)
	netz := []struct {
		a      abfrage
		ziel   string
		grenze time.Duration
	}{
		{abfrage{"plantnet.relief_overview", fmt.Sprintf("relief plants overview GET /api/anlage/entlastung/uebersicht/{betriebId}, %s plants", zahl(int64(entlastungsZeilen))),
			func() string { return fmt.Sprintf("/api/anlage/entlastung/uebersicht/%d", betriebID) }, false, 0}, "p95 < 100 ms", 100 * time.Millisecond},
		{abfrage{"plantnet.sewer_overview", "sewer networks overview GET /api/anlage/kanalnetz/uebersicht/{id}",
			func() string { return fmt.Sprintf("/api/anlage/kanalnetz/uebersicht/%d", klaeranlage) }, false, 0}, "p95 < 30 ms", 30 * time.Millisecond},
		{abfrage{"plantnet.receiving", "receiving-plant picker GET /api/anlage/moeglicheAufnehmendeAnlagen (first 100 of every municipal treatment plant)",
			func() string {
				return fmt.Sprintf("/api/anlage/moeglicheAufnehmendeAnlagen?anlagetyp=ENTLASTUNG&betriebsId=%d", betriebID)
			}, false, 0}, "p95 < 30 ms", 30 * time.Millisecond},
		{abfrage{"plantnet.receiving_search", "receiving-plant picker, text search „kläranlage“",
			func() string {
				return fmt.Sprintf("/api/anlage/moeglicheAufnehmendeAnlagen?anlagetyp=ENTLASTUNG&betriebsId=%d&q=kl%%C3%%A4ranlage", betriebID)
			}, false, 0}, "p95 < 30 ms", 30 * time.Millisecond},
		{abfrage{"plantnet.throttle", fmt.Sprintf("Drosselablauf picker of the operation GET …/drosselablauf-betrieb/{betriebId}/MISCHWASSER (%s relief plants)", zahl(int64(entlastungsZeilen))),
			func() string {
				return fmt.Sprintf("/api/anlage/entlastung/drosselablauf-betrieb/%d/MISCHWASSER", betriebID)
			}, false, 0},
			"p95 < 30 ms", 30 * time.Millisecond},
	}
	for _, x := range netz {
		if err := l.abfrageMessenMitZiel(ctx, s, admin, "SYSTEMADMIN", x.a, anzahl, x.ziel, x.grenze); err != nil {
			return err
		}
	}
	return nil
}

// entlastungenExportieren measures the xlsx export of the operation's relief plants and
// returns its rows.
func (l *lauf) entlastungenExportieren(ctx context.Context, s *server, admin nutzer, betriebID int64) ([][]string, error) {
	e := beginnen()
	status, datei, _, err := s.anfrage(ctx, admin, http.MethodGet, fmt.Sprintf("/api/betrieb/%d/export-entlastungsanlagen", betriebID), nil)
	if err != nil || status != http.StatusOK {
		return nil, fmt.Errorf("export: %d %.300s %v", status, datei, err)
	}
	exp := e.ende()
	zeilen, err := blattLesen(datei)
	if err != nil {
		return nil, err
	}
	if len(zeilen)-1 < entlastungsZeilen {
		return nil, fmt.Errorf("export: %d rows, want %d", len(zeilen)-1, entlastungsZeilen)
	}
	l.messung(Messung{ID: "entlastung.export", Bereich: "Plant network", Name: fmt.Sprintf("xlsx export of an operation's %s relief plants", zahl(int64(len(zeilen)-1))),
		Text: fmt.Sprintf("%s (file %s KB)%s", exp.dauer.Round(time.Millisecond), zahl(int64(len(datei)/1024)), exp.text()), Werte: exp.werte(map[string]float64{"seconds": exp.dauer.Seconds()})})
	return zeilen, nil
}

// entlastungenImportieren measures the import of the exported rows unchanged and with every
// row's Gemarkung changed, and returns the latter's cost.
func (l *lauf) entlastungenImportieren(ctx context.Context, s *server, admin nutzer, betriebID int64, zeilen [][]string) (aufwand, error) {
	importieren := func(name string, zeilen [][]string, geaendert int) (aufwand, error) {
		b, err := blattSchreiben(zeilen)
		if err != nil {
			return aufwand{}, err
		}
		a := beginnen()
		status, antwort, err := s.hochladen(ctx, admin, fmt.Sprintf("/api/betrieb/%d/import-entlastungsanlagen", betriebID), name, b)
		if err != nil {
			return aufwand{}, err
		}
		var out struct {
			Geaendert int `json:"geaendert"`
		}
		if status != http.StatusOK || json.Unmarshal(antwort, &out) != nil || out.Geaendert != geaendert {
			return aufwand{}, fmt.Errorf("import: %d %.300s, want %d changed", status, antwort, geaendert)
		}
		return a.ende(), nil
	}
	n := len(zeilen) - 1
	gleich, err := importieren("unveraendert.xlsx", zeilen, 0)
	if err != nil {
		return aufwand{}, err
	}
	l.messung(Messung{ID: "entlastung.import_unveraendert", Bereich: "Plant network", Name: fmt.Sprintf("import of the %s rows unchanged (every row checked, no event)", zahl(int64(n))),
		Text: gleich.dauer.Round(time.Millisecond).String() + gleich.text(), Werte: gleich.werte(map[string]float64{"seconds": gleich.dauer.Seconds(), "rows": float64(n)})})
	spalte := -1
	for i, k := range zeilen[0] {
		if k == "Gemarkung" {
			spalte = i
		}
	}
	if spalte < 0 {
		return aufwand{}, fmt.Errorf("export without Gemarkung: %v", zeilen[0])
	}
	for _, z := range zeilen[1:] {
		z[spalte] += "-Ost"
	}
	imp, err := importieren("geaendert.xlsx", zeilen, n)
	if err != nil {
		return aufwand{}, err
	}
	l.messung(Messung{ID: "entlastung.import", Bereich: "Plant network", Name: fmt.Sprintf("import of %s relief plants, every row changed (POST …/import-entlastungsanlagen: one transaction, one event a plant)", zahl(int64(n))),
		Text: imp.dauer.Round(time.Millisecond).String() + imp.text(), Werte: imp.werte(map[string]float64{"seconds": imp.dauer.Seconds(), "rows": float64(n)})})
	return imp, nil
}

// kopieSchranke measures the bound: the same rows COPYed into a table of their text columns.
func (l *lauf) kopieSchranke(ctx context.Context, zeilen [][]string, imp aufwand) error {
	n := len(zeilen) - 1
	spalten := make([]string, len(zeilen[0]))
	definition := ""
	for i := range spalten {
		spalten[i] = fmt.Sprintf("s%d", i)
		definition += fmt.Sprintf(", s%d text", i)
	}
	werte := make([][]any, n)
	for i, z := range zeilen[1:] {
		werte[i] = make([]any, len(spalten))
		for j := range spalten {
			if j < len(z) {
				werte[i][j] = z[j]
			}
		}
	}
	k := beginnen()
	tx, err := l.pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer func() { _ = tx.Rollback(ctx) }()
	if _, err := tx.Exec(ctx, `CREATE TEMP TABLE entlastung_kopie (`+definition[2:]+`) ON COMMIT DROP`); err != nil {
		return err
	}
	if _, err := tx.CopyFrom(ctx, pgx.Identifier{"entlastung_kopie"}, spalten, pgx.CopyFromRows(werte)); err != nil {
		return err
	}
	if err := tx.Commit(ctx); err != nil {
		return err
	}
	kopie := k.ende()
	l.messung(Messung{ID: "entlastung.import.copy", Bereich: "Plant network", Name: fmt.Sprintf("COPY bound: the same rows into a table of %d text columns", len(spalten)),
		Text: fmt.Sprintf("%s; import ÷ COPY bound %.3f (the import takes %.0f× the time of the COPY)", kopie.dauer.Round(time.Microsecond),
			kopie.dauer.Seconds()/imp.dauer.Seconds(), imp.dauer.Seconds()/kopie.dauer.Seconds()),
		Werte: map[string]float64{"seconds": kopie.dauer.Seconds(), "ratio": kopie.dauer.Seconds() / imp.dauer.Seconds()}})
	return nil
}

// blattLesen are the rows of an xlsx file's first sheet as text, each as long as the header.
func blattLesen(datei []byte) ([][]string, error) {
	f, err := excelize.OpenReader(bytes.NewReader(datei))
	if err != nil {
		return nil, err
	}
	defer f.Close()
	zeilen, err := f.GetRows(f.GetSheetList()[0], excelize.Options{RawCellValue: true})
	if err != nil || len(zeilen) == 0 {
		return nil, fmt.Errorf("sheet: %v", err)
	}
	for i := range zeilen {
		for len(zeilen[i]) < len(zeilen[0]) {
			zeilen[i] = append(zeilen[i], "")
		}
	}
	return zeilen, nil
}

// blattSchreiben is an xlsx file of one sheet with the rows as text cells, but the coordinates
// (Hochwert, Rechtswert): number cells, as the export writes them and a spreadsheet program
// keeps them — a text cell "5571000.25" is no German number (issue 43).
func blattSchreiben(zeilen [][]string) ([]byte, error) {
	f := excelize.NewFile()
	defer f.Close()
	sw, err := f.NewStreamWriter("Sheet1")
	if err != nil {
		return nil, err
	}
	for i, z := range zeilen {
		werte := make([]any, len(z))
		for j, v := range z {
			werte[j] = v
			if x, err := strconv.ParseFloat(v, 64); err == nil && i > 0 && (zeilen[0][j] == "Hochwert" || zeilen[0][j] == "Rechtswert") {
				werte[j] = x
			}
		}
		zelle, _ := excelize.CoordinatesToCellName(1, i+1)
		if err := sw.SetRow(zelle, werte); err != nil {
			return nil, err
		}
	}
	if err := sw.Flush(); err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	err = f.Write(&buf)
	return buf.Bytes(), err
}
