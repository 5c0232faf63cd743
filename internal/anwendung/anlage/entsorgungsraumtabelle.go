package anlage

import (
	"cmp"
	"context"
	"fmt"
	"io"
	"slices"
	"strconv"

	"github.com/eabwasser/eabwasser/domain/anlage"
	"github.com/eabwasser/eabwasser/domain/validierung"
	"github.com/eabwasser/eabwasser/eventstore"
	"github.com/eabwasser/eabwasser/internal/plattform/tabelle"
)

// The disposal area of a treatment plant as a spreadsheet (spec 000 §7: GET/POST
// /anlage/abwasserbehandlung/{id}/export|import/): one row per administrative unit, Gemeinde-Nr.
// and name. The import replaces the units of the plant's disposal area by the sheet's rows as a
// save of the plant at the version the page loaded (the same rights and checks as the form:
// every Gemeinde-Nr. an entry of the value list verwaltungseinheit); reference date and
// parameter stay. One bad row writes nothing; an unchanged sheet appends nothing.

// MsgEntsorgungsraumImportiert is ours (the spec names only the failure).
const MsgEntsorgungsraumImportiert = "Der Entsorgungsraum wurde erfolgreich importiert"

const (
	spalteGemeindeNr = "Gemeinde-Nr."
	spalteVerwaltung = "Verwaltungseinheit"
)

// ExportiereEntsorgungsraum writes the administrative units of treatment plant id's disposal
// area (a plant the caller sees) as xlsx; the file's name goes to datei before anything is written.
func (d *Dienst) ExportiereEntsorgungsraum(ctx context.Context, n Nutzer, id int64, datei func(string), w io.Writer) error {
	_, a, _, _, err := d.sichtbar(ctx, n, id)
	if err != nil {
		return err
	}
	if a.Typ != anlage.Abwasserbehandlung {
		return validierung.NichtGefunden
	}
	datei(fmt.Sprintf("entsorgungsraum-%s.xlsx", AnlagenID(id)))
	return tabelle.Schreibe(w, "Entsorgungsraum", []string{spalteGemeindeNr, spalteVerwaltung}, func(zeile func(...any) error) error {
		if a.Daten.Entsorgungsraum == nil {
			return nil
		}
		for _, v := range a.Daten.Entsorgungsraum.Entsorgungsraeume {
			if err := zeile(v.Schluessel, v.Bezeichnung); err != nil {
				return err
			}
		}
		return nil
	})
}

// ImportiereEntsorgungsraum replaces the administrative units of treatment plant id's disposal
// area by the rows of the xlsx file r, saved as the plant at version (Speichern).
func (d *Dienst) ImportiereEntsorgungsraum(ctx context.Context, n Nutzer, id int64, version int, datei tabelle.Quelle, m eventstore.Metadata) (eventstore.Appended, error) {
	n, a, _, b, err := d.sichtbar(ctx, n, id)
	if err != nil {
		return eventstore.Appended{}, err
	}
	if a.Typ != anlage.Abwasserbehandlung {
		return eventstore.Appended{}, validierung.NichtGefunden
	}
	// the file is read only for those who may set the disposal area (Speichern checks it again)
	if !slices.Contains(rechte(n, b, a).Felder, "entsorgungsraum") {
		return eventstore.Appended{}, validierung.NichtErlaubt
	}
	var einheiten []anlage.Verwaltungseinheit
	var zeilen []int // the sheet's row of each unit, for the messages
	grenzen := tabelle.Grenzen{Bytes: 1 << 20, Zeilen: validierung.Hoechstanzahl("entsorgungsraeume")}
	err = tabelle.Lies(ctx, datei, grenzen, []string{spalteGemeindeNr, spalteVerwaltung}, func(nr int, z []tabelle.Zelle) error {
		nummer := z[0].Text
		if z[0].Zahl { // a Gemeinde-Nr. typed into a spreadsheet loses its leading zero
			if v, err := strconv.ParseFloat(nummer, 64); err == nil {
				nummer = fmt.Sprintf("%08d", int64(v))
			}
		}
		einheiten, zeilen = append(einheiten, anlage.Verwaltungseinheit{Schluessel: nummer, Bezeichnung: z[1].Text}), append(zeilen, nr)
		return nil
	})
	if err != nil {
		return eventstore.Appended{}, err
	}
	daten := a.Daten
	raum := anlage.Entsorgungsraum{Entsorgungsraeume: einheiten}
	if daten.Entsorgungsraum != nil {
		raum.Bezugsdatum, raum.Bezugsparameter = daten.Entsorgungsraum.Bezugsdatum, daten.Entsorgungsraum.Bezugsparameter
	}
	daten.Entsorgungsraum = &raum
	out, err := d.Speichern(ctx, n, anlage.Abwasserbehandlung, id, Formular{Daten: daten, Version: version}, m)
	return out, raumfehler(err, zeilen)
}

// raumfehler names the sheet's row and column of each field error of the disposal area's units.
func raumfehler(err error, zeilen []int) error {
	f, ok := err.(*validierung.Fehler)
	if !ok || len(f.Felder) == 0 {
		return err
	}
	out := &validierung.Fehler{Message: f.Message, Felder: map[string]string{}}
	for feld, msg := range f.Felder {
		var i int
		if _, e := fmt.Sscanf(feld, "entsorgungsraum.entsorgungsraeume[%d]", &i); e == nil && i < len(zeilen) {
			out.Felder[fmt.Sprintf("zeilen[%d].%s", zeilen[i], spalteGemeindeNr)] = fmt.Sprintf(tabelle.MsgZelle, zeilen[i], spalteGemeindeNr, msg)
			out.Message = cmp.Or(out.Message, tabelle.MsgImportFehlgeschlagen) // the rows say what
			continue
		}
		out.Felder[feld] = msg
	}
	return out
}
