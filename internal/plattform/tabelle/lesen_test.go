package tabelle

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/xuri/excelize/v2"

	"github.com/eabwasser/eabwasser/domain/validierung"
	"github.com/eabwasser/eabwasser/internal/plattform/tabelle/angriff"
)

// A workbook as excelize writes it (shared strings, a date with its format, a number, a text
// that looks like a number, an empty row, columns in another order and one not asked for) is
// read cell by cell with each cell's kind; so is a sheet without any reference and one with
// ISO dates and rich text.
func TestLies_JedeZelleMitIhrerArt(t *testing.T) {
	f := excelize.NewFile()
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(f.SetSheetRow("Sheet1", "A1", &[]any{"Wert", "Sonstiges", "DATUM"}))
	must(f.SetSheetRow("Sheet1", "A2", &[]any{0.4, "x", time.Date(2025, 1, 15, 0, 0, 0, 0, time.UTC)}))
	must(f.SetSheetRow("Sheet1", "A3", &[]any{"1.000", nil, "15.01.2025"}))
	must(f.SetSheetRow("Sheet1", "A5", &[]any{"  12  "}))
	var b bytes.Buffer
	must(f.Write(&b))

	type zeile struct {
		nr     int
		zellen []Zelle
	}
	lies := func(datei []byte, spalten ...string) ([]zeile, error) {
		var out []zeile
		err := Lies(t.Context(), Datei(datei), Grenzen{Bytes: 1 << 20, Zeilen: 10}, spalten, func(nr int, z []Zelle) error {
			out = append(out, zeile{nr, z})
			return nil
		})
		return out, err
	}
	got, err := lies(b.Bytes(), "Datum", "Wert")
	if err != nil {
		t.Fatal(err)
	}
	want := []zeile{
		{2, []Zelle{{Text: "45672", Zahl: true}, {Text: "0.4", Zahl: true}}},
		{3, []Zelle{{Text: "15.01.2025"}, {Text: "1.000"}}},
		{5, []Zelle{{}, {Text: "12"}}},
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("excelize's workbook:\n got %v\nwant %v", got, want)
	}

	// no r on rows and cells; an ISO date cell, rich text and a phonetic reading
	ohne := angriff.Zip(angriff.Arbeitsmappe(angriff.Teil{Inhalt: []byte(angriff.Blatt(
		`<row><c t="inlineStr"><is><t>A</t></is></c><c t="inlineStr"><is><r><t>B</t></r></is></c></row>` +
			`<row><c t="d"><v>2025-01-15T12:00:00</v></c><c t="inlineStr"><is><r><t>ei</t></r><r><t>ns</t></r><rPh><t>x</t></rPh></is></c></row>` +
			`<row/><row><c/><c><v>7</v></c></row>`))}))
	got, err = lies(ohne, "B", "A")
	if err != nil {
		t.Fatal(err)
	}
	want = []zeile{{2, []Zelle{{Text: "eins"}, {Text: "45672.5", Zahl: true}}}, {4, []Zelle{{Text: "7", Zahl: true}, {}}}}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("without references:\n got %v\nwant %v", got, want)
	}
	if _, err := lies(ohne, "C"); !istRegel(err, `Die Spalte „C“ fehlt in der Datei.`) {
		t.Errorf("missing column: %v", err)
	}
	if _, err := lies([]byte("kein zip")); !istRegel(err, MsgNurXlsx) {
		t.Errorf("no zip: %v", err)
	}
}

// Hostile archives are refused from their directory, before anything is unpacked: what the
// refusal allocates stays small (counted by the runtime, not timed). Sheets whose rows carry
// no reference are read as a stream and stop at the row limit.
func TestLies_FeindlicheArchiveUndZeilenOhneNummer(t *testing.T) {
	const gib = 1 << 30
	zuGross := fmt.Sprintf(MsgZuGrossEntpackt, HoechstensEntpackt>>20)
	for _, c := range []struct {
		name  string
		datei []byte
		msg   string
	}{
		{"1 GiB declared small (the entry lies)", angriff.Bombe(gib, 4096), MsgImportFehlgeschlagen},
		{"512 MiB, honest", angriff.Bombe(512<<20, 512<<20), zuGross},
		{"a header declaring 3 GiB", angriff.Bombe(1<<20, 3*gib), zuGross},
		{"one stream in four entries", angriff.Ueberlappend(4, 2<<20), MsgArchivUngueltig},
		{"80,000 rows without r", angriff.OhneZeilennummern([]string{"Wert"}, 80_000), validierung.ZuViele(500)},
		{"1,000,000 rows without r", angriff.OhneZeilennummern([]string{"Wert"}, 1_000_000), validierung.ZuViele(500)},
		{"1,000,000 empty rows", angriff.Zip(angriff.Arbeitsmappe(angriff.Teil{Inhalt: []byte(angriff.Blatt(
			`<row><c t="inlineStr"><is><t>Wert</t></is></c></row>` + strings.Repeat("<row/>", 1_000_000)))})),
			fmt.Sprintf(MsgZuVieleZeilen, 2*500+1)},
		{"501 rows of data", angriff.OhneZeilennummern([]string{"Wert"}, 501), validierung.ZuViele(500)},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Logf("%d KiB", len(c.datei)>>10)
			var vor, nach runtime.MemStats
			runtime.ReadMemStats(&vor)
			zeilen := 0
			err := Lies(t.Context(), Datei(c.datei), Grenzen{Bytes: 10 << 20, Zeilen: 500}, []string{"Wert"}, func(int, []Zelle) error {
				zeilen++
				return nil
			})
			runtime.ReadMemStats(&nach)
			if !istRegel(err, c.msg) {
				t.Errorf("got %v, want %q", err, c.msg)
			}
			if alloc := nach.TotalAlloc - vor.TotalAlloc; alloc > 64<<20 {
				t.Errorf("allocated %d MiB", alloc>>20)
			}
			if zeilen > 500 {
				t.Errorf("%d rows handed over", zeilen)
			}
		})
	}
	// within the limits, a sheet without references is read whole
	n := 0
	err := Lies(t.Context(), Datei(angriff.OhneZeilennummern([]string{"Wert"}, 500)), Grenzen{Bytes: 10 << 20, Zeilen: 500}, []string{"Wert"}, func(nr int, z []Zelle) error {
		if n++; nr != n+1 || z[0] != (Zelle{Text: "1", Zahl: true}) {
			return fmt.Errorf("row %d: %v", nr, z)
		}
		return nil
	})
	if err != nil || n != 500 {
		t.Errorf("500 rows: %d read, %v", n, err)
	}
}

// An import whose request ends (the client went away) stops reading within a few rows.
func TestLies_EndetMitDemKontext(t *testing.T) {
	ctx, abbrechen := context.WithCancel(t.Context())
	defer abbrechen()
	datei := angriff.OhneZeilennummern([]string{"Wert"}, 200_000)
	n := 0
	err := Lies(ctx, Datei(datei), Grenzen{Bytes: 10 << 20, Zeilen: 200_000}, []string{"Wert"}, func(int, []Zelle) error {
		if n++; n == 100 {
			abbrechen()
		}
		return nil
	})
	if !errors.Is(err, context.Canceled) || n > 100+5000 {
		t.Fatalf("%d rows, %v", n, err)
	}
}

func istRegel(err error, msg string) bool {
	var f *validierung.Fehler
	return errors.As(err, &f) && strings.Contains(f.Error(), msg)
}
