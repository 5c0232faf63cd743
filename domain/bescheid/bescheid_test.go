package bescheid

import (
	"encoding/json"
	"errors"
	"reflect"
	"testing"
	"time"

	"github.com/eabwasser/eabwasser/domain/ereignis"
	"github.com/eabwasser/eabwasser/domain/ereignis/ereignistest"
	"github.com/eabwasser/eabwasser/domain/validierung"
)

var fehlerfelder = ereignistest.Fehlerfelder

var given = ereignistest.Gegeben(Evolve)

var (
	heute   = time.Date(2026, 11, 26, 9, 0, 0, 0, time.UTC)
	pruefen = Pruefung{BetriebFreigegeben: true, Bescheidarten: []string{"Wasserrechtliche Erlaubnis (§ 8 WHG)", "Änderungsbescheid"},
		Kandidaten: []int64{9, 10}, Anlagen: []int64{3}, Vorbescheide: []int64{7}}
	daten = Daten{BescheidQualitaet: "Bescheid", Bescheidart: "Wasserrechtliche Erlaubnis (§ 8 WHG)", Aktenzeichen: "31-2/24",
		Behoerde: "SGD Nord", Bescheidsdatum: "2024-03-01", Ablaufdatum: StandardAblaufdatum,
		Auflagen: []Auflage{{Abwasseranlage: 3, Art: "Messprogramm", Beschreibung: "Messprogramm vorlegen", Fristdatum: "2025-06-30"}}}
	betreiber   = Rolle{Antragsteller: true}
	sbb         = Rolle{Entscheider: true}
	admin       = Rolle{Entscheider: true, Admin: true}
	leser       = Rolle{}
	fremd       = Rolle{} // an operator of another organisation: no side
	angelegt    = BescheidAngelegt{BetriebID: 5, Status: Angelegt, Daten: daten, VonKonto: 41}
	inArbeit    = BescheidAngelegt{BetriebID: 5, Status: InBearbeitung, Daten: daten, VonKonto: 11}
	zugeordnet  = MessstellenZugeordnet{Messstellen: []int64{9}}
	anforderung = Anforderung{AnforderungID: 100, Messstelle: 9, AnforderungArt: BehoerdlicheFestlegung, ParameterArt: Konzentration,
		ParameterNr: "CSB", Wert: "90", Einheit: "mg/l", GueltigAb: "2024-03-01", GueltigBis: StandardAblaufdatum}
)

type felder = ereignistest.Felder

func typen(events []ereignis.DomainEvent) []string {
	out := []string{}
	for _, e := range events {
		out = append(out, e.EventType())
	}
	return out
}

func TestLegeAn(t *testing.T) {
	for _, tc := range []struct {
		name   string
		cmd    LegeAn
		events []string
		fehler felder
	}{
		{name: "staff record in work", cmd: LegeAn{BetriebID: 5, Status: InBearbeitung, Daten: daten, Pruefung: pruefen},
			events: []string{"BescheidAngelegt"}},
		{name: "operator's application with measuring points", cmd: LegeAn{BetriebID: 5, Status: Angelegt, Daten: daten,
			Messstellen: []int64{9, 10, 9}, Pruefung: pruefen}, events: []string{"BescheidAngelegt", "MessstellenZugeordnet"}},
		{name: "operation not approved", cmd: LegeAn{BetriebID: 5, Status: Angelegt, Daten: daten},
			fehler: felder{"": MsgBetriebNichtFrei}},
		{name: "no status but the two of creation", cmd: LegeAn{Status: Freigegeben, Daten: daten, Pruefung: pruefen},
			fehler: felder{"bescheidsstatus": MsgUebergang}},
		{name: "required fields", cmd: LegeAn{Status: InBearbeitung, Daten: Daten{Auflagen: []Auflage{{}}}, Pruefung: pruefen},
			fehler: felder{"bescheidQualitaet": validierung.Pflichtfeld, "bescheidart": validierung.Pflichtfeld,
				"aktenzeichen": validierung.Pflichtfeld, "behoerde": validierung.Pflichtfeld, "bescheidsdatum": validierung.Pflichtfeld,
				"auflagen[0].beschreibung": validierung.Pflichtfeld, "auflagen[0].art": validierung.Pflichtfeld,
				"auflagen[0].fristdatum": validierung.Pflichtfeld, "auflagen[0].abwasseranlage": validierung.Pflichtfeld}},
		{name: "Bescheidart of another quality, foreign references", cmd: LegeAn{Status: InBearbeitung, Daten: func() Daten {
			d := daten
			d.Bescheidart, d.Vorbescheid = "Herabsetzungserklärung", 8
			d.Auflagen = []Auflage{{Abwasseranlage: 4, Art: "Messprogramm", Beschreibung: "x", Fristdatum: "2025-13-01"}}
			return d
		}(), Messstellen: []int64{11}, Pruefung: pruefen},
			fehler: felder{"bescheidart": MsgBescheidart, "vorbescheid": MsgVorbescheidFremd, "auflagen[0].abwasseranlage": MsgAnlage,
				"auflagen[0].fristdatum": MsgDatum, "messstellen[0]": MsgMessstelle}},
		{name: "expiry before the date", cmd: LegeAn{Status: InBearbeitung, Daten: func() Daten {
			d := daten
			d.Ablaufdatum = "2024-02-01"
			return d
		}(), Pruefung: pruefen}, fehler: felder{"ablaufdatum": MsgAblaufVorBescheid}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			events, err := Decide(Bescheid{}, tc.cmd)
			if got := fehlerfelder(t, err); !reflect.DeepEqual(got, tc.fehler) {
				t.Fatalf("errors %v, want %v", got, tc.fehler)
			}
			if tc.fehler == nil && !reflect.DeepEqual(typen(events), tc.events) {
				t.Fatalf("events %v, want %v", typen(events), tc.events)
			}
		})
	}
}

func TestLegeAn_DefaultExpiryAndTrimmedTexts(t *testing.T) {
	d := daten
	d.Ablaufdatum, d.Aktenzeichen = "", "  31-2/24 "
	events, err := Decide(Bescheid{}, LegeAn{BetriebID: 5, Status: Angelegt, Daten: d, Pruefung: pruefen, VonKonto: 41})
	if err != nil {
		t.Fatal(err)
	}
	b := given(events...)
	if b.Daten.Ablaufdatum != StandardAblaufdatum || b.Daten.Aktenzeichen != "31-2/24" || b.Antragsteller != 41 || b.Status != Angelegt {
		t.Fatalf("%+v", b)
	}
}

// TestSpeichere_StatusMachine: who may save a Bescheid in which status into which status.
func TestSpeichere_StatusMachine(t *testing.T) {
	beantragt := []ereignis.DomainEvent{angelegt, BescheidsantragGestellt{VonKonto: 41}}
	bearbeitung := []ereignis.DomainEvent{inArbeit}
	frei := []ereignis.DomainEvent{inArbeit, BescheidFreigegeben{Am: "2024-05-02", VonKonto: 11}}
	for _, tc := range []struct {
		name      string
		given     []ereignis.DomainEvent
		rolle     Rolle
		ziel      string
		kommentar string
		events    []string
		fehler    felder
		status    string
	}{
		{"operator saves his application", []ereignis.DomainEvent{angelegt}, betreiber, Angelegt, "", []string{}, nil, Angelegt},
		{"operator submits", []ereignis.DomainEvent{angelegt}, betreiber, Beantragt, "", []string{"BescheidsantragGestellt"}, nil, Beantragt},
		{"operator may not release his application", []ereignis.DomainEvent{angelegt}, betreiber, Freigegeben, "", nil, felder{"bescheidsstatus": MsgUebergang}, ""},
		{"staff may not edit an application being written", []ereignis.DomainEvent{angelegt}, sbb, Angelegt, "", nil, felder{"bescheidsstatus": MsgUebergang}, ""},
		{"staff may not submit for the operator", []ereignis.DomainEvent{angelegt}, sbb, Beantragt, "", nil, felder{"bescheidsstatus": MsgUebergang}, ""},
		{"operator may not change a submitted application", beantragt, betreiber, Beantragt, "", nil, felder{"bescheidsstatus": MsgUebergang}, ""},
		{"staff take it into work", beantragt, sbb, InBearbeitung, "", []string{"BescheidInBearbeitung"}, nil, InBearbeitung},
		{"staff return it with a comment", beantragt, sbb, Angelegt, "Bitte Messprogramm ergänzen.", []string{"BescheidsantragZurueckgewiesen"}, nil, Angelegt},
		{"a return needs a comment", beantragt, sbb, Angelegt, "  ", nil, felder{"kommentar": MsgKommentar}, ""},
		{"staff may not keep it waiting with a save", beantragt, sbb, Beantragt, "", nil, felder{"bescheidsstatus": MsgUebergang}, ""},
		{"staff may not release a submitted application at once", beantragt, admin, Freigegeben, "", nil, felder{"bescheidsstatus": MsgUebergang}, ""},
		{"staff save in work", bearbeitung, sbb, InBearbeitung, "", []string{}, nil, InBearbeitung},
		{"staff release", bearbeitung, sbb, Freigegeben, "", []string{"BescheidFreigegeben"}, nil, Freigegeben},
		{"back to the application is not possible", bearbeitung, admin, Angelegt, "", nil, felder{"bescheidsstatus": MsgUebergang}, ""},
		{"operator may not touch a Bescheid in work", bearbeitung, betreiber, InBearbeitung, "", nil, felder{"bescheidsstatus": MsgUebergang}, ""},
		{"reader may not save", bearbeitung, leser, InBearbeitung, "", nil, felder{"bescheidsstatus": MsgUebergang}, ""},
		{"released: never editable", frei, admin, Freigegeben, "", nil, felder{"": MsgFreigegeben}, ""},
		{"released: not even back into work", frei, admin, InBearbeitung, "", nil, felder{"": MsgFreigegeben}, ""},
		{"unknown status", bearbeitung, sbb, "ERLEDIGT", "", nil, felder{"bescheidsstatus": MsgStatus}, ""},
		{"no status", bearbeitung, sbb, "", "", nil, felder{"bescheidsstatus": validierung.Pflichtfeld}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b := given(tc.given...)
			events, err := Decide(b, Speichere{Daten: daten, Status: tc.ziel, Kommentar: tc.kommentar, Rolle: tc.rolle, Pruefung: pruefen, Heute: heute, VonKonto: 12})
			if got := fehlerfelder(t, err); !reflect.DeepEqual(got, tc.fehler) {
				t.Fatalf("errors %v, want %v", got, tc.fehler)
			}
			if tc.fehler != nil {
				return
			}
			if !reflect.DeepEqual(typen(events), tc.events) {
				t.Fatalf("events %v, want %v", typen(events), tc.events)
			}
			nach := given(append(tc.given, events...)...)
			if nach.Status != tc.status {
				t.Fatalf("status %s, want %s", nach.Status, tc.status)
			}
			if tc.status == Freigegeben && (nach.FreigabeAm != "2026-11-26" || nach.FreigabeVon != 12) {
				t.Fatalf("release %s by %d", nach.FreigabeAm, nach.FreigabeVon)
			}
		})
	}
}

func TestStatuswerte_CurrentFirstThenTheTargets(t *testing.T) {
	for _, tc := range []struct {
		status string
		rolle  Rolle
		want   []string
	}{
		{Angelegt, betreiber, []string{Angelegt, Beantragt}},
		{Beantragt, sbb, []string{Beantragt, InBearbeitung, Angelegt}},
		{InBearbeitung, sbb, []string{InBearbeitung, Freigegeben}},
		{Freigegeben, admin, []string{Freigegeben}},
		{Beantragt, betreiber, []string{Beantragt}},
	} {
		if got := Statuswerte(tc.status, tc.rolle); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%s %+v: %v, want %v", tc.status, tc.rolle, got, tc.want)
		}
	}
}

func TestSpeichere_MeasuringPointsAndData(t *testing.T) {
	b := given(inArbeit, MessstellenZugeordnet{Messstellen: []int64{9, 10}}, AnforderungAngelegt{Anforderung: anforderung})
	d := daten
	d.Bemerkung = "neu"
	events, err := Decide(b, Speichere{Daten: d, Status: InBearbeitung, Messstellen: []int64{10, 9}, Rolle: sbb, Pruefung: pruefen, Heute: heute})
	if err != nil || !reflect.DeepEqual(typen(events), []string{"BescheidGeaendert"}) {
		t.Fatalf("%v %v", typen(events), err)
	}
	// 9 out (with its Anforderung); a point that is no candidate any more stays when kept
	p := pruefen
	p.Kandidaten = nil
	events, err = Decide(b, Speichere{Daten: daten, Status: InBearbeitung, Messstellen: []int64{10}, Rolle: sbb, Pruefung: p, Heute: heute})
	if err != nil || !reflect.DeepEqual(typen(events), []string{"MessstelleEntfernt"}) {
		t.Fatalf("%v %v", typen(events), err)
	}
	if nach := given(append([]ereignis.DomainEvent{inArbeit, MessstellenZugeordnet{Messstellen: []int64{9, 10}}, AnforderungAngelegt{Anforderung: anforderung}}, events...)...); len(nach.Anforderungen) != 0 {
		t.Fatalf("Anforderungen of the removed point remain: %+v", nach.Anforderungen)
	}
	// a stored Vorbescheid, Bescheidart and plant stay valid though no longer offered
	alt := daten
	alt.Vorbescheid = 8
	b = given(BescheidAngelegt{BetriebID: 5, Status: InBearbeitung, Daten: alt})
	p = Pruefung{}
	if _, err := Decide(b, Speichere{Daten: alt, Status: InBearbeitung, Rolle: sbb, Pruefung: p, Heute: heute}); err != nil {
		t.Fatalf("stored references refused: %v", err)
	}
}

func TestLoesche(t *testing.T) {
	beantragt := []ereignis.DomainEvent{angelegt, BescheidsantragGestellt{}}
	frei := []ereignis.DomainEvent{inArbeit, BescheidFreigegeben{Am: "2024-05-02", VonKonto: 11}}
	for _, tc := range []struct {
		name   string
		given  []ereignis.DomainEvent
		cmd    Loesche
		fehler felder
	}{
		{"operator deletes his application", []ereignis.DomainEvent{angelegt}, Loesche{Rolle: betreiber}, nil},
		{"operator deletes his submitted application", beantragt, Loesche{Rolle: betreiber}, nil},
		{"administrator deletes an application", beantragt, Loesche{Rolle: admin}, nil},
		{"staff without admin rights may not delete an application", beantragt, Loesche{Rolle: sbb}, felder{"": validierung.NichtErlaubt.Error()}},
		{"operator of another organisation may not", []ereignis.DomainEvent{angelegt}, Loesche{Rolle: fremd}, felder{"": validierung.NichtErlaubt.Error()}},
		{"staff delete a Bescheid in work", []ereignis.DomainEvent{inArbeit}, Loesche{Rolle: sbb}, nil},
		{"operator may not delete a Bescheid in work", []ereignis.DomainEvent{inArbeit}, Loesche{Rolle: betreiber}, felder{"": validierung.NichtErlaubt.Error()}},
		{"staff may not delete a released one", frei, Loesche{Rolle: sbb}, felder{"": validierung.NichtErlaubt.Error()}},
		{"administrator deletes a released one", frei, Loesche{Rolle: admin}, nil},
		{"a Vorbescheid of another Bescheid stays", frei, Loesche{Rolle: admin, IstVorbescheid: true}, felder{"": MsgVorbescheid}},
		{"deleted twice", append([]ereignis.DomainEvent{inArbeit}, BescheidGeloescht{}), Loesche{Rolle: admin}, felder{"": validierung.NichtGefunden.Error()}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			events, err := Decide(given(tc.given...), tc.cmd)
			if got := fehlerfelder(t, err); !reflect.DeepEqual(got, tc.fehler) {
				t.Fatalf("errors %v, want %v", got, tc.fehler)
			}
			if tc.fehler == nil && !reflect.DeepEqual(typen(events), []string{"BescheidGeloescht"}) {
				t.Fatalf("events %v", typen(events))
			}
		})
	}
	var k *validierung.Konflikt
	if _, err := Decide(given(frei...), Loesche{Rolle: admin, IstVorbescheid: true}); !errors.As(err, &k) {
		t.Fatalf("a Vorbescheid's delete is a conflict (409): %v", err)
	}
}

func mitAnf(f func(*Anforderung)) Anforderung {
	a := anforderung
	a.AnforderungID = 0
	f(&a)
	return a
}

// TestSetzeAnforderungen_Rules: the rules of spec 001 §5 for an Anforderung, the decimal
// edge cases of wert among them.
func TestSetzeAnforderungen_Rules(t *testing.T) {
	b := given(inArbeit, zugeordnet)
	for _, tc := range []struct {
		name   string
		a      Anforderung
		fehler felder
	}{
		{"valid", mitAnf(func(*Anforderung) {}), nil},
		{"wert empty", mitAnf(func(a *Anforderung) { a.Wert = "" }), nil},
		{"wert 0", mitAnf(func(a *Anforderung) { a.Wert = "0" }), felder{"anforderungen[0].wert": validierung.MsgPositiv}},
		{"wert 0,000", mitAnf(func(a *Anforderung) { a.Wert = "0,000" }), felder{"anforderungen[0].wert": validierung.MsgPositiv}},
		{"wert 0,001", mitAnf(func(a *Anforderung) { a.Wert = "0,001" }), nil},
		{"wert 9999999999,999", mitAnf(func(a *Anforderung) { a.Wert = "9999999999,999" }), nil},
		{"wert 11 digits", mitAnf(func(a *Anforderung) { a.Wert = "12345678901" }), felder{"anforderungen[0].wert": validierung.MsgWert}},
		{"wert 4 decimals", mitAnf(func(a *Anforderung) { a.Wert = "1,2345" }), felder{"anforderungen[0].wert": validierung.MsgWert}},
		{"wert 1e3", mitAnf(func(a *Anforderung) { a.Wert = "1e3" }), felder{"anforderungen[0].wert": validierung.MsgZahlOderNichts}},
		{"wert 1.000,5 (German form)", mitAnf(func(a *Anforderung) { a.Wert = "1.000,5" }), nil},
		{"wert 1.00 (no group of three)", mitAnf(func(a *Anforderung) { a.Wert = "1.00" }), felder{"anforderungen[0].wert": validierung.MsgZahlFormat}},
		{"wert 0.4 (a decimal point)", mitAnf(func(a *Anforderung) { a.Wert = "0.4" }), felder{"anforderungen[0].wert": validierung.MsgZahlFormat}},
		{"wert negative", mitAnf(func(a *Anforderung) { a.Wert = "-5" }), felder{"anforderungen[0].wert": validierung.MsgZahlOderNichts}},
		{"required", mitAnf(func(a *Anforderung) { a.ParameterNr, a.GueltigBis = "", "" }),
			felder{"anforderungen[0].parameterNr": validierung.Pflichtfeld, "anforderungen[0].gueltigBis": validierung.Pflichtfeld}},
		{"validity reversed", mitAnf(func(a *Anforderung) { a.GueltigAb, a.GueltigBis = "2025-01-02", "2025-01-01" }),
			felder{"anforderungen[0].gueltigAb": MsgGueltigkeit}},
		{"validity one day", mitAnf(func(a *Anforderung) { a.GueltigAb, a.GueltigBis = "2025-01-01", "2025-01-01" }), nil},
		{"dates", mitAnf(func(a *Anforderung) { a.GueltigAb, a.GueltigBis = "01.01.2025", "2025-02-30" }),
			felder{"anforderungen[0].gueltigAb": MsgDatum, "anforderungen[0].gueltigBis": MsgDatum}},
		{"kinds", mitAnf(func(a *Anforderung) { a.AnforderungArt, a.ParameterArt = "EIGENE", Ergaenzend }),
			felder{"anforderungen[0].anforderungArt": MsgAnforderungArt, "anforderungen[0].parameterArt": MsgParameterArt}},
		{"no kind", mitAnf(func(a *Anforderung) { a.AnforderungArt = "" }), felder{"anforderungen[0].anforderungArt": validierung.Pflichtfeld}},
		{"issue 43: no Parameterart (the form requires it, so does the server)", mitAnf(func(a *Anforderung) { a.ParameterArt = " " }),
			felder{"anforderungen[0].parameterArt": validierung.Pflichtfeld}},
		{"zusatztext 100 characters on lines", mitAnf(func(a *Anforderung) { a.Zusatztext = "Zeile eins\n" + string(make([]rune, 0)) + lang(89) }), nil},
		{"zusatztext 101 characters", mitAnf(func(a *Anforderung) { a.Zusatztext = lang(101) }), felder{"anforderungen[0].zusatztext": validierung.ZuLang(100)}},
		{"an Anforderung of another point", mitAnf(func(a *Anforderung) { a.AnforderungID = 555 }), felder{"anforderungen[0].anforderungId": MsgAnforderungFehlt}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			events, err := Decide(b, SetzeAnforderungen{Messstelle: 9, Anforderungen: []Anforderung{tc.a}, NeueIDs: []int64{100}, Rolle: sbb})
			if got := fehlerfelder(t, err); !reflect.DeepEqual(got, tc.fehler) {
				t.Fatalf("errors %v, want %v", got, tc.fehler)
			}
			if tc.fehler == nil {
				nach := given(inArbeit, zugeordnet, events[0])
				if len(nach.Anforderungen) != 1 || nach.Anforderungen[0].AnforderungID != 100 || nach.Anforderungen[0].Messstelle != 9 {
					t.Fatalf("%+v", nach.Anforderungen)
				}
			}
		})
	}
}

func lang(n int) string {
	r := make([]rune, n)
	for i := range r {
		r[i] = 'x'
	}
	return string(r)
}

func TestAnforderungen_OnlyForAssignedPointsAndNeverWhenReleased(t *testing.T) {
	neu := mitAnf(func(a *Anforderung) { a.AnforderungID = -1 })
	frei := given(inArbeit, zugeordnet, BescheidFreigegeben{Am: "2024-05-02", VonKonto: 11})
	for _, tc := range []struct {
		name   string
		b      Bescheid
		cmd    Befehl
		fehler felder
	}{
		{"set for a point not assigned", given(inArbeit, zugeordnet), SetzeAnforderungen{Messstelle: 10, Rolle: sbb},
			felder{"": validierung.NichtGefunden.Error()}},
		{"one for a point not assigned", given(inArbeit, zugeordnet), LegeAnforderungAn{Anforderung: mitAnf(func(a *Anforderung) {
			a.AnforderungID, a.Messstelle = -1, 10
		}), Rolle: sbb}, felder{"messstelle": MsgMessstelleFehlt}},
		{"released: set", frei, SetzeAnforderungen{Messstelle: 9, Rolle: admin}, felder{"": MsgFreigegeben}},
		{"released: one", frei, LegeAnforderungAn{Anforderung: neu, Rolle: admin}, felder{"": MsgFreigegeben}},
		{"released: remove a point", frei, EntferneMessstelle{Messstelle: 9, Rolle: admin}, felder{"": MsgFreigegeben}},
		{"operator in his application", given(angelegt, zugeordnet), LegeAnforderungAn{Anforderung: neu, Rolle: betreiber}, nil},
		{"staff in a submitted application", given(angelegt, zugeordnet, BescheidsantragGestellt{}), LegeAnforderungAn{Anforderung: neu, Rolle: sbb},
			felder{"": MsgNichtBearbeitbar}},
		{"operator in a Bescheid in work", given(inArbeit, zugeordnet), LegeAnforderungAn{Anforderung: neu, Rolle: betreiber},
			felder{"": MsgNichtBearbeitbar}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Decide(tc.b, tc.cmd)
			if got := fehlerfelder(t, err); !reflect.DeepEqual(got, tc.fehler) {
				t.Fatalf("errors %v, want %v", got, tc.fehler)
			}
		})
	}
}

func TestAnforderung_ChangeAndDelete(t *testing.T) {
	b := given(inArbeit, zugeordnet, AnforderungAngelegt{Anforderung: anforderung})
	geaendert := anforderung
	geaendert.Wert = "75"
	events, err := Decide(b, AendereAnforderung{Anforderung: geaendert, Rolle: sbb})
	if err != nil || !reflect.DeepEqual(typen(events), []string{"AnforderungGeaendert"}) {
		t.Fatalf("%v %v", typen(events), err)
	}
	if a, _ := given(inArbeit, zugeordnet, AnforderungAngelegt{Anforderung: anforderung}, events[0]).Anforderung(100); a.Wert != "75" {
		t.Fatalf("%+v", a)
	}
	if events, err := Decide(b, AendereAnforderung{Anforderung: anforderung, Rolle: sbb}); err != nil || len(events) != 0 {
		t.Fatalf("unchanged: %v %v", events, err)
	}
	if _, err := Decide(b, LoescheAnforderung{AnforderungID: 101, Rolle: sbb}); !errors.Is(err, validierung.NichtGefunden) {
		t.Fatalf("unknown id: %v", err)
	}
	events, err = Decide(b, LoescheAnforderung{AnforderungID: 100, Rolle: sbb})
	if err != nil || !reflect.DeepEqual(typen(events), []string{"AnforderungGeloescht"}) {
		t.Fatalf("%v %v", typen(events), err)
	}
}

func TestEvents_ReadBack(t *testing.T) {
	for _, e := range []ereignis.DomainEvent{angelegt, zugeordnet, AnforderungAngelegt{Anforderung: anforderung},
		AnforderungenGesetzt{Messstelle: 9, Anforderungen: []Anforderung{anforderung}}, BescheidFreigegeben{Am: "2024-05-02", VonKonto: 11}} {
		raw, _ := json.Marshal(e)
		got, err := Decode(e.EventType(), raw)
		if err != nil || !reflect.DeepEqual(got, e) {
			t.Fatalf("%s: %v %+v", e.EventType(), err, got)
		}
	}
}
