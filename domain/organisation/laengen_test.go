package organisation

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/eabwasser/eabwasser/domain/historie"
	"github.com/eabwasser/eabwasser/domain/validierung"
)

func TestLaengen_EveryTextOfAnOrganisationIsBounded(t *testing.T) {
	heute := time.Date(2026, 11, 21, 0, 0, 0, 0, time.UTC)
	gueltig := Daten{Bezeichnung: "Klärwerk", Adresse: Adresse{"Rheinstr.", "1", "56068", "Koblenz"}, Abgabenummer: "A-1", OrganisationsID: "O-1"}
	vorhanden := Evolve(Organisation{}, OrganisationAngelegt{Daten: gueltig, GueltigAb: "2026-01-01"})
	lang := func(feld string) string { return strings.Repeat("ü", validierung.Hoechstlaenge(feld)+1) }
	for feld, setze := range map[string]func(d *Daten, v string){
		"bezeichnung":        func(d *Daten, v string) { d.Bezeichnung = v },
		"adresse.strasse":    func(d *Daten, v string) { d.Adresse.Strasse = v },
		"adresse.hausnummer": func(d *Daten, v string) { d.Adresse.Hausnummer = v },
		"adresse.plz":        func(d *Daten, v string) { d.Adresse.Plz = v },
		"adresse.ort":        func(d *Daten, v string) { d.Adresse.Ort = v },
		"abgabenummer":       func(d *Daten, v string) { d.Abgabenummer = v },
		"organisationsId":    func(d *Daten, v string) { d.OrganisationsID = v },
		"status":             func(d *Daten, v string) { d.Status = v },
	} {
		d := gueltig
		setze(&d, lang(feld))
		for _, cmd := range []Befehl{LegeAn{Daten: d, Heute: heute},
			Aendere{Daten: d, Heute: heute, AuditInfo: &historie.AuditInfo{GueltigAb: "2026-11-01", Aenderungsgrund: "Umzug"}}} {
			ausgang := Organisation{}
			if _, ok := cmd.(Aendere); ok {
				ausgang = vorhanden
			}
			got, err := Decide(ausgang, cmd)
			var f *validierung.Fehler
			if !errors.As(err, &f) || f.Felder[feld] != validierung.ZuLang(validierung.Hoechstlaenge(feld)) || got != nil {
				t.Errorf("%T %s: %v %v", cmd, feld, got, err)
			}
		}
	}
	d := gueltig
	d.Bezeichnung = "Klärwerk Süd"
	got, err := Decide(vorhanden, Aendere{Daten: d, Heute: heute, AuditInfo: &historie.AuditInfo{GueltigAb: "2026-11-01", Aenderungsgrund: lang("aenderungsgrund")}})
	var f *validierung.Fehler
	if !errors.As(err, &f) || f.Felder["auditInfo.aenderungsgrund"] != "Max. 4000 Zeichen erlaubt" || got != nil {
		t.Errorf("aenderungsgrund: %v %v", got, err)
	}
}
