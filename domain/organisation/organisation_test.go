package organisation

import (
	"time"

	"errors"
	"github.com/eabwasser/eabwasser/domain/historie"
	"testing"

	"github.com/eabwasser/eabwasser/domain/validierung"
)

func TestLegeAn_NameAndFullAddressRequired(t *testing.T) {
	_, err := Decide(Organisation{}, LegeAn{Daten: Daten{Adresse: Adresse{Ort: "Koblenz"}}})
	var f *validierung.Fehler
	if !errors.As(err, &f) {
		t.Fatal(err)
	}
	for _, k := range []string{"bezeichnung", "adresse.strasse", "adresse.hausnummer", "adresse.plz"} {
		if f.Felder[k] != "Dieses Feld ist ein Pflichtfeld." {
			t.Errorf("%s: %q", k, f.Felder[k])
		}
	}
	if _, ok := f.Felder["adresse.ort"]; ok {
		t.Error("ort was given")
	}
	ev, err := Decide(Organisation{}, LegeAn{Daten: Daten{Bezeichnung: " Klärwerk ", Adresse: Adresse{"Rheinstr.", "1", "56068", "Koblenz"}}})
	if err != nil || ev[0].(OrganisationAngelegt).Bezeichnung != "Klärwerk" || ev[0].(OrganisationAngelegt).Status != Aktiv {
		t.Fatalf("%v %v", ev, err)
	}
	if _, err := Decide(Evolve(Organisation{}, ev[0]), LegeAn{}); err == nil {
		t.Fatal("created twice")
	}
}

var heute = time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC)

func angelegt() Organisation {
	ev, _ := Decide(Organisation{}, LegeAn{Daten: Daten{Bezeichnung: "Stadtwerke", Adresse: Adresse{"A", "1", "55116", "Mainz"}}, Heute: heute.AddDate(-1, 0, 0)})
	return Evolve(Organisation{}, ev[0])
}

func TestAendere_HistorisedFieldsNeedAnAuditEntry(t *testing.T) {
	o := angelegt()
	neu := o.Daten
	neu.Bezeichnung = "Stadtwerke Mainz AG"
	_, err := Decide(o, Aendere{Daten: neu, Heute: heute})
	var v *historie.Verstoss
	if !errors.As(err, &v) || v.Art != historie.Missing {
		t.Fatalf("err = %v", err)
	}
	ev, err := Decide(o, Aendere{Daten: neu, AuditInfo: &historie.AuditInfo{GueltigAb: "2026-06-01", Aenderungsgrund: "Umfirmierung"}, Heute: heute})
	if err != nil || ev[0].(OrganisationGeaendert).GueltigAb != "2026-06-01" {
		t.Fatalf("%v %v", ev, err)
	}
	o2 := Evolve(o, ev[0])
	neu2 := o2.Daten
	neu2.Adresse.Hausnummer = "2"
	if _, err := Decide(o2, Aendere{Daten: neu2, AuditInfo: &historie.AuditInfo{GueltigAb: "2026-05-01"}, Heute: heute}); !errors.As(err, &v) || v.Art != historie.SucceedingPresent {
		t.Fatalf("retroactive: %v", err)
	}
	// numbers are not historised: no audit entry needed
	nr := o2.Daten
	nr.Abgabenummer = "AB-9"
	if ev, err := Decide(o2, Aendere{Daten: nr, Heute: heute}); err != nil || len(ev) != 1 {
		t.Fatalf("abgabenummer: %v %v", ev, err)
	}
}

func TestLoesche_RefusedWhileReferenced(t *testing.T) {
	o := angelegt()
	if _, err := Decide(o, Loesche{Referenziert: true}); err == nil || err.Error() != MsgReferenziert {
		t.Fatalf("err = %v", err)
	}
	if ev, err := Decide(o, Loesche{}); err != nil || len(ev) != 1 {
		t.Fatalf("%v %v", ev, err)
	}
}

func TestFuehreZusammen_DateNotInFutureAndDeactivates(t *testing.T) {
	o := angelegt()
	_, err := Decide(o, FuehreZusammen{ZielID: 7, Datum: "2026-11-22", Heute: heute})
	var f *validierung.Fehler
	if !errors.As(err, &f) || f.Felder["mergeDate"] == "" {
		t.Fatalf("future merge: %v", err)
	}
	if _, err := Decide(o, FuehreZusammen{Datum: "2026-11-21", Heute: heute}); !errors.As(err, &f) || f.Felder["destinationOrganisationId"] == "" {
		t.Fatalf("no destination: %v", err)
	}
	ev, err := Decide(o, FuehreZusammen{ZielID: 7, Datum: "2026-11-21", MitPersonen: true, Heute: heute})
	if err != nil {
		t.Fatal(err)
	}
	if o = Evolve(o, ev[0]); o.Status != Inaktiv || o.ZusammengefuehrtIn != 7 {
		t.Fatalf("%+v", o)
	}
}
