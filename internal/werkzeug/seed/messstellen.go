package seed

import (
	"context"
	"fmt"
	"time"

	"github.com/eabwasser/eabwasser/domain/betrieb"
	"github.com/eabwasser/eabwasser/domain/historie"
	"github.com/eabwasser/eabwasser/domain/messstelle"
	"github.com/eabwasser/eabwasser/eventstore"
)

// demoMessstelle is a measuring point of the demo: on which plant (by name), with which number
// and data; offen leaves it requested (BEANTRAGT) by antragsteller, the others are approved and
// in operation.
type demoMessstelle struct {
	anlage        string
	nummer        string
	daten         messstelle.Daten
	offen         bool
	antragsteller string // demo account that requested it
	// Its past: requested at beantragt; the others approved by staff account entscheider at
	// freigegeben and in operation from inBetrieb.
	beantragt, freigegeben, inBetrieb time.Time
	entscheider                       string
}

// The paper mill's treatment plant has its final control (NR_9) at the outflow, the discharge
// point into the Rhine (NR_8) with its Einleitstelle in Koblenz, and an inflow (NR_1) that
// systemadmin has requested and zust_sbd or fachadmin has to decide (their Aufgaben; the four-eyes
// rule keeps a request out of its requester's own); the Musterhausen sewage
// works (Regionalstelle Trier) has its final control. The prefix 111000 is Koblenz's
// Gemeindeschlüssel 07111000 without the Land.
var demoMessstellen = []demoMessstelle{
	{anlage: "Betriebskläranlage Papierfabrik", nummer: "1110000109", antragsteller: "betreiber", entscheider: "zust_sbd",
		beantragt: am(2019, 6, 3, 10, 20), freigegeben: am(2019, 6, 17, 11, 5), inBetrieb: am(2019, 7, 1, 9, 40), daten: messstelle.Daten{
			Bezeichnung: "Endkontrolle Ablauf Betriebskläranlage", Messstellentyp: "NR_9", AbgabeRelevant: true, FrachtRelevant: true,
			Lage: betrieb.Lage{Hochwert: 5581960.5, Rechtswert: 399140.25},
			Anhang: messstelle.Anhang{AnhangAbwasserverordnung: "Anhang 28 – Herstellung von Papier und Pappe", Abwasserart: "Produktionsabwasser",
				Grenzwerte: messstelle.Grenzwerte{Csb: "350", Bsb5: "25", Pges: "2", Nges: "10", Aox: "0,5"}},
			ZustaendigeBehoerde: "Struktur- und Genehmigungsdirektion Nord (SGD Nord)", LimsBerechtigte: []string{"Regionalstelle (SGD)"},
			ZugehoerigeBehoerden: []string{}, Mindestanforderungen: []messstelle.Mindestanforderung{}, Vorbelastungen: []messstelle.Vorbelastung{}}},
	{anlage: "Betriebskläranlage Papierfabrik", nummer: "1110000108", antragsteller: "betreiber", entscheider: "zust_sbd",
		beantragt: am(2019, 6, 3, 10, 35), freigegeben: am(2019, 6, 17, 11, 20), inBetrieb: am(2019, 7, 1, 9, 55), daten: messstelle.Daten{
			Bezeichnung: "Einleitungsstelle Rhein", Messstellentyp: messstelle.Einleitungsstelle, AbgabeRelevant: true, WaermeRelevant: true,
			Lage:                betrieb.Lage{Hochwert: 5580450.5, Rechtswert: 399720.75},
			Anhang:              messstelle.Anhang{AnhangAbwasserverordnung: "Anhang 28 – Herstellung von Papier und Pappe", Abwasserart: "Produktionsabwasser"},
			ZustaendigeBehoerde: "Struktur- und Genehmigungsdirektion Nord (SGD Nord)", LimsBerechtigte: []string{"Regionalstelle (SGD)", "Landesamt für Umwelt (LfU)"},
			ZugehoerigeBehoerden: []string{"Struktur- und Genehmigungsdirektion Süd (SGD Süd)"},
			Einleitstelle: &messstelle.Einleitstelle{Lage: betrieb.Lage{Hochwert: 5580420.25, Rechtswert: 399760.5}, Pegel: "Koblenz",
				EinleitungMnq: "0,35", EinleitungMq: "0,8"},
			Mindestanforderungen: []messstelle.Mindestanforderung{{Gruppe: messstelle.GruppeA00, Wertart: messstelle.Ueberwachungswert,
				Grenzwerte: messstelle.Grenzwerte{Csb: "300", Bsb5: "20"}}},
			Vorbelastungen: []messstelle.Vorbelastung{{GueltigAb: "2025-01-01", Grenzwerte: messstelle.Grenzwerte{Csb: "12", Nges: "3,5"}}}}},
	{anlage: "Betriebskläranlage Papierfabrik", nummer: "1110000101", offen: true, antragsteller: "systemadmin", beantragt: vorTagen(12, 14, 10), daten: messstelle.Daten{
		Bezeichnung: "Zulauf Betriebskläranlage", Messstellentyp: "NR_1", FrachtRelevant: true,
		Lage:                betrieb.Lage{Hochwert: 5581920.5, Rechtswert: 399080.25},
		Anhang:              messstelle.Anhang{AnhangAbwasserverordnung: "Anhang 28 – Herstellung von Papier und Pappe", Abwasserart: "Produktionsabwasser"},
		ZustaendigeBehoerde: "Struktur- und Genehmigungsdirektion Nord (SGD Nord)", LimsBerechtigte: []string{},
		ZugehoerigeBehoerden: []string{}, Mindestanforderungen: []messstelle.Mindestanforderung{}, Vorbelastungen: []messstelle.Vorbelastung{}}},
	{anlage: "Kläranlage Musterhausen", nummer: "2350010009", antragsteller: "betreiber2", entscheider: "fachadmin",
		beantragt: am(2020, 4, 6, 13, 45), freigegeben: am(2020, 4, 20, 10, 30), inBetrieb: am(2020, 5, 4, 8, 20), daten: messstelle.Daten{
			Bezeichnung: "Ablauf Kläranlage Musterhausen", Messstellentyp: "NR_9", AbgabeRelevant: true, FrachtRelevant: true,
			Lage: betrieb.Lage{Hochwert: 5571260.4, Rechtswert: 392490.6},
			Anhang: messstelle.Anhang{AnhangAbwasserverordnung: "Anhang 1 – Häusliches und kommunales Abwasser", Abwasserart: "Schmutzwasser",
				Grenzwerte: messstelle.Grenzwerte{Csb: "90", Bsb5: "20", Nh4n: "10", Nges: "18", Pges: "1"}},
			ZustaendigeBehoerde: "Struktur- und Genehmigungsdirektion Nord (SGD Nord)", LimsBerechtigte: []string{"Betreiber (Selbstüberwachung)"},
			ZugehoerigeBehoerden: []string{}, Mindestanforderungen: []messstelle.Mindestanforderung{}, Vorbelastungen: []messstelle.Vorbelastung{}}},
}

// demoMessstellenAnlegen creates the demo measuring points that are missing (plants before),
// through the commands of the domain, each step at its past date: requested by the operator,
// then approved and put in operation by staff.
func demoMessstellenAnlegen(ctx context.Context, store *eventstore.Store) (int, error) {
	added := 0
	for _, d := range demoMessstellen {
		var vorhanden bool
		if err := store.Pool().QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM messstelle WHERE messstellen_id = $1)`, d.nummer).Scan(&vorhanden); err != nil {
			return added, err
		}
		if vorhanden {
			continue
		}
		var anlageID, betriebID int64
		var anlagenstatus, betriebstyp string
		if err := store.Pool().QueryRow(ctx, `SELECT a.id, a.betrieb_id, a.anlagenstatus, b.betriebstyp FROM anlage a
			JOIN betrieb b ON b.id = a.betrieb_id WHERE a.bezeichnung = $1 ORDER BY a.id LIMIT 1`, d.anlage).
			Scan(&anlageID, &betriebID, &anlagenstatus, &betriebstyp); err != nil {
			return added, fmt.Errorf("Messstelle %s: Anlage %s: %w", d.daten.Bezeichnung, d.anlage, err)
		}
		von, md, err := kontoMetadaten(ctx, store, d.antragsteller)
		if err != nil {
			return added, fmt.Errorf("Messstelle %s: %w", d.daten.Bezeichnung, err)
		}
		id, err := eventstore.NextID(ctx, store, "messstelle_id_seq")
		if err != nil {
			return added, err
		}
		if err := befehlAm(ctx, store, messstelle.Decider, id, d.beantragt, messstelle.Befehl(messstelle.FordereFreigabeAn{AnlageID: anlageID,
			BetriebID: betriebID, MessstellenID: d.nummer, Daten: d.daten, BetriebFreigegeben: true, Betriebstyp: betriebstyp,
			Heute: d.beantragt, VonKonto: von}), md); err != nil {
			return added, fmt.Errorf("Messstelle %s: %w", d.daten.Bezeichnung, err)
		}
		added++
		if d.offen {
			continue
		}
		_, staff, err := kontoMetadaten(ctx, store, d.entscheider)
		if err != nil {
			return added, err
		}
		if err := befehlAm(ctx, store, messstelle.Decider, id, d.freigegeben, messstelle.Befehl(messstelle.EntscheideFreigabe{
			NeuerStatus: messstelle.Freigegeben, Kommentar: "Messstelle geprüft."}), staff); err != nil {
			return added, fmt.Errorf("Messstelle %s freigeben: %w", d.daten.Bezeichnung, err)
		}
		inBetrieb := d.daten
		inBetrieb.Messstellenstatus = messstelle.InBetrieb
		if err := befehlAm(ctx, store, messstelle.Decider, id, d.inBetrieb, messstelle.Befehl(messstelle.Speichere{Daten: inBetrieb,
			Heute: d.inBetrieb, Betriebstyp: betriebstyp, AuditInfo: &historie.AuditInfo{GueltigAb: d.inBetrieb.Format(historie.Datumsformat),
				Aenderungsgrund: "Inbetriebnahme"}}), staff); err != nil {
			return added, fmt.Errorf("Messstelle %s in Betrieb: %w", d.daten.Bezeichnung, err)
		}
	}
	return added, nil
}
