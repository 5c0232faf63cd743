package anlage

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/jackc/pgx/v5"

	"github.com/eabwasser/eabwasser/domain/anlage"
	"github.com/eabwasser/eabwasser/domain/berechtigung"
	"github.com/eabwasser/eabwasser/domain/historie"
	"github.com/eabwasser/eabwasser/domain/validierung"
	"github.com/eabwasser/eabwasser/eventstore"
	anlagen "github.com/eabwasser/eabwasser/internal/dokumente/anlage"
	betriebe "github.com/eabwasser/eabwasser/internal/dokumente/betrieb"
	"github.com/eabwasser/eabwasser/internal/plattform/tabelle"
	"github.com/eabwasser/eabwasser/internal/zugriff"
)

// The relief plants of an operation as a spreadsheet (spec 000 §2, "Discharge plant overview
// per operation"): the export (GET /betrieb/{id}/export-entlastungsanlagen/) and the import
// (POST /betrieb/{id}/import-entlastungsanlagen/). The sheet has one row per relief plant, named
// by its Anlagen-Nr., and its Version: an import saves each changed row as that plant's save at
// that version — a plant changed since the export is a conflict of its row, never overwritten
// unseen. Every row is read and checked first; one bad row writes nothing, and all saves are one
// transaction. An unchanged row appends nothing, so a sheet exported and imported unchanged
// appends no event. The import changes the plants' data; it creates no plant and changes no
// status (a shut-down has its own dialog and reactions).

// Messages of the relief plants' import (spec 000 §8; the row ones are ours).
const (
	MsgEntlastungImportiert      = "Die Misch-/Niederschlagswasseranlagen wurden erfolgreich importiert"
	MsgEntlastungNichtImportiert = "Die Misch-/Niederschlagswasseranlagen konnten nicht importiert werden!"
	MsgFremdeAnlage              = "Die Anlage gehört nicht zu den Misch-/Niederschlagswasseranlagen des Betriebs. Neue Anlagen legen Sie in der Betriebsakte an."
	MsgAnlageDoppelt             = "Die Anlage steht mehrfach in der Datei."
	MsgSeitExport                = "Die Anlage wurde seit dem Export geändert. Bitte exportieren Sie die Liste erneut."
	MsgStatusImport              = "Den Status ändern Sie in der Anlage, nicht über den Import."
	MsgAnlagenNr                 = "Es muss eine Anlagen-Nr. wie A-0000123 angegeben werden."
	MsgVersionZelle              = "Die Version fehlt oder ist ungültig; bitte exportieren Sie die Liste erneut."
	MsgWeitereFehler             = "… und %d weitere Fehler"
	// AenderungsgrundImport is the reason of the versions an import opens (the Verlauf shows it).
	AenderungsgrundImport = "Import der Misch-/Niederschlagswasseranlagen"
)

// entlastungGrenzen bound an imported file and its rows (an operation has a few hundred relief
// plants at most; the bench imports 2,000).
var entlastungGrenzen = tabelle.Grenzen{Bytes: 10 << 20, Zeilen: 10_000}

// hoechstensFehler bounds the messages of one import.
const hoechstensFehler = 100

// entlastungsspalte is a column of the sheet: its header, the plant field its cell sets (the
// decider's errors name it), how the export writes it and how the import reads it (nil: export
// only, or checked by hand).
type entlastungsspalte struct {
	titel  string
	feld   string
	export func(e *entlastungszeile) any
	lesen  func(d *anlage.Daten, z tabelle.Zelle) string // the cell's message, "" when read
}

// entlastungszeile is a relief plant as the export writes it.
type entlastungszeile struct {
	id      int64
	a       anlage.Anlage
	version int
	namen   map[int64]string
}

const (
	spalteNr      = "Anlagen-Nr."
	spalteStatus  = "Status"
	spalteVersion = "Version"
)

var entlastungsspalten = []entlastungsspalte{
	{titel: spalteNr, export: func(e *entlastungszeile) any { return AnlagenID(e.id) }},
	{titel: "Abwasseranlage", feld: "bezeichnung", export: func(e *entlastungszeile) any { return e.a.Daten.Bezeichnung },
		lesen: func(d *anlage.Daten, z tabelle.Zelle) string { d.Bezeichnung = z.Text; return "" }},
	{titel: "Anlagenart", feld: "anlagenart", export: func(e *entlastungszeile) any { return text(e.a.Daten.Anlagenart) },
		lesen: func(d *anlage.Daten, z tabelle.Zelle) string {
			d.Anlagenart = code(z.Text, anlage.ArtenDesTyps(anlage.Entlastung))
			return ""
		}},
	{titel: spalteStatus, feld: "anlagenstatus", export: func(e *entlastungszeile) any { return text(e.a.Daten.Anlagenstatus) }},
	{titel: "Entlastungssystem", feld: "entlastungssystem", export: func(e *entlastungszeile) any { return e.a.Daten.Entlastungssystem },
		lesen: func(d *anlage.Daten, z tabelle.Zelle) string { d.Entlastungssystem = z.Text; return "" }},
	{titel: "Entlastungstyp", feld: "entlastungstyp", export: func(e *entlastungszeile) any { return e.a.Daten.Entlastungstyp },
		lesen: func(d *anlage.Daten, z tabelle.Zelle) string { d.Entlastungstyp = z.Text; return "" }},
	{titel: "Wasserbuchnummer", feld: "wasserbuchnummer", export: func(e *entlastungszeile) any { return e.a.Daten.Wasserbuchnummer },
		lesen: func(d *anlage.Daten, z tabelle.Zelle) string { d.Wasserbuchnummer = strings.ToUpper(z.Text); return "" }},
	{titel: "Gemarkung", feld: "gemarkung", export: func(e *entlastungszeile) any { return e.a.Daten.Gemarkung },
		lesen: func(d *anlage.Daten, z tabelle.Zelle) string { d.Gemarkung = z.Text; return "" }},
	{titel: "Flur", feld: "flur", export: func(e *entlastungszeile) any { return e.a.Daten.Flur },
		lesen: func(d *anlage.Daten, z tabelle.Zelle) string { d.Flur = z.Text; return "" }},
	{titel: "Flurstück", feld: "flurstueck", export: func(e *entlastungszeile) any { return e.a.Daten.Flurstueck },
		lesen: func(d *anlage.Daten, z tabelle.Zelle) string { d.Flurstueck = z.Text; return "" }},
	{titel: "Hochwert", feld: "lage.hochwert", export: func(e *entlastungszeile) any { return zahlOderLeer(e.a.Daten.Lage.Hochwert) },
		lesen: func(d *anlage.Daten, z tabelle.Zelle) string { return koordinateAus(&d.Lage.Hochwert, z) }},
	{titel: "Rechtswert", feld: "lage.rechtswert", export: func(e *entlastungszeile) any { return zahlOderLeer(e.a.Daten.Lage.Rechtswert) },
		lesen: func(d *anlage.Daten, z tabelle.Zelle) string { return koordinateAus(&d.Lage.Rechtswert, z) }},
	{titel: "Aufnehmende Anlage (Anlagen-Nr.)", feld: "aufnahme", export: func(e *entlastungszeile) any { return anlagenNr(e.a.Daten.AufnahmeID) },
		lesen: func(d *anlage.Daten, z tabelle.Zelle) string { return anlageAus(&d.AufnahmeID, z) }},
	{titel: "Aufnehmende Anlage", export: func(e *entlastungszeile) any { return e.namen[e.a.Daten.AufnahmeID] }},
	{titel: "Drosselablauf (Anlagen-Nr.)", feld: "drosselablauf", export: func(e *entlastungszeile) any { return anlagenNr(e.a.Daten.Drosselablauf) },
		lesen: func(d *anlage.Daten, z tabelle.Zelle) string { return anlageAus(&d.Drosselablauf, z) }},
	{titel: spalteVersion, export: func(e *entlastungszeile) any { return e.version }},
}

// code is the identifier of a fixed choice written as its text ("Mischwasser") or itself.
func code(wert string, codes []string) string {
	for _, c := range codes {
		if strings.EqualFold(wert, text(c)) || strings.EqualFold(wert, c) {
			return c
		}
	}
	return wert
}

func zahlOderLeer(f float64) any {
	if f == 0 {
		return ""
	}
	return f
}

func anlagenNr(id int64) string {
	if id == 0 {
		return ""
	}
	return AnlagenID(id)
}

// anlagenNrAus reads "A-0000123" (or the number alone) as a plant id; "" is 0.
func anlagenNrAus(wert string) (int64, bool) {
	if wert == "" {
		return 0, true
	}
	id, err := strconv.ParseInt(strings.TrimPrefix(strings.ToUpper(wert), "A-"), 10, 64)
	return id, err == nil && id > 0
}

func anlageAus(ziel *int64, z tabelle.Zelle) string {
	id, ok := anlagenNrAus(z.Text)
	if !ok {
		return MsgAnlagenNr
	}
	*ziel = id
	return ""
}

// koordinateAus reads a coordinate: a number cell as the number it holds, a text cell by the one
// reader of typed decimals (validierung.LiesZahl: "5.582.960,5", never a decimal point).
func koordinateAus(ziel *float64, z tabelle.Zelle) string {
	if z.Text == "" {
		*ziel = 0
		return ""
	}
	t := z.Text
	if !z.Zahl {
		zahl, msg := validierung.LiesZahl(t)
		if msg != "" {
			return msg
		}
		t = zahl.Wert.String()
	}
	f, err := strconv.ParseFloat(t, 64)
	if err != nil {
		return validierung.MsgZahlOderNichts
	}
	*ziel = f
	return ""
}

// Entlastungsdatei is the file name of an operation's relief plants' sheet.
func Entlastungsdatei(betriebsNr string) string {
	return "entlastungsanlagen-" + strings.Map(func(r rune) rune {
		if r >= '0' && r <= '9' || r >= 'A' && r <= 'Z' || r >= 'a' && r <= 'z' {
			return r
		}
		return '-'
	}, betriebsNr) + ".xlsx"
}

// ExportiereEntlastungsanlagen writes the relief plants of operation betriebID (one the caller
// sees) as xlsx, by name; the file's name goes to datei before anything is written.
func (d *Dienst) ExportiereEntlastungsanlagen(ctx context.Context, n Nutzer, betriebID int64, datei func(string), w io.Writer) error {
	n, err := zugriff.Aufloesen(ctx, d.Store.Pool(), n)
	if err != nil {
		return err
	}
	b, _, err := betriebe.LadenSichtbar(ctx, d.Store.Pool(), n.Sicht, betriebID)
	if err != nil {
		return err
	}
	gespeichert, err := anlagen.DesTyps(ctx, d.Store.Pool(), betriebID, anlage.Entlastung)
	if err != nil {
		return err
	}
	slices.SortStableFunc(gespeichert, func(x, y anlagen.Gespeichert) int {
		return strings.Compare(strings.ToLower(x.Anlage.Daten.Bezeichnung), strings.ToLower(y.Anlage.Daten.Bezeichnung))
	})
	var ids []int64
	for _, g := range gespeichert {
		ids = append(ids, g.Anlage.Daten.AufnahmeID)
	}
	namen, err := anlagen.Bezeichnungen(ctx, d.Store.Pool(), ids)
	if err != nil {
		return err
	}
	kopf := make([]string, len(entlastungsspalten))
	for i, s := range entlastungsspalten {
		kopf[i] = s.titel
	}
	datei(Entlastungsdatei(b.BetriebsID))
	return tabelle.Schreibe(w, "Entlastungsanlagen", kopf, func(zeile func(...any) error) error {
		werte := make([]any, len(entlastungsspalten))
		for _, g := range gespeichert {
			e := entlastungszeile{id: g.ID, a: g.Anlage, version: g.Version, namen: namen}
			for i, s := range entlastungsspalten {
				werte[i] = s.export(&e)
			}
			if err := zeile(werte...); err != nil {
				return err
			}
		}
		return nil
	})
}

// importzeile is a row of the imported sheet: its number in the sheet, the plant it names and
// the data it gives it.
type importzeile struct {
	nr      int
	g       anlagen.Gespeichert
	version int
	daten   anlage.Daten
}

// zeilenfehler collects the messages of an import by row and column.
type zeilenfehler struct {
	felder map[string]string
	mehr   int
}

func (z *zeilenfehler) add(nr int, spalte, feld, msg string) {
	if len(z.felder) >= hoechstensFehler {
		z.mehr++
		return
	}
	if z.felder == nil {
		z.felder = map[string]string{}
	}
	z.felder[fmt.Sprintf("zeilen[%d].%s", nr, cmp.Or(feld, spalte))] = fmt.Sprintf(tabelle.MsgZelle, nr, spalte, msg)
}

func (z *zeilenfehler) err() error {
	if len(z.felder) == 0 {
		return nil
	}
	if z.mehr > 0 {
		z.felder["zeilen"] = fmt.Sprintf(MsgWeitereFehler, z.mehr)
	}
	return &validierung.Fehler{Message: MsgEntlastungNichtImportiert, Felder: z.felder}
}

// spalteVon is the header of the column that sets field feld (JSON path), or "" when none does.
func spalteVon(feld string) (string, bool) {
	for _, s := range entlastungsspalten {
		if s.feld != "" && (feld == s.feld || strings.HasPrefix(feld, s.feld+".")) {
			return s.titel, true
		}
	}
	return "", false
}

// ImportiereEntlastungsanlagen saves the relief plants of operation betriebID by the rows of the
// xlsx file r (ENTLASTUNGSANLAGEN_IMPORTIEREN, an operation the caller sees): every row checked
// first, then every changed plant saved at the version of its row in one transaction; a change
// of historised fields opens a version from today ("Import der Misch-/Niederschlagswasseranlagen",
// replacing one that began today). It answers how many plants changed.
func (d *Dienst) ImportiereEntlastungsanlagen(ctx context.Context, n Nutzer, betriebID int64, datei tabelle.Quelle, m eventstore.Metadata) (int, error) {
	if !n.Darf(berechtigung.EntlastungsanlagenImportieren) {
		return 0, validierung.NichtErlaubt
	}
	n, err := zugriff.Aufloesen(ctx, d.Store.Pool(), n)
	if err != nil {
		return 0, err
	}
	b, _, err := betriebe.LadenSichtbar(ctx, d.Store.Pool(), n.Sicht, betriebID)
	if err != nil {
		return 0, err
	}
	gespeichert, err := anlagen.DesTyps(ctx, d.Store.Pool(), betriebID, anlage.Entlastung)
	if err != nil {
		return 0, err
	}
	nachID := make(map[int64]anlagen.Gespeichert, len(gespeichert))
	for _, g := range gespeichert {
		nachID[g.ID] = g
	}
	zeilen, fehler, err := liesEntlastungen(ctx, datei, nachID)
	if err != nil {
		return 0, err
	}
	if err := fehler.err(); err != nil {
		return 0, err
	}
	heute := d.heute()
	geaendert := 0
	err = pgx.BeginFunc(ctx, d.Store.Pool(), func(tx pgx.Tx) error {
		for _, z := range zeilen {
			daten, err := d.zuordnungen(ctx, n, b, betriebID, z.g.ID, z.daten, z.g.Anlage.Daten)
			if err == nil {
				var out eventstore.Appended
				out, err = eventstore.Befehle(d.Store, anlage.Decider).HandleTx(ctx, tx, z.g.ID, z.version, anlage.Speichere{Daten: daten,
					AuditInfo: &historie.AuditInfo{GueltigAb: heute.Format(historie.Datumsformat), Aenderungsgrund: AenderungsgrundImport, Ueberschreiben: true},
					Heute:     heute, Umfang: anlage.Voll, DarfBezeichnung: n.Darf(berechtigung.EntlastungsanlageBenennen), Von: m.ActorName,
					Betriebstyp: b.Betriebstyp}, m)
				if err == nil && len(out.Events) > 0 {
					geaendert++
				}
			}
			if err != nil {
				if e := zeilenfehlerAus(&fehler, z.nr, err); e != nil {
					return e
				}
			}
		}
		return fehler.err()
	})
	return geaendert, err
}

// zeilenfehlerAus files the error of row nr's save under its columns; an error that is no
// answer to the row (the database's) is returned.
func zeilenfehlerAus(fehler *zeilenfehler, nr int, err error) error {
	var f *validierung.Fehler
	var konflikt *eventstore.ConflictError
	var verstoss *historie.Verstoss
	switch {
	case errors.As(err, &konflikt):
		fehler.add(nr, spalteVersion, "version", MsgSeitExport)
	case errors.As(err, &f) && len(f.Felder) > 0:
		for feld, msg := range f.Felder {
			spalte, ok := spalteVon(feld)
			if !ok {
				spalte = spalteNr
			}
			fehler.add(nr, spalte, feld, msg)
		}
	case errors.As(err, &f), errors.As(err, &verstoss), errors.Is(err, validierung.NichtErlaubt):
		fehler.add(nr, spalteNr, "", err.Error())
	default:
		return err
	}
	return nil
}

// liesEntlastungen reads the sheet's rows against the operation's relief plants (by id): the
// plant of each row, its version and its data with the row's cells; the messages of rows that
// cannot be read.
func liesEntlastungen(ctx context.Context, datei tabelle.Quelle, nachID map[int64]anlagen.Gespeichert) ([]importzeile, zeilenfehler, error) {
	titel := make([]string, len(entlastungsspalten))
	for i, s := range entlastungsspalten {
		titel[i] = s.titel
	}
	var zeilen []importzeile
	var fehler zeilenfehler
	gesehen := map[int64]int{}
	err := tabelle.Lies(ctx, datei, entlastungGrenzen, titel, func(nr int, zellen []tabelle.Zelle) error {
		id, ok := anlagenNrAus(zellen[0].Text)
		g, bekannt := nachID[id]
		switch {
		case !ok || id == 0:
			fehler.add(nr, spalteNr, "", MsgAnlagenNr)
			return nil
		case !bekannt:
			fehler.add(nr, spalteNr, "", MsgFremdeAnlage)
			return nil
		case gesehen[id] != 0:
			fehler.add(nr, spalteNr, "", MsgAnlageDoppelt)
			return nil
		}
		gesehen[id] = nr
		z := importzeile{nr: nr, g: g, daten: g.Anlage.Daten}
		for i, s := range entlastungsspalten {
			switch {
			case s.titel == spalteVersion:
				v, err := strconv.Atoi(zellen[i].Text)
				switch {
				case err != nil || v <= 0:
					fehler.add(nr, s.titel, "version", MsgVersionZelle)
				case v != g.Version: // the saves check it again, against changes while the import runs
					fehler.add(nr, s.titel, "version", MsgSeitExport)
				}
				z.version = v
			case s.titel == spalteStatus:
				if c := code(zellen[i].Text, anlage.Status); c != g.Anlage.Daten.Anlagenstatus {
					fehler.add(nr, s.titel, s.feld, MsgStatusImport)
				}
			case s.lesen != nil:
				if msg := s.lesen(&z.daten, zellen[i]); msg != "" {
					fehler.add(nr, s.titel, s.feld, msg)
				}
			}
		}
		zeilen = append(zeilen, z)
		return nil
	})
	return zeilen, fehler, err
}
