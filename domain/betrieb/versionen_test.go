package betrieb

import (
	"testing"
	"time"

	"github.com/eabwasser/eabwasser/domain/ereignis"
	"github.com/eabwasser/eabwasser/domain/historie"
)

func versionen(events ...ereignis.DomainEvent) []historie.Fassung[Betrieb] {
	e := make([]historie.Ereignis, len(events))
	for i, ev := range events {
		e[i] = historie.Ereignis{Event: ev, Am: time.Date(2026, 1, 1+i, 0, 0, 0, 0, time.UTC), Von: "x"}
	}
	return historie.Versionen(e, Versionsregel())
}

func TestVersionsschritt_RequestAndHistorisedChangesOpenVersions(t *testing.T) {
	// given a request, when a historised change follows, then two versions, the first ending the day before
	v := versionen(BetriebBeantragt{BetriebsID: "1", GueltigAb: "2026-01-05"},
		BetriebGeaendert{GueltigAb: "2026-03-01", Aenderungsgrund: "Umfirmierung"})
	if len(v) != 2 || v[1].GueltigAb != "2026-03-01" || v[1].Aenderungsgrund != "Umfirmierung" || v[0].GueltigBis != "2026-02-28" || !v[1].Aktuell {
		t.Fatalf("%+v", v)
	}
}

func TestVersionsschritt_CorrectionChangesTheLastVersionAndKeepsItsReasonAndOpener(t *testing.T) {
	v := versionen(BetriebBeantragt{BetriebsID: "1", GueltigAb: "2026-01-05"},
		BetriebGeaendert{GueltigAb: "2026-03-01", Aenderungsgrund: "Umfirmierung"},
		BetriebGeaendert{GueltigAb: "2026-03-01", Ersetzt: true})
	if len(v) != 2 || v[1].Aenderungsgrund != "Umfirmierung" || !v[1].GeaendertAm.Equal(time.Date(2026, 1, 2, 0, 0, 0, 0, time.UTC)) ||
		v[1].KorrigiertAm == nil || !v[1].KorrigiertAm.Equal(time.Date(2026, 1, 3, 0, 0, 0, 0, time.UTC)) {
		t.Fatalf("%+v", v)
	}
}

func TestVersionsschritt_OtherEventsChangeTheVersionTheyFallInto(t *testing.T) {
	v := versionen(BetriebBeantragt{BetriebsID: "1", GueltigAb: "2026-01-05"}, BetriebFreigegeben{})
	if len(v) != 1 || v[0].Stand.Freigabestatus != Freigegeben {
		t.Fatalf("%+v", v)
	}
	if s := Versionsschritt(nil, BetriebFreigegeben{}, Betrieb{}); s.Art != historie.Bleibt {
		t.Fatalf("without a version: %+v", s)
	}
}

func TestVersionsschritt_OperatorMergeOpensAVersionAtItsDateUnlessItFallsIntoTheLast(t *testing.T) {
	letzte := &historie.Version{GueltigAb: "2026-03-01", Aenderungsgrund: "Umfirmierung"}
	if s := Versionsschritt(letzte, BetreiberUmgezogen{Datum: "2026-04-01"}, Betrieb{}); s.Art != historie.Oeffnet ||
		s.GueltigAb != "2026-04-01" || s.Aenderungsgrund != "Zusammenführung des Betreibers" {
		t.Errorf("later merge: %+v", s)
	}
	if s := Versionsschritt(letzte, BetreiberUmgezogen{Datum: "2026-02-01"}, Betrieb{LetzterBeginn: "2026-03-01"}); s.Art != historie.Ersetzt ||
		s.Aenderungsgrund != "Umfirmierung" {
		t.Errorf("merge within the last version: %+v", s)
	}
}
