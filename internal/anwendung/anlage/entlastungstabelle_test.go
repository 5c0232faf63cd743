package anlage

import (
	"bytes"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/eabwasser/eabwasser/domain/anlage"
	"github.com/eabwasser/eabwasser/domain/betrieb"
	"github.com/eabwasser/eabwasser/domain/validierung"
	anlagen "github.com/eabwasser/eabwasser/internal/dokumente/anlage"
	"github.com/eabwasser/eabwasser/internal/plattform/tabelle"
)

// The import's row rules without a database: a sheet written with the export's own columns,
// some cells edited, read back by liesEntlastungen. (The API tests
// TestAnlagennetz_…AllOrNothing run the same rules end to end, with the saves.)
func TestLiesEntlastungen_JedeZeileGeprueftUndGelesen(t *testing.T) {
	plant := func(id int64, name string, version int) anlagen.Gespeichert {
		return anlagen.Gespeichert{ID: id, Version: version, Anlage: anlage.Anlage{Typ: anlage.Entlastung, Daten: anlage.Daten{
			Bezeichnung: name, Anlagenart: "MISCHWASSER", Anlagenstatus: anlage.InBetrieb, Entlastungssystem: "Mischsystem",
			Lage: betrieb.Lage{Hochwert: 5572000.5, Rechtswert: 393000.25}, AufnahmeID: 7}}}
	}
	nachID := map[int64]anlagen.Gespeichert{}
	for id := int64(11); id <= 17; id++ {
		nachID[id] = plant(id, fmt.Sprintf("Regenüberlaufbecken %d", id), 3)
	}
	kopf := make([]string, len(entlastungsspalten))
	spalte := map[string]int{}
	for i, s := range entlastungsspalten {
		kopf[i], spalte[s.titel] = s.titel, i
	}
	// each row as the export writes it, then edited as a user would (nil: unchanged)
	type zeile struct {
		id      int64
		aendere func(w []any)
	}
	zeilen := []zeile{
		{11, nil}, // row 2: unchanged
		{12, func(w []any) { w[spalte["Abwasseranlage"]] = "RÜB Mühlenweg"; w[spalte["Hochwert"]] = "5572100,75" }}, // row 3: read
		{13, func(w []any) { w[spalte[spalteNr]] = "B-13" }},                                                        // row 4: no plant number
		{99, nil}, // row 5: not a relief plant of the operation
		{11, nil}, // row 6: twice in the file
		{14, func(w []any) { w[spalte[spalteVersion]] = 2 }},                     // row 7: changed since the export
		{15, func(w []any) { w[spalte[spalteStatus]] = "Stillgelegt" }},          // row 8: status by import
		{16, func(w []any) { w[spalte["Rechtswert"]] = "dreihundert" }},          // row 9: not a number
		{17, func(w []any) { w[spalte["Drosselablauf (Anlagen-Nr.)"]] = "A-x" }}, // row 10: not a plant number
	}
	var datei bytes.Buffer
	err := tabelle.Schreibe(&datei, "Entlastungsanlagen", kopf, func(schreibe func(...any) error) error {
		for _, z := range zeilen {
			g, ok := nachID[z.id]
			if !ok {
				g = plant(z.id, "fremd", 1)
			}
			e := entlastungszeile{id: z.id, a: g.Anlage, version: g.Version, namen: map[int64]string{7: "Kläranlage Musterhausen"}}
			werte := make([]any, len(entlastungsspalten))
			for i, s := range entlastungsspalten {
				werte[i] = s.export(&e)
			}
			if z.aendere != nil {
				z.aendere(werte)
			}
			if err := schreibe(werte...); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}

	gelesen, fehler, err := liesEntlastungen(t.Context(), tabelle.Datei(datei.Bytes()), nachID)
	if err != nil {
		t.Fatal(err)
	}
	soll := map[string]string{
		"zeilen[4].Anlagen-Nr.":     MsgAnlagenNr,
		"zeilen[5].Anlagen-Nr.":     MsgFremdeAnlage,
		"zeilen[6].Anlagen-Nr.":     MsgAnlageDoppelt,
		"zeilen[7].version":         MsgSeitExport,
		"zeilen[8].anlagenstatus":   MsgStatusImport,
		"zeilen[9].lage.rechtswert": validierung.MsgZahlOderNichts,
		"zeilen[10].drosselablauf":  MsgAnlagenNr,
	}
	for feld, msg := range soll {
		if got := fehler.felder[feld]; !strings.HasSuffix(got, msg) {
			t.Errorf("%s: %q, want the message ending in %q", feld, got, msg)
		}
	}
	if len(fehler.felder) != len(soll) {
		t.Errorf("messages %v, want exactly those of %d cells", fehler.felder, len(soll))
	}
	if e := fehler.err(); e == nil || !strings.Contains(e.Error(), MsgEntlastungNichtImportiert) {
		t.Errorf("the import's error %v, want %q", e, MsgEntlastungNichtImportiert)
	}
	// the rows that name a known plant once are read with their data
	nachNr := map[int]importzeile{}
	for _, z := range gelesen {
		nachNr[z.nr] = z
	}
	if z := nachNr[2]; !reflect.DeepEqual(z.daten, nachID[11].Anlage.Daten) || z.version != 3 {
		t.Errorf("row 2 (unchanged): %+v, want the stored data at version 3", z)
	}
	z := nachNr[3]
	if z.daten.Bezeichnung != "RÜB Mühlenweg" || z.daten.Lage.Hochwert != 5572100.75 || z.daten.AufnahmeID != 7 || z.g.ID != 12 {
		t.Errorf("row 3 (edited): %+v", z)
	}
	if _, ok := nachNr[4]; ok {
		t.Error("a row without a plant number was read as a plant")
	}
}

// TestKoordinateAus_NumberCellsAsNumbersTextByTheGermanForm: a numeric cell is the number it
// holds; a text cell is read by the one reader (validierung.LiesZahl), a point never a decimal point.
func TestKoordinateAus_NumberCellsAsNumbersTextByTheGermanForm(t *testing.T) {
	for _, c := range []struct {
		zelle tabelle.Zelle
		wert  float64
		msg   string
	}{
		{tabelle.Zelle{Text: "5572100.75", Zahl: true}, 5572100.75, ""},
		{tabelle.Zelle{Text: "5572100,75"}, 5572100.75, ""},
		{tabelle.Zelle{Text: "5.572.100,75"}, 5572100.75, ""},
		{tabelle.Zelle{Text: "398.140"}, 398140, ""},
		{tabelle.Zelle{Text: "5572100.75"}, 0, validierung.MsgZahlFormat},
		{tabelle.Zelle{Text: "398.14"}, 0, validierung.MsgZahlFormat},
		{tabelle.Zelle{Text: "dreihundert"}, 0, validierung.MsgZahlOderNichts},
		{tabelle.Zelle{}, 0, ""},
	} {
		var f float64
		if msg := koordinateAus(&f, c.zelle); msg != c.msg || f != c.wert {
			t.Errorf("koordinateAus(%+v) = %v %q, want %v %q", c.zelle, f, msg, c.wert, c.msg)
		}
	}
}
