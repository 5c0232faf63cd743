// Package tabelle writes the spreadsheet (xlsx) exports: one sheet, a bold header row and
// the rows as they come, through excelize's stream writer so large exports stay small in
// memory.
package tabelle

import (
	"archive/zip"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/klauspost/compress/flate"
	"github.com/xuri/excelize/v2"
)

// ContentType of an xlsx answer.
const ContentType = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"

// Schreibe writes a workbook with one sheet to w. zeilen calls its argument once per row; a
// row's cells are text (string), Go's numbers, or the cells of Zahl, Datum and Uhrzeit, written
// as numeric cells with German display formats. The header row is bold and frozen and carries
// an autofilter over all rows; the columns are as wide as the header and the first rows need
// (probeZeilen: the stream writer takes the widths before the first row).
func Schreibe(w io.Writer, blatt string, kopf []string, zeilen func(zeile func(werte ...any) error) error) error {
	f := excelize.NewFile()
	defer f.Close()
	if err := f.SetSheetName("Sheet1", blatt); err != nil {
		return err
	}
	sw, err := f.NewStreamWriter(blatt)
	if err != nil {
		return err
	}
	st := stile{f: f, zahl: map[int]int{}}
	var probe [][]any // the first rows, held until the widths are set
	begonnen := false
	beginne := func() error {
		begonnen = true
		if err := spaltenbreiten(sw, kopf, probe); err != nil {
			return err
		}
		if err := sw.SetPanes(&excelize.Panes{Freeze: true, YSplit: 1, TopLeftCell: "A2", ActivePane: "bottomLeft",
			Selection: []excelize.Selection{{SQRef: "A2", ActiveCell: "A2", Pane: "bottomLeft"}}}); err != nil {
			return err
		}
		fett, err := f.NewStyle(&excelize.Style{Font: &excelize.Font{Bold: true}})
		if err != nil {
			return err
		}
		header := make([]any, len(kopf))
		for i, k := range kopf {
			header[i] = excelize.Cell{StyleID: fett, Value: k}
		}
		if err := sw.SetRow("A1", header); err != nil {
			return err
		}
		for i, werte := range probe {
			if err := st.schreibeZeile(sw, i+2, werte); err != nil {
				return err
			}
		}
		probe = nil
		return nil
	}
	n := 0
	if err := fliessband(zeilen, func(k int, werte []any) error {
		n = k
		if !begonnen {
			if probe = append(probe, werte); len(probe) < probeZeilen {
				return nil
			}
			return beginne()
		}
		return st.schreibeZeile(sw, k+1, werte)
	}); err != nil {
		return fmt.Errorf("tabelle %s: %w", blatt, err)
	}
	if !begonnen {
		if err := beginne(); err != nil {
			return err
		}
	}
	if len(kopf) > 0 {
		// the stream writer has no autofilter of its own; the file's sets it on the worksheet
		// the stream writer writes at Flush (a test reads it back)
		ende, err := excelize.CoordinatesToCellName(len(kopf), n+1)
		if err != nil {
			return err
		}
		if err := f.AutoFilter(blatt, "A1:"+ende, nil); err != nil {
			return err
		}
	}
	if err := sw.Flush(); err != nil {
		return err
	}
	// The workbook is zipped straight into w: excelize would zip it into a buffer of the whole
	// file first (26 MB for 400,000 operations) and only then write it. The zip writer it
	// is given is that buffer's, so ours ignores it, and the buffer stays empty.
	f.SetZipWriter(func(io.Writer) excelize.ZipWriter { return zipNach(w) })
	return f.Write(w)
}

// probeZeilen are the rows whose cells decide the columns' widths, with the header.
const probeZeilen = 100

// Bounds of a column's width, in characters.
const (
	minBreite = 8
	maxBreite = 60
)

// spaltenbreiten sets each column as wide as its header and the cells of probe need.
func spaltenbreiten(sw *excelize.StreamWriter, kopf []string, probe [][]any) error {
	breiten := make([]int, len(kopf))
	for i, k := range kopf {
		breiten[i] = anzeigebreite(k) + 2 // bold, and the autofilter's button
	}
	for _, werte := range probe {
		for i, v := range werte {
			if i < len(breiten) {
				breiten[i] = max(breiten[i], anzeigebreite(v))
			}
		}
	}
	for i := len(breiten) - 1; i >= 0; i-- { // excelize puts each column before those set already; a spreadsheet wants them in order
		if err := sw.SetColWidth(i+1, i+1, float64(min(max(breiten[i]+1, minBreite), maxBreite))); err != nil {
			return err
		}
	}
	return nil
}

// stile are the number formats of a workbook's cells, each made once.
type stile struct {
	f                         *excelize.File
	zahl                      map[int]int // by digits after the comma
	datum, uhrzeit, zeitpunkt int
}

// Display formats: the separators of a format are the spreadsheet's own, shown as the reader's
// locale has them (1.234,5 in German); the date's and time's are written out.
const (
	formatDatum     = "dd.mm.yyyy"
	formatUhrzeit   = "hh:mm"
	formatZeitpunkt = "dd.mm.yyyy hh:mm"
)

func (s *stile) stil(format string, id *int) (int, error) {
	if *id == 0 {
		n, err := s.f.NewStyle(&excelize.Style{CustomNumFmt: &format})
		if err != nil {
			return 0, err
		}
		*id = n
	}
	return *id, nil
}

// zelle is the cell excelize writes for v.
func (s *stile) zelle(v any) (any, error) {
	switch v := v.(type) {
	case zahl:
		id := s.zahl[v.stellen]
		stil, err := s.stil(zahlformat(v.stellen), &id)
		s.zahl[v.stellen] = id
		return excelize.Cell{StyleID: stil, Value: v.wert}, err
	case tag:
		stil, err := s.stil(formatDatum, &s.datum)
		return excelize.Cell{StyleID: stil, Value: v.t}, err
	case zeitpunkt:
		stil, err := s.stil(formatZeitpunkt, &s.zeitpunkt)
		return excelize.Cell{StyleID: stil, Value: v.t}, err
	case uhrzeit:
		stil, err := s.stil(formatUhrzeit, &s.uhrzeit)
		tagesanteil := float64(v.t.Hour()*60+v.t.Minute()) / (24 * 60)
		return excelize.Cell{StyleID: stil, Value: tagesanteil}, err
	}
	return v, nil
}

// zahlformat groups thousands and shows the digits after the comma as stored.
func zahlformat(stellen int) string {
	if stellen == 0 {
		return "#,##0"
	}
	return "#,##0." + strings.Repeat("0", stellen)
}

func (s *stile) schreibeZeile(sw *excelize.StreamWriter, nr int, werte []any) error {
	zellen := make([]any, len(werte))
	for i, v := range werte {
		z, err := s.zelle(v)
		if err != nil {
			return err
		}
		zellen[i] = z
	}
	cell, err := excelize.CoordinatesToCellName(1, nr)
	if err != nil {
		return err
	}
	return sw.SetRow(cell, zellen)
}

// zipNach is a zip writer to w with a fast deflate: the sheet's XML is a few hundred bytes a
// row, and the standard library's default level spent most of a large export's time on it.
func zipNach(w io.Writer) *zip.Writer {
	zw := zip.NewWriter(w)
	zw.RegisterCompressor(zip.Deflate, func(out io.Writer) (io.WriteCloser, error) {
		return flate.NewWriter(out, flate.BestSpeed)
	})
	return zw
}

// paketGroesse is how many rows the reading side hands over at a time.
const paketGroesse = 256

var errAbgebrochen = errors.New("tabelle: das Schreiben ist abgebrochen")

// fliessband runs zeilen (the rows as they are read, from the database mostly) and schreibe
// (the sheet's XML) side by side, so a large export keeps two cores busy instead of one: the
// rows go over in packets; schreibe gets them in order, numbered from 1. An error of either side
// stops both.
func fliessband(zeilen func(zeile func(werte ...any) error) error, schreibe func(n int, werte []any) error) error {
	pakete := make(chan [][]any, 4)
	stop := make(chan struct{})
	var lesefehler error
	go func() {
		defer close(pakete)
		defer func() { // a panic of the reading side is the export's error, as the handler's would be
			if r := recover(); r != nil {
				lesefehler = fmt.Errorf("tabelle: %v", r)
			}
		}()
		paket := make([][]any, 0, paketGroesse)
		senden := func() error {
			select {
			case pakete <- paket:
				paket = make([][]any, 0, paketGroesse)
				return nil
			case <-stop:
				return errAbgebrochen
			}
		}
		lesefehler = zeilen(func(werte ...any) error {
			paket = append(paket, slices.Clone(werte)) // the caller may reuse its slice
			if len(paket) == paketGroesse {
				return senden()
			}
			return nil
		})
		if lesefehler == nil && len(paket) > 0 {
			lesefehler = senden()
		}
	}()
	n := 0
	for paket := range pakete {
		for _, werte := range paket {
			n++
			if err := schreibe(n, werte); err != nil {
				close(stop)
				for range pakete { // the reading side ends at its next packet
				}
				return err
			}
		}
	}
	return lesefehler
}
