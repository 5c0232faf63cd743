package tabelle

import (
	"archive/zip"
	"bytes"
	"fmt"
	"io"
	"regexp"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"
)

// TestSchreibe_NumbersAndDatesAreNumericCellsWithGermanFormats (issue 43): a stored decimal is
// a number shown with its digits after the comma, a date a date cell shown dd.mm.yyyy, a time
// hh:mm, the open end "unbefristet"; what is no number stays text; the columns have widths from
// header and data, the header is frozen and carries an autofilter over every row.
func TestSchreibe_NumbersAndDatesAreNumericCellsWithGermanFormats(t *testing.T) {
	kopf := []string{"Messstelle", "Wert", "Gültig ab", "Gültig bis", "Uhrzeit", "Anzahl", "Bemerkung zu diesem Wert"}
	var buf bytes.Buffer
	err := Schreibe(&buf, "Blatt", kopf, func(zeile func(...any) error) error {
		for i := range 2 * probeZeilen {
			if err := zeile("Ablauf Kläranlage Nord", Zahl("1234,50"), Datum("2026-01-15"), Datum("3000-01-01"), Uhrzeit("08:30"), i,
				Zahl("<0,5")); err != nil {
				return err
			}
		}
		return zeile("", Zahl("0.4"), Datum("15.06.2036"), Datum(""), Uhrzeit("8 Uhr"), nil, Zahl(""))
	})
	if err != nil {
		t.Fatal(err)
	}
	datei := buf.Bytes()
	f, err := excelize.OpenReader(bytes.NewReader(datei))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	roh := func(zelle string) string {
		v, err := f.GetCellValue("Blatt", zelle, excelize.Options{RawCellValue: true})
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	format := func(zelle string) string {
		id, err := f.GetCellStyle("Blatt", zelle)
		if err != nil {
			t.Fatal(err)
		}
		s, err := f.GetStyle(id)
		if err != nil {
			t.Fatal(err)
		}
		if s.CustomNumFmt == nil {
			return ""
		}
		return *s.CustomNumFmt
	}
	typ := func(zelle string) excelize.CellType {
		ct, err := f.GetCellType("Blatt", zelle)
		if err != nil {
			t.Fatal(err)
		}
		return ct
	}
	zahl := func(ct excelize.CellType) bool { return ct == excelize.CellTypeNumber || ct == excelize.CellTypeUnset }
	letzte := 2*probeZeilen + 2
	for _, c := range []struct {
		zelle, roh, format string
		zahl               bool
	}{
		{"A2", "Ablauf Kläranlage Nord", "", false},
		{"B2", "1234.5", "#,##0.00", true}, {"B" + fmt.Sprint(letzte-1), "1234.5", "#,##0.00", true},
		{"C2", "46037", "dd.mm.yyyy", true},
		{"D2", "unbefristet", "", false},
		{"E2", "0.3541666666666667", "hh:mm", true},
		{"F2", "0", "", true},
		{"G2", "<0,5", "", false},
		{fmt.Sprint("B", letzte), "0.4", "#,##0.0", true}, // stored before issue 43 with a decimal point
		{fmt.Sprint("C", letzte), "49841", "dd.mm.yyyy", true},
		{fmt.Sprint("E", letzte), "8 Uhr", "", false},
	} {
		if got := roh(c.zelle); got != c.roh {
			t.Errorf("%s: %q, want %q", c.zelle, got, c.roh)
		}
		if got := format(c.zelle); got != c.format {
			t.Errorf("%s: format %q, want %q", c.zelle, got, c.format)
		}
		if got := zahl(typ(c.zelle)); got != c.zahl {
			t.Errorf("%s: numeric %v, want %v", c.zelle, got, c.zahl)
		}
	}
	if v := roh(fmt.Sprint("D", letzte)); v != "" {
		t.Errorf("an empty date: %q", v)
	}
	for i, k := range kopf {
		spalte, _ := excelize.ColumnNumberToName(i + 1)
		b, err := f.GetColWidth("Blatt", spalte)
		if err != nil {
			t.Fatal(err)
		}
		if b < float64(len([]rune(k))) || b < minBreite || b > maxBreite {
			t.Errorf("column %s (%s): width %v", spalte, k, b)
		}
	}
	if b, _ := f.GetColWidth("Blatt", "A"); b < float64(len("Ablauf Kläranlage Nord")) {
		t.Errorf("column A is narrower than its cells: %v", b)
	}
	xml := blattXML(t, datei)
	if want := fmt.Sprintf(`<autoFilter ref="$A$1:$G$%d">`, letzte); !strings.Contains(xml, want) {
		t.Errorf("no %s in the sheet", want)
	}
	if !regexp.MustCompile(`<cols><col min="1" max="1" [^>]*/><col min="2" max="2" `).MatchString(xml) {
		t.Error("the columns are not in order")
	}
	if !strings.Contains(xml, `<pane activePane="bottomLeft" state="frozen" topLeftCell="A2" ySplit="1">`) {
		t.Error("the header row is not frozen")
	}
	if n := f.GetDefinedName(); len(n) != 1 || n[0].Name != "_xlnm._FilterDatabase" {
		t.Errorf("the filter's range: %v", n)
	}
}

// blattXML is the first sheet's XML of an xlsx file.
func blattXML(t *testing.T, datei []byte) string {
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
