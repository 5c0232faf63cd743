package lokalerolle

import (
	"errors"
	"testing"
	"time"

	"github.com/eabwasser/eabwasser/domain/validierung"
)

var jetzt = time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC)

func TestLegeAn_RequiredFieldsAndAlleRegionalstellenClearsPickers(t *testing.T) {
	_, err := Decide(LokaleRolle{}, LegeAn{Jetzt: jetzt})
	var f *validierung.Fehler
	if !errors.As(err, &f) || f.Felder["bezeichnung"] == "" || f.Felder["globaleRolle"] == "" {
		t.Fatalf("err = %v", err)
	}
	ev, err := Decide(LokaleRolle{}, LegeAn{Daten: Daten{Bezeichnung: "Alle", GlobaleRolle: "BEHOERDE", AlleRegionalstellen: true,
		Betriebe: []int64{4}, RegionalstelleIDs: []int64{1, 1}}, Jetzt: jetzt})
	if err != nil {
		t.Fatal(err)
	}
	d := ev[0].(LokaleRolleAngelegt).Daten
	if len(d.Betriebe) != 0 || len(d.RegionalstelleIDs) != 0 {
		t.Fatalf("pickers not cleared: %+v", d)
	}
}

func TestLoesche_SystemrolleNeverLastRoleOnlyConfirmed(t *testing.T) {
	sys := Evolve(LokaleRolle{}, LokaleRolleAngelegt{Daten: Daten{Bezeichnung: "SGD Nord", GlobaleRolle: "BEHOERDE", Systemrolle: true}})
	if _, err := Decide(sys, Loesche{Bestaetigt: true}); err == nil || err.Error() != MsgSystemrolle {
		t.Fatalf("systemrolle deleted: %v", err)
	}
	r := Evolve(LokaleRolle{}, LokaleRolleAngelegt{Daten: Daten{Bezeichnung: "Trier", GlobaleRolle: "BEHOERDE"}})
	_, err := Decide(r, Loesche{LetzteRolleVon: 2})
	var w *Warnung
	if !errors.As(err, &w) || w.ErrorMembers()["warnung"] != "LETZTE_ROLLE" || err.Error() != "Die Rolle ist für 2 Anwender die letzte lokale Rolle. Wollen Sie sie trotzdem löschen?" {
		t.Fatalf("err = %v", err)
	}
	if ev, err := Decide(r, Loesche{LetzteRolleVon: 2, Bestaetigt: true}); err != nil || len(ev) != 1 {
		t.Fatalf("%v %v", ev, err)
	}
}

func TestLegeAnAendere_OperationsThatDoNotExistAreRefused(t *testing.T) {
	d := Daten{Bezeichnung: "Prüfer", GlobaleRolle: "BEHOERDE", Betriebe: []int64{12, 57}}
	var f *validierung.Fehler
	_, err := Decide(LokaleRolle{}, LegeAn{Daten: d, Jetzt: jetzt, UnbekannteBetriebe: []int64{57}})
	if !errors.As(err, &f) || f.Felder["betriebe"] != "Diese Betriebe gibt es nicht: 57." {
		t.Fatalf("create: %v", err)
	}
	r := Evolve(LokaleRolle{}, LokaleRolleAngelegt{Daten: Daten{Bezeichnung: "Prüfer", GlobaleRolle: "BEHOERDE"}})
	if _, err := Decide(r, Aendere{Daten: d, Jetzt: jetzt, UnbekannteBetriebe: []int64{12, 57}}); !errors.As(err, &f) ||
		f.Felder["betriebe"] != "Diese Betriebe gibt es nicht: 12, 57." {
		t.Fatalf("edit: %v", err)
	}
	if _, err := Decide(r, Aendere{Daten: d, Jetzt: jetzt}); err != nil {
		t.Fatalf("existing operations: %v", err)
	}
}
