package wiedervorlage

import (
	"errors"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/eabwasser/eabwasser/domain/ereignis"
	"github.com/eabwasser/eabwasser/domain/validierung"
)

var (
	am       = time.Date(2026, 11, 21, 9, 30, 0, 0, time.UTC)
	angelegt = WiedervorlageAngelegt{Fachobjekt: Betrieb, FachobjektID: 7, BezugZuFachobjekt: "BETRIEB",
		Betreff: "Nachweis Eigenkontrolle anfordern", Datum: "2026-12-01", AngelegtVonID: 3, AngelegtVon: "Claudia Schneider", AngelegtAm: am}
)

func given(events ...ereignis.DomainEvent) Wiedervorlage {
	w := Wiedervorlage{}
	for _, e := range events {
		w = Evolve(w, e)
	}
	return w
}

func TestDecide(t *testing.T) {
	lege := func(fachobjekt, betreff, datum string) LegeAn {
		return LegeAn{Fachobjekt: fachobjekt, FachobjektID: 7, Betreff: betreff, Datum: datum, VonID: 3, Von: "Claudia Schneider", Am: am}
	}
	ohneDatum := angelegt
	ohneDatum.Datum = ""
	messstelle := angelegt
	messstelle.Fachobjekt, messstelle.BezugZuFachobjekt = Messstelle, "MESSSTELLE"
	antrag := angelegt
	antrag.Fachobjekt, antrag.BezugZuFachobjekt = Anlage, "AENDERUNGSANTRAG_ANLAGE"
	mitBezug := func(fachobjekt, bezug string) LegeAn {
		c := lege(fachobjekt, "Nachweis Eigenkontrolle anfordern", "2026-12-01")
		c.Bezug = bezug
		return c
	}
	tests := []struct {
		name     string
		given    []ereignis.DomainEvent
		when     Befehl
		then     []ereignis.DomainEvent
		wantFeld map[string]string
		notFound bool
	}{
		{name: "a reminder records object, its kind, Betreff, date and creator",
			when: lege(Betrieb, " Nachweis Eigenkontrolle anfordern ", "2026-12-01"), then: []ereignis.DomainEvent{angelegt}},
		{name: "control characters leave the Betreff",
			when: lege(Betrieb, "Nachweis Eigenkontrolle\x00 anfordern\t", "2026-12-01"), then: []ereignis.DomainEvent{angelegt}},
		{name: "the date is optional", when: lege(Betrieb, "Nachweis Eigenkontrolle anfordern", " "), then: []ereignis.DomainEvent{ohneDatum}},
		{name: "measuring points have reminders too", when: lege(Messstelle, "Nachweis Eigenkontrolle anfordern", "2026-12-01"),
			then: []ereignis.DomainEvent{messstelle}},
		{name: "a reminder on a plant may concern its change request (AENDERUNGSANTRAG_ANLAGE)",
			when: mitBezug(Anlage, "AENDERUNGSANTRAG_ANLAGE"), then: []ereignis.DomainEvent{antrag}},
		{name: "a plant's reminder cannot have the operation's kinds",
			when: mitBezug(Anlage, "BETRIEB_STAMMDATEN_AENDERUNG"), wantFeld: map[string]string{"bezugZuFachobjekt": MsgBezug}},
		{name: "a measuring point's reminder has only its own kind",
			when: mitBezug(Messstelle, "AENDERUNGSANTRAG_ANLAGE"), wantFeld: map[string]string{"bezugZuFachobjekt": MsgBezug}},
		{name: "the Betreff is required", when: lege(Betrieb, "  ", ""), wantFeld: map[string]string{"betreff": validierung.Pflichtfeld}},
		{name: "a date must be yyyy-MM-dd", when: lege(Betrieb, "x", "01.12.2026"), wantFeld: map[string]string{"datum": MsgDatum}},
		{name: "an impossible date is refused", when: lege(Betrieb, "", "2026-02-30"),
			wantFeld: map[string]string{"betreff": validierung.Pflichtfeld, "datum": MsgDatum}},
		{name: "a Betreff of at most 500 characters", when: lege(Betrieb, strings.Repeat("x", 501), ""),
			wantFeld: map[string]string{"betreff": "Max. 500 Zeichen erlaubt"}},
		{name: "unknown objects have no reminders", when: lege("jahresbericht", "x", ""), notFound: true},
		{name: "delete", given: []ereignis.DomainEvent{angelegt}, when: Loesche{}, then: []ereignis.DomainEvent{WiedervorlageGeloescht{}}},
		{name: "deleted is gone", given: []ereignis.DomainEvent{angelegt, WiedervorlageGeloescht{}}, when: Loesche{}, notFound: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Decide(given(tt.given...), tt.when)
			switch {
			case tt.notFound:
				if !errors.Is(err, validierung.NichtGefunden) {
					t.Fatalf("err = %v, want NichtGefunden", err)
				}
			case tt.wantFeld != nil:
				var f *validierung.Fehler
				if !errors.As(err, &f) || !reflect.DeepEqual(f.Felder, tt.wantFeld) {
					t.Fatalf("err = %#v, want fields %v", err, tt.wantFeld)
				}
			default:
				if err != nil || !reflect.DeepEqual(got, tt.then) {
					t.Fatalf("got %#v, %v; want %#v", got, err, tt.then)
				}
			}
		})
	}
}
