package jahresbericht

import (
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/xuri/excelize/v2"

	"github.com/eabwasser/eabwasser/domain/berechtigung"
	"github.com/eabwasser/eabwasser/domain/jahresbericht"
	"github.com/eabwasser/eabwasser/domain/validierung"
	"github.com/eabwasser/eabwasser/eventstore"
	"github.com/eabwasser/eabwasser/internal/anwendung/laden"
	berichte "github.com/eabwasser/eabwasser/internal/dokumente/jahresbericht"
	"github.com/eabwasser/eabwasser/internal/plattform/tabelle"
)

// The values of one parameter as a spreadsheet (spec 001 §7 "Measured values"): the export of
// the values (GET /messwert/jahresbericht/{id}/parameter/{pid}/export-messwerte/), the import
// template (…/export-vorlage/: the same sheet, refused for a PLAUSIBILISIERT report) and the
// import (POST /messwert/{parameterid}/import-messwerte/). The sheet has one column per column
// the parameter's template switches on, headed as the grid heads them, and one row per value;
// a date is a date cell, a time a time cell, a value a number (issue 43), and the import reads
// them back as the grid writes them ("15.01.2025", "08:30", "0,4"), so a sheet exported, filled
// in a spreadsheet program and imported comes back exactly. The import reads the sheet
// whole, then saves it with the values command: every row is checked before anything is written
// (one bad row writes nothing), and an unchanged sheet appends no event.

// Messages of the import (spec 001 §5, §8; the shared ones of every spreadsheet import in
// internal/plattform/tabelle).
const (
	MsgNurXlsx              = tabelle.MsgNurXlsx
	MsgImportFehlgeschlagen = tabelle.MsgImportFehlgeschlagen
	MsgVorlagePlausibel     = "Für einen plausibilisierten Jahresbericht kann keine Importvorlage exportiert werden."
)

// Blatt is the sheet's name.
const Blatt = "Messwerte"

// importGrenzen bound an imported file (a leap year of hourly values of every column is about
// 1 MB) and its rows (MaxMesswerte).
var importGrenzen = tabelle.Grenzen{Bytes: 10 << 20, Zeilen: jahresbericht.MaxMesswerte}

// tabellenspalte is a column of the sheet: its header and the field of a row.
type tabellenspalte struct {
	titel string
	feld  func(*jahresbericht.Messwert) *string
}

// zelle is the field's cell in the export: the date a date, the time a time, the key text,
// every other field a number (tabelle.Zahl: what is none stays text).
func (s tabellenspalte) zelle(m *jahresbericht.Messwert) any {
	switch v := *s.feld(m); s.titel {
	case "Datum":
		return tabelle.Datum(v)
	case "Uhrzeit":
		return tabelle.Uhrzeit(v)
	case "Wetterschlüssel":
		return v
	default:
		return tabelle.Zahl(v)
	}
}

// tabellenspalten are the columns of template v in the grid's order.
func tabellenspalten(v jahresbericht.Vorlage) []tabellenspalte {
	alle := []struct {
		an bool
		tabellenspalte
	}{
		{true, tabellenspalte{"Datum", func(m *jahresbericht.Messwert) *string { return &m.Datum }}},
		{v.Uhrzeit, tabellenspalte{"Uhrzeit", func(m *jahresbericht.Messwert) *string { return &m.Uhrzeit }}},
		{v.Wetterschluessel, tabellenspalte{"Wetterschlüssel", func(m *jahresbericht.Messwert) *string { return &m.WetterSchluessel }}},
		{v.Schwelle, tabellenspalte{"Schwelle", func(m *jahresbericht.Messwert) *string { return &m.Schwelle }}},
		{v.Wert, tabellenspalte{"Wert", func(m *jahresbericht.Messwert) *string { return &m.Wert }}},
		{v.MesswertAnzahl, tabellenspalte{"Anzahl", func(m *jahresbericht.Messwert) *string { return &m.Anzahl }}},
		{v.MesswertAnzahlGreater12, tabellenspalte{"Anzahl > 12 °C", func(m *jahresbericht.Messwert) *string { return &m.Anzahl12Grad }}},
		{v.MesswertMaxWert, tabellenspalte{"Maximalwert", func(m *jahresbericht.Messwert) *string { return &m.Maximalwert }}},
		{v.MesswertMaxQ, tabellenspalte{"Maximalwert Q", func(m *jahresbericht.Messwert) *string { return &m.MaximalwertQ }}},
		{v.Konzentration, tabellenspalte{"Konzentration", func(m *jahresbericht.Messwert) *string { return &m.Konzentration }}},
		{v.Abfluss, tabellenspalte{"Abfluss", func(m *jahresbericht.Messwert) *string { return &m.Abfluss }}},
	}
	var out []tabellenspalte
	for _, s := range alle {
		if s.an {
			out = append(out, s.tabellenspalte)
		}
	}
	return out
}

// Tabellendatei is the file name of a parameter's sheet.
func Tabellendatei(jahr int, parameterNr string, vorlage bool) string {
	art := "messwerte"
	if vorlage {
		art = "importvorlage"
	}
	nr := strings.Map(func(r rune) rune {
		if r >= '0' && r <= '9' || r >= 'A' && r <= 'Z' || r >= 'a' && r <= 'z' {
			return r
		}
		return '-'
	}, parameterNr)
	return fmt.Sprintf("%s-%d-%s.xlsx", art, jahr, nr)
}

// ExportiereMesswerte writes the values of parameter pid of report id as xlsx (vorlage: the
// import template, refused for a PLAUSIBILISIERT report). It returns the file's name through
// datei before it writes.
func (d *Dienst) ExportiereMesswerte(ctx context.Context, n Nutzer, id, pid int64, vorlage bool, datei func(string), w io.Writer) error {
	g, p, err := d.parameterDes(ctx, n, id, 0, pid)
	if err != nil {
		return err
	}
	if vorlage && g.k.J.Status == jahresbericht.Plausibilisiert {
		return validierung.Regel(MsgVorlagePlausibel)
	}
	if p.VorlageID == 0 {
		return validierung.Regel(jahresbericht.MsgVorlage)
	}
	v, err := d.vorlage(ctx, p.VorlageID)
	if err != nil {
		return err
	}
	werte, err := berichte.Messwerte(ctx, d.Store.Pool(), pid)
	if err != nil {
		return err
	}
	spalten := tabellenspalten(v)
	kopf := make([]string, len(spalten))
	for i, s := range spalten {
		kopf[i] = s.titel
	}
	datei(Tabellendatei(g.k.J.Jahr, p.ParameterNr, vorlage))
	return tabelle.Schreibe(w, Blatt, kopf, func(zeile func(...any) error) error {
		for _, m := range werte {
			m.Datum = jahresbericht.DatumAnzeige(m.Datum)
			zellen := make([]any, len(spalten))
			for i, s := range spalten {
				zellen[i] = s.zelle(&m)
			}
			if err := zeile(zellen...); err != nil {
				return err
			}
		}
		return nil
	})
}

// ImportiereMesswerte replaces the values of parameter pid by the rows of the xlsx file r (the
// report's version the page was loaded with): in edit mode for those who may import
// (MESSWERTE_IMPORTIEREN and the report editable for them), with the parameter's template.
func (d *Dienst) ImportiereMesswerte(ctx context.Context, n Nutzer, pid int64, version int, datei tabelle.Quelle, md eventstore.Metadata) (int64, eventstore.Appended, error) {
	id, err := berichte.ZumParameter(ctx, d.Store.Pool(), pid)
	if err != nil {
		return 0, eventstore.Appended{}, err
	}
	g, p, err := d.parameterDes(ctx, n, id, 0, pid)
	if err != nil {
		return id, eventstore.Appended{}, err
	}
	if !g.Nutzer.Darf(berechtigung.MesswerteImportieren) {
		return id, eventstore.Appended{}, validierung.Regel(jahresbericht.MsgKeineBerechtigung)
	}
	if err := laden.Version(version); err != nil {
		return id, eventstore.Appended{}, err
	}
	if p.VorlageID == 0 {
		return id, eventstore.Appended{}, validierung.Regel(jahresbericht.MsgVorlage)
	}
	v, err := d.vorlage(ctx, p.VorlageID)
	if err != nil {
		return id, eventstore.Appended{}, err
	}
	werte, err := liesTabelle(ctx, datei, tabellenspalten(v))
	if err != nil {
		return id, eventstore.Appended{}, err
	}
	cmd := jahresbericht.SpeichereMesswerte{ParameterID: pid, AnzahlWerte: len(werte), Status: p.Status, Vorlage: &v, Messwerte: werte,
		Rolle: rolle(g.Nutzer, g.b)}
	out, err := d.entscheide(ctx, g, version, cmd, md)
	return id, out, zellenfehler(err)
}

// liesTabelle reads the values of the first sheet (tabelle.Lies): the header row names the
// columns of the template, every further row that is not empty is a value.
func liesTabelle(ctx context.Context, datei tabelle.Quelle, spalten []tabellenspalte) ([]jahresbericht.Messwert, error) {
	titel := make([]string, len(spalten))
	for i, s := range spalten {
		titel[i] = s.titel
	}
	var out []jahresbericht.Messwert
	err := tabelle.Lies(ctx, datei, importGrenzen, titel, func(_ int, zellen []tabelle.Zelle) error {
		var m jahresbericht.Messwert
		for i, s := range spalten {
			wert := zellen[i].Text
			if wert != "" && zellen[i].Zahl {
				wert = zahlzelle(wert, s.titel)
			}
			*s.feld(&m) = wert
		}
		out = append(out, m)
		return nil
	})
	return out, err
}

// zahlzelle is a numeric cell as the grid writes it: a date (Excel's serial day) as
// dd.MM.yyyy, a time (a fraction of a day) as HH:MM, a number with a decimal comma. A cell
// typed into a spreadsheet program is a number even when it shows "15.01.2025" or "0,4"; the
// export writes its cells so (issue 43). A value is stored without needless zeros
// (jahresbericht.Kanonisch), so the number's digits are all there is to give back.
func zahlzelle(roh, spalte string) string {
	f, err := strconv.ParseFloat(roh, 64)
	if err != nil {
		return roh
	}
	switch spalte {
	case "Datum":
		if t, err := excelize.ExcelDateToTime(f, false); err == nil {
			return t.Format("02.01.2006")
		}
	case "Uhrzeit":
		if f >= 0 && f < 1 {
			minuten := int(f*24*60 + 0.5)
			return time.Date(2000, 1, 1, minuten/60, minuten%60, 0, 0, time.UTC).Format("15:04")
		}
	}
	return strings.Replace(strconv.FormatFloat(f, 'f', -1, 64), ".", ",", 1)
}

// zellenfehler names the row and column of each field error of the values command (the sheet's
// row: the header is row 1): an import has no grid to mark.
func zellenfehler(err error) error {
	f, ok := err.(*validierung.Fehler)
	if !ok || len(f.Felder) == 0 {
		return err
	}
	titel := map[string]string{"datum": "Datum", "uhrzeit": "Uhrzeit", "wetterSchluessel": "Wetterschlüssel", "schwelle": "Schwelle",
		"wert": "Wert", "anzahl": "Anzahl", "anzahl12Grad": "Anzahl > 12 °C", "maximalwert": "Maximalwert", "maximalwertQ": "Maximalwert Q",
		"konzentration": "Konzentration", "abfluss": "Abfluss"}
	out := &validierung.Fehler{Felder: map[string]string{}}
	for feld, msg := range f.Felder {
		var i int
		var name string
		if _, err := fmt.Sscanf(strings.Replace(feld, "].", "] ", 1), "messwerte[%d] %s", &i, &name); err == nil {
			out.Felder[feld] = fmt.Sprintf(tabelle.MsgZelle, i+2, titel[name], msg)
			continue
		}
		out.Felder[feld] = msg
	}
	return out
}
