package organisation

import (
	"testing"
	"time"

	"github.com/eabwasser/eabwasser/domain/ereignis"
	"github.com/eabwasser/eabwasser/domain/historie"
)

func versionen(events ...ereignis.DomainEvent) []historie.Fassung[Daten] {
	e := make([]historie.Ereignis, len(events))
	for i, ev := range events {
		e[i] = historie.Ereignis{Event: ev, Am: time.Date(2026, 1, 1+i, 0, 0, 0, 0, time.UTC)}
	}
	return historie.Versionen(e, Versionsschritt)
}

func TestVersionsschritt_ChangesOpenVersionsCorrectionsReplace(t *testing.T) {
	// given a created organisation, when it is changed and the change corrected
	v := versionen(OrganisationAngelegt{Daten: Daten{Bezeichnung: "A"}, GueltigAb: "2026-01-01"},
		OrganisationGeaendert{Daten: Daten{Bezeichnung: "B"}, GueltigAb: "2026-02-01", Aenderungsgrund: "Umzug"},
		OrganisationGeaendert{Daten: Daten{Bezeichnung: "C"}, GueltigAb: "2026-02-01", Ersetzt: true})
	// then two versions, the second with the corrected data and the first reason
	if len(v) != 2 || v[1].Stand.Bezeichnung != "C" || v[1].Aenderungsgrund != "Umzug" || v[0].GueltigBis != "2026-01-31" {
		t.Fatalf("%+v", v)
	}
}

func TestVersionsschritt_MergeDeactivatesFromItsDate(t *testing.T) {
	angelegt := OrganisationAngelegt{Daten: Daten{Bezeichnung: "A", Status: Aktiv}, GueltigAb: "2026-01-01"}
	v := versionen(angelegt, OrganisationZusammengefuehrt{ZielID: 7, Datum: "2026-05-01"})
	if len(v) != 2 || v[1].Stand.Status != Inaktiv || v[1].Stand.Bezeichnung != "A" || v[1].Aenderungsgrund != "Zusammenführung mit Organisation 7" {
		t.Fatalf("%+v", v)
	}
	// a merge dated on (or before) the last version's start replaces it
	v = versionen(angelegt, OrganisationZusammengefuehrt{ZielID: 7, Datum: "2025-12-01"})
	if len(v) != 1 || v[0].Stand.Status != Inaktiv || v[0].GueltigAb != "2026-01-01" {
		t.Fatalf("%+v", v)
	}
	// deletion changes nothing the history shows
	if s, _ := Versionsschritt(nil, OrganisationGeloescht{}); s.Art != historie.Bleibt {
		t.Fatalf("%+v", s)
	}
}
