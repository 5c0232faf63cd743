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
			Kommentar: "Neuer Name seit der Umfirmierung; der TEG-Abschluss liegt seit Oktober vor."}},
	{betrieb: "Papierfabrik Rheinaue – Werk Koblenz", typ: anlage.Kuehlwasser, organisation: 0,
		daten: anlage.Daten{Bezeichnung: "Kühlwasserkreislauf Papiermaschine 2", Anlagenart: "ABWASSERBEHANDLUNG",
			Lage: betrieb.Lage{Hochwert: 5582990.75, Rechtswert: 398170.5}, Kuehlart: "Durchlaufkühlung"}},
	{betrieb: "Kläranlage Musterhausen", typ: anlage.Abwasserbehandlung, organisation: 1,
		daten: anlage.Daten{Bezeichnung: "Kläranlage Musterhausen", Anlagenart: "ABWASSERBEHANDLUNG",
			Lage: betrieb.Lage{Hochwert: 5571240.4, Rechtswert: 392460.6},
			Foerderungen: []anlage.Foerderung{{MipNr: "MIP-2021-0088", Bezeichnung: "Anschluss der Kläranlage Talmühle an die Gruppenkläranlage",
				NameMassnahmetraeger: "Verbandsgemeindewerke Musterhausen"}},
			Entsorgungsraum: &anlage.Entsorgungsraum{Bezugsdatum: "2025-12-31", Bezugsparameter: "Einwohnerwerte",
				Entsorgungsraeume: []anlage.Verwaltungseinheit{{Schluessel: "07111000", Bezeichnung: "Koblenz"}}}}},
	{betrieb: "Kläranlage Musterhausen", typ: anlage.Entlastung, aufnahme: "Kläranlage Musterhausen", organisation: -1,
		daten: anlage.Daten{Bezeichnung: "Regenüberlaufbecken Musterhausen-Nord", Anlagenart: "MISCHWASSER", Indirekteinleiter: true,
			Lage: betrieb.Lage{Hochwert: 5571890.2, Rechtswert: 392110.8}, Entlastungssystem: "Mischsystem", Entlastungstyp: "Regenüberlaufbecken",
			Wasserbuchnummer: "S12345", Flur: "7", Flurstueck: "112/3", Gemarkung: "Musterhausen"}},
	{betrieb: "Kläranlage Musterhausen", typ: anlage.Kanalnetz, parent: "Kläranlage Musterhausen", aufnahme: "Kläranlage Musterhausen", organisation: -1,
		daten: anlage.Daten{Bezeichnung: "Kanalnetz Musterhausen", Anlagenart: "MISCHWASSER", Indirekteinleiter: true,
			Lage: betrieb.Lage{Hochwert: 5571500, Rechtswert: 392300}, Kanallaenge: ptr(42.5), Kanalsystem: "Mischsystem"}},
}

// demoAnlagenAnlegen creates the demo plants that are missing (operations approved before).
func demoAnlagenAnlegen(ctx context.Context, store *eventstore.Store, orgIDs []int64) (int, error) {
	added := 0
	idNach := func(tabelle, name string) (int64, error) {
		var id int64
		err := store.Pool().QueryRow(ctx, `SELECT id FROM `+tabelle+` WHERE bezeichnung = $1 ORDER BY id LIMIT 1`, name).Scan(&id)
		return id, err
	}
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
		daten := anlage.Vorgaben(d.typ)
		x := d.daten
		x.Anlagenstatus, x.Behoerdenkennung = daten.Anlagenstatus, daten.Behoerdenkennung
		if d.organisation >= 0 {
			x.Abwasserbeseitigungspflichtige = []anlage.Veranlagung{{OrganisationID: orgIDs[d.organisation], StartJahr: heute.Year() - 3}}
		}
		cmd := anlage.LegeAn{BetriebID: betriebID, Typ: d.typ, Daten: x, BetriebFreigegeben: true, Betriebstyp: betriebstyp,
			Heute: heute.AddDate(0, -1, 0)}
		var err error
		if d.parent != "" {
			if cmd.ParentID, err = idNach("anlage", d.parent); err != nil {
				return added, fmt.Errorf("Anlage %s: übergeordnete %s: %w", d.daten.Bezeichnung, d.parent, err)
			}
		}
		if d.aufnahme != "" {
			if cmd.Daten.AufnahmeID, err = idNach("anlage", d.aufnahme); err != nil {
				return added, fmt.Errorf("Anlage %s: aufnehmende %s: %w", d.daten.Bezeichnung, d.aufnahme, err)
			}
		}
		id, err := eventstore.NextID(ctx, store, "anlage_id_seq")
		if err != nil {
			return added, err
		}
		if _, err := eventstore.Befehle(store, anlage.Decider).Handle(ctx, id, eventstore.VersionUnbekannt, cmd, Akteur); err != nil {
			return added, fmt.Errorf("Anlage %s: %w", d.daten.Bezeichnung, err)
		}
		// in operation since three weeks ago: a second version, and the worklist's default shows it
		a, _, err := eventstore.Befehle(store, anlage.Decider).Load(ctx, id)
		if err != nil {
			return added, err
		}
		inBetrieb := a.Daten
		inBetrieb.Anlagenstatus = anlage.InBetrieb
		if _, err := eventstore.Befehle(store, anlage.Decider).Handle(ctx, id, eventstore.VersionUnbekannt, anlage.Speichere{Daten: inBetrieb,
			Heute: heute, DarfBezeichnung: true, Betriebstyp: betriebstyp, AuditInfo: &historie.AuditInfo{GueltigAb: heute.AddDate(0, 0, -21).Format(historie.Datumsformat),
				Aenderungsgrund: "Inbetriebnahme"}}, Akteur); err != nil {
			return added, fmt.Errorf("Anlage %s in Betrieb: %w", d.daten.Bezeichnung, err)
		}
		if d.antrag != nil {
			a := *d.antrag
			a.Foerderungen, a.AufKAGelaende, a.Kuehlart, a.KuehlBehandlung = inBetrieb.Foerderungen, inBetrieb.AufKAGelaende, inBetrieb.Kuehlart, inBetrieb.KuehlBehandlung
			von := demoKonten[slices.IndexFunc(demoKonten, func(k demoKonto) bool { return k.name == "betreiber" })]
			if _, err := eventstore.Befehle(store, anlage.Decider).Handle(ctx, id, eventstore.VersionUnbekannt, anlage.StelleAntrag{Antrag: a,
				Heute: heute, Von: von.vorname + " " + von.nachname}, Akteur); err != nil {
				return added, fmt.Errorf("Änderungsantrag zu %s: %w", d.daten.Bezeichnung, err)
			}
		}
		added++
	}
	return added, nil
}
