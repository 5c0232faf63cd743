package konto

import (
	"strings"
	"testing"

	"github.com/eabwasser/eabwasser/domain/ereignis"
	"github.com/eabwasser/eabwasser/domain/validierung"
)

func lang(feld string) string { return strings.Repeat("ü", validierung.Hoechstlaenge(feld)+1) }

// personTexte sets each text field of a person too long, one at a time.
var personTexte = map[string]func(p *Person, v string){
	"anrede":  func(p *Person, v string) { p.Anrede = v },
	"titel":   func(p *Person, v string) { p.Titel = v },
	"name":    func(p *Person, v string) { p.Name = v },
	"vorname": func(p *Person, v string) { p.Vorname = v },
	"email":   func(p *Person, v string) { p.Email = v + "@example.org" },
	"telefon": func(p *Person, v string) { p.Telefon = v },
	"mobil":   func(p *Person, v string) { p.Mobil = v },
}

func wantZuLang(t *testing.T, got []ereignis.DomainEvent, err error, feld string) {
	t.Helper()
	if f := feldfehler(t, err); f[feld] != validierung.ZuLang(validierung.Hoechstlaenge(feld)) {
		t.Fatalf("%s: %v", feld, f)
	}
	if len(got) != 0 {
		t.Fatalf("%s: decided %v", feld, got)
	}
}

func TestLaengen_RegistrationProfileAndUserFormAreBounded(t *testing.T) {
	konto := given(registriert(), EmailBestaetigt{Status: Bestaetigt}, AnwenderAktiviert{GueltigBis: jetzt.AddDate(1, 0, 0)})
	for feld, setze := range personTexte {
		p := person
		setze(&p, lang(feld))
		got, err := Decide(Anwender{}, Registriere{Person: p, FunktionaleRollen: []string{"BETREIBER"}, Dsgvo: true, Bestaetigung: token, Jetzt: jetzt})
		wantZuLang(t, got, err, feld)
		got, err = Decide(konto, AendereProfil{Benutzername: "erika@example.org", Person: p, Bestaetigung: token})
		wantZuLang(t, got, err, feld)
		got, err = Decide(Anwender{}, LegeAn{Benutzername: "erika", Passwort: "geheim-passwort-1", PasswortHash: "h", Person: p,
			FunktionaleRollen: []string{"BETREIBER"}, Jetzt: jetzt})
		wantZuLang(t, got, err, "person."+feld)
		got, err = Decide(konto, AendereAlsAdmin{Benutzername: "erika", Person: p, FunktionaleRollen: []string{"BETREIBER"}})
		wantZuLang(t, got, err, "person."+feld)
	}

	got, err := Decide(konto, AendereProfil{Benutzername: lang("benutzername"), Person: person, Bestaetigung: token})
	wantZuLang(t, got, err, "benutzername")
	admin := AendereAlsAdmin{Benutzername: "erika", Person: person, FunktionaleRollen: []string{"FACHADMIN"}, DatascoutID: "ds-1"}
	for feld, setze := range map[string]func(c *AendereAlsAdmin, v string){
		"benutzername":     func(c *AendereAlsAdmin, v string) { c.Benutzername = v },
		"datascoutId":      func(c *AendereAlsAdmin, v string) { c.DatascoutID = v },
		"behoerde":         func(c *AendereAlsAdmin, v string) { c.Behoerde = v },
		"funktionaleRolle": func(c *AendereAlsAdmin, v string) { c.FunktionaleRollen = []string{v} },
	} {
		c := admin
		setze(&c, lang(feld))
		got, err := Decide(konto, c)
		wantZuLang(t, got, err, feld)
	}
}
