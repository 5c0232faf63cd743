package messstelle

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/eabwasser/eabwasser/domain/betrieb"
	"github.com/eabwasser/eabwasser/domain/validierung"
)

// Messages of the data (spec 000 §5 where it words them; the others are ours).
const (
	MsgAnhangAbwasserart = `Die Felder "Anhang AbwV" und "Abwasserart" müssen entweder beide leer oder befüllt sein!`
	MsgZahlOderNichts    = validierung.MsgZahlOderNichts
	MsgDatum             = "Ungültiges Datumsformat"
	MsgTyp               = "Unbekannter Messstellentyp."
	MsgStatus            = "Unbekannter Messstellenstatus."
	MsgWertart           = "Die Wertart muss HW (Höchstwert) oder ÜW (Überwachungswert) sein."
	MsgVorbelastungDatum = "Für dieses Datum ist bereits eine Vorbelastung erfasst."
	MsgNurA00            = "Nur die Mindestanforderungen der Gruppe A00 sind änderbar."
	MsgBehoerdeDoppelt   = "Die Behörde ist bereits ausgewählt."
)

// Dezimal checks a decimal string by the rule Wert (validierung.Dezimal).
func Dezimal(s *validierung.Sammler, feld, v string) { validierung.Dezimal(s, feld, v) }

func (g Grenzwerte) pruefe(s *validierung.Sammler, pfad string) {
	for i, w := range g.werte() {
		Dezimal(s, pfad+Parameter[i], w)
	}
}

// getrimmt trims the limit values and stores each valid one without thousands dots
// (validierung.Normalform: "1.000" → "1000"), so that no new event holds a point.
func (g Grenzwerte) getrimmt() Grenzwerte {
	t := func(v string) string { return validierung.Normalform(strings.TrimSpace(v)) }
	return Grenzwerte{Csb: t(g.Csb), Pges: t(g.Pges), Nges: t(g.Nges), Nh4n: t(g.Nh4n), Bsb5: t(g.Bsb5), Aox: t(g.Aox),
		Hg: t(g.Hg), Cd: t(g.Cd), Cr: t(g.Cr), Ni: t(g.Ni), Pb: t(g.Pb), Cu: t(g.Cu), Gei: t(g.Gei)}
}

// normalisiert trims the texts, keeps only the tabs the type has (BereicheFuer), makes empty
// lists empty (not nil) and sorts the Vorbelastungen by date, so that equal data compare equal.
func normalisiert(d Daten, betriebstyp string) Daten {
	t := strings.TrimSpace
	d.Bezeichnung, d.Messstellentyp, d.Messstellenstatus = t(d.Bezeichnung), t(d.Messstellentyp), t(d.Messstellenstatus)
	d.ZustaendigeBehoerde = t(d.ZustaendigeBehoerde)
	d.Anhang.AnhangAbwasserverordnung, d.Anhang.Abwasserart = t(d.Anhang.AnhangAbwasserverordnung), t(d.Anhang.Abwasserart)
	d.Anhang.Grenzwerte = d.Anhang.Grenzwerte.getrimmt()
	liste := func(xs []string) []string {
		out := []string{}
		for _, x := range xs {
			if x = t(x); x != "" {
				out = append(out, x)
			}
		}
		return out
	}
	d.LimsBerechtigte, d.ZugehoerigeBehoerden = liste(d.LimsBerechtigte), liste(d.ZugehoerigeBehoerden)
	b := BereicheFuer(d.Messstellentyp, betriebstyp)
	if !b.Einleitstelle {
		d.Einleitstelle = nil
	} else if d.Einleitstelle != nil {
		e := *d.Einleitstelle
		e.Oberflaechenwasserkoerper, e.Teileinzugsgebiet, e.Pegel = t(e.Oberflaechenwasserkoerper), t(e.Teileinzugsgebiet), t(e.Pegel)
		e.EinleitungMnq, e.EinleitungMq = validierung.Normalform(t(e.EinleitungMnq)), validierung.Normalform(t(e.EinleitungMq))
		d.Einleitstelle = &e
	}
	ma := []Mindestanforderung{}
	if b.Mindestanforderungen {
		for _, m := range d.Mindestanforderungen {
			ma = append(ma, Mindestanforderung{Gruppe: t(m.Gruppe), Wertart: t(m.Wertart), Grenzwerte: m.Grenzwerte.getrimmt()})
		}
	}
	d.Mindestanforderungen = ma
	vb := []Vorbelastung{}
	if b.Vorbelastungen {
		for _, v := range d.Vorbelastungen {
			vb = append(vb, Vorbelastung{GueltigAb: t(v.GueltigAb), Grenzwerte: v.Grenzwerte.getrimmt()})
		}
		slices.SortStableFunc(vb, func(a, b Vorbelastung) int { return strings.Compare(a.GueltigAb, b.GueltigAb) })
	}
	d.Vorbelastungen = vb
	return d
}

// pruefeMit normalises the data of a measuring point under an operation of type betriebstyp
// and checks the rules of spec 000 §5 into s: every field error at once (issue 28).
func pruefeMit(s *validierung.Sammler, d Daten, betriebstyp string) Daten {
	d = normalisiert(d, betriebstyp)
	s.Laengen("", d)
	s.Pflichtfelder("", Formular, d)
	if d.Messstellentyp != "" && !IstTyp(d.Messstellentyp) {
		s.Feld("messstellentyp", MsgTyp)
	}
	if !slices.Contains(Status, d.Messstellenstatus) {
		s.Feld("messstellenstatus", MsgStatus)
	}
	betrieb.Koordinate(s, "lage.hochwert", d.Lage.Hochwert)
	betrieb.Koordinate(s, "lage.rechtswert", d.Lage.Rechtswert)
	if (d.Anhang.AnhangAbwasserverordnung == "") != (d.Anhang.Abwasserart == "") {
		s.Feld("anhang.anhangAbwasserverordnung", MsgAnhangAbwasserart)
		s.Feld("anhang.abwasserart", MsgAnhangAbwasserart)
	}
	d.Anhang.Grenzwerte.pruefe(s, "anhang.")
	einmalig(s, "limsBerechtigte", d.LimsBerechtigte)
	einmalig(s, "zugehoerigeBehoerden", d.ZugehoerigeBehoerden)
	if e := d.Einleitstelle; e != nil {
		// the point may be entered before its Einleitstelle is known: coordinates are checked
		// once one is given
		if e.Lage != (betrieb.Lage{}) {
			betrieb.Koordinate(s, "einleitstelle.lage.hochwert", e.Lage.Hochwert)
			betrieb.Koordinate(s, "einleitstelle.lage.rechtswert", e.Lage.Rechtswert)
		}
		Dezimal(s, "einleitstelle.einleitungMnq", e.EinleitungMnq)
		Dezimal(s, "einleitstelle.einleitungMq", e.EinleitungMq)
	}
	for i, m := range d.Mindestanforderungen {
		f := fmt.Sprintf("mindestanforderungen[%d].", i)
		if m.Wertart != Hoechstwert && m.Wertart != Ueberwachungswert {
			s.Feld(f+"wertart", MsgWertart)
		}
		m.Grenzwerte.pruefe(s, f)
	}
	gesehen := map[string]bool{}
	for i, v := range d.Vorbelastungen {
		f := fmt.Sprintf("vorbelastungen[%d].", i)
		if _, err := time.Parse("2006-01-02", v.GueltigAb); err != nil {
			s.Feld(f+"gueltigAb", MsgDatum)
		} else if gesehen[v.GueltigAb] {
			s.Feld(f+"gueltigAb", MsgVorbelastungDatum)
		}
		gesehen[v.GueltigAb] = true
		v.Grenzwerte.pruefe(s, f)
	}
	return d
}

func einmalig(s *validierung.Sammler, feld string, xs []string) {
	gesehen := make(map[string]bool, len(xs))
	for i, x := range xs {
		if gesehen[x] {
			s.Feld(fmt.Sprintf("%s[%d]", feld, i), MsgBehoerdeDoppelt)
		}
		gesehen[x] = true
	}
}

// nichtA00 are the read-only rows of the Mindestanforderungen (all but group A00).
func nichtA00(ms []Mindestanforderung) []Mindestanforderung {
	out := []Mindestanforderung{}
	for _, m := range ms {
		if m.Gruppe != GruppeA00 {
			out = append(out, m)
		}
	}
	return out
}
