package seed

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/eabwasser/eabwasser/domain/betrieb"
	"github.com/eabwasser/eabwasser/domain/historie"
	"github.com/eabwasser/eabwasser/eventstore"
	"github.com/eabwasser/eabwasser/internal/anwendung/betriebsakte"
)

// demoBetrieb is an operation of the demo with the steps it went through.
type demoBetrieb struct {
	typ            string
	organisation   int // index into demoOrganisationen
	regionalstelle string
	daten          betrieb.Daten
	freigabe       string // "" stays BEANTRAGT
	kommentar      string
	// umbenannt gives an approved operation a second version (history) under this name.
	umbenannt string
}

func ptr[T any](v T) *T { return &v }

// Operations in each freigabestatus; the Musterhausen one lies in another Regionalstelle, so
// the demo authority staff do not see it (visibility).
var demoBetriebe = []demoBetrieb{
	{typ: "INDUSTRIE", organisation: 0, regionalstelle: Regionalstelle, freigabe: betrieb.Freigegeben, kommentar: "Angaben geprüft.",
		umbenannt: "Papierfabrik Rheinaue – Werk Koblenz",
		daten: betrieb.Daten{Bezeichnung: "Papierfabrik Rheinaue", Adresse: betrieb.Adresse{Strasse: "Industriestraße", Hausnummer: "40", Plz: "56070", Ort: "Koblenz"},
			Lage: betrieb.Lage{Hochwert: 5582950.25, Rechtswert: 398120.75}, Haupttaetigkeit: "6.1 b) Herstellung von Papier, Karton oder Pappe (über 20 t/d)",
			Produktion:       betrieb.Produktion{Taetigkeiten: []string{"Papierherstellung"}, Produktbezeichnungen: []string{"Papier"}, Produktionstage: ptr(250), AnzahlBeschaeftigte: ptr(180), TagesarbeitszeitVon: "06:00", TagesarbeitszeitBis: "22:00", BezugsjahrProduktion: ptr(2025)},
			Wasserversorgung: betrieb.Wasserversorgung{OeffentlWasserversorgung: true, Wasserbezug: ptr(125000.5), BezugsjahrWv: ptr(2025)},
			Kontakte:         []betrieb.Kontakt{{Anrede: "Herr", Vorname: "Jan", Name: "Krämer", Telefon: "0261-98765-0", Email: "umwelt@papierfabrik-rheinaue.example", Funktion: "Umweltbeauftragter"}}}},
	{typ: "INDUSTRIE", organisation: 0, regionalstelle: Regionalstelle,
		daten: betrieb.Daten{Bezeichnung: "Brauerei am Deutschen Eck", Adresse: betrieb.Adresse{Strasse: "Peter-Altmeier-Ufer", Hausnummer: "2", Plz: "56068", Ort: "Koblenz"},
			Lage: betrieb.Lage{Hochwert: 5583410.5, Rechtswert: 398760.25}}},
	{typ: "INDUSTRIE", organisation: 0, regionalstelle: Regionalstelle, freigabe: betrieb.Abgewiesen,
		kommentar: "Die Lage der Einleitstelle fehlt. Bitte ergänzen Sie die Koordinaten und beantragen Sie die Freigabe erneut.",
		daten: betrieb.Daten{Bezeichnung: "Galvanik Moselweiß", Adresse: betrieb.Adresse{Strasse: "Moselweißer Straße", Hausnummer: "88", Plz: "56073", Ort: "Koblenz"},
			Lage: betrieb.Lage{Hochwert: 5581800, Rechtswert: 397100}}},
	{typ: "KOMMUNAL", organisation: 1, regionalstelle: "Regionalstelle Wasserwirtschaft, Abfallwirtschaft, Bodenschutz Trier", freigabe: betrieb.Freigegeben,
		daten: betrieb.Daten{Bezeichnung: "Kläranlage Musterhausen", Adresse: betrieb.Adresse{Strasse: "Am Klärwerk", Hausnummer: "1", Plz: "56566", Ort: "Musterhausen"},
			Lage: betrieb.Lage{Hochwert: 5571230.4, Rechtswert: 392450.6}}},
}

// demoBetriebe requests, decides and (where given) changes the demo operations.
func demoBetriebeAnlegen(ctx context.Context, store *eventstore.Store, orgIDs []int64) (int, error) {
	added := 0
	heute := time.Now()
	for _, d := range demoBetriebe {
		var vorhanden int64
		err := store.Pool().QueryRow(ctx, `SELECT id FROM betrieb WHERE bezeichnung IN ($1, $2)`, d.daten.Bezeichnung, d.umbenannt).Scan(&vorhanden)
		if err == nil {
			continue
		}
		if !errors.Is(err, pgx.ErrNoRows) {
			return added, err
		}
		daten := d.daten
		daten.BetreiberID = orgIDs[d.organisation]
		if err := store.Pool().QueryRow(ctx, `SELECT id FROM werteliste_eintrag WHERE liste = 'regionalstelle' AND wert = $1`,
			d.regionalstelle).Scan(&daten.RegionalstelleID); err != nil {
			return added, fmt.Errorf("Regionalstelle %s: %w", d.regionalstelle, err)
		}
		id, err := eventstore.NextID(ctx, store, "betrieb_id_seq")
		if err != nil {
			return added, err
		}
		beginn := heute.AddDate(0, -3, 0)
		schritte := []betrieb.Befehl{betrieb.BeantrageBetrieb{BetriebsID: betriebsakte.BetriebsID(id, beginn), Daten: daten, Typ: d.typ, Heute: beginn}}
		if d.freigabe != "" {
			schritte = append(schritte, betrieb.EntscheideFreigabe{NeuerStatus: d.freigabe, Kommentar: d.kommentar})
		}
		if d.freigabe == betrieb.Freigegeben {
			inBetrieb := daten
			inBetrieb.Betriebsstatus = betrieb.InBetrieb
			ab := heute.AddDate(0, -2, 0).Format(historie.Datumsformat)
			schritte = append(schritte, betrieb.SpeichereAlsAdmin{Daten: inBetrieb, Heute: heute,
				AuditInfo: &historie.AuditInfo{GueltigAb: ab, Aenderungsgrund: "Inbetriebnahme"}})
			if d.umbenannt != "" {
				neu := inBetrieb
				neu.Bezeichnung = d.umbenannt
				schritte = append(schritte, betrieb.SpeichereAlsAdmin{Daten: neu, Heute: heute,
					AuditInfo: &historie.AuditInfo{GueltigAb: heute.AddDate(0, -1, 0).Format(historie.Datumsformat), Aenderungsgrund: "Umfirmierung"}})
			}
		}
		for _, cmd := range schritte {
			if _, err := eventstore.Befehle(store, betrieb.Decider).Handle(ctx, id, eventstore.VersionUnbekannt, cmd, Akteur); err != nil {
				return added, fmt.Errorf("Betrieb %s: %w", d.daten.Bezeichnung, err)
			}
		}
		added++
	}
	return added, nil
}
