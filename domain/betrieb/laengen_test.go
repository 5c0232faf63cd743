package betrieb

import (
	"errors"
	"strings"
	"testing"

	"github.com/eabwasser/eabwasser/domain/ereignis"
	"github.com/eabwasser/eabwasser/domain/historie"
	"github.com/eabwasser/eabwasser/domain/validierung"
)

// lang is one character more than the field may hold.
func lang(feld string) string { return strings.Repeat("ü", validierung.Hoechstlaenge(feld)+1) }

// wantZuLang checks that the command was refused for feld with the length message and decided
// nothing.
func wantZuLang(t *testing.T, got []ereignis.DomainEvent, err error, feld string) {
	t.Helper()
	var f *validierung.Fehler
	if !errors.As(err, &f) || f.Felder[feld] != validierung.ZuLang(validierung.Hoechstlaenge(feld)) {
		t.Fatalf("%s: err = %v, want %q", feld, err, validierung.ZuLang(validierung.Hoechstlaenge(feld)))
	}
	if len(got) != 0 {
		t.Fatalf("%s: decided %v", feld, got)
	}
}

// textfelder sets each text field of the operation form too long, one at a time.
var textfelder = map[string]func(d *Daten, v string){
	"bezeichnung":                        func(d *Daten, v string) { d.Bezeichnung = v },
	"adresse.strasse":                    func(d *Daten, v string) { d.Adresse.Strasse = v },
	"adresse.hausnummer":                 func(d *Daten, v string) { d.Adresse.Hausnummer = v },
	"adresse.plz":                        func(d *Daten, v string) { d.Adresse.Plz = v },
	"adresse.ort":                        func(d *Daten, v string) { d.Adresse.Ort = v },
	"muttergesellschaft":                 func(d *Daten, v string) { d.Muttergesellschaft = v },
	"url":                                func(d *Daten, v string) { d.URL = v },
	"prtrNr":                             func(d *Daten, v string) { d.PRTRNr = v },
	"haupttaetigkeit":                    func(d *Daten, v string) { d.Haupttaetigkeit = v },
	"nacecode":                           func(d *Daten, v string) { d.Nacecode = v },
	"katasterNr":                         func(d *Daten, v string) { d.KatasterNr = v },
	"arbeitsstaettenNr":                  func(d *Daten, v string) { d.ArbeitsstaettenNr = v },
	"behoerdenkennung":                   func(d *Daten, v string) { d.Behoerdenkennung = v },
	"produktion.taetigkeiten[0]":         func(d *Daten, v string) { d.Produktion.Taetigkeiten = []string{v} },
	"produktion.produktbezeichnungen[0]": func(d *Daten, v string) { d.Produktion.Produktbezeichnungen = []string{v} },
	"produktion.produktionsverfahren[0]": func(d *Daten, v string) { d.Produktion.Produktionsverfahren = []string{v} },
	"produktion.produktionsarten[0]":     func(d *Daten, v string) { d.Produktion.Produktionsarten = []string{v} },
	"wasserversorgung.wvbNr":             func(d *Daten, v string) { d.Wasserversorgung.WvbNr = v },
	"kontakte[0].anrede":                 func(d *Daten, v string) { d.Kontakte = []Kontakt{kontakt(func(k *Kontakt) { k.Anrede = v })} },
	"kontakte[0].titel":                  func(d *Daten, v string) { d.Kontakte = []Kontakt{kontakt(func(k *Kontakt) { k.Titel = v })} },
	"kontakte[0].vorname":                func(d *Daten, v string) { d.Kontakte = []Kontakt{kontakt(func(k *Kontakt) { k.Vorname = v })} },
	"kontakte[0].name":                   func(d *Daten, v string) { d.Kontakte = []Kontakt{kontakt(func(k *Kontakt) { k.Name = v })} },
	"kontakte[0].telefon":                func(d *Daten, v string) { d.Kontakte = []Kontakt{kontakt(func(k *Kontakt) { k.Telefon = v })} },
	"kontakte[0].mobil":                  func(d *Daten, v string) { d.Kontakte = []Kontakt{kontakt(func(k *Kontakt) { k.Mobil = v })} },
	"kontakte[0].email":                  func(d *Daten, v string) { d.Kontakte = []Kontakt{kontakt(func(k *Kontakt) { k.Email = v })} },
	"kontakte[0].funktion":               func(d *Daten, v string) { d.Kontakte = []Kontakt{kontakt(func(k *Kontakt) { k.Funktion = v })} },
	"zustaendigeBearbeiter[0].bearbeiter": func(d *Daten, v string) {
		d.ZustaendigeBearbeiter = []Bearbeiter{{AnwenderID: 4, DatascoutID: v}}
	},
	"zustaendigePersonen[0].zustaendig[0]": func(d *Daten, v string) {
		d.ZustaendigePersonen = []ZustaendigePerson{{AnwenderID: 7, Zustaendig: []string{v}}}
	},
}

func kontakt(f func(*Kontakt)) Kontakt {
	k := Kontakt{Anrede: "Frau", Vorname: "Eva", Name: "Rhein", Telefon: "0261-1", Email: "eva@example.de", Funktion: "Leitung"}
	f(&k)
	return k
}

func TestLaengen_EveryTextOfTheOperationFormIsBounded(t *testing.T) {
	for feld, setze := range textfelder {
		t.Run(feld, func(t *testing.T) {
			d := daten
			setze(&d, lang(feld))
			got, err := Decide(Betrieb{}, BeantrageBetrieb{BetriebsID: "2026-000001", Daten: d, Typ: "KOMMUNAL", Heute: heute})
			wantZuLang(t, got, err, feld)
			// the same rule for the saves of operator and authority (the operator's save keeps
			// the responsible authority users of the state, whatever he sends)
			if !strings.HasPrefix(feld, "zustaendigeBearbeiter") {
				got, err = Decide(given(beantragt), SpeichereAlsBetreiber{Daten: d})
				wantZuLang(t, got, err, feld)
			}
			got, err = Decide(given(freigegeben...), SpeichereAlsAdmin{Daten: d, Heute: heute,
				AuditInfo: &historie.AuditInfo{GueltigAb: "2026-11-10", Aenderungsgrund: "Umfirmierung"}})
			wantZuLang(t, got, err, feld)
		})
	}
}

func TestLaengen_AtTheLimitIsAccepted(t *testing.T) {
	d := daten
	d.Bezeichnung = strings.Repeat("ä", 255) // 510 bytes, 255 characters
	d.Adresse.Plz = "1234567890"
	if got, err := Decide(Betrieb{}, BeantrageBetrieb{Daten: d, Typ: "KOMMUNAL", Heute: heute}); err != nil || len(got) != 1 {
		t.Fatalf("got %v, %v", got, err)
	}
}

func TestLaengen_CommentsApplicationAndAuditReasonAreBounded(t *testing.T) {
	got, err := Decide(given(beantragt), EntscheideFreigabe{NeuerStatus: Abgewiesen, Kommentar: lang("kommentar")})
	wantZuLang(t, got, err, "kommentar")

	umbenannt := mit(gespeichert, func(d *Daten) { d.Bezeichnung = "Kläranlage Rheinaue II" })
	got, err = Decide(given(freigegeben...), SpeichereAlsAdmin{Daten: umbenannt, Heute: heute,
		AuditInfo: &historie.AuditInfo{GueltigAb: "2026-11-10", Aenderungsgrund: lang("aenderungsgrund")}})
	wantZuLang(t, got, err, "auditInfo.aenderungsgrund")

	for feld, setze := range map[string]func(a *StammdatenAntrag, v string){
		"bezeichnung":        func(a *StammdatenAntrag, v string) { a.Bezeichnung = v },
		"muttergesellschaft": func(a *StammdatenAntrag, v string) { a.Muttergesellschaft = v },
		"url":                func(a *StammdatenAntrag, v string) { a.URL = v },
		"strasse":            func(a *StammdatenAntrag, v string) { a.Adresse.Strasse = v },
		"hausnummer":         func(a *StammdatenAntrag, v string) { a.Adresse.Hausnummer = v },
		"plz":                func(a *StammdatenAntrag, v string) { a.Adresse.Plz = v },
		"ort":                func(a *StammdatenAntrag, v string) { a.Adresse.Ort = v },
		"kommentar":          func(a *StammdatenAntrag, v string) { a.Kommentar = v },
	} {
		a := antrag
		setze(&a, lang(feld))
		got, err := Decide(given(freigegeben...), StelleStammdatenAntrag{Antrag: a, Heute: heute})
		wantZuLang(t, got, err, feld)
	}

	got, err = Decide(given(append(freigegeben, gestellt)...), UebernehmeStammdatenAntrag{Felder: []string{lang("felder")}, Heute: heute})
	wantZuLang(t, got, err, "felder")
}
