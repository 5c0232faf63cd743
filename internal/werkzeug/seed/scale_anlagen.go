package seed

import (
	"fmt"
	"math/rand/v2"
	"time"

	"github.com/eabwasser/eabwasser/domain/anlage"
	"github.com/eabwasser/eabwasser/domain/betrieb"
	"github.com/eabwasser/eabwasser/domain/historie"
	"github.com/eabwasser/eabwasser/eventstore"
)

// --- plants --------------------------------------------------------------------------------

// skalaAnlage is one plant of the scale seed: of which operation (index) and its place among
// the operation's plants (0 is the one the others discharge into, when there is one).
type skalaAnlage struct {
	betrieb, nr int
	typ         string
}

// anlagenDes are the plants of an approved operation, by its type: a municipal sewage works
// has its treatment plant, two to four relief plants and a sewer network discharging into it;
// a sewer-network operation its network and a relief plant or two; an industrial operation
// its (pre-)treatment plant, often a cooling-water plant and a storm-water basin. About 2.5
// plants per operation, of all four types. Operations that were never approved have none.
func anlagenDes(i int, b betriebsInfo) []skalaAnlage {
	if !b.freigegeben {
		return nil
	}
	r := zufall(artAnlage, i)
	var typen []string
	switch b.typ {
	case "KOMMUNAL":
		typen = append(typen, anlage.Abwasserbehandlung)
		for range 2 + r.IntN(3) {
			typen = append(typen, anlage.Entlastung)
		}
		typen = append(typen, anlage.Kanalnetz)
	case "KANAL_KOMMUNAL", "KANAL_INDUSTRIE":
		typen = append(typen, anlage.Kanalnetz)
		for range 1 + r.IntN(2) {
			typen = append(typen, anlage.Entlastung)
		}
	default:
		typen = append(typen, anlage.Abwasserbehandlung)
		if r.IntN(2) == 0 {
			typen = append(typen, anlage.Kuehlwasser)
		}
		if r.IntN(5) < 2 {
			typen = append(typen, anlage.Entlastung)
		}
	}
	out := make([]skalaAnlage, len(typen))
	for nr, t := range typen {
		out[nr] = skalaAnlage{betrieb: i, nr: nr, typ: t}
	}
	return out
}

// anlagenPlan is the life of one plant: created by the operation's ZUST_SBD on the day the
// operation went into operation (after its approval), in operation two weeks later
// (historised, recorded that day), shut down with its operation; some treatment and cooling
// plants have a change request of the operator in the last three weeks, adopted or rejected
// the day after, or still open. erste is the id of the operation's plant 0 (the receiving
// treatment plant of a sewage works).
func (l *lauf) anlagenPlan(a skalaAnlage, id int64, b betriebsInfo, erste int64) plan {
	r := zufall(artAnlage, 1<<24+a.betrieb<<4+a.nr)
	d := anlage.Vorgaben(a.typ)
	d.Lage = betrieb.Lage{Hochwert: b.lage.Hochwert + float64(r.IntN(800)) - 400, Rechtswert: b.lage.Rechtswert + float64(r.IntN(800)) - 400}
	kommunal := b.typ == "KOMMUNAL" || b.typ == "KANAL_KOMMUNAL"
	// a plant of a sewage works discharges into its treatment plant; the others discharge
	// directly and name the operator as obligee
	receiving := b.typ == "KOMMUNAL" && a.nr > 0
	d.Indirekteinleiter = receiving
	if receiving {
		d.AufnahmeID = erste
	} else {
		d.Abwasserbeseitigungspflichtige = []anlage.Veranlagung{{OrganisationID: l.orgIDs[b.org], StartJahr: b.anlagenBeginn.Year()}}
	}
	cmd := anlage.LegeAn{BetriebID: b.id, Typ: a.typ, BetriebFreigegeben: true, Heute: b.anlagenBeginn}
	switch a.typ {
	case anlage.Abwasserbehandlung:
		d.Bezeichnung, d.Anlagenart, d.Anlagensystem = "Betriebskläranlage "+b.name, "ABWASSERVORBEHANDLUNG", waehle(r, []string{"Belebungsanlage", "SBR-Anlage"})
		if kommunal {
			d.Bezeichnung, d.Anlagenart = b.name, "ABWASSERBEHANDLUNG"
		}
		d.Selbstueberwachungspflicht = true
		jahr := b.anlagenBeginn.Year()
		d.Auslegungen = []anlage.Auslegung{{Parameter: "CSB", Einheit: "kg/d", AuslegungWert: ptr(float64(200 + r.IntN(5000))),
			AuslegungJahr: ptr(jahr), AuslegungFuehrend: true, BelastungWert: ptr(float64(100 + r.IntN(3000))), BelastungJahr: ptr(l.s.Heute.Year() - 1)}}
	case anlage.Kuehlwasser:
		d.Bezeichnung = "Kühlwasserkreislauf " + waehle(r, []string{"Turbine", "Kompressorstation", "Produktionslinie 1", "Produktionslinie 2", "Sudhaus"})
		d.Anlagenart, d.Kuehlart = "ABWASSERBEHANDLUNG", waehle(r, []string{"Durchlaufkühlung", "Kreislaufkühlung", "Ablaufkühlung"})
	case anlage.Entlastung:
		d.Anlagenart, d.Entlastungssystem, d.Entlastungstyp = "NIEDERSCHLAGSWASSER", "Trennsystem", "Regenrückhaltebecken"
		d.Bezeichnung = "Regenrückhaltebecken Werkgelände " + fmt.Sprint(a.nr)
		if kommunal {
			d.Anlagenart, d.Entlastungssystem = "MISCHWASSER", "Mischsystem"
			d.Entlastungstyp = waehle(r, []string{"Regenüberlaufbecken", "Regenüberlauf", "Stauraumkanal"})
			d.Bezeichnung = d.Entlastungstyp + " " + waehle(r, ortsteile) + " " + fmt.Sprint(a.nr)
		}
		d.Wasserbuchnummer = fmt.Sprintf("S%d", 10000+id%9000000)
		d.Gemarkung, d.Flur, d.Flurstueck = waehle(r, ortsteile), fmt.Sprint(1+r.IntN(40)), fmt.Sprintf("%d/%d", 1+r.IntN(400), 1+r.IntN(9))
	case anlage.Kanalnetz:
		d.Bezeichnung, d.Anlagenart, d.Kanalsystem = "Kanalnetz "+b.name, "MISCHWASSER", waehle(r, []string{"Mischsystem", "Trennsystem"})
		d.Kanallaenge = ptr(float64(5+r.IntN(200)) + 0.5)
		if receiving {
			cmd.ParentID = erste
		}
	}
	cmd.Daten = d
	p := plan{id: id}
	nr := a.betrieb<<4 + a.nr
	add := func(c anlage.Befehl, md eventstore.Metadata, tag time.Time) {
		p.schritte = append(p.schritte, schritt{befehl: c, md: md, am: l.um(tag, 1<<24+nr, len(p.schritte))})
	}
	add(cmd, b.staff, b.anlagenBeginn)
	// in operation two weeks later: a dated version
	ab := b.anlagenBeginn.AddDate(0, 0, 14).Format(historie.Datumsformat)
	md := b.staff
	md.AuditInfo = &eventstore.AuditInfo{GueltigAb: ab, Aenderungsgrund: "Inbetriebnahme"}
	inBetrieb := d
	inBetrieb.Anlagenstatus = anlage.InBetrieb
	add(anlage.Speichere{Daten: inBetrieb, Heute: l.s.Heute, DarfBezeichnung: true,
		AuditInfo: &historie.AuditInfo{GueltigAb: ab, Aenderungsgrund: "Inbetriebnahme"}}, md, b.anlagenBeginn.AddDate(0, 0, 14))
	if b.stillgelegt != "" {
		add(anlage.LegeStill{Datum: b.stillgelegt}, b.staff, amTagDes(b.stillgelegt))
		return p
	}
	if a.typ == anlage.Abwasserbehandlung || a.typ == anlage.Kuehlwasser {
		l.aenderungsantrag(r, &p, inBetrieb, b, nr)
	}
	return p
}

// aenderungsantrag: one plant in ten of those that have one has a change request of the
// operator: adopted, rejected or still open.
func (l *lauf) aenderungsantrag(r *rand.Rand, p *plan, d anlage.Daten, b betriebsInfo, nr int) {
	los := r.IntN(100)
	if los >= 10 {
		return
	}
	antrag := anlage.Aenderungsantrag{Bezeichnung: d.Bezeichnung + " " + waehle(r, []string{"(neu)", "Nord", "II"}), Foerderungen: d.Foerderungen,
		TegAbschluss: !d.TegAbschluss, AufKAGelaende: d.AufKAGelaende, Kuehlart: d.Kuehlart, KuehlBehandlung: d.KuehlBehandlung,
		Kommentar: "Umbenennung nach Erweiterung"}
	tag := l.tag(-2 - r.IntN(20))
	p.schritte = append(p.schritte, schritt{befehl: anlage.StelleAntrag{Antrag: antrag, Heute: tag, Von: b.betreiber.ActorName}, md: b.betreiber,
		am: l.um(tag, 1<<24+nr, 10)})
	entschieden := l.um(tag.Add(24*time.Hour), 1<<24+nr, 11)
	switch {
	case los < 4:
		p.schritte = append(p.schritte, schritt{befehl: anlage.UebernehmeAntrag{Felder: []string{"tegAbschluss"},
			Begruendungen: map[string]string{"bezeichnung": "Die Bezeichnung ändert sich erst mit dem neuen Bescheid."}, Heute: tag.Add(24 * time.Hour)},
			md: b.staff, am: entschieden})
	case los < 6:
		p.schritte = append(p.schritte, schritt{befehl: anlage.LehneAntragAb{Begruendungen: map[string]string{
			"bezeichnung": "Die Bezeichnung ändert sich erst mit dem neuen Bescheid.", "tegAbschluss": "Der TEG-Abschluss ist nicht belegt."}},
			md: b.staff, am: entschieden})
	}
}
