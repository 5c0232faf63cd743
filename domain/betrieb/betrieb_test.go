package betrieb

import (
	"errors"
	"reflect"
	"testing"
	"time"

	"github.com/eabwasser/eabwasser/domain/validierung"
	"github.com/eabwasser/eabwasser/eventstore"
)

var (
	heute = time.Date(2026, 11, 21, 9, 0, 0, 0, time.UTC)
	daten = Daten{Bezeichnung: "Kläranlage Rheinaue", Adresse: Adresse{Strasse: "Am Rhein", Hausnummer: "3", Plz: "56068", Ort: "Koblenz"},
		BetreiberID: 1, Lage: Lage{Hochwert: 5583000.12, Rechtswert: 398000.5}}
	beantragt = BetriebBeantragt{Daten: func() Daten { d := daten; d.Behoerdenkennung = "RLP"; return d }(),
		Betriebstyp: "KOMMUNAL", Betriebsstatus: Geplant, GueltigAb: "2026-11-21"}
)

func given(events ...eventstore.DomainEvent) Betrieb {
	b := Betrieb{}
	for _, e := range events {
		b = Evolve(b, e)
	}
	return b
}

func TestDecide(t *testing.T) {
	tests := []struct {
		name    string
		given   []eventstore.DomainEvent
		when    any
		then    []eventstore.DomainEvent
		wantErr string
	}{
		{"a request starts BEANTRAGT and GEPLANT with authority code RLP", nil, BeantrageBetrieb{Daten: daten, Typ: "KOMMUNAL", Heute: heute},
			[]eventstore.DomainEvent{beantragt}, ""},
		{"approve", []eventstore.DomainEvent{beantragt}, EntscheideFreigabe{NeuerStatus: Freigegeben, Kommentar: " passt "},
			[]eventstore.DomainEvent{BetriebFreigegeben{Kommentar: "passt"}}, ""},
		{"reject", []eventstore.DomainEvent{beantragt}, EntscheideFreigabe{NeuerStatus: Abgewiesen, Kommentar: "Adresse fehlt"},
			[]eventstore.DomainEvent{BetriebAbgewiesen{Kommentar: "Adresse fehlt"}}, ""},
		{"no second decision", []eventstore.DomainEvent{beantragt, BetriebFreigegeben{}}, EntscheideFreigabe{NeuerStatus: Abgewiesen},
			nil, MsgNichtBeantragt},
		{"unknown decision", []eventstore.DomainEvent{beantragt}, EntscheideFreigabe{NeuerStatus: "VIELLEICHT"}, nil, MsgNeuerStatus},
		{"a rejected operation can be requested again", []eventstore.DomainEvent{beantragt, BetriebAbgewiesen{}},
			BeantrageErneut{Daten: beantragt.Daten}, []eventstore.DomainEvent{FreigabeErneutBeantragt{Daten: beantragt.Daten}}, ""},
		{"only a rejected one", []eventstore.DomainEvent{beantragt}, BeantrageErneut{Daten: daten}, nil, MsgNichtAbgewiesen},
		{"decision on nothing", nil, EntscheideFreigabe{NeuerStatus: Freigegeben}, nil, validierung.NichtGefunden.Error()},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Decide(given(tt.given...), tt.when)
			if tt.wantErr != "" {
				if err == nil || err.Error() != tt.wantErr {
					t.Fatalf("err = %v, want %q", err, tt.wantErr)
				}
				return
			}
			if err != nil || !reflect.DeepEqual(got, tt.then) {
				t.Fatalf("got %#v, %v; want %#v", got, err, tt.then)
			}
		})
	}
}

func TestBeantrage_FieldRules(t *testing.T) {
	_, err := Decide(Betrieb{}, BeantrageBetrieb{Daten: Daten{Lage: Lage{Hochwert: 100000000}}, Typ: "UNBEKANNT", Heute: heute})
	var f *validierung.Fehler
	if !errors.As(err, &f) {
		t.Fatal(err)
	}
	want := map[string]string{"bezeichnung": MsgPflicht, "betreiber": MsgPflicht, "adresse.strasse": MsgPflicht, "adresse.plz": MsgPflicht,
		"adresse.ort": MsgPflicht, "lage.hochwert": MsgKoordinate, "lage.rechtswert": MsgPflicht, "betriebstyp": "Unbekannter Betriebstyp."}
	if !reflect.DeepEqual(f.Felder, want) {
		t.Fatalf("Felder = %v", f.Felder)
	}
}

func TestFreigabe_StateFollowsTheEvents(t *testing.T) {
	b := given(beantragt, BetriebAbgewiesen{}, FreigabeErneutBeantragt{Daten: beantragt.Daten}, BetriebFreigegeben{})
	if b.Freigabestatus != Freigegeben || b.Betriebsstatus != Geplant || b.Betriebstyp != "KOMMUNAL" {
		t.Fatalf("%+v", b)
	}
}
