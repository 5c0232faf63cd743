package seed

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/eabwasser/eabwasser/domain/anlage"
	"github.com/eabwasser/eabwasser/domain/betrieb"
	"github.com/eabwasser/eabwasser/domain/historie"
	"github.com/eabwasser/eabwasser/eventstore"
)

// demoAnlage is a plant of the demo: of which operation, under which parent plant (by name),
// discharging into which plant (by name).
type demoAnlage struct {
	betrieb, parent, aufnahme string
	typ                       string
	organisation              int // the obligee (index into demoOrganisationen); -1: none (indirect discharger)
	daten                     anlage.Daten
	// antrag is an open change request of the operator on the plant (staff see it in their
	// messages and on the worklist).
	antrag *anlage.Aenderungsantrag
	// Its past: created by staff account wer at angelegt, in operation from inBetrieb, with
	// the data as frueher changes them until the dated aenderungen bring today's back.
	wer                 string
	angelegt, inBetrieb time.Time
	frueher             func(*anlage.Daten)
	aenderungen         []demoAenderung
}

// demoAenderung is a dated change of a demo plant by staff: at am (also its GueltigAb) with its
// reason, setze takes fields of today's data (heute) into the plant's.
type demoAenderung struct {
	am    time.Time
	grund string
	setze func(neu *anlage.Daten, heute anlage.Daten)
}

// One plant of each type: the paper mill (betreiber's organisation) treats and cools — its
// operator has applied for a change of the treatment plant —, the Musterhausen sewage works
// takes a storm overflow and a sewer network.
var demoAnlagen = []demoAnlage{
	{betrieb: "Papierfabrik Rheinaue – Werk Koblenz", typ: anlage.Abwasserbehandlung, organisation: 0,
		daten: anlage.Daten{Bezeichnung: "Betriebskläranlage Papierfabrik", Anlagenart: "ABWASSERVORBEHANDLUNG",
			Lage: betrieb.Lage{Hochwert: 5582960.5, Rechtswert: 398140.25}, Selbstueberwachungspflicht: true,
			BiologischeBehandlung: []string{}, Auslegungen: []anlage.Auslegung{{Parameter: "CSB", Einheit: "kg/d", AuslegungWert: ptr(1200.0),
				AuslegungJahr: ptr(2019), AuslegungFuehrend: true, BelastungWert: ptr(860.5), BelastungJahr: ptr(2025)}}},
		antrag: &anlage.Aenderungsantrag{Bezeichnung: "Betriebskläranlage Papierfabrik Rheinaue", TegAbschluss: true,
			Kommentar: "Neuer Name seit der Umfirmierung; der TEG-Abschluss liegt seit Oktober vor."},
		// designed for 950 kg/d CSB, extended in 2021, the load of 2025 entered in 2026
		wer: "zust_sbd", angelegt: am(2019, 5, 6, 9, 30), inBetrieb: am(2019, 5, 20, 8, 45),
		frueher: func(d *anlage.Daten) {
			d.Auslegungen = []anlage.Auslegung{{Parameter: "CSB", Einheit: "kg/d", AuslegungWert: ptr(950.0), AuslegungJahr: ptr(2012),
				AuslegungFuehrend: true, BelastungWert: ptr(610.0), BelastungJahr: ptr(2018)}}
		},
		aenderungen: []demoAenderung{
			{am(2021, 11, 8, 10, 45), "Erweiterung der biologischen Stufe", func(d *anlage.Daten, _ anlage.Daten) {
				d.Auslegungen = []anlage.Auslegung{{Parameter: "CSB", Einheit: "kg/d", AuslegungWert: ptr(1200.0), AuslegungJahr: ptr(2019),
					AuslegungFuehrend: true, BelastungWert: ptr(790.0), BelastungJahr: ptr(2020)}}
			}},
			{am(2026, 3, 9, 11, 15), "Belastung 2025 fortgeschrieben", func(d *anlage.Daten, h anlage.Daten) { d.Auslegungen = h.Auslegungen }},
		}},
	{betrieb: "Papierfabrik Rheinaue – Werk Koblenz", typ: anlage.Kuehlwasser, organisation: 0,
		daten: anlage.Daten{Bezeichnung: "Kühlwasserkreislauf Papiermaschine 2", Anlagenart: "ABWASSERBEHANDLUNG",
			Lage: betrieb.Lage{Hochwert: 5582990.75, Rechtswert: 398170.5}, Kuehlart: "Durchlaufkühlung"},
		wer: "zust_sbd", angelegt: am(2020, 8, 17, 13, 20), inBetrieb: am(2020, 9, 1, 9, 5)},
	{betrieb: "Kläranlage Musterhausen", typ: anlage.Abwasserbehandlung, organisation: 1,
		daten: anlage.Daten{Bezeichnung: "Kläranlage Musterhausen", Anlagenart: "ABWASSERBEHANDLUNG",
			Lage: betrieb.Lage{Hochwert: 5571240.4, Rechtswert: 392460.6},
			Foerderungen: []anlage.Foerderung{{MipNr: "MIP-2021-0088", Bezeichnung: "Anschluss der Kläranlage Talmühle an die Gruppenkläranlage",
				NameMassnahmetraeger: "Verbandsgemeindewerke Musterhausen"}},
			Entsorgungsraum: &anlage.Entsorgungsraum{Bezugsdatum: "2025-12-31", Bezugsparameter: "Einwohnerwerte",
				Entsorgungsraeume: []anlage.Verwaltungseinheit{{Schluessel: "07111000", Bezeichnung: "Koblenz"}}}},
		// the group sewage works until the Talmühle plant was connected (renamed in 2022)
		wer: "fachadmin", angelegt: am(2020, 3, 16, 10, 0), inBetrieb: am(2020, 3, 30, 9, 15),
		frueher: func(d *anlage.Daten) {
			d.Bezeichnung = "Gruppenkläranlage Musterhausen"
			e := *d.Entsorgungsraum
			e.Bezugsdatum = "2019-12-31"
			d.Entsorgungsraum = &e
		},
		aenderungen: []demoAenderung{
			{am(2022, 6, 13, 14, 30), "Umbenennung nach dem Anschluss der Kläranlage Talmühle", func(d *anlage.Daten, h anlage.Daten) { d.Bezeichnung = h.Bezeichnung }},
			{am(2026, 1, 19, 10, 40), "Entsorgungsraum zum 31.12.2025 fortgeschrieben", func(d *anlage.Daten, h anlage.Daten) { d.Entsorgungsraum = h.Entsorgungsraum }},
		}},
	{betrieb: "Kläranlage Musterhausen", typ: anlage.Entlastung, aufnahme: "Kläranlage Musterhausen", organisation: -1,
		daten: anlage.Daten{Bezeichnung: "Regenüberlaufbecken Musterhausen-Nord", Anlagenart: "MISCHWASSER", Indirekteinleiter: true,
			Lage: betrieb.Lage{Hochwert: 5571890.2, Rechtswert: 392110.8}, Entlastungssystem: "Mischsystem", Entlastungstyp: "Regenüberlaufbecken",
			Wasserbuchnummer: "S12345", Flur: "7", Flurstueck: "112/3", Gemarkung: "Musterhausen"},
		wer: "fachadmin", angelegt: am(2021, 4, 12, 11, 10), inBetrieb: am(2021, 4, 26, 8, 50)},
	{betrieb: "Kläranlage Musterhausen", typ: anlage.Kanalnetz, parent: "Kläranlage Musterhausen", aufnahme: "Kläranlage Musterhausen", organisation: -1,
		daten: anlage.Daten{Bezeichnung: "Kanalnetz Musterhausen", Anlagenart: "MISCHWASSER", Indirekteinleiter: true,
			Lage: betrieb.Lage{Hochwert: 5571500, Rechtswert: 392300}, Kanallaenge: ptr(42.5), Kanalsystem: "Mischsystem"},
		wer: "fachadmin", angelegt: am(2020, 5, 4, 9, 25), inBetrieb: am(2020, 5, 18, 15, 30), frueher: func(d *anlage.Daten) { d.Kanallaenge = ptr(38.9) },
		aenderungen: []demoAenderung{{am(2023, 9, 12, 10, 20), "Erschließung des Baugebiets Im Wiesengrund",
			func(d *anlage.Daten, h anlage.Daten) { d.Kanallaenge = h.Kanallaenge }}}},
}

// demoAnlagenAnlegen creates the demo plants that are missing (operations approved before),
// each through its past: created by staff, in operation, changed on dated versions, and the
// paper mill's treatment plant with its operator's open change request.
func demoAnlagenAnlegen(ctx context.Context, store *eventstore.Store, orgIDs []int64) (int, error) {
	added := 0
	heute := time.Now()
	for _, d := range demoAnlagen {
		var betriebID int64
		var betriebstyp string
		if err := store.Pool().QueryRow(ctx, `SELECT id, betriebstyp FROM betrieb WHERE bezeichnung = $1 ORDER BY id LIMIT 1`,
			d.betrieb).Scan(&betriebID, &betriebstyp); err != nil {
			return added, fmt.Errorf("Anlage %s: Betrieb %s: %w", d.daten.Bezeichnung, d.betrieb, err)
		}
		var vorhanden bool
		if err := store.Pool().QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM anlage WHERE bezeichnung = $1 AND anlagentyp = $2)`,
			d.daten.Bezeichnung, d.typ).Scan(&vorhanden); err != nil {
			return added, err
		}
		if vorhanden {
			continue
		}
		if err := demoAnlageAnlegen(ctx, store, d, orgIDs, betriebID, betriebstyp, heute); err != nil {
			return added, err
		}
		added++
	}
	return added, nil
}

// demoAnlageAnlegen creates one demo plant through its past.
func demoAnlageAnlegen(ctx context.Context, store *eventstore.Store, d demoAnlage, orgIDs []int64, betriebID int64, betriebstyp string, heute time.Time) error {
	_, md, err := kontoMetadaten(ctx, store, d.wer)
	if err != nil {
		return err
	}
	x, damals, aenderungen := demoAnlagedaten(d, orgIDs, heute)
	befehle := eventstore.Befehle(store, anlage.Decider)
	cmd := anlage.LegeAn{BetriebID: betriebID, Typ: d.typ, Daten: damals, BetriebFreigegeben: true, Betriebstyp: betriebstyp, Heute: d.angelegt}
	if d.parent != "" {
		if cmd.ParentID, err = anlageNach(ctx, store, d.parent); err != nil {
			return fmt.Errorf("Anlage %s: übergeordnete %s: %w", d.daten.Bezeichnung, d.parent, err)
		}
	}
	if d.aufnahme != "" {
		if cmd.Daten.AufnahmeID, err = anlageNach(ctx, store, d.aufnahme); err != nil {
			return fmt.Errorf("Anlage %s: aufnehmende %s: %w", d.daten.Bezeichnung, d.aufnahme, err)
		}
		x.AufnahmeID = cmd.Daten.AufnahmeID
	}
	id, err := eventstore.NextID(ctx, store, "anlage_id_seq")
	if err != nil {
		return err
	}
	if err := befehlAm(ctx, store, anlage.Decider, id, d.angelegt, anlage.Befehl(cmd), md); err != nil {
		return fmt.Errorf("Anlage %s: %w", d.daten.Bezeichnung, err)
	}
	// a dated save of the plant's current data changed by setze (its GueltigAb: the day)
	speichere := func(t time.Time, grund string, setze func(*anlage.Daten)) error {
		a, _, err := befehle.Load(ctx, id)
		if err != nil {
			return err
		}
		neu := a.Daten
		setze(&neu)
		return befehlAm(ctx, store, anlage.Decider, id, t, anlage.Befehl(anlage.Speichere{Daten: neu, Heute: t, DarfBezeichnung: true,
			Betriebstyp: betriebstyp, Von: md.ActorName, AuditInfo: &historie.AuditInfo{GueltigAb: t.Format(historie.Datumsformat),
				Aenderungsgrund: grund}}), md)
	}
	if err := speichere(d.inBetrieb, "Inbetriebnahme", func(a *anlage.Daten) { a.Anlagenstatus = anlage.InBetrieb }); err != nil {
		return fmt.Errorf("Anlage %s in Betrieb: %w", d.daten.Bezeichnung, err)
	}
	for _, c := range aenderungen {
		if err := speichere(c.am, c.grund, func(a *anlage.Daten) { c.setze(a, x) }); err != nil {
			return fmt.Errorf("Anlage %s, %s: %w", d.daten.Bezeichnung, c.grund, err)
		}
	}
	if d.antrag != nil {
		return demoAntragStellen(ctx, store, d, id)
	}
	return nil
}

// demoAnlagedaten are a demo plant's data today (x) and when it was created (damals), and its
// dated changes in order — with the obligee assessed anew three years ago.
func demoAnlagedaten(d demoAnlage, orgIDs []int64, heute time.Time) (x, damals anlage.Daten, aenderungen []demoAenderung) {
	daten := anlage.Vorgaben(d.typ)
	x = d.daten
	x.Anlagenstatus, x.Behoerdenkennung = daten.Anlagenstatus, daten.Behoerdenkennung
	if d.organisation >= 0 {
		x.Abwasserbeseitigungspflichtige = []anlage.Veranlagung{{OrganisationID: orgIDs[d.organisation], StartJahr: heute.Year() - 3}}
	}
	damals = x
	if d.frueher != nil {
		d.frueher(&damals)
	}
	aenderungen = d.aenderungen
	if d.organisation >= 0 {
		// the obligee assessed from the plant's first year, its assessment set anew three
		// years ago (a start year no later than the year after the save)
		damals.Abwasserbeseitigungspflichtige = []anlage.Veranlagung{{OrganisationID: orgIDs[d.organisation], StartJahr: d.angelegt.Year()}}
		ab := am(heute.Year()-3, 1, 16, 9, 0)
		aenderungen = append(slices.Clone(aenderungen), demoAenderung{ab, fmt.Sprintf("Veranlagung ab %d neu festgesetzt", ab.Year()),
			func(d *anlage.Daten, h anlage.Daten) {
				d.Abwasserbeseitigungspflichtige = h.Abwasserbeseitigungspflichtige
			}})
		slices.SortStableFunc(aenderungen, func(a, b demoAenderung) int { return a.am.Compare(b.am) })
	}
	return x, damals, aenderungen
}

// demoAntragStellen is the operator's open change request of a demo plant, nine days ago.
func demoAntragStellen(ctx context.Context, store *eventstore.Store, d demoAnlage, id int64) error {
	a, _, err := eventstore.Befehle(store, anlage.Decider).Load(ctx, id)
	if err != nil {
		return err
	}
	antrag := *d.antrag
	antrag.Foerderungen, antrag.AufKAGelaende, antrag.Kuehlart, antrag.KuehlBehandlung = a.Daten.Foerderungen, a.Daten.AufKAGelaende, a.Daten.Kuehlart, a.Daten.KuehlBehandlung
	_, von, err := kontoMetadaten(ctx, store, "betreiber")
	if err != nil {
		return err
	}
	t := vorTagen(9, 16, 25)
	if err := befehlAm(ctx, store, anlage.Decider, id, t, anlage.Befehl(anlage.StelleAntrag{Antrag: antrag, Heute: t, Von: von.ActorName}), von); err != nil {
		return fmt.Errorf("Änderungsantrag zu %s: %w", d.daten.Bezeichnung, err)
	}
	return nil
}

// anlageNach is the id of the first plant called name.
func anlageNach(ctx context.Context, store *eventstore.Store, name string) (int64, error) {
	var id int64
	err := store.Pool().QueryRow(ctx, `SELECT id FROM anlage WHERE bezeichnung = $1 ORDER BY id LIMIT 1`, name).Scan(&id)
	return id, err
}
