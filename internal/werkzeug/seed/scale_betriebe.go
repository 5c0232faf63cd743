package seed

// The scale seed's operations: the life of each so far.

import (
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
	"time"

	"github.com/eabwasser/eabwasser/domain/betrieb"
	"github.com/eabwasser/eabwasser/domain/historie"
	"github.com/eabwasser/eabwasser/eventstore"
	betriebdienst "github.com/eabwasser/eabwasser/internal/anwendung/betrieb"
)

// --- operations ----------------------------------------------------------------------------

// betriebsInfo is what the plants of an operation take from its life.
type betriebsInfo struct {
	id               int64
	typ, name        string
	org              int
	lage             betrieb.Lage
	betreiber, staff eventstore.Metadata
	freigegeben      bool
	inBetrieb        string // yyyy-MM-dd the operation went into operation
	stillgelegt      string // yyyy-MM-dd of its shut-down, "" if none
	anlagenBeginn    time.Time
}

// betriebsLeben is the life of one operation so far, by the operator's BETREIBER and the
// ZUST_SBD of its Regionalstelle, with what the plants need to know of the operation.
func (l *lauf) betriebsLeben(i int, id int64) (plan, betriebsInfo) {
	r := zufall(artBetrieb, i)
	e := l.betriebsEntwurf(r, id)
	ll := &lebenslauf{l: l, i: i, p: plan{id: id}, staff: e.staff, rz: zeitzufall(artBetrieb, i)}
	info := betriebsInfo{id: id, typ: e.typ, name: e.daten.Bezeichnung, org: e.org, lage: e.daten.Lage, betreiber: e.betreiber, staff: e.staff}
	d := e.daten
	ll.add(betrieb.BeantrageBetrieb{BetriebsID: betriebdienst.BetriebsID(id, e.beginn), Daten: d, Typ: e.typ, Heute: e.beginn}, e.betreiber, e.beginn)
	if !ll.freigabe(r, &d, e) {
		return ll.p, info
	}
	d.Betriebsstatus = betrieb.InBetrieb
	info.freigegeben, info.anlagenBeginn = true, e.beginn.AddDate(0, 1+r.IntN(5), 0)
	info.inBetrieb = info.anlagenBeginn.Format(historie.Datumsformat)
	ll.admin(d, info.inBetrieb, "Inbetriebnahme", info.anlagenBeginn)
	ll.spaeter(r, &d, e, &info)
	return ll.p, info
}

// betriebsentwurf is an operation as its operator requests it, with who acts for both sides.
type betriebsentwurf struct {
	org              int // index into l.orgs
	typ              string
	ort              ort
	jahr             int
	beginn           time.Time
	daten            betrieb.Daten
	betreiber, staff eventstore.Metadata
}

// betriebsEntwurf draws the operation's organisation, Regionalstelle, type, name, place and data.
func (l *lauf) betriebsEntwurf(r *rand.Rand, id int64) betriebsentwurf {
	oi := r.IntN(len(l.orgs))
	o := l.orgs[oi]
	st := l.regionalstellen[o.ort.stelle]
	if r.IntN(100) < 15 { // some operations lie in another Regionalstelle than their operator
		st = waehle(r, l.regionalstellen)
	}
	betreiber, staff := o.betreiber.md(), l.sachbearbeiter(st.id).md()
	typ := waehle(r, betriebstypen)
	if o.kommunal {
		typ = waehle(r, []string{"KOMMUNAL", "KOMMUNAL", "KANAL_KOMMUNAL"})
	}
	ortB := o.ort
	if r.IntN(100) < 40 {
		ortB = waehle(r, orte)
	}
	b := waehle(r, branchen)
	name := b.betrieb + " " + waehle(r, familien)
	if typ == "KOMMUNAL" {
		name = "Kläranlage " + ortB.name
		if r.IntN(2) == 0 {
			name += "-" + waehle(r, ortsteile)
		}
	} else if typ == "KANAL_KOMMUNAL" || typ == "KANAL_INDUSTRIE" {
		name = "Kanalnetz " + ortB.name + " " + waehle(r, ortsteile)
	} else if r.IntN(3) == 0 {
		name += " – Werk " + ortB.name
	}
	jahr := 2012 + r.IntN(10)
	beginn := time.Date(jahr, time.Month(1+r.IntN(12)), 1+r.IntN(28), 9, 0, 0, 0, time.UTC)
	kontakt := l.person(r, 0, ascii(strings.Fields(name)[0])+"-"+strconv.FormatInt(id, 10)+".example")
	d := betrieb.Daten{Bezeichnung: name, BetreiberID: l.orgIDs[oi], RegionalstelleID: st.id,
		Adresse:         betrieb.Adresse{Strasse: waehle(r, strassen), Hausnummer: strconv.Itoa(1 + r.IntN(250)), Plz: ortB.plz, Ort: ortB.name},
		Lage:            betrieb.Lage{Hochwert: 5450000 + float64(r.IntN(200000)) + 0.25, Rechtswert: 350000 + float64(r.IntN(120000)) + 0.75},
		Haupttaetigkeit: b.taetigkeit, Nacecode: b.nace, PRTRRelevanz: r.IntN(10) == 0, IEDRelevanz: r.IntN(8) == 0,
		Produktion: betrieb.Produktion{Taetigkeiten: []string{b.taetigkeit}, Produktbezeichnungen: []string{b.produkt},
			Produktionstage: ptr(200 + r.IntN(160)), AnzahlBeschaeftigte: ptr(5 + r.IntN(800)), TagesarbeitszeitVon: "06:00",
			TagesarbeitszeitBis: waehle(r, []string{"14:00", "22:00", "18:00"}), BezugsjahrProduktion: ptr(jahr)},
		Wasserversorgung: betrieb.Wasserversorgung{OeffentlWasserversorgung: r.IntN(4) > 0, Wasserbezug: ptr(float64(1000+r.IntN(400000)) + 0.5),
			BezugsjahrWv: ptr(jahr)},
		Kontakte: []betrieb.Kontakt{{Anrede: kontakt.Anrede, Vorname: kontakt.Vorname, Name: kontakt.Name, Telefon: kontakt.Telefon,
			Email: kontakt.Email, Funktion: waehle(r, []string{"Umweltbeauftragter", "Betriebsleitung", "Abwassermeister", "Geschäftsführung"})}},
	}
	return betriebsentwurf{org: oi, typ: typ, ort: ortB, jahr: jahr, beginn: beginn, daten: d, betreiber: betreiber, staff: staff}
}

// lebenslauf collects the steps of one operation's plan, each at its moment: the plan's dates,
// and days drawn apart from the data (rz).
type lebenslauf struct {
	l     *lauf
	i     int
	p     plan
	staff eventstore.Metadata
	rz    *rand.Rand
}

func (ll *lebenslauf) add(cmd any, md eventstore.Metadata, tag time.Time) {
	ll.p.schritte = append(ll.p.schritte, schritt{befehl: cmd, md: md, am: ll.l.um(tag, ll.i, len(ll.p.schritte))})
}

// admin is a save by staff, with AuditInfo when ab is set.
func (ll *lebenslauf) admin(neu betrieb.Daten, ab, grund string, tag time.Time) {
	md := ll.staff
	var ai *historie.AuditInfo
	if ab != "" {
		ai = &historie.AuditInfo{GueltigAb: ab, Aenderungsgrund: grund}
		md.AuditInfo = &eventstore.AuditInfo{GueltigAb: ab, Aenderungsgrund: grund}
	}
	ll.add(betrieb.SpeichereAlsAdmin{Daten: neu, AuditInfo: ai, Heute: ll.l.s.Heute}, md, tag)
}

// freigabe is the way to the Freigabe, before the plants (a month or more after the request):
// rejected in the first, corrected in the second, approved in the third or fourth week. It
// reports whether the operation was approved.
func (ll *lebenslauf) freigabe(r *rand.Rand, d *betrieb.Daten, e betriebsentwurf) bool {
	abgewiesen, korrigiert := tagNach(e.beginn, 5+ll.rz.IntN(5)), tagNach(e.beginn, 12+ll.rz.IntN(5))
	freigegeben := tagNach(e.beginn, 19+ll.rz.IntN(8))
	los := r.IntN(100)
	switch {
	case los < 6: // requested, maybe corrected by the operator while it waits
		if r.IntN(2) == 0 {
			d.Produktion.AnzahlBeschaeftigte = ptr(*d.Produktion.AnzahlBeschaeftigte + 1)
			ll.add(betrieb.SpeichereAlsBetreiber{Daten: *d}, e.betreiber, korrigiert)
		}
		return false
	case los < 10: // rejected
		ll.add(betrieb.EntscheideFreigabe{NeuerStatus: betrieb.Abgewiesen, Kommentar: waehle(r, ablehnungen)}, e.staff, abgewiesen)
		return false
	case los < 13: // rejected, corrected and requested again a few weeks ago: waits
		ll.add(betrieb.EntscheideFreigabe{NeuerStatus: betrieb.Abgewiesen, Kommentar: waehle(r, ablehnungen)}, e.staff, abgewiesen)
		d.Lage.Hochwert += 12.5
		ll.add(betrieb.SpeichereAlsBetreiber{Daten: *d}, e.betreiber, ll.l.tag(-5-ll.rz.IntN(40)))
		return false
	case los < 20: // rejected once, then approved
		ll.add(betrieb.EntscheideFreigabe{NeuerStatus: betrieb.Abgewiesen, Kommentar: waehle(r, ablehnungen)}, e.staff, abgewiesen)
		d.Lage.Rechtswert += 7.25
		ll.add(betrieb.SpeichereAlsBetreiber{Daten: *d}, e.betreiber, korrigiert)
	default:
		freigegeben = tagNach(e.beginn, 7+ll.rz.IntN(20))
	}
	ll.add(betrieb.EntscheideFreigabe{NeuerStatus: betrieb.Freigegeben, Kommentar: "Angaben geprüft."}, e.staff, freigegeben)
	return true
}

// spaeter is the approved operation's later life: the operator's yearly figures, a renaming, a
// shut-down or a Stammdaten-Antrag.
func (ll *lebenslauf) spaeter(r *rand.Rand, d *betrieb.Daten, e betriebsentwurf, info *betriebsInfo) {
	l := ll.l
	// the operator's yearly figures, saved in a month of their year
	for j := e.jahr + 1; j <= l.s.Heute.Year()-1; j++ {
		d.Produktion.BezugsjahrProduktion, d.Wasserversorgung.BezugsjahrWv = ptr(j), ptr(j)
		d.Produktion.AnzahlBeschaeftigte = ptr(max(1, *d.Produktion.AnzahlBeschaeftigte+r.IntN(21)-10))
		d.Wasserversorgung.Wasserbezug = ptr(math.Round(*d.Wasserversorgung.Wasserbezug*(0.9+r.Float64()/5)*10) / 10)
		ll.add(betrieb.SpeichereAlsBetreiber{Daten: *d}, e.betreiber, time.Date(j, time.Month(2+ll.rz.IntN(10)), 1+ll.rz.IntN(28), 12, 0, 0, 0, time.UTC))
	}
	if r.IntN(100) < 20 { // renamed, recorded on the day the name is valid from
		d.Bezeichnung += " – " + waehle(r, []string{"Werk Nord", "Werk Süd", "Standort " + e.ort.name, "Betriebsteil II"})
		vor := 200 + r.IntN(400)
		ll.admin(*d, l.datum(-vor), waehle(r, []string{"Umfirmierung", "Neuer Betriebsname", "Zusammenlegung von Betriebsteilen"}), l.tag(-vor))
	}
	antrag := r.IntN(100)
	switch {
	case antrag < 5: // shut down
		d.Betriebsstatus = betrieb.Stillgelegt
		vor := 30 + r.IntN(60)
		info.stillgelegt = l.datum(-vor)
		ll.admin(*d, info.stillgelegt, "Stilllegung", l.tag(-vor))
		return
	case antrag < 24: // a Stammdaten-Antrag three days ago: accepted or rejected yesterday, or still open
		a := betrieb.StammdatenAntrag{Bezeichnung: d.Bezeichnung, Adresse: d.Adresse, Kommentar: "Umzug der Verwaltung"}
		a.Adresse.Strasse, a.Adresse.Hausnummer = waehle(r, strassen), d.Adresse.Hausnummer+"a"
		ll.add(betrieb.StelleStammdatenAntrag{Antrag: a, Heute: l.tag(-3)}, e.betreiber, l.tag(-3))
		switch {
		case antrag < 15:
			ll.add(betrieb.UebernehmeStammdatenAntrag{Felder: []string{"strasse", "hausnummer"}, Heute: tagNach(l.letzter, 0)}, e.staff, l.letzter)
		case antrag < 20:
			gruende := map[string]string{}
			for _, f := range a.Beantragt(*d) {
				gruende[f] = "Die neue Anschrift ist noch nicht durch einen Nachweis belegt."
			}
			ll.add(betrieb.LehneStammdatenAntragAb{Begruendungen: gruende}, e.staff, l.letzter)
		}
	}
}
