package httpapi

import (
	"archive/zip"
	"bytes"
	"fmt"
	"io"
	"math"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"github.com/eabwasser/eabwasser/internal/werkzeug/seed"
)

// TestExporte_ThePlantSheetsAreFilteredFrozenAndWideWithNumbersAsNumbers (issue 43): the
// exports the worklist and Bescheid tests do not read through xlsxBlatt — the relief plants and
// the disposal area — have what every export has; the coordinates and the version are numbers,
// the Gemeinde-Nr. stays text (its leading zero).
func TestExporte_ThePlantSheetsAreFilteredFrozenAndWideWithNumbersAsNumbers(t *testing.T) {
	w := newKontoWelt(t, "")
	fachadmin := w.login(t, "fachadmin", seed.DemoPasswort)
	betrieb := idVon(t, w, "betrieb", "Kläranlage Musterhausen")
	ka := idVon(t, w, "anlage", "Kläranlage Musterhausen")
	for _, c := range []struct {
		pfad, blatt string
		arten       map[string]zellart
	}{
		{fmt.Sprintf("/api/betrieb/%d/export-entlastungsanlagen/", betrieb), "Entlastungsanlagen",
			map[string]zellart{"A2": textZelle, "K2": zahlZelle, "L2": zahlZelle, "P2": zahlZelle}},
		{fmt.Sprintf("/api/anlage/abwasserbehandlung/%d/export/", ka), "Entsorgungsraum", map[string]zellart{"A2": textZelle}},
	} {
		a := w.send(t, "GET", c.pfad, nil, fachadmin)
		rows := xlsxBlatt(t, a, c.blatt) // pruefeTabellenform
		if len(rows) < 2 {
			t.Fatalf("%s: %v", c.blatt, rows)
		}
		pruefeZellarten(t, a.Body.Bytes(), c.blatt, c.arten)
	}
}

// zellart is what a cell of an export holds (issue 43, "Exports a clerk can calculate with").
type zellart int

const (
	textZelle  zellart = iota
	zahlZelle          // a number with a number format
	datumZelle         // a number shown as dd.mm.yyyy
	zeitZelle          // a number shown as hh:mm (a time of day) or dd.mm.yyyy hh:mm
	leereZelle
)

func (z zellart) String() string {
	return [...]string{"Text", "Zahl", "Datum", "Uhrzeit", "leer"}[z]
}

// zellartVon is the kind of cell zelle of the sheet is, by its type and number format.
func zellartVon(t testing.TB, f *excelize.File, blatt, zelle string) zellart {
	t.Helper()
	typ, err := f.GetCellType(blatt, zelle)
	if err != nil {
		t.Fatal(err)
	}
	if typ != excelize.CellTypeUnset && typ != excelize.CellTypeNumber {
		return textZelle
	}
	roh, err := f.GetCellValue(blatt, zelle, excelize.Options{RawCellValue: true})
	if err != nil {
		t.Fatal(err)
	}
	if roh == "" {
		return leereZelle
	}
	if _, err := strconv.ParseFloat(roh, 64); err != nil {
		t.Fatalf("%s: the numeric cell holds %q", zelle, roh)
	}
	id, err := f.GetCellStyle(blatt, zelle)
	if err != nil {
		t.Fatal(err)
	}
	s, err := f.GetStyle(id)
	if err != nil {
		t.Fatal(err)
	}
	format := ""
	if s.CustomNumFmt != nil {
		format = strings.ToLower(*s.CustomNumFmt)
	}
	switch {
	case strings.Contains(format, "hh:mm"):
		return zeitZelle
	case strings.Contains(format, "dd.mm.yyyy") || s.NumFmt == 14:
		return datumZelle
	}
	return zahlZelle
}

// pruefeZellarten checks the kinds of the cells named (A2: zahlZelle, …) of an export.
func pruefeZellarten(t testing.TB, datei []byte, blatt string, arten map[string]zellart) {
	t.Helper()
	f, err := excelize.OpenReader(bytes.NewReader(datei))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	for zelle, want := range arten {
		if got := zellartVon(t, f, blatt, zelle); got != want {
			v, _ := f.GetCellValue(blatt, zelle)
			t.Errorf("%s %s (%q): %v, want %v", blatt, zelle, v, got, want)
		}
	}
}

// pruefeTabellenform checks what every export has (issue 43): the header row frozen, an
// autofilter from A1 over every column and row, and each column at least as wide as its header.
func pruefeTabellenform(t testing.TB, f *excelize.File, datei []byte, blatt string, rows [][]string) {
	t.Helper()
	if len(rows) == 0 {
		t.Fatalf("%s: no header", blatt)
	}
	if p, err := f.GetPanes(blatt); err != nil || !p.Freeze || p.YSplit != 1 {
		t.Errorf("%s: the header row is not frozen: %+v %v", blatt, p, err)
	}
	ende, _ := excelize.CoordinatesToCellName(len(rows[0]), len(rows), true)
	if m := regexp.MustCompile(`<autoFilter ref="([^"]+)"`).FindStringSubmatch(blattXML(t, datei)); m == nil || m[1] != "$A$1:"+ende {
		t.Errorf("%s: autofilter %v, want $A$1:%s", blatt, m, ende)
	}
	for i, k := range rows[0] {
		spalte, _ := excelize.ColumnNumberToName(i + 1)
		if b, err := f.GetColWidth(blatt, spalte); err != nil || b < float64(len([]rune(k))) {
			t.Errorf("%s: column %s (%s) is %v wide", blatt, spalte, k, b)
		}
	}
}

// blattXML is the XML of the first sheet of an export (Schreibe writes one).
func blattXML(t testing.TB, datei []byte) string {
	t.Helper()
	z, err := zip.NewReader(bytes.NewReader(datei), int64(len(datei)))
	if err != nil {
		t.Fatal(err)
	}
	r, err := z.Open("xl/worksheets/sheet1.xml")
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	b, err := io.ReadAll(r)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// pruefeZahlen checks that the cells named are numbers of these values (a spreadsheet
// program's file: LibreOffice's formats are its own, the values must be ours).
func pruefeZahlen(t testing.TB, datei []byte, blatt string, werte map[string]float64) {
	t.Helper()
	f, err := excelize.OpenReader(bytes.NewReader(datei))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	for zelle, want := range werte {
		typ, err := f.GetCellType(blatt, zelle)
		if err != nil {
			t.Fatal(err)
		}
		roh, _ := f.GetCellValue(blatt, zelle, excelize.Options{RawCellValue: true})
		got, err := strconv.ParseFloat(roh, 64)
		if typ != excelize.CellTypeUnset && typ != excelize.CellTypeNumber || err != nil || math.Abs(got-want) > 1e-9 {
			t.Errorf("%s %s: %q (type %v), want the number %v", blatt, zelle, roh, typ, want)
		}
	}
}

// aufDeutsch turns the rows excelize formats (numbers with English separators: "1,250.5") into
// what a German clerk sees ("1.250,5"); dates and times are as their formats show them.
func aufDeutsch(f *excelize.File, blatt string, rows [][]string) [][]string {
	for i, row := range rows {
		for j, v := range row {
			zelle, _ := excelize.CoordinatesToCellName(j+1, i+1)
			if typ, _ := f.GetCellType(blatt, zelle); typ == excelize.CellTypeUnset && v != "" && !datumOderZeit.MatchString(v) {
				row[j] = strings.NewReplacer(".", ",", ",", ".").Replace(v)
			}
		}
	}
	return rows
}

// datumOderZeit is a date or time cell as its format shows it.
var datumOderZeit = regexp.MustCompile(`^(\d\d\.\d\d\.\d{4}|\d\d:\d\d|\d\d\.\d\d\.\d{4} \d\d:\d\d)$`)
