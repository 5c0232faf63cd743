// Package tabelle writes the spreadsheet (xlsx) exports: one sheet, a bold header row and
// the rows as they come, through excelize's stream writer so large exports stay small in
// memory.
package tabelle

import (
	"archive/zip"
	"fmt"
	"io"

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
	n := 1
	err = zeilen(func(werte ...any) error {
		n++
		cell, err := excelize.CoordinatesToCellName(1, n)
		if err != nil {
			return err
		}
		return sw.SetRow(cell, werte)
	})
	if err != nil {
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
