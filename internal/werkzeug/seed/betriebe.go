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
	betriebdienst "github.com/eabwasser/eabwasser/internal/anwendung/betrieb"
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

// demoSchritt is one step of a demo object's life: when, by which demo account, what.
type demoSchritt[C any] struct {
	am  time.Time
	wer string
	cmd C
}

// demoBetriebeAnlegen requests, decides and changes the demo operations, each step at its
// own past date by its own demo person (betriebLeben).
func demoBetriebeAnlegen(ctx context.Context, store *eventstore.Store, orgIDs []int64) (int, error) {
	added := 0
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
		for _, s := range betriebLeben(id, d, daten) {
			_, md, err := kontoMetadaten(ctx, store, s.wer)
			if err != nil {
				return added, err
			}
			if err := befehlAm(ctx, store, betrieb.Decider, id, s.am, s.cmd, md); err != nil {
				return added, fmt.Errorf("Betrieb %s: %w", d.daten.Bezeichnung, err)
			}
		}
		added++
	}
	return added, nil
}

// betriebLeben is the life of demo operation d (with its ids in daten) up to today's state:
// the paper mill requested in 2019 by its operator, approved, in operation, its production
// figures kept up by the operator and renamed by the authority; the brewery requested a few
// months ago and corrected twice (open); the electroplating works corrected while requested and
// rejected in 2021; the Musterhausen sewage works requested by the municipality in 2020 and
// approved by the Fachadministration (its Regionalstelle Trier is not the demo staff's).
func betriebLeben(id int64, d demoBetrieb, daten betrieb.Daten) []demoSchritt[betrieb.Befehl] {
	beantrage := func(t time.Time, x betrieb.Daten) betrieb.Befehl {
		return betrieb.BeantrageBetrieb{BetriebsID: betriebdienst.BetriebsID(id, t), Daten: x, Typ: d.typ, Heute: t}
	}
	inBetrieb := func(x betrieb.Daten) betrieb.Daten { x.Betriebsstatus = betrieb.InBetrieb; return x }
	datiert := func(t time.Time, x betrieb.Daten, ab, grund string) betrieb.Befehl {
		return betrieb.SpeichereAlsAdmin{Daten: x, Heute: t, AuditInfo: &historie.AuditInfo{GueltigAb: ab, Aenderungsgrund: grund}}
	}
	switch d.daten.Bezeichnung {
	case "Papierfabrik Rheinaue":
		// 2018's and 2021's production figures before today's
		v2018, v2021 := daten, daten
		v2018.Produktion = betrieb.Produktion{Taetigkeiten: []string{"Papierherstellung"}, Produktbezeichnungen: []string{"Papier"}, Produktionstage: ptr(245),
			AnzahlBeschaeftigte: ptr(165), TagesarbeitszeitVon: "06:00", TagesarbeitszeitBis: "22:00", BezugsjahrProduktion: ptr(2018)}
		v2018.Wasserversorgung = betrieb.Wasserversorgung{OeffentlWasserversorgung: true, Wasserbezug: ptr(118400.0), BezugsjahrWv: ptr(2018)}
		v2021.Produktion.AnzahlBeschaeftigte, v2021.Produktion.BezugsjahrProduktion = ptr(172), ptr(2021)
		v2021.Wasserversorgung = betrieb.Wasserversorgung{OeffentlWasserversorgung: true, Wasserbezug: ptr(121300.0), BezugsjahrWv: ptr(2021)}
		umbenannt := inBetrieb(v2021)
		umbenannt.Bezeichnung = d.umbenannt
		heute := inBetrieb(daten)
		heute.Bezeichnung = d.umbenannt
		return []demoSchritt[betrieb.Befehl]{
			{am(2019, 3, 11, 9, 40), "betreiber", beantrage(am(2019, 3, 11, 9, 40), v2018)},
			{am(2019, 4, 2, 10, 15), "zust_sbd", betrieb.EntscheideFreigabe{NeuerStatus: betrieb.Freigegeben, Kommentar: d.kommentar}},
			{am(2019, 4, 16, 14, 5), "zust_sbd", datiert(am(2019, 4, 16, 14, 5), inBetrieb(v2018), "2019-04-16", "Inbetriebnahme")},
			{am(2022, 3, 21, 11, 30), "betreiber", betrieb.SpeichereAlsBetreiber{Daten: inBetrieb(v2021)}},
			{am(2023, 12, 11, 15, 20), "zust_sbd", datiert(am(2023, 12, 11, 15, 20), umbenannt, "2023-12-01", "Umfirmierung")},
			{am(2026, 2, 16, 10, 5), "beauftragter", betrieb.SpeichereAlsBetreiber{Daten: heute}},
		}
	case "Brauerei am Deutschen Eck":
		// requested with the coordinates of the river bank and a contact missing, corrected
		// twice while it waits for the Freigabe
		ohneLage, ohneNummer := daten, daten
		ohneLage.Lage = betrieb.Lage{Hochwert: 5583520, Rechtswert: 398900}
		ohneLage.Adresse.Hausnummer, ohneNummer.Adresse.Hausnummer = "", ""
		return []demoSchritt[betrieb.Befehl]{
			{vorTagen(120, 8, 55), "beauftragter", beantrage(vorTagen(120, 8, 55), ohneLage)},
			{vorTagen(96, 13, 10), "beauftragter", betrieb.SpeichereAlsBetreiber{Daten: ohneNummer}},
			{vorTagen(70, 9, 20), "beauftragter", betrieb.SpeichereAlsBetreiber{Daten: daten}},
		}
	case "Galvanik Moselweiß":
		vorher := daten
		vorher.Adresse.Hausnummer = "86"
		return []demoSchritt[betrieb.Befehl]{
			{am(2021, 6, 14, 10, 25), "betreiber", beantrage(am(2021, 6, 14, 10, 25), vorher)},
			{am(2021, 6, 22, 16, 40), "betreiber", betrieb.SpeichereAlsBetreiber{Daten: daten}},
			{am(2021, 7, 6, 11, 0), "zust_sbd", betrieb.EntscheideFreigabe{NeuerStatus: betrieb.Abgewiesen, Kommentar: d.kommentar}},
		}
	}
	// the Musterhausen sewage works
	return []demoSchritt[betrieb.Befehl]{
		{am(2020, 2, 3, 10, 10), "betreiber2", beantrage(am(2020, 2, 3, 10, 10), daten)},
		{am(2020, 2, 24, 9, 35), "fachadmin", betrieb.EntscheideFreigabe{NeuerStatus: betrieb.Freigegeben, Kommentar: d.kommentar}},
		{am(2020, 3, 9, 14, 50), "fachadmin", datiert(am(2020, 3, 9, 14, 50), inBetrieb(daten), "2020-03-01", "Inbetriebnahme")},
	}
}
