package httpapi

import (
	"bytes"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/xuri/excelize/v2"

	berichtdienst "github.com/eabwasser/eabwasser/internal/anwendung/jahresbericht"
)

// soffice is LibreOffice's binary (Debian libreoffice-calc-nogui, which .ci/run installs).
func soffice(t *testing.T) string {
	t.Helper()
	for _, p := range []string{"/usr/bin/soffice", "/usr/bin/libreoffice"} {
		if _, err := os.Stat(p); err == nil {
			return p
		}
	}
	t.Fatal("LibreOffice (soffice) fehlt: .ci/run installiert libreoffice-calc-nogui")
	return ""
}

// mitLibreOffice converts datei (named name) to xlsx as LibreOffice Calc with German settings
// opens and saves it — a CSV typed in there, or an xlsx opened and saved again.
func mitLibreOffice(t *testing.T, name string, datei []byte) []byte {
	t.Helper()
	dir := t.TempDir()
	ein := filepath.Join(dir, "ein", name)
	if err := os.MkdirAll(filepath.Dir(ein), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(ein, datei, 0o600); err != nil {
		t.Fatal(err)
	}
	args := []string{"-env:UserInstallation=file://" + filepath.Join(dir, "profil"), "--headless", "--norestore"}
	if strings.HasSuffix(name, ".csv") {
		// separator ';', quote '"', UTF-8, from line 1, standard columns, language de-DE: dates and
		// decimal commas become what a German user typing them gets — numbers
		args = append(args, "--infilter=CSV:59,34,76,1,,1031")
	}
	args = append(args, "--convert-to", "xlsx:Calc MS Excel 2007 XML", "--outdir", filepath.Join(dir, "aus"), ein)
	cmd := exec.Command(soffice(t), args...)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("soffice: %v\n%s", err, out)
	}
	aus := filepath.Join(dir, "aus", strings.TrimSuffix(name, filepath.Ext(name))+".xlsx")
	b, err := os.ReadFile(aus)
	if err != nil {
		t.Fatalf("soffice wrote nothing: %v", err)
	}
	return b
}

// The values of a parameter as a spreadsheet: exported as the grid shows them, imported back
// unchanged without a new event, filled in LibreOffice (typed dates, times and decimal commas
// are numbers there) and imported to the same values, 5,000 hourly rows all or nothing, only
// xlsx, and no import template for a plausibilised report.
func TestJahresbericht_MesswerteExportierenUndImportieren(t *testing.T) {
	w := neueBerichtsWelt(t)
	ctx := t.Context()
	pool := w.dienst.Store.Pool()
	var pid int64
	for _, p := range w.lies(t, w.betreiber)["parameter"].([]any) {
		m := p.(map[string]any)
		if m["parameterNr"] == "304" && int64(m["messstelle"].(float64)) == w.messstelle {
			pid = int64(m["parameterId"].(float64))
		}
	}
	if pid == 0 {
		t.Fatal("no parameter 304 at 1110000109")
	}
	vorlage := func(name string) int64 {
		var id int64
		if err := pool.QueryRow(ctx, `SELECT id FROM werteliste_eintrag WHERE liste = 'selbstueberwachungVorlage' AND wert = $1`, name).Scan(&id); err != nil {
			t.Fatalf("template %s: %v", name, err)
		}
		return id
	}
	werte := fmt.Sprintf("/api/jahresbericht/%d/messstelle/%d/parameter-messwert/%d", w.bericht, w.messstelle, pid)
	speichere := func(vorlageID int64, zeilen []map[string]any) {
		t.Helper()
		if zeilen == nil {
			zeilen = []map[string]any{} // no values is [], a null is refused (issue 43)
		}
		a := w.send(t, "PUT", werte, map[string]any{"version": version(w.lies(t, w.betreiber)), "anzahlWerte": len(zeilen),
			"status": "UNBEARBEITET", "vorlageMesswerteId": vorlageID, "messwerte": zeilen}, w.betreiber)
		if a.Code != 200 {
			t.Fatalf("save values: %d %s", a.Code, a.Body.String())
		}
	}
	gespeichert := func() string {
		t.Helper()
		a := w.send(t, "GET", werte, nil, w.betreiber)
		if a.Code != 200 {
			t.Fatalf("GET values: %d %s", a.Code, a.Body.String())
		}
		var out []string
		for _, m := range a.json(t)["messwerte"].([]any) {
			z := m.(map[string]any)
			out = append(out, fmt.Sprintf("%v %v %v", z["datum"], z["uhrzeit"], z["wert"]))
		}
		return strings.Join(out, "|")
	}
	importiere := func(name string, datei []byte, token string) antwort {
		t.Helper()
		return w.hochladen(t, fmt.Sprintf("/api/messwert/%d/import-messwerte?version=%d", pid, version(w.lies(t, w.betreiber))), token,
			teil{name: "file", dateiname: name, typ: "application/octet-stream", inhalt: string(datei)})
	}
	ereignisse := func() int {
		var n int
		if err := pool.QueryRow(ctx, `SELECT count(*) FROM events WHERE stream_id = $1`, fmt.Sprintf("jahresbericht-%d", w.bericht)).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}

	stich := vorlage("Stichproben mit Uhrzeit")
	speichere(stich, []map[string]any{{"datum": "15.01.2026", "uhrzeit": "08:30", "wert": "0,4"}, {"datum": "12.02.2026", "uhrzeit": "09:00", "wert": "1,2"},
		{"datum": "16.03.2026", "uhrzeit": "10:00", "wert": "1.250,50"}})
	export := w.send(t, "GET", fmt.Sprintf("/api/messwert/jahresbericht/%d/parameter/%d/export-messwerte", w.bericht, pid), nil, w.betreiber)
	if d := export.Header().Get("Content-Disposition"); !strings.Contains(d, "messwerte-2026-304.xlsx") {
		t.Fatalf("file name: %q", d)
	}
	if rows := xlsxBlatt(t, export, berichtdienst.Blatt); fmt.Sprint(rows) != "[[Datum Uhrzeit Wert] [15.01.2026 08:30 0,4] [12.02.2026 09:00 1,2] [16.03.2026 10:00 1.250,5]]" {
		t.Fatalf("export: %v", rows)
	}
	datei := export.Body.Bytes()
	// issue 43: the date a date, the time a time, the value a number — also after LibreOffice
	// opened and saved the sheet, which the clerk does before importing it again
	pruefeZellarten(t, datei, berichtdienst.Blatt, map[string]zellart{"A2": datumZelle, "B2": zeitZelle, "C2": zahlZelle, "C3": zahlZelle})
	libre := mitLibreOffice(t, "messwerte.xlsx", datei)
	pruefeZahlen(t, libre, berichtdienst.Blatt, map[string]float64{"A2": 46037, "B2": 8.5 / 24, "C2": 0.4, "C3": 1.2, "C4": 1250.5})

	// unchanged, straight and through LibreOffice: no event
	vorher := ereignisse()
	for _, f := range [][]byte{datei, libre} {
		if a := importiere("messwerte.xlsx", f, w.betreiber); a.Code != 200 {
			t.Fatalf("unchanged import: %d %s", a.Code, a.Body.String())
		}
	}
	if n := ereignisse(); n != vorher {
		t.Errorf("an unchanged import appended %d events", n-vorher)
	}

	// filled in LibreOffice: typed dates, times and decimal commas are numbers there
	csv := "Datum;Uhrzeit;Wert\n15.01.2026;08:30;0,4\n12.02.2026;09:00;1,2\n20.03.2026;10:15;0,35\n"
	if a := importiere("messwerte.xlsx", mitLibreOffice(t, "messwerte.csv", []byte(csv)), w.betreiber); a.Code != 200 ||
		a.json(t)["message"] != "Die Messwerte wurden erfolgreich importiert." {
		t.Fatalf("import of the filled sheet: %d %s", a.Code, a.Body.String())
	}
	if got := gespeichert(); got != "15.01.2026 08:30 0,4|12.02.2026 09:00 1,2|20.03.2026 10:15 0,35" {
		t.Fatalf("after the import: %s", got)
	}
	if n := ereignisse(); n != vorher+1 {
		t.Errorf("the import appended %d events, want one", n-vorher)
	}

	// only xlsx; nothing for another organisation's user
	if a := importiere("messwerte.csv", []byte(csv), w.betreiber); a.Code != http.StatusBadRequest ||
		!strings.Contains(a.Body.String(), berichtdienst.MsgNurXlsx) {
		t.Errorf("csv: %d %s", a.Code, a.Body.String())
	}
	if a := importiere("kaputt.xlsx", []byte("kein zip"), w.betreiber); a.Code != http.StatusBadRequest ||
		!strings.Contains(a.Body.String(), berichtdienst.MsgNurXlsx) {
		t.Errorf("not an xlsx: %d %s", a.Code, a.Body.String())
	}
	if a := importiere("messwerte.xlsx", datei, w.betreiber2); a.Code != http.StatusNotFound {
		t.Errorf("another organisation imports: %d %s", a.Code, a.Body.String())
	}

	// 5,000 hourly values, one of them wrong: nothing written; then right: all of them
	speichere(vorlage("Stundenwerte mit Uhrzeit"), nil)
	stunden := func(falsch int) []byte {
		f := excelize.NewFile()
		defer f.Close()
		_ = f.SetSheetRow("Sheet1", "A1", &[]any{"Datum", "Uhrzeit", "Wert"})
		start := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
		for i := range 5000 {
			t := start.Add(time.Duration(i) * time.Hour)
			datum := t.Format("02.01.2006")
			if i == falsch {
				datum = "31.02.2026"
			}
			_ = f.SetSheetRow("Sheet1", fmt.Sprintf("A%d", i+2), &[]any{datum, t.Format("15:04"), fmt.Sprintf("%d,%d", i%40, i%10)})
		}
		var buf bytes.Buffer
		if err := f.Write(&buf); err != nil {
			panic(err)
		}
		return buf.Bytes()
	}
	vorher = ereignisse()
	a := importiere("stunden.xlsx", stunden(3999), w.betreiber)
	if a.Code != http.StatusBadRequest || !strings.Contains(a.Body.String(), "Zeile 4001, Spalte „Datum“") {
		t.Fatalf("a wrong row: %d %.300s", a.Code, a.Body.String())
	}
	if n := ereignisse(); n != vorher {
		t.Fatalf("a refused import appended %d events", n-vorher)
	}
	if a := importiere("stunden.xlsx", stunden(-1), w.betreiber); a.Code != 200 {
		t.Fatalf("5,000 rows: %d %.300s", a.Code, a.Body.String())
	}
	if got := strings.Count(gespeichert(), "|") + 1; got != 5000 {
		t.Fatalf("stored %d rows", got)
	}

	// a plausibilised report: its values may be exported, its import template not
	var alt int64
	if err := pool.QueryRow(ctx, `SELECT id FROM jahresbericht WHERE anlage_id = $1 AND jahr = 2023`, w.anlage).Scan(&alt); err != nil {
		t.Fatal(err)
	}
	var altPid int64
	if err := pool.QueryRow(ctx, `SELECT parameter_id FROM jahresbericht_parameter WHERE jahresbericht_id = $1 AND jsonb_array_length(messwerte) > 0
		ORDER BY parameter_id LIMIT 1`, alt).Scan(&altPid); err != nil {
		t.Fatal(err)
	}
	if a := w.send(t, "GET", fmt.Sprintf("/api/messwert/jahresbericht/%d/parameter/%d/export-vorlage", alt, altPid), nil, w.sbs); a.Code != http.StatusBadRequest ||
		!strings.Contains(a.Body.String(), berichtdienst.MsgVorlagePlausibel) {
		t.Errorf("template of a plausibilised report: %d %s", a.Code, a.Body.String())
	}
	if a := w.send(t, "GET", fmt.Sprintf("/api/messwert/jahresbericht/%d/parameter/%d/export-messwerte", alt, altPid), nil, w.sbs); a.Code != 200 {
		t.Errorf("values of a plausibilised report: %d %s", a.Code, a.Body.String())
	}
}
