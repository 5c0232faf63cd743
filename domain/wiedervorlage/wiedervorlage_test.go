package wiedervorlage

import (
	"errors"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/eabwasser/eabwasser/domain/ereignis"
	"github.com/eabwasser/eabwasser/domain/ereignis/ereignistest"
	"github.com/eabwasser/eabwasser/domain/validierung"
)

var given = ereignistest.Gegeben(Evolve)

var (
	am       = time.Date(2026, 11, 21, 9, 30, 0, 0, time.UTC)
	nein, ja = false, true
	angelegt = WiedervorlageAngelegt{Fachobjekt: Betrieb, FachobjektID: 7, BezugZuFachobjekt: "BETRIEB",
		Betreff: "Nachweis Eigenkontrolle anfordern", Datum: "2026-12-01", AngelegtVonID: 3, AngelegtVon: "Claudia Schneider", AngelegtAm: am,
		Seite: SeiteBehoerde, Geteilt: &nein}
)

func TestDecide(t *testing.T) {
	lege := func(fachobjekt, betreff, datum string) LegeAn {
		return LegeAn{Fachobjekt: fachobjekt, FachobjektID: 7, Betreff: betreff, Datum: datum, VonID: 3, Von: "Claudia Schneider",
			Seite: SeiteBehoerde, Am: am}
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
			Betreff: "Prüfen", VonID: 3, Von: "Claudia Schneider", Seite: SeiteBehoerde, Am: am})
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

// TestDecide_AReminderBelongsToItsAuthorsSide (issue 42): a reminder records the side its author
// wrote it for; the authority's stay internal unless shared, an operator's are shared with the
// authority unless kept internal, and the author's choice wins either way.
func TestDecide_AReminderBelongsToItsAuthorsSide(t *testing.T) {
	lege := func(seite string, organisation int64, geteilt *bool) LegeAn {
		return LegeAn{Fachobjekt: Anlage, FachobjektID: 7, Betreff: "Probenahme unangekündigt", VonID: 3, Von: "Claudia Schneider",
			Seite: seite, OrganisationID: organisation, Geteilt: geteilt, Am: am}
	}
	tests := []struct {
		name            string
		when            LegeAn
		seite           string
		organisation    int64
		geteilt         bool
		unbekannteSeite bool
	}{
		{name: "staff: internal by default", when: lege(SeiteBehoerde, 0, nil), seite: SeiteBehoerde},
		{name: "staff: shared when the author ticks it", when: lege(SeiteBehoerde, 0, &ja), seite: SeiteBehoerde, geteilt: true},
		{name: "staff: no organisation even if one is passed", when: lege(SeiteBehoerde, 5, &ja), seite: SeiteBehoerde, geteilt: true},
		{name: "operator: shared with the authority by default", when: lege(SeiteOrganisation, 5, nil), seite: SeiteOrganisation,
			organisation: 5, geteilt: true},
		{name: "operator: internal to his organisation when he says so", when: lege(SeiteOrganisation, 5, &nein),
			seite: SeiteOrganisation, organisation: 5},
		{name: "a side is required", when: lege("", 0, nil), unbekannteSeite: true},
		{name: "only the two sides exist", when: lege("ADMIN", 0, nil), unbekannteSeite: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Decide(Wiedervorlage{}, tt.when)
			if tt.unbekannteSeite {
				if err == nil {
					t.Fatalf("got %#v, want an error", got)
				}
				return
			}
			if err != nil || len(got) != 1 {
				t.Fatalf("got %#v, %v", got, err)
			}
			e := got[0].(WiedervorlageAngelegt)
			if e.Seite != tt.seite || e.OrganisationID != tt.organisation || e.Geteilt == nil || *e.Geteilt != tt.geteilt || e.IstGeteilt() != tt.geteilt {
				t.Fatalf("got side %q, organisation %d, shared %v; want %q, %d, %v", e.Seite, e.OrganisationID, e.Geteilt, tt.seite,
					tt.organisation, tt.geteilt)
			}
			if w := Evolve(Wiedervorlage{}, e); w.IstGeteilt() != tt.geteilt || w.Seite != tt.seite {
				t.Fatalf("state %#v, want shared %v", w, tt.geteilt)
			}
		})
	}
}

// TestDecode_AnEventWrittenBeforeIssue42KeepsItsMeaning: an old event without side and flag
// still decodes; it is shared only by its side's default, which an event without a side does
// not have (the document took the side over from the event's metadata, migration 00021).
func TestDecode_AnEventWrittenBeforeIssue42KeepsItsMeaning(t *testing.T) {
	alt := `{"fachobjekt":"betrieb","fachobjektId":7,"bezugZuFachobjekt":"BETRIEB","betreff":"Nachweis","angelegtVonId":3,` +
		`"angelegtVon":"Claudia Schneider","angelegtAm":"2026-11-21T09:30:00Z"}`
	e, err := Decode("WiedervorlageAngelegt", []byte(alt))
	if err != nil {
		t.Fatal(err)
	}
	w := Evolve(Wiedervorlage{}, e)
	if !w.Existiert || w.Seite != "" || w.Geteilt != nil || w.IstGeteilt() {
		t.Fatalf("old event read as %#v", w)
	}
	alt2 := w.WiedervorlageAngelegt
	alt2.Seite = SeiteOrganisation
	if !alt2.IstGeteilt() {
		t.Fatal("an old operator reminder is shared by its side's default")
	}
	neu := angelegt
	neu.Geteilt = &ja
	if !neu.IstGeteilt() {
		t.Fatal("the recorded flag wins")
	}
}
