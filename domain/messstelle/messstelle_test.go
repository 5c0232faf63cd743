package messstelle

import (
	"encoding/json"
	"reflect"
	"testing"
	"time"

	"github.com/eabwasser/eabwasser/domain/betrieb"
	"github.com/eabwasser/eabwasser/domain/ereignis"
	"github.com/eabwasser/eabwasser/domain/ereignis/ereignistest"
	"github.com/eabwasser/eabwasser/domain/historie"
	"github.com/eabwasser/eabwasser/domain/validierung"
)

var fehlerfelder = ereignistest.Fehlerfelder

var mit = ereignistest.Mit[Daten]

var given = ereignistest.Gegeben(Evolve)

var (
	heute = time.Date(2026, 11, 26, 9, 0, 0, 0, time.UTC)
	lage  = betrieb.Lage{Hochwert: 5583000.12, Rechtswert: 398000.5}
	// the data of a discharge point as the number dialog sends them (on top of Vorgaben)
	eingabe = func() Daten {
		d := Vorgaben(Einleitungsstelle)
		d.Bezeichnung, d.Lage = "Einleitung Rhein", lage
		return d
	}()
	gespeichert = normalisiert(eingabe, "KOMMUNAL")
	beantragt   = MessstelleBeantragt{AnlageID: 5, BetriebID: 9, MessstellenID: "1110000108", Daten: gespeichert, GueltigAb: "2026-11-01"}
	freigegeben = []ereignis.DomainEvent{beantragt, MessstelleFreigegeben{Kommentar: "passt"}}
	anlegen     = FordereFreigabeAn{AnlageID: 5, BetriebID: 9, MessstellenID: "111000-01-08", Daten: eingabe, BetriebFreigegeben: true,
		Betriebstyp: "KOMMUNAL", Heute: heute}
	ai = &historie.AuditInfo{GueltigAb: "2026-11-20", Aenderungsgrund: "Umbau"}
)

type felder = ereignistest.Felder

type fall struct {
	name  string
	given []ereignis.DomainEvent
	when  Befehl
	then  []ereignis.DomainEvent
	err   felder
}

func pruefe(t *testing.T, faelle []fall) {
	t.Helper()
	for _, tc := range faelle {
		t.Run(tc.name, func(t *testing.T) {
			got, err := Decide(given(tc.given...), tc.when)
			if e := fehlerfelder(t, err); !reflect.DeepEqual(e, tc.err) {
				t.Fatalf("errors = %v, want %v", e, tc.err)
			}
			if tc.err == nil && !reflect.DeepEqual(got, tc.then) {
				t.Fatalf("events =\n%+v\nwant\n%+v", got, tc.then)
			}
		})
	}
}

func TestFordereFreigabeAn(t *testing.T) {
	vergeben := anlegen
	vergeben.NummerVergeben = true
	falscheEndung := anlegen
	falscheEndung.MessstellenID = "1110000107"
	kurz := anlegen
	kurz.MessstellenID = "11100001"
	unfrei := anlegen
	unfrei.BetriebFreigegeben = false
	still := anlegen
	still.AnlageAusser = true
	mitStatus := anlegen
	mitStatus.Daten = mit(eingabe, func(d *Daten) { d.Messstellenstatus, d.Statuswechsel = InBetrieb, "2026-01-01" })
	anderer := anlegen
	anderer.Daten = mit(eingabe, func(d *Daten) {
		d.Messstellentyp = "NR_9"
		d.Einleitstelle = &Einleitstelle{Pegel: "Koblenz"}
	})
	anderer.MessstellenID = "1110000109"
	pruefe(t, []fall{
		{name: "given nothing, when requested, then BEANTRAGT with the number without separators", when: anlegen,
			then: []ereignis.DomainEvent{MessstelleBeantragt{AnlageID: 5, BetriebID: 9, MessstellenID: "1110000108", Daten: gespeichert, GueltigAb: "2026-11-26"}}},
		{name: "a status sent along starts at the reference value", when: mitStatus,
			then: []ereignis.DomainEvent{MessstelleBeantragt{AnlageID: 5, BetriebID: 9, MessstellenID: "1110000108", Daten: gespeichert, GueltigAb: "2026-11-26"}}},
		{name: "a type without Einleitstelle drops it", when: anderer,
			then: []ereignis.DomainEvent{MessstelleBeantragt{AnlageID: 5, BetriebID: 9, MessstellenID: "1110000109",
				Daten: mit(gespeichert, func(d *Daten) { d.Messstellentyp = "NR_9" }), GueltigAb: "2026-11-26"}}},
		{name: "a taken number", when: vergeben, err: felder{"messstellenId": MsgNummerVergeben}},
		{name: "a number too short", when: kurz, err: felder{"messstellenId": MsgNummerZuKurz}},
		{name: "a suffix not of the type", when: falscheEndung, err: felder{"messstellenId": "Die letzten beiden Ziffern der Messstellennummer müssen zum Messstellentyp passen (08)."}},
		{name: "the operation not approved", when: unfrei, err: felder{"": MsgBetriebNichtFrei}},
		{name: "under a shut-down plant", when: still, err: felder{"": MsgAnlageAusser}},
		{name: "twice", given: []ereignis.DomainEvent{beantragt}, when: anlegen, err: felder{"": MsgExistiert}},
	})
}

func TestValidierung_AllErrorsAtOnce(t *testing.T) {
	falsch := anlegen
	falsch.MessstellenID = "12"
	falsch.Daten = Daten{Messstellentyp: "NR_99", Lage: betrieb.Lage{Hochwert: 123456789}, Anhang: Anhang{AnhangAbwasserverordnung: "1",
		Grenzwerte: Grenzwerte{Csb: "abc", Pges: "0", Nges: "12345678901", Nh4n: "1,2345", Bsb5: "12,5"}},
		Einleitstelle:   &Einleitstelle{EinleitungMq: "x"},
		LimsBerechtigte: []string{"SGD Nord", "SGD Nord"}}
	pruefe(t, []fall{{name: "every field error of the form in one answer", when: falsch, err: felder{
		"messstellenId":                   MsgNummerZuKurz,
		"bezeichnung":                     validierung.Pflichtfeld,
		"messstellentyp":                  MsgTyp,
		"lage.hochwert":                   betrieb.MsgKoordinate,
		"lage.rechtswert":                 validierung.Pflichtfeld,
		"anhang.anhangAbwasserverordnung": MsgAnhangAbwasserart,
		"anhang.abwasserart":              MsgAnhangAbwasserart,
		"anhang.csb":                      MsgZahlOderNichts,
		"anhang.pges":                     betrieb.MsgPositiv,
		"anhang.nges":                     betrieb.MsgWert,
		"anhang.nh4n":                     betrieb.MsgWert,
		"limsBerechtigte[1]":              MsgBehoerdeDoppelt,
	}}})

	// the Einleitstelle, Mindestanforderungen and Vorbelastungen of an industrial discharge point
	industrie := anlegen
	industrie.Betriebstyp = "INDUSTRIE"
	industrie.Daten = mit(eingabe, func(d *Daten) {
		d.Anhang = Anhang{AnhangAbwasserverordnung: "31", Abwasserart: "Kühlwasser"}
		d.Einleitstelle = &Einleitstelle{Lage: betrieb.Lage{Hochwert: -1}, EinleitungMnq: "1.5", EinleitungMq: "x"}
		d.Mindestanforderungen = []Mindestanforderung{{Gruppe: GruppeA00, Wertart: "XX", Grenzwerte: Grenzwerte{Csb: "-1"}}, {}}
		d.Vorbelastungen = []Vorbelastung{{GueltigAb: "2026-01-01"}, {GueltigAb: "2026-01-01"}, {GueltigAb: "01.01.2026", Grenzwerte: Grenzwerte{Gei: "1,0001"}}}
	})
	pruefe(t, []fall{{name: "the tabs of the discharge point are checked too", when: industrie, err: felder{
		"einleitstelle.lage.hochwert":     betrieb.MsgPositiv,
		"einleitstelle.lage.rechtswert":   validierung.Pflichtfeld,
		"einleitstelle.einleitungMnq":     validierung.MsgZahlFormat, // "1.5": a point is no decimal point
		"einleitstelle.einleitungMq":      MsgZahlOderNichts,
		"mindestanforderungen[0].wertart": MsgWertart,
		"mindestanforderungen[0].csb":     MsgZahlOderNichts,
		"mindestanforderungen[1].gruppe":  validierung.Pflichtfeld,
		"mindestanforderungen[1].wertart": MsgWertart,
		// sorted by date: the German date comes first
		"vorbelastungen[0].gueltigAb": MsgDatum,
		"vorbelastungen[0].gei":       betrieb.MsgWert,
		"vorbelastungen[2].gueltigAb": MsgVorbelastungDatum,
	}}})
}

func TestFreigabe(t *testing.T) {
	abgewiesen := []ereignis.DomainEvent{beantragt, MessstelleAbgewiesen{Kommentar: "Lage prüfen"}}
	korrigiert := mit(gespeichert, func(d *Daten) { d.Lage.Hochwert = 5583100 })
	pruefe(t, []fall{
		{name: "given requested, when approved, then FREIGEGEBEN with the comment", given: []ereignis.DomainEvent{beantragt},
			when: EntscheideFreigabe{NeuerStatus: Freigegeben, Kommentar: " passt "}, then: []ereignis.DomainEvent{MessstelleFreigegeben{Kommentar: "passt"}}},
		{name: "approved without a comment", given: []ereignis.DomainEvent{beantragt},
			when: EntscheideFreigabe{NeuerStatus: Freigegeben}, then: []ereignis.DomainEvent{MessstelleFreigegeben{}}},
		{name: "rejected with a reason", given: []ereignis.DomainEvent{beantragt},
			when: EntscheideFreigabe{NeuerStatus: Abgewiesen, Kommentar: "Lage prüfen"}, then: []ereignis.DomainEvent{MessstelleAbgewiesen{Kommentar: "Lage prüfen"}}},
		{name: "rejected without a reason", given: []ereignis.DomainEvent{beantragt},
			when: EntscheideFreigabe{NeuerStatus: Abgewiesen, Kommentar: " "}, err: felder{"kommentar": MsgBegruendung}},
		{name: "an unknown decision", given: []ereignis.DomainEvent{beantragt},
			when: EntscheideFreigabe{NeuerStatus: Beantragt}, err: felder{"neuerStatus": MsgNeuerStatus}},
		{name: "given approved, a second decision", given: freigegeben,
			when: EntscheideFreigabe{NeuerStatus: Abgewiesen, Kommentar: "x"}, err: felder{"": MsgNichtBeantragt}},
		{name: "given rejected, when saved, then requested again ('Freigabe erneut anfordern')", given: abgewiesen,
			when: Speichere{Daten: korrigiert, Heute: heute}, then: []ereignis.DomainEvent{MessstellenfreigabeErneutAngefordert{Daten: korrigiert}}},
		{name: "given requested again, it can be decided again", given: append(abgewiesen, MessstellenfreigabeErneutAngefordert{Daten: korrigiert}),
			when: EntscheideFreigabe{NeuerStatus: Freigegeben}, then: []ereignis.DomainEvent{MessstelleFreigegeben{}}},
		{name: "nothing to decide on a point that does not exist", when: EntscheideFreigabe{NeuerStatus: Freigegeben},
			err: felder{"": validierung.NichtGefunden.Error()}},
	})
	if m := given(append(abgewiesen, MessstellenfreigabeErneutAngefordert{Daten: korrigiert})...); m.Freigabestatus != Beantragt ||
		m.FreigabeKommentar != "" || !reflect.DeepEqual(m.Daten, korrigiert) {
		t.Fatalf("after the renewed request: %+v", m)
	}
}

func TestStatus(t *testing.T) {
	inBetrieb := mit(gespeichert, func(d *Daten) { d.Messstellenstatus = InBetrieb })
	gewechselt := mit(inBetrieb, func(d *Daten) { d.Statuswechsel = "2026-11-20" })
	zurueck := mit(gespeichert, func(d *Daten) { d.Messstellenstatus = Geplant })
	umbenannt := mit(gewechselt, func(d *Daten) { d.Bezeichnung = "Einleitung Rhein Nord" })
	pruefe(t, []fall{
		{name: "given requested, when the status changes, then refused", given: []ereignis.DomainEvent{beantragt},
			when: Speichere{Daten: inBetrieb, Heute: heute}, err: felder{"messstellenstatus": MsgStatusErstFreigabe}},
		{name: "given approved, when the status changes, then statuswechsel is the day it is valid from", given: freigegeben,
			when: Speichere{Daten: inBetrieb, Heute: heute, AuditInfo: ai},
			then: []ereignis.DomainEvent{MessstelleGeaendert{Daten: gewechselt, GueltigAb: "2026-11-20", Aenderungsgrund: "Umbau"}}},
		{name: "given a changed status, when another field changes, then statuswechsel stays", given: append(freigegeben, MessstelleGeaendert{Daten: gewechselt, GueltigAb: "2026-11-20"}),
			when: Speichere{Daten: mit(umbenannt, func(d *Daten) { d.Statuswechsel = "" }), Heute: heute, AuditInfo: &historie.AuditInfo{GueltigAb: "2026-11-25", Aenderungsgrund: "Name"}},
			then: []ereignis.DomainEvent{MessstelleGeaendert{Daten: umbenannt, GueltigAb: "2026-11-25", Aenderungsgrund: "Name"}}},
		{name: "given a changed status, when it returns to the initial value, then statuswechsel is cleared", given: append(freigegeben, MessstelleGeaendert{Daten: gewechselt, GueltigAb: "2026-11-20"}),
			when: Speichere{Daten: zurueck, Heute: heute, AuditInfo: &historie.AuditInfo{GueltigAb: "2026-11-25", Aenderungsgrund: "Irrtum"}},
			then: []ereignis.DomainEvent{MessstelleGeaendert{Daten: gespeichert, GueltigAb: "2026-11-25", Aenderungsgrund: "Irrtum"}}},
		{name: "shut down without a date", given: freigegeben,
			when: Speichere{Daten: mit(gespeichert, func(d *Daten) { d.Messstellenstatus = Stillgelegt }), Heute: heute}, err: felder{"": MsgStilllegung}},
		{name: "the plant's shut-down shuts the point down", given: freigegeben,
			when: LegeStill{Datum: "2026-11-26"}, then: []ereignis.DomainEvent{MessstelleStillgelegt{Datum: "2026-11-26"}}},
		{name: "a shut-down point is not shut down twice", given: append(freigegeben, MessstelleStillgelegt{Datum: "2026-11-26"}),
			when: LegeStill{Datum: "2026-11-27"}},
	})
	for _, tc := range []struct{ alt, neu, bisher, want string }{
		{Geplant, InBetrieb, "", "2026-11-26"}, {InBetrieb, Stillgelegt, "2026-01-01", "2026-11-26"},
		{InBetrieb, Geplant, "2026-01-01", ""}, {InBetrieb, InBetrieb, "2026-01-01", "2026-01-01"},
	} {
		if got := Statuswechsel(tc.alt, tc.neu, tc.bisher, "2026-11-26"); got != tc.want {
			t.Errorf("Statuswechsel(%s → %s) = %q, want %q", tc.alt, tc.neu, got, tc.want)
		}
	}
}

func TestSpeichere(t *testing.T) {
	umbenannt := mit(gespeichert, func(d *Daten) { d.Bezeichnung = "Einleitung Rhein Süd" })
	mitZustaendigkeit := mit(gespeichert, func(d *Daten) { d.ZustaendigeBehoerde = "SGD Nord" })
	ma := []Mindestanforderung{{Gruppe: "A31", Wertart: Hoechstwert, Grenzwerte: Grenzwerte{Csb: "80"}}}
	industriell := MessstelleBeantragt{AnlageID: 5, BetriebID: 9, MessstellenID: "1110000108", GueltigAb: "2026-11-01",
		Daten: mit(gespeichert, func(d *Daten) { d.Mindestanforderungen = ma })}
	a00 := mit(industriell.Daten, func(d *Daten) {
		d.Mindestanforderungen = append([]Mindestanforderung{{Gruppe: GruppeA00, Wertart: Ueberwachungswert, Grenzwerte: Grenzwerte{Csb: "75,5"}}}, ma...)
	})
	pruefe(t, []fall{
		{name: "given requested, a change replaces the request's version", given: []ereignis.DomainEvent{beantragt},
			when: Speichere{Daten: umbenannt, Heute: heute}, then: []ereignis.DomainEvent{MessstelleGeaendert{Daten: umbenannt, GueltigAb: "2026-11-01", Ersetzt: true}}},
		{name: "given approved, a historised change needs a date", given: freigegeben,
			when: Speichere{Daten: umbenannt, Heute: heute}, err: felder{"": historie.MsgFehlt}},
		{name: "given approved, a historised change with a date opens a version", given: freigegeben,
			when: Speichere{Daten: umbenannt, Heute: heute, AuditInfo: ai},
			then: []ereignis.DomainEvent{MessstelleGeaendert{Daten: umbenannt, GueltigAb: "2026-11-20", Aenderungsgrund: "Umbau"}}},
		{name: "given approved, a change of a field without history corrects the version", given: freigegeben,
			when: Speichere{Daten: mitZustaendigkeit, Heute: heute}, then: []ereignis.DomainEvent{MessstelleGeaendert{Daten: mitZustaendigkeit, GueltigAb: "2026-11-01", Ersetzt: true}}},
		{name: "no change, no event", given: freigegeben, when: Speichere{Daten: eingabe, Heute: heute}},
		{name: "a type whose suffix does not fit the number", given: freigegeben,
			when: Speichere{Daten: mit(gespeichert, func(d *Daten) { d.Messstellentyp = "NR_7" }), Heute: heute, AuditInfo: ai},
			err:  felder{"messstellentyp": "Die letzten beiden Ziffern der Messstellennummer müssen zum Messstellentyp passen (07)."}},
		{name: "the A00 group is editable", given: []ereignis.DomainEvent{industriell},
			when: Speichere{Daten: a00, Heute: heute, Betriebstyp: "INDUSTRIE"}, then: []ereignis.DomainEvent{MessstelleGeaendert{Daten: a00, GueltigAb: "2026-11-01", Ersetzt: true}}},
		{name: "the other groups are read-only", given: []ereignis.DomainEvent{industriell},
			when: Speichere{Daten: mit(industriell.Daten, func(d *Daten) { d.Mindestanforderungen = nil }), Heute: heute, Betriebstyp: "INDUSTRIE"},
			err:  felder{"mindestanforderungen": MsgNurA00}},
		{name: "an unknown point", when: Speichere{Daten: eingabe, Heute: heute}, err: felder{"": validierung.NichtGefunden.Error()}},
	})
}

func TestVersionen(t *testing.T) {
	umbenannt := mit(gespeichert, func(d *Daten) { d.Bezeichnung = "Einleitung Rhein Süd" })
	ereignisse := []historie.Ereignis{{Event: beantragt}, {Event: MessstelleGeaendert{Daten: umbenannt, GueltigAb: "2026-11-01", Ersetzt: true}},
		{Event: MessstelleFreigegeben{}}, {Event: MessstelleGeaendert{Daten: gespeichert, GueltigAb: "2026-11-20", Aenderungsgrund: "Umbau"}},
		{Event: MessstelleStillgelegt{Datum: "2026-11-26"}}}
	v := historie.Versionen(ereignisse, Versionsregel())
	var ab []string
	for _, f := range v {
		ab = append(ab, f.GueltigAb+" "+f.Aenderungsgrund)
	}
	want := []string{"2026-11-01 ", "2026-11-20 Umbau", "2026-11-26 Stilllegung der Anlage"}
	if !reflect.DeepEqual(ab, want) {
		t.Fatalf("versions = %q, want %q", ab, want)
	}
	if v[0].Stand.Daten.Bezeichnung != umbenannt.Bezeichnung || v[0].Stand.Freigabestatus != Freigegeben {
		t.Fatalf("first version = %+v", v[0].Stand)
	}
	if v[2].Stand.Daten.Messstellenstatus != Stillgelegt {
		t.Fatalf("last version = %+v", v[2].Stand)
	}
}

func TestEreignisse_NamedOnceAndReadBack(t *testing.T) {
	for _, e := range []ereignis.DomainEvent{beantragt, MessstelleGeaendert{Daten: gespeichert, GueltigAb: "2026-11-01"},
		MessstelleFreigegeben{Kommentar: "k"}, MessstelleAbgewiesen{Kommentar: "k"},
		MessstellenfreigabeErneutAngefordert{Daten: gespeichert}, MessstelleStillgelegt{Datum: "2026-11-26"}} {
		raw, _ := json.Marshal(e)
		back, err := Decode(e.EventType(), raw)
		if err != nil || !reflect.DeepEqual(back, e) {
			t.Fatalf("%s: %v, %+v", e.EventType(), err, back)
		}
		if Phrasen[e.EventType()] == "" {
			t.Fatalf("%s has no phrase", e.EventType())
		}
	}
	var _ ereignis.Datiert = MessstelleGeaendert{}
}

func TestFeldnamen_CoverEveryField(t *testing.T) {
	for _, f := range append(validierung.Felder(Daten{}), Parameter...) {
		if Feldnamen[f] == "" {
			t.Errorf("no label for %q", f)
		}
	}
}

func TestLaengen_WithTheOtherErrors(t *testing.T) {
	lang := func(feld string) string {
		s := ""
		for i := 0; i <= validierung.Hoechstlaenge(feld); i++ {
			s += "ü"
		}
		return s
	}
	c := anlegen
	c.Daten = mit(eingabe, func(d *Daten) {
		d.Bezeichnung = lang("bezeichnung")
		d.Anhang.Abwasserart = lang("abwasserart")
		d.Einleitstelle = &Einleitstelle{Pegel: lang("pegel"), EinleitungMq: "0"}
		d.Lage.Rechtswert = 0
	})
	pruefe(t, []fall{{name: "a too long text is one error among the others", when: c, err: felder{
		"bezeichnung":                     validierung.ZuLang(validierung.Hoechstlaenge("bezeichnung")),
		"anhang.abwasserart":              validierung.ZuLang(validierung.Hoechstlaenge("abwasserart")),
		"anhang.anhangAbwasserverordnung": MsgAnhangAbwasserart,
		"einleitstelle.pegel":             validierung.ZuLang(validierung.Hoechstlaenge("pegel")),
		"einleitstelle.einleitungMq":      betrieb.MsgPositiv,
		"lage.rechtswert":                 validierung.Pflichtfeld,
	}}})
}

func TestStilllegung(t *testing.T) {
	if m := given(append(freigegeben, MessstelleStillgelegt{Datum: "2026-11-26"})...); m.Daten.Messstellenstatus != Stillgelegt ||
		m.Daten.Statuswechsel != "2026-11-26" || m.LetzterBeginn != "2026-11-26" {
		t.Fatalf("after the shut-down: %+v", m)
	}
}
