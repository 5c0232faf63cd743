package tabelle

import (
	"fmt"
	"io"
	"strings"

	"github.com/xuri/excelize/v2"

	"github.com/eabwasser/eabwasser/domain/validierung"
)

// Messages of a spreadsheet import (spec 000 §5 and §8, spec 001 §5 and §8; the
// row-and-column ones are ours).
const (
	MsgNurXlsx              = "Es können nur xlsx-Dateien importiert werden. Der Import wurde abgebrochen."
	MsgImportFehlgeschlagen = "Der Import ist fehlgeschlagen!"
	MsgSpalteFehlt          = "Die Spalte „%s“ fehlt in der Datei."
	MsgZelle                = "Zeile %d, Spalte „%s“: %s"
	MsgKeinBlatt            = "Die Datei enthält kein Tabellenblatt."
)

// Zelle is a cell as Lies hands it over: its text, trimmed, and whether the spreadsheet keeps
// it as a number (a date or a time is one too: Excel's serial day and its fraction). A value
// typed into a spreadsheet program is often a number although it shows "15.01.2025" or "0,4";
// the importing area reads it back as its column needs.
type Zelle struct {
	Text string
	Zahl bool
}

// Lies reads the first sheet of the xlsx file r, at most hoechstens bytes: the header row names
// the columns — spalten, in any order and any case; others are ignored; a missing one is an
// error — and every further row that is not empty goes to zeile with its number in the sheet
// (the header is row 1) and its cells in the order of spalten. A file that is no xlsx is
// MsgNurXlsx; zeile's error ends the reading and is Lies's.
func Lies(r io.Reader, hoechstens int64, spalten []string, zeile func(nr int, zellen []Zelle) error) error {
	f, err := excelize.OpenReader(io.LimitReader(r, hoechstens+1))
	if err != nil {
		return validierung.Regel(MsgNurXlsx)
	}
	defer f.Close()
	blaetter := f.GetSheetList()
	if len(blaetter) == 0 {
		return validierung.Regel(MsgKeinBlatt)
	}
	blatt := blaetter[0]
	rows, err := f.Rows(blatt)
	if err != nil {
		return validierung.Regel(MsgNurXlsx)
	}
	defer rows.Close()
	var spalteVon []int // the sheet's column of each of spalten
	for nr := 1; rows.Next(); nr++ {
		roh, err := rows.Columns(excelize.Options{RawCellValue: true})
		if err != nil {
			return validierung.Regel(MsgImportFehlgeschlagen)
		}
		if spalteVon == nil {
			spalteVon = make([]int, len(spalten))
			for i, s := range spalten {
				spalteVon[i] = -1
				for j, z := range roh {
					if strings.EqualFold(strings.TrimSpace(z), s) {
						spalteVon[i] = j
					}
				}
				if spalteVon[i] < 0 {
					return validierung.Regel(fmt.Sprintf(MsgSpalteFehlt, s))
				}
			}
			continue
		}
		zellen := make([]Zelle, len(spalten))
		leer := true
		for i, j := range spalteVon {
			if j >= len(roh) {
				continue
			}
			text := strings.TrimSpace(roh[j])
			if text == "" {
				continue
			}
			leer = false
			name, _ := excelize.CoordinatesToCellName(j+1, nr)
			typ, _ := f.GetCellType(blatt, name)
			zellen[i] = Zelle{Text: text, Zahl: typ == excelize.CellTypeNumber || typ == excelize.CellTypeUnset || typ == excelize.CellTypeDate}
		}
		if leer {
			continue
		}
		if err := zeile(nr, zellen); err != nil {
			return err
		}
	}
	if err := rows.Error(); err != nil {
		return validierung.Regel(MsgImportFehlgeschlagen)
	}
	if spalteVon == nil && len(spalten) > 0 {
		return validierung.Regel(fmt.Sprintf(MsgSpalteFehlt, spalten[0]))
	}
	return nil
}
