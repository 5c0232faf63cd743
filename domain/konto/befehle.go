package konto

import (
	"slices"
	"strings"
	"time"

	"github.com/eabwasser/eabwasser/domain/berechtigung"
	"github.com/eabwasser/eabwasser/domain/validierung"
	"github.com/eabwasser/eabwasser/eventstore"
)

// Commands. Jetzt is the time of the request (the domain has no clock).
type (
	// Registriere: a visitor registers with an organisation (spec 002 §2 Registration).
	Registriere struct {
		Person            Person
		FunktionaleRollen []string
		Dsgvo             bool
		Bestaetigung      Token
		Jetzt             time.Time
	}
	// LegeAn: an administrator or the seed creates an active account.
	LegeAn struct {
		Benutzername      string
		Passwort          string // plain, only to check the rules
		PasswortHash      string
		Person            Person
		FunktionaleRollen []string
		Behoerde          string
		DatascoutID       string
		Jetzt             time.Time
	}
	// BestaetigeEmail: the confirmation link was followed.
	BestaetigeEmail struct {
		TokenHash string
		Jetzt     time.Time
	}
	// Aktiviere: an administrator activates a confirmed (or inactive) account.
	Aktiviere struct{ Jetzt time.Time }
	// Deaktiviere: an administrator deactivates an account.
	Deaktiviere struct{}
	// FordereZuruecksetzenAn: a reset mail is to be sent.
	FordereZuruecksetzenAn struct{ Token Token }
	// SetzePasswortZurueck: the reset link was followed with a new password.
	SetzePasswortZurueck struct {
		TokenHash    string
		Passwort     string
		PasswortHash string
		Jetzt        time.Time
	}
	// AendereProfil: the user saves the profile. Passwort empty keeps the password; a changed
	// e-mail address needs Bestaetigung.
	AendereProfil struct {
		Benutzername string
		Person       Person
		Passwort     string
		PasswortHash string
		Bestaetigung Token
	}
)

// Decide checks a command against the account.
func Decide(a Anwender, cmd any) ([]eventstore.DomainEvent, error) {
	switch c := cmd.(type) {
	case Registriere:
		return registriere(a, c)
	case LegeAn:
		return legeAn(a, c)
	case BestaetigeEmail:
		if !a.Existiert || !a.Bestaetigung.gilt(c.TokenHash, c.Jetzt) ||
			(a.Status != DoubleOptIn && a.Status != DoubleOptInChangedEmail) {
			return nil, validierung.Regel(MsgUngueltigerLink)
		}
		if a.Status == DoubleOptInChangedEmail {
			return []eventstore.DomainEvent{EmailBestaetigt{Email: a.NeueEmail, Status: a.StatusVorher}}, nil
		}
		return []eventstore.DomainEvent{EmailBestaetigt{Status: Bestaetigt}}, nil
	case Aktiviere:
		if !a.Existiert {
			return nil, validierung.NichtGefunden
		}
		if a.Status == Aktiv {
			return nil, nil
		}
		if a.Status != Bestaetigt && a.Status != Inaktiv {
			return nil, validierung.Regel("Der Zugang kann erst freigeschaltet werden, wenn die E-Mail-Adresse bestätigt ist.")
		}
		return []eventstore.DomainEvent{AnwenderAktiviert{GueltigBis: Gueltigkeit(a.FunktionaleRollen, c.Jetzt)}}, nil
	case Deaktiviere:
		if !a.Existiert {
			return nil, validierung.NichtGefunden
		}
		if a.Status == Inaktiv {
			return nil, nil
		}
		return []eventstore.DomainEvent{AnwenderDeaktiviert{}}, nil
	case FordereZuruecksetzenAn:
		if !a.Existiert {
			return nil, validierung.NichtGefunden
		}
		return []eventstore.DomainEvent{PasswortZuruecksetzenAngefordert{Token: c.Token}}, nil
	case SetzePasswortZurueck:
		if !a.Existiert || !a.Zuruecksetzen.gilt(c.TokenHash, c.Jetzt) {
			return nil, validierung.Regel(MsgUngueltigerLink)
		}
		if err := PruefePasswort(c.Passwort); err != nil {
			return nil, err
		}
		return []eventstore.DomainEvent{PasswortGesetzt{PasswortHash: c.PasswortHash}}, nil
	case AendereProfil:
		return aendereProfil(a, c)
	}
	return nil, validierung.Regel("Unbekannter Befehl.")
}

func registriere(a Anwender, c Registriere) ([]eventstore.DomainEvent, error) {
	if a.Existiert {
		return nil, validierung.Regel("Das Konto existiert bereits.")
	}
	p := trimPerson(c.Person)
	var s validierung.Sammler
	if p.OrganisationID == 0 {
		s.Feld("organisation", MsgPflicht)
	}
	pruefeRollen(&s, c.FunktionaleRollen)
	for _, r := range c.FunktionaleRollen {
		if !slices.Contains(berechtigung.Organisationsrollen, berechtigung.Rolle(r)) {
			s.Feld("funktionaleRolle", "Bei der Registrierung sind nur Rollen einer Organisation wählbar.")
		}
	}
	pruefePerson(&s, p, "")
	if !c.Dsgvo {
		s.Feld("dsgvo", MsgDsgvo)
	}
	if err := s.Err(); err != nil {
		return nil, err
	}
	return []eventstore.DomainEvent{AnwenderRegistriert{
		Benutzername: strings.ToLower(p.Email), Person: p, FunktionaleRollen: c.FunktionaleRollen, Dsgvo: true,
		AngelegtAm: c.Jetzt, GueltigBis: Gueltigkeit(c.FunktionaleRollen, c.Jetzt), Bestaetigung: c.Bestaetigung,
	}}, nil
}

func legeAn(a Anwender, c LegeAn) ([]eventstore.DomainEvent, error) {
	if a.Existiert {
		return nil, validierung.Regel("Das Konto existiert bereits.")
	}
	p := trimPerson(c.Person)
	var s validierung.Sammler
	s.Pflicht("benutzername", strings.TrimSpace(c.Benutzername))
	pruefeRollen(&s, c.FunktionaleRollen)
	pruefePerson(&s, p, "person.")
	if hatOrganisationsrolle(c.FunktionaleRollen) {
		if p.OrganisationID == 0 {
			s.Feld("person.organisation", MsgPflicht)
		}
	} else if strings.TrimSpace(c.DatascoutID) == "" {
		s.Feld("datascoutId", MsgPflicht)
	}
	if c.Passwort == "" {
		s.Feld("passwort", MsgPflicht)
	} else if err := PruefePasswort(c.Passwort); err != nil {
		s.Feld("passwort", MsgPasswortRegel)
	}
	if err := s.Err(); err != nil {
		return nil, err
	}
	return []eventstore.DomainEvent{AnwenderAngelegt{
		Benutzername: strings.TrimSpace(c.Benutzername), PasswortHash: c.PasswortHash, Person: p,
		FunktionaleRollen: c.FunktionaleRollen, Behoerde: c.Behoerde, DatascoutID: strings.TrimSpace(c.DatascoutID),
		AngelegtAm: c.Jetzt, GueltigBis: Gueltigkeit(c.FunktionaleRollen, c.Jetzt),
	}}, nil
}

func aendereProfil(a Anwender, c AendereProfil) ([]eventstore.DomainEvent, error) {
	if !a.Existiert {
		return nil, validierung.NichtGefunden
	}
	p := trimPerson(c.Person)
	p.OrganisationID = a.Person.OrganisationID // the organisation is not the user's to change
	var s validierung.Sammler
	name := strings.TrimSpace(c.Benutzername)
	s.Pflicht("benutzername", name)
	pruefePerson(&s, p, "")
	if c.Passwort != "" {
		if err := PruefePasswort(c.Passwort); err != nil {
			s.Feld("passwort", MsgPasswortRegel)
		}
	}
	if err := s.Err(); err != nil {
		return nil, err
	}
	var out []eventstore.DomainEvent
	altePerson := a.Person
	neuePerson := p
	neuePerson.Email = altePerson.Email
	if name != a.Benutzername || neuePerson != altePerson {
		out = append(out, ProfilGeaendert{Benutzername: name, Person: neuePerson})
	}
	if c.Passwort != "" {
		out = append(out, PasswortGesetzt{PasswortHash: c.PasswortHash})
	}
	if !strings.EqualFold(p.Email, a.Person.Email) {
		out = append(out, EmailAenderungAngefordert{Email: p.Email, Bestaetigung: c.Bestaetigung})
	}
	return out, nil
}

// Decider is the account aggregate for the generic command handler.
var Decider = eventstore.Decider[Anwender, any]{
	StreamType: StreamType,
	Initial:    func() Anwender { return Anwender{} },
	Evolve:     Evolve,
	Decide:     Decide,
	Decode:     Decode,
}

// AbmeldungNoetig tells whether a profile change ends the session (user name, password or
// e-mail changed).
func AbmeldungNoetig(events []eventstore.DomainEvent, vorher Anwender) bool {
	for _, e := range events {
		switch v := e.(type) {
		case PasswortGesetzt, EmailAenderungAngefordert:
			return true
		case ProfilGeaendert:
			if v.Benutzername != vorher.Benutzername {
				return true
			}
		}
	}
	return false
}
