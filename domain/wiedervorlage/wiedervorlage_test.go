package wiedervorlage

import (
	"errors"
	"reflect"
	"slices"
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
		{name: "unknown objects have no reminders", when: lege("organisation", "x", ""), notFound: true},
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

// TestBezuege_EachObjectHasTheKindsOfSpec000_3: the target kinds of spec 000 §3 per object (and
// plant type), the first being the default; a relief plant's own kind is ENTLASTUNG.
func TestBezuege_EachObjectHasTheKindsOfSpec000_3(t *testing.T) {
	tests := []struct {
		fachobjekt, typ string
		want            []string
	}{
		{Betrieb, "", []string{"BETRIEB", "BETRIEB_STAMMDATEN_AENDERUNG"}},
		{Anlage, "ABWASSERBEHANDLUNG", []string{"ANLAGE", "AENDERUNGSANTRAG_ANLAGE"}},
		{Anlage, "KANALNETZ", []string{"ANLAGE", "AENDERUNGSANTRAG_ANLAGE"}},
		{Anlage, "ENTLASTUNG", []string{"ENTLASTUNG", "AENDERUNGSANTRAG_ANLAGE"}},
		{Anlage, "", []string{"ANLAGE", "AENDERUNGSANTRAG_ANLAGE"}},
		{Messstelle, "", []string{"MESSSTELLE", "BESCHEID_MESSSTELLE"}},
		{Bescheid, "", []string{"BESCHEID", "BESCHEID_MESSSTELLE"}},
		{Jahresbericht, "", []string{"JAHRESBERICHT", "JAHRESBERICHT_PARAMETER_MESSWERTE", "BERICHT"}},
		{"organisation", "", nil},
	}
	alle := map[string]bool{}
	for _, tt := range tests {
		got := Bezuege(tt.fachobjekt, tt.typ)
		if !slices.Equal(got, tt.want) {
			t.Errorf("Bezuege(%q, %q) = %v, want %v", tt.fachobjekt, tt.typ, got, tt.want)
		}
		for _, b := range got {
			alle[b] = true
		}
	}
	// every kind of spec 000 §3 is reachable from some object
	for _, b := range []string{"BETRIEB", "BETRIEB_STAMMDATEN_AENDERUNG", "ANLAGE", "AENDERUNGSANTRAG_ANLAGE", "BESCHEID",
		"BESCHEID_MESSSTELLE", "BERICHT", "MESSSTELLE", "ENTLASTUNG", "JAHRESBERICHT", "JAHRESBERICHT_PARAMETER_MESSWERTE"} {
		if !alle[b] {
			t.Errorf("no object has the kind %s", b)
		}
	}
	for _, f := range Fachobjekte {
		if Bezuege(f, "") == nil {
			t.Errorf("%s is listed in Fachobjekte but has no kinds", f)
		}
	}
}

// TestDecide_TheKindFollowsTheObjectAndItsType: the default kind and the kinds one may choose
// on each object; another object's kind is refused on the field.
func TestDecide_TheKindFollowsTheObjectAndItsType(t *testing.T) {
	tests := []struct {
		fachobjekt, typ, bezug string
		want                   string // "" : refused with MsgBezug
	}{
		{Anlage, "ENTLASTUNG", "", "ENTLASTUNG"},
		{Anlage, "ENTLASTUNG", "AENDERUNGSANTRAG_ANLAGE", "AENDERUNGSANTRAG_ANLAGE"},
		{Anlage, "ENTLASTUNG", "ANLAGE", ""},
		{Anlage, "ABWASSERBEHANDLUNG", "", "ANLAGE"},
		{Anlage, "ABWASSERBEHANDLUNG", "ENTLASTUNG", ""},
		{Bescheid, "", "", "BESCHEID"},
		{Bescheid, "", "BESCHEID_MESSSTELLE", "BESCHEID_MESSSTELLE"},
		{Messstelle, "", "BESCHEID_MESSSTELLE", "BESCHEID_MESSSTELLE"},
		{Messstelle, "", "BESCHEID", ""},
		{Jahresbericht, "", "", "JAHRESBERICHT"},
		{Jahresbericht, "", "JAHRESBERICHT_PARAMETER_MESSWERTE", "JAHRESBERICHT_PARAMETER_MESSWERTE"},
		{Jahresbericht, "", "BERICHT", "BERICHT"},
		{Jahresbericht, "", "ANLAGE", ""},
		{Betrieb, "", "JAHRESBERICHT", ""},
	}
	for _, tt := range tests {
		got, err := Decide(Wiedervorlage{}, LegeAn{Fachobjekt: tt.fachobjekt, FachobjektID: 7, Typ: tt.typ, Bezug: tt.bezug,
			Betreff: "Prüfen", VonID: 3, Von: "Claudia Schneider", Am: am})
		if tt.want == "" {
			var f *validierung.Fehler
			if !errors.As(err, &f) || f.Felder["bezugZuFachobjekt"] != MsgBezug {
				t.Errorf("%s %s %q: %v, want the refusal on bezugZuFachobjekt", tt.fachobjekt, tt.typ, tt.bezug, err)
			}
			continue
		}
		if err != nil || len(got) != 1 || got[0].(WiedervorlageAngelegt).BezugZuFachobjekt != tt.want {
			t.Errorf("%s %s %q: %v, %v; want kind %s", tt.fachobjekt, tt.typ, tt.bezug, got, err, tt.want)
		}
	}
}
