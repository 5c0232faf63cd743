package historie

import (
	"testing"
	"time"

	"github.com/eabwasser/eabwasser/domain/ereignis"
)

// gespeichert is a save of a test object: its new data, valid from gueltigAb, replacing the
// last version (ersetzt) or opening one, with the reason of the audit dialog if any.
type gespeichert struct {
	daten, gueltigAb, grund string
	ersetzt                 bool
}

func (gespeichert) EventType() string { return "Gespeichert" }

var _ ereignis.DomainEvent = gespeichert{}

func speichern(daten string, e ereignis.DomainEvent) string { return e.(gespeichert).daten }

func schritt(letzte *Version, e ereignis.DomainEvent, _ string) Schritt {
	g := e.(gespeichert)
	return Geaendert(letzte, g.ersetzt, g.gueltigAb, g.grund)
}

func am(tag, stunde int) time.Time { return time.Date(2026, 11, tag, stunde, 0, 0, 0, time.UTC) }

// Given a version opened by staff with a reason, when the operator later corrects it (a save
// without an audit entry), then the version still says who opened it, when and why, and
// separately who corrected it last and when; an overwrite through the audit dialog opens it
// anew with its own author and reason, and a new version has no correction.
func TestVersionen_TheOpenerKeepsHisReasonAndTheCorrectionHasItsOwnAuthor(t *testing.T) {
	// given
	ereignisse := []Ereignis{
		{Event: gespeichert{daten: "geplant", gueltigAb: "2026-01-01"}, Am: am(1, 8), Von: "Sabine Adler"},
		{Event: gespeichert{daten: "in Betrieb", gueltigAb: "2026-11-05", grund: "Inbetriebnahme"}, Am: am(5, 9), Von: "Sabine Adler"},
	}
	// when the operator corrects the Planung three weeks later
	ereignisse = append(ereignisse, Ereignis{Event: gespeichert{daten: "in Betrieb, Planung neu", gueltigAb: "2026-11-05", ersetzt: true}, Am: am(26, 10), Von: "Michael Wagner"})
	v := Versionen(ereignisse, RegelAus(speichern, schritt))
	// then
	if len(v) != 2 {
		t.Fatalf("%d versions: %+v", len(v), v)
	}
	got := v[1]
	if got.GueltigAb != "2026-11-05" || got.Aenderungsgrund != "Inbetriebnahme" || got.GeaendertVon != "Sabine Adler" || !got.GeaendertAm.Equal(am(5, 9)) {
		t.Errorf("opener: %+v", got.Version)
	}
	if got.KorrigiertAm == nil || !got.KorrigiertAm.Equal(am(26, 10)) || got.KorrigiertVon != "Michael Wagner" {
		t.Errorf("correction: %+v", got.Version)
	}
	if got.Stand != "in Betrieb, Planung neu" || !got.Aktuell || v[0].GueltigBis != "2026-11-04" {
		t.Errorf("state and chain: %+v", v)
	}
	if v[0].KorrigiertAm != nil || v[0].KorrigiertVon != "" || v[0].GeaendertVon != "Sabine Adler" {
		t.Errorf("the first version was never corrected: %+v", v[0].Version)
	}

	// when a second correction follows, then it is the last one
	ereignisse = append(ereignisse, Ereignis{Event: gespeichert{daten: "x", gueltigAb: "2026-11-05", ersetzt: true}, Am: am(27, 11), Von: "Bea Treiber"})
	v = Versionen(ereignisse, RegelAus(speichern, schritt))
	if v[1].GeaendertVon != "Sabine Adler" || v[1].KorrigiertVon != "Bea Treiber" || !v[1].KorrigiertAm.Equal(am(27, 11)) {
		t.Errorf("second correction: %+v", v[1].Version)
	}

	// when staff overwrite the version the same day with a reason of their own, then that is
	// the version's audit entry, and the corrections before it are gone
	ereignisse = append(ereignisse, Ereignis{Event: gespeichert{daten: "y", gueltigAb: "2026-11-05", grund: "Tippfehler im Datum", ersetzt: true}, Am: am(27, 12), Von: "Max Ober"})
	v = Versionen(ereignisse, RegelAus(speichern, schritt))
	if len(v) != 2 || v[1].Aenderungsgrund != "Tippfehler im Datum" || v[1].GeaendertVon != "Max Ober" || v[1].KorrigiertAm != nil || v[1].KorrigiertVon != "" {
		t.Errorf("overwrite: %+v", v[1].Version)
	}
}
