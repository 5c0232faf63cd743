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

	"github.com/klauspost/compress/flate"
	"github.com/xuri/excelize/v2"
)

// ContentType of an xlsx answer.
const ContentType = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"

// Schreibe writes a workbook with one sheet to w. zeilen calls its argument once per row.
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
	if err := fliessband(zeilen, func(n int, werte []any) error {
		cell, err := excelize.CoordinatesToCellName(1, n+1)
		if err != nil {
			return err
		}
		return sw.SetRow(cell, werte)
	}); err != nil {
		return fmt.Errorf("tabelle %s: %w", blatt, err)
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
