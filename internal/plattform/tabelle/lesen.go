package tabelle

import (
	"context"
	"encoding/xml"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/eabwasser/eabwasser/domain/validierung"
)

// Messages of a spreadsheet import (spec 000 §5 and §8, spec 001 §5 and §8; the
// row-and-column ones and the limits' are ours).
const (
	MsgNurXlsx              = "Es können nur xlsx-Dateien importiert werden. Der Import wurde abgebrochen."
	MsgImportFehlgeschlagen = "Der Import ist fehlgeschlagen!"
	MsgSpalteFehlt          = "Die Spalte „%s“ fehlt in der Datei."
	MsgZelle                = "Zeile %d, Spalte „%s“: %s"
	MsgKeinBlatt            = "Die Datei enthält kein Tabellenblatt."
	MsgZuVieleZeilen        = "Die Tabelle hat mehr als %d Zeilen und wird nicht importiert."
)

// Quelle hands an import its file once the import has checked the caller's rights — a
// request's body is read only then. hoechstens is the area's size limit; a larger file is
// refused (MsgNurXlsx).
type Quelle func(hoechstens int64) ([]byte, error)

// Datei is the Quelle of a file at hand (tests, the bench).
func Datei(b []byte) Quelle {
	return func(hoechstens int64) ([]byte, error) {
		if int64(len(b)) > hoechstens {
			return nil, validierung.Regel(MsgNurXlsx)
		}
		return b, nil
	}
}

// Grenzen is what an area takes of a file: its size in bytes and its rows of data. A sheet may
// hold as many empty rows again (a row a spreadsheet program keeps for its format); reading
// stops at the first row past either limit.
type Grenzen struct {
	Bytes  int64
	Zeilen int
}

// Zelle is a cell as Lies hands it over: its text, trimmed, and whether the spreadsheet keeps
// it as a number (a date or a time is one too: Excel's serial day and its fraction). A value
// typed into a spreadsheet program is often a number although it shows "15.01.2025" or "0,4";
// the importing area reads it back as its column needs.
type Zelle struct {
	Text string
	Zahl bool
}

// Lies reads the first sheet of the xlsx file of q, within g: the header row (row 1) names the
// columns — spalten, in any order and any case; others are ignored; a missing one is an error —
// and every further row that is not empty goes to zeile with its number in the sheet and its
// cells in the order of spalten. The archive's directory is checked before anything is
// unpacked (oeffne); only the parts that lead to the first sheet, its shared strings and the
// sheet itself are read, the sheet as a stream of XML tokens, and reading ends with ctx. A file
// that is no xlsx is MsgNurXlsx; zeile's error ends the reading and is Lies's.
func Lies(ctx context.Context, q Quelle, g Grenzen, spalten []string, zeile func(nr int, zellen []Zelle) error) error {
	b, err := q(g.Bytes)
	if err != nil {
		return err
	}
	a, err := oeffne(ctx, b)
	if err != nil {
		return err
	}
	blatt, texte, err := a.ersteTabelle()
	if err != nil {
		return err
	}
	sst, err := a.gemeinsameTexte(texte)
	if err != nil {
		return err
	}
	r, err := a.teil(blatt)
	if err != nil {
		return err
	}
	if r == nil {
		return validierung.Regel(MsgKeinBlatt)
	}
	defer r.Close()
	l := blattLeser{xmlLeser: neuerXMLLeser(r), sst: sst}
	var spalteVon map[int]int // the index in spalten of each of the sheet's columns read
	zeilen, daten, nr := 0, 0, 0
	for {
		t, err := l.Token()
		if err != nil {
			return lesefehler(ctx, err)
		}
		if t == nil {
			break
		}
		e, ok := t.(xml.StartElement)
		if !ok || e.Name.Local != "row" {
			continue
		}
		if zeilen++; zeilen > 2*g.Zeilen+1 {
			return validierung.Regel(fmt.Sprintf(MsgZuVieleZeilen, 2*g.Zeilen+1))
		}
		nr, err = zeilennummer(e, nr)
		if err != nil {
			return err
		}
		zellen, err := l.zeile()
		if err != nil {
			return lesefehler(ctx, err)
		}
		if spalteVon == nil {
			if nr != 1 {
				break // no header row: the first column is missing
			}
			if spalteVon, err = kopf(zellen, spalten); err != nil {
				return err
			}
			continue
		}
		werte := make([]Zelle, len(spalten))
		leer := true
		for _, z := range zellen {
			if i, ok := spalteVon[z.spalte]; ok && z.Text != "" {
				werte[i], leer = z.Zelle, false
			}
		}
		if leer {
			continue
		}
		if daten++; daten > g.Zeilen {
			return validierung.Regel(validierung.ZuViele(g.Zeilen))
		}
		if err := zeile(nr, werte); err != nil {
			return err
		}
	}
	if spalteVon == nil && len(spalten) > 0 {
		return validierung.Regel(fmt.Sprintf(MsgSpalteFehlt, spalten[0]))
	}
	return nil
}

// kopf finds the column of each of spalten in the header row.
func kopf(zellen []blattZelle, spalten []string) (map[int]int, error) {
	von := make(map[int]int, len(spalten))
	for i, s := range spalten {
		gefunden := false
		for _, z := range zellen {
			if strings.EqualFold(z.Text, s) {
				von[z.spalte], gefunden = i, true
			}
		}
		if !gefunden {
			return nil, validierung.Regel(fmt.Sprintf(MsgSpalteFehlt, s))
		}
	}
	return von, nil
}

// zeilennummer is the row's number: its r attribute, else the one after the previous row.
func zeilennummer(e xml.StartElement, vorige int) (int, error) {
	r := attr(e, "r")
	if r == "" {
		return vorige + 1, nil
	}
	n, err := strconv.Atoi(r)
	if err != nil || n < 1 || n > 1<<20 {
		return 0, validierung.Regel(MsgImportFehlgeschlagen)
	}
	return n, nil
}

// blattZelle is a cell of a row with its column (0-based).
type blattZelle struct {
	Zelle
	spalte int
}

// blattLeser reads a sheet's rows from its XML tokens.
type blattLeser struct {
	xmlLeser
	sst []string
}

// zeile reads the cells of the row element just started, up to its end; a cell without a
// reference is in the column after the previous one.
func (l blattLeser) zeile() ([]blattZelle, error) {
	var out []blattZelle
	spalte := -1
	for {
		t, err := l.Token()
		if err != nil {
			return nil, err
		}
		switch t := t.(type) {
		case nil:
			return nil, fmt.Errorf("xml: Zeile ohne Ende")
		case xml.EndElement:
			if t.Name.Local == "row" {
				return out, nil
			}
		case xml.StartElement:
			if t.Name.Local != "c" {
				if _, err := l.text(); err != nil { // not a cell: skipped
					return nil, err
				}
				continue
			}
			if spalte, err = zellspalte(t, spalte); err != nil {
				return nil, err
			}
			z, err := l.zelle(t)
			if err != nil {
				return nil, err
			}
			if z.Text != "" {
				out = append(out, blattZelle{Zelle: z, spalte: spalte})
			}
		}
	}
}

// zellspalte is the cell's column: its reference's letters, else the one after the previous.
func zellspalte(c xml.StartElement, vorige int) (int, error) {
	ref := attr(c, "r")
	if ref == "" {
		if vorige+1 >= hoechstensSpalten {
			return 0, validierung.Regel(MsgImportFehlgeschlagen)
		}
		return vorige + 1, nil
	}
	n := 0
	i := 0
	for ; i < len(ref) && ref[i] >= 'A' && ref[i] <= 'Z'; i++ {
		n = n*26 + int(ref[i]-'A'+1)
		if n > hoechstensSpalten {
			return 0, validierung.Regel(MsgImportFehlgeschlagen)
		}
	}
	if i == 0 {
		return 0, validierung.Regel(MsgImportFehlgeschlagen)
	}
	return n - 1, nil
}

// zelle reads the cell element c up to its end: its value (<v>, or the inline string <is>)
// as its type t says — a shared string's index, a text, or a number (no type, "n"; an ISO date
// "d" becomes Excel's serial day, as the other numbers are).
func (l blattLeser) zelle(c xml.StartElement) (Zelle, error) {
	var wert string
	for {
		t, err := l.Token()
		if err != nil {
			return Zelle{}, err
		}
		switch t := t.(type) {
		case nil:
			return Zelle{}, fmt.Errorf("xml: Zelle ohne Ende")
		case xml.EndElement:
			if t.Name.Local == "c" {
				return l.wert(attr(c, "t"), strings.TrimSpace(wert))
			}
		case xml.StartElement:
			s, err := l.text("rPh")
			if err != nil {
				return Zelle{}, err
			}
			if t.Name.Local == "v" || t.Name.Local == "is" {
				wert = s
			}
		}
	}
}

func (l blattLeser) wert(typ, wert string) (Zelle, error) {
	switch typ {
	case "", "n":
		return Zelle{Text: wert, Zahl: wert != ""}, nil
	case "s":
		if wert == "" {
			return Zelle{}, nil
		}
		i, err := strconv.Atoi(wert)
		if err != nil || i < 0 || i >= len(l.sst) {
			return Zelle{}, validierung.Regel(MsgImportFehlgeschlagen)
		}
		return Zelle{Text: strings.TrimSpace(l.sst[i])}, nil
	case "d":
		if tag, ok := serienTag(wert); ok {
			return Zelle{Text: tag, Zahl: true}, nil
		}
	}
	return Zelle{Text: wert}, nil // inlineStr, str (a formula's text), b, e
}

// serienTag is an ISO 8601 date and time as Excel's serial day (days since 30.12.1899, the
// time as its fraction).
func serienTag(iso string) (string, bool) {
	for _, layout := range []string{"2006-01-02T15:04:05.999999999Z07:00", "2006-01-02T15:04:05.999999999", "2006-01-02"} {
		if t, err := time.Parse(layout, iso); err == nil {
			tage := t.Sub(time.Date(1899, 12, 30, 0, 0, 0, 0, t.Location())).Hours() / 24
			return strconv.FormatFloat(tage, 'f', -1, 64), true
		}
	}
	return "", false
}
