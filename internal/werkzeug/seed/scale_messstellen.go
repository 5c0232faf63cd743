package seed

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/eabwasser/eabwasser/domain/anlage"
	"github.com/eabwasser/eabwasser/domain/betrieb"
	"github.com/eabwasser/eabwasser/domain/historie"
	"github.com/eabwasser/eabwasser/domain/messstelle"
	"github.com/eabwasser/eabwasser/eventstore"
)

// --- measuring points ----------------------------------------------------------------------

// skalaMessstelle is one measuring point of the scale seed: of which operation (index), at
// which of its plants (id, type, name) and its place among the operation's points.
type skalaMessstelle struct {
	betrieb, nr int
	anlageID    int64
	anlagentyp  string
	anlage      string
}

// messstellenDes are the measuring points of an approved operation, all at its first plant (the
// treatment plant, or the sewer network of a sewer operation): three each — at a treatment
// plant its inflow (Zulauf), its Endkontrolle at the outflow and the Einleitungsstelle into the
// water body; at a sewer network the pumping station's probe, the combined-sewer discharge and
// the Einleitungsstelle.
func messstellenDes(i int, b betriebsInfo, erste int64, typ, name string) []skalaMessstelle {
	if !b.freigegeben || erste == 0 {
		return nil
	}
	out := make([]skalaMessstelle, 3)
	for nr := range out {
		out[nr] = skalaMessstelle{betrieb: i, nr: nr, anlageID: erste, anlagentyp: typ, anlage: name}
	}
	return out
}

// gewaesser are the water bodies the scale seed's points discharge into.
var gewaesser = []string{"Rhein", "Mosel", "Lahn", "Nahe", "Saar", "Sieg", "Ahr", "Glan", "Queich", "Speyerbach", "Wied", "Kyll"}

// messstellenNummer is a unique, valid Messstellen-Nr. of point nr of operation i: the prefix
// 9xxxxx lies outside the Gemeindekennziffern of Rhineland-Palatinate (their last six digits
// begin with 1, 2 or 3), so the points the application numbers from their location never meet
// the seed's; the middle part counts the operation's points, the suffix is the type's (or 09,
// 11, 24 for the types with a free one).
func messstellenNummer(i, nr int, typ string) string {
	suffix, fest := messstelle.Suffix(typ)
	if !fest {
		suffix = typ[len(typ)-2:]
		if suffix[0] == '_' {
			suffix = "0" + suffix[1:]
		}
	}
	return fmt.Sprintf("%06d%02d%s", 900000+i/25, (i%25)*4+nr, suffix)
}

// messstellenPlan is the life of one measuring point: requested by the operation's ZUST_SBD a
// week after its plants were created; most are approved within days and in operation two
// weeks after the request (historised, recorded that day), some renamed later (recorded on the
// day the name is valid from); some still wait for their Freigabe, some were rejected the next
// day or the one after (half of them corrected and requested again three days after the
// request); shut down with their operation.
func (l *lauf) messstellenPlan(m skalaMessstelle, id int64, b betriebsInfo) plan {
	r := zufall(artMessstelle, m.betrieb<<2+m.nr)
	behandlung := m.anlagentyp == anlage.Abwasserbehandlung
	var typ, name string
	switch {
	case m.nr == 0 && behandlung:
		typ, name = "NR_1", "Zulauf "+m.anlage
	case m.nr == 0:
		typ, name = "NR_24", "Sonde Pumpwerk "+waehle(r, ortsteile)
	case m.nr == 1 && behandlung:
		typ, name = "NR_9", "Ablauf "+m.anlage
		if b.typ != "KOMMUNAL" {
			typ = "NR_12" // an industrial (pre-)treatment discharges indirectly
		}
	case m.nr == 1:
		typ, name = "NR_14", "Entlastung "+m.anlage
	default:
		typ, name = messstelle.Einleitungsstelle, "Einleitungsstelle "+waehle(r, gewaesser)
	}
	lage := betrieb.Lage{Hochwert: b.lage.Hochwert + float64(r.IntN(400)) - 200 + 0.5, Rechtswert: b.lage.Rechtswert + float64(r.IntN(400)) - 200 + 0.5}
	d := messstelle.Vorgaben(typ)
	d.Bezeichnung, d.Lage = name, lage
	d.AbgabeRelevant, d.FrachtRelevant = typ == "NR_9" || typ == "NR_12", typ == "NR_9"
	if typ == messstelle.Einleitungsstelle {
		d.Einleitstelle = &messstelle.Einleitstelle{Lage: betrieb.Lage{Hochwert: lage.Hochwert + 35, Rechtswert: lage.Rechtswert + 20},
			Pegel: "Pegel " + waehle(r, gewaesser), EinleitungMnq: fmt.Sprintf("%d,%d", 1+r.IntN(40), r.IntN(10)),
			EinleitungMq: fmt.Sprintf("%d,%d", 20+r.IntN(200), r.IntN(10))}
	}
	beginn := b.anlagenBeginn.AddDate(0, 0, 7)
	p := plan{id: id}
	nr := 1<<25 + m.betrieb<<2 + m.nr
	rz := zeitzufall(artMessstelle, m.betrieb<<2+m.nr)
	am := func(tag time.Time) time.Time { return l.um(tag, nr, len(p.schritte)) }
	add := func(c messstelle.Befehl, md eventstore.Metadata, tag time.Time) {
		p.schritte = append(p.schritte, schritt{befehl: c, md: md, am: am(tag)})
	}
	add(messstelle.FordereFreigabeAn{AnlageID: m.anlageID, BetriebID: b.id, MessstellenID: messstellenNummer(m.betrieb, m.nr, typ), Daten: d,
		BetriebFreigegeben: true, Betriebstyp: b.typ, Heute: beginn}, b.staff, beginn)
	los := r.IntN(100)
	switch {
	case los < 6: // still waits for its Freigabe
	case los < 12: // rejected, half of them corrected and requested again
		add(messstelle.EntscheideFreigabe{NeuerStatus: messstelle.Abgewiesen, Kommentar: "Die Lage der Messstelle ist nicht plausibel."}, b.staff,
			beginn.AddDate(0, 0, 1+rz.IntN(2)))
		if los < 9 {
			d.Lage.Hochwert += 12.5
			add(messstelle.Speichere{Daten: d, Heute: beginn.AddDate(0, 0, 3), Betriebstyp: b.typ}, b.staff, beginn.AddDate(0, 0, 3))
		}
	default: // approved, in operation two weeks later
		add(messstelle.EntscheideFreigabe{NeuerStatus: messstelle.Freigegeben, Kommentar: "Angaben geprüft."}, b.staff,
			beginn.AddDate(0, 0, 2+rz.IntN(8)))
		ab := beginn.AddDate(0, 0, 14)
		d.Messstellenstatus = messstelle.InBetrieb
		l.datiert(&p, d, ab.Format(historie.Datumsformat), "Inbetriebnahme", b, am(ab))
		if los >= 88 { // renamed later
			d.Bezeichnung += " " + waehle(r, []string{"(neu)", "Nord", "II"})
			vor := 100 + r.IntN(300)
			l.datiert(&p, d, l.datum(-vor), "Umbenennung", b, am(l.tag(-vor)))
		}
	}
	if b.stillgelegt != "" {
		add(messstelle.LegeStill{Datum: b.stillgelegt}, b.staff, amTagDes(b.stillgelegt))
	}
	return p
}

// datiert adds the staff's historised save of d valid from ab, recorded at am.
func (l *lauf) datiert(p *plan, d messstelle.Daten, ab, grund string, b betriebsInfo, am time.Time) {
	md := b.staff
	md.AuditInfo = &eventstore.AuditInfo{GueltigAb: ab, Aenderungsgrund: grund}
	p.schritte = append(p.schritte, schritt{befehl: messstelle.Speichere{Daten: d, Heute: l.s.Heute, Betriebstyp: b.typ,
		AuditInfo: &historie.AuditInfo{GueltigAb: ab, Aenderungsgrund: grund}}, md: md, am: am})
}

// messstellenDokument writes a measuring point's document through the writer its area
// registered (none: nothing), as the command path does.
func (l *lauf) messstellenDokument(ctx context.Context, tx pgx.Tx, id int64, m messstelle.Messstelle, version int) error {
	return l.store.SchreibeDokument(ctx, tx, messstelle.StreamType, id, m, version)
}
