package konto

import (
	"slices"
	"strings"
	"time"

	"github.com/eabwasser/eabwasser/domain/berechtigung"
	"github.com/eabwasser/eabwasser/domain/ereignis"
	"github.com/eabwasser/eabwasser/domain/validierung"
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
		LokaleRollen      []int64
		// Dienststellenrolle tells whether one of LokaleRollen is a systemrolle (a Dienststelle).
		Dienststellenrolle bool
		Behoerde           string
		DatascoutID        string
		Jetzt              time.Time
	}
	// BestaetigeEmail: the confirmation link was followed.
	BestaetigeEmail struct {
		TokenHash string
		Jetzt     time.Time
	}
	// Aktiviere: an administrator activates a confirmed (or inactive) account.
	Aktiviere struct{ Jetzt time.Time }
	// Deaktiviere: an administrator deactivates an account; Selbst says it is his own, which he
	// may not (he would lock himself out, issue 14).
	Deaktiviere struct{ Selbst bool }
	// FordereZuruecksetzenAn: a reset mail is to be sent.
	FordereZuruecksetzenAn struct{ Token Token }
	// SetzePasswortZurueck: the reset link was followed with a new password.
	SetzePasswortZurueck struct {
		TokenHash    string
		Passwort     string
		PasswortHash string
		Jetzt        time.Time
	}
	// AendereAlsAdmin: an administrator edits the account (spec 002 §5 user form).
	AendereAlsAdmin struct {
		Benutzername       string
		Passwort           string // empty keeps the password
		PasswortHash       string
		Person             Person
		FunktionaleRollen  []string
		LokaleRollen       []int64
		Dienststellenrolle bool
		Behoerde           string
		DatascoutID        string
	}
	// Loesche deletes the account; Selbst tells that administrators try to delete themselves.
	Loesche struct{ Selbst bool }
	// SetzeLokaleRollen replaces the account's local roles (deleting a role removes it).
	SetzeLokaleRollen struct{ LokaleRollen []int64 }
	// WechsleOrganisation moves the account to another organisation (merge).
	WechsleOrganisation struct{ OrganisationID int64 }
	// AendereProfil: the user saves the profile. Passwort empty keeps the password; a changed
	// e-mail address needs Bestaetigung. A new user name, e-mail address or password needs
	// the current password (AktuellesPasswort: what its check showed).
	AendereProfil struct {
		Benutzername      string
		Person            Person
		Passwort          string
		PasswortHash      string
		Bestaetigung      Token
		AktuellesPasswort PasswortNachweis
	}
	// VermerkeFalschesPasswort: a profile save came with a wrong current password.
	VermerkeFalschesPasswort struct{}
	// MeldeAb: the user logs out; every session of the account ends.
	MeldeAb struct{}
	// LegeDemoAnwenderAn: the demo seed (internal/werkzeug/seed, nothing the API reaches) creates an
	// account with the published demo password, which the password policy refuses elsewhere.
	LegeDemoAnwenderAn struct{ LegeAn }
)

// Befehl is the closed set of commands of the aggregate: only the commands of this package
// implement it, so Decide sees nothing else.
type Befehl interface{ befehl() }

func (Registriere) befehl()              {}
func (LegeAn) befehl()                   {}
func (LegeDemoAnwenderAn) befehl()       {}
func (VermerkeFalschesPasswort) befehl() {}
func (MeldeAb) befehl()                  {}
func (BestaetigeEmail) befehl()          {}
func (Aktiviere) befehl()                {}
func (Deaktiviere) befehl()              {}
func (FordereZuruecksetzenAn) befehl()   {}
func (SetzePasswortZurueck) befehl()     {}
func (AendereProfil) befehl()            {}
func (AendereAlsAdmin) befehl()          {}
func (Loesche) befehl()                  {}
func (SetzeLokaleRollen) befehl()        {}
func (WechsleOrganisation) befehl()      {}

// Decide checks a command against the account.
func Decide(a Anwender, cmd Befehl) ([]ereignis.DomainEvent, error) {
	switch c := cmd.(type) {
	case Registriere:
		return registriere(a, c)
	case LegeAn:
		return legeAn(a, c, false)
	case LegeDemoAnwenderAn:
		return legeAn(a, c.LegeAn, true)
	case VermerkeFalschesPasswort:
		if !a.Existiert || a.Geloescht {
			return nil, validierung.NichtGefunden
		}
		return []ereignis.DomainEvent{FalschesPasswortEingegeben{}}, nil
	case MeldeAb:
		if !a.Existiert || a.Geloescht {
			return nil, validierung.NichtGefunden
		}
		return []ereignis.DomainEvent{AnwenderAbgemeldet{}}, nil
	case BestaetigeEmail:
		if !a.Existiert || !a.Bestaetigung.gilt(c.TokenHash, c.Jetzt) ||
			(a.Status != DoubleOptIn && a.Status != DoubleOptInChangedEmail) {
			return nil, validierung.Regel(MsgUngueltigerLink)
		}
		if a.Status == DoubleOptInChangedEmail {
			return []ereignis.DomainEvent{EmailBestaetigt{Email: a.NeueEmail, Status: a.StatusVorher}}, nil
		}
		return []ereignis.DomainEvent{EmailBestaetigt{Status: Bestaetigt}}, nil
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
		return []ereignis.DomainEvent{AnwenderAktiviert{GueltigBis: Gueltigkeit(a.FunktionaleRollen, c.Jetzt)}}, nil
	case Deaktiviere:
		if !a.Existiert {
			return nil, validierung.NichtGefunden
		}
		if c.Selbst {
			return nil, validierung.Regel(MsgSelbstDeaktivieren)
		}
		if a.Status == Inaktiv {
			return nil, nil
		}
		return []ereignis.DomainEvent{AnwenderDeaktiviert{}}, nil
	case FordereZuruecksetzenAn:
		if !a.Existiert {
			return nil, validierung.NichtGefunden
		}
		return []ereignis.DomainEvent{PasswortZuruecksetzenAngefordert{Token: c.Token}}, nil
	case SetzePasswortZurueck:
		if !a.Existiert || !a.Zuruecksetzen.gilt(c.TokenHash, c.Jetzt) {
			return nil, validierung.Regel(MsgUngueltigerLink)
		}
		if err := PruefePasswort(c.Passwort, a.persoenlich()...); err != nil {
			return nil, err
		}
		return []ereignis.DomainEvent{PasswortGesetzt{PasswortHash: c.PasswortHash}}, nil
	case AendereProfil:
		return aendereProfil(a, c)
	case AendereAlsAdmin:
		return aendereAlsAdmin(a, c)
	case Loesche:
		if !a.Existiert || a.Geloescht {
			return nil, validierung.NichtGefunden
		}
		if c.Selbst {
			return nil, validierung.Regel("Sie können Ihr eigenes Konto nicht löschen.")
		}
		return []ereignis.DomainEvent{AnwenderGeloescht{}}, nil
	case SetzeLokaleRollen:
		if !a.Existiert {
			return nil, validierung.NichtGefunden
		}
		if err := validierung.Anzahl("lokaleRollen", len(c.LokaleRollen)); err != nil {
			return nil, err
		}
		if slices.Equal(a.LokaleRollen, c.LokaleRollen) {
			return nil, nil
		}
		return []ereignis.DomainEvent{LokaleRollenGeaendert{LokaleRollen: c.LokaleRollen}}, nil
	case WechsleOrganisation:
		if !a.Existiert {
			return nil, validierung.NichtGefunden
		}
		if a.Person.OrganisationID == c.OrganisationID {
			return nil, nil
		}
		return []ereignis.DomainEvent{OrganisationGewechselt{OrganisationID: c.OrganisationID}}, nil
	}
	return nil, validierung.Regel("Unbekannter Befehl.")
}

func registriere(a Anwender, c Registriere) ([]ereignis.DomainEvent, error) {
	if a.Existiert {
		return nil, validierung.Regel("Das Konto existiert bereits.")
	}
	p := trimPerson(c.Person)
	var s validierung.Sammler
	if p.OrganisationID == 0 {
		s.Feld("organisation", validierung.Pflichtfeld)
	}
	pruefeRollen(&s, c.FunktionaleRollen)
	for _, r := range c.FunktionaleRollen {
		if !slices.Contains(berechtigung.Organisationsrollen, berechtigung.Rolle(r)) {
			s.Feld("funktionaleRolle", "Bei der Registrierung sind nur Rollen einer Organisation wählbar.")
		}
	}
	pruefePerson(&s, p, "", true)
	if !c.Dsgvo {
		s.Feld("dsgvo", MsgDsgvo)
	}
	if err := s.Err(); err != nil {
		return nil, err
	}
	return []ereignis.DomainEvent{AnwenderRegistriert{
		Benutzername: strings.ToLower(p.Email), Person: p, FunktionaleRollen: c.FunktionaleRollen, Dsgvo: true,
		AngelegtAm: c.Jetzt, GueltigBis: Gueltigkeit(c.FunktionaleRollen, c.Jetzt), Bestaetigung: c.Bestaetigung,
	}}, nil
}

func legeAn(a Anwender, c LegeAn, demo bool) ([]ereignis.DomainEvent, error) {
	if a.Existiert {
		return nil, validierung.Regel("Das Konto existiert bereits.")
	}
	p := trimPerson(c.Person)
	var s validierung.Sammler
	pruefeAdminFormular(&s, c.Benutzername, p, c.FunktionaleRollen, c.DatascoutID, c.Behoerde, c.Dienststellenrolle)
	s.Anzahl("lokaleRollen", len(c.LokaleRollen))
	if c.Passwort == "" {
		s.Feld("passwort", validierung.Pflichtfeld)
	} else if !demo {
		pruefePasswortFeld(&s, c.Passwort, c.Benutzername, p.Email, p.Vorname, p.Name)
	}
	if err := s.Err(); err != nil {
		return nil, err
	}
	return []ereignis.DomainEvent{AnwenderAngelegt{
		Benutzername: strings.TrimSpace(c.Benutzername), PasswortHash: c.PasswortHash, Person: p,
		FunktionaleRollen: c.FunktionaleRollen, LokaleRollen: c.LokaleRollen, Behoerde: c.Behoerde, DatascoutID: strings.TrimSpace(c.DatascoutID),
		AngelegtAm: c.Jetzt, GueltigBis: Gueltigkeit(c.FunktionaleRollen, c.Jetzt),
	}}, nil
}

// pruefeAdminFormular checks the rules of the user form (spec 002 §5) shared by create and edit.
func pruefeAdminFormular(s *validierung.Sammler, name string, p Person, rollen []string, datascoutID, behoerde string, dienststelle bool) {
	s.Laenge("benutzername", strings.TrimSpace(name))
	s.Laenge("datascoutId", strings.TrimSpace(datascoutID))
	s.Laenge("behoerde", behoerde)
	s.Pflicht("benutzername", strings.TrimSpace(name))
	pruefeRollen(s, rollen)
	pruefePerson(s, p, "person.", false)
	switch globaleRolle(rollen) {
	case berechtigung.GlobalOrganisation:
		if p.OrganisationID == 0 {
			s.Feld("person.organisation", validierung.Pflichtfeld)
		}
	default:
		if strings.TrimSpace(datascoutID) == "" {
			s.Feld("datascoutId", validierung.Pflichtfeld)
		}
	}
	if globaleRolle(rollen) == berechtigung.GlobalBehoerde && !dienststelle {
		s.Feld("lokaleRollen", MsgDienststelle)
	}
}

func aendereAlsAdmin(a Anwender, c AendereAlsAdmin) ([]ereignis.DomainEvent, error) {
	if !a.Existiert || a.Geloescht {
		return nil, validierung.NichtGefunden
	}
	p := trimPerson(c.Person)
	var s validierung.Sammler
	pruefeAdminFormular(&s, c.Benutzername, p, c.FunktionaleRollen, c.DatascoutID, c.Behoerde, c.Dienststellenrolle)
	s.Anzahl("lokaleRollen", len(c.LokaleRollen))
	if c.Passwort != "" {
		pruefePasswortFeld(&s, c.Passwort, c.Benutzername, p.Email, p.Vorname, p.Name)
	}
	if err := s.Err(); err != nil {
		return nil, err
	}
	ev := AnwenderGeaendert{Benutzername: strings.TrimSpace(c.Benutzername), Person: p, FunktionaleRollen: c.FunktionaleRollen,
		LokaleRollen: c.LokaleRollen, Behoerde: c.Behoerde, DatascoutID: strings.TrimSpace(c.DatascoutID)}
	if ev.LokaleRollen == nil {
		ev.LokaleRollen = []int64{}
	}
	var out []ereignis.DomainEvent
	if ev.Benutzername != a.Benutzername || ev.Person != a.Person || !slices.Equal(ev.FunktionaleRollen, a.FunktionaleRollen) ||
		!slices.Equal(ev.LokaleRollen, a.LokaleRollen) || ev.Behoerde != a.Behoerde || ev.DatascoutID != a.DatascoutID {
		out = append(out, ev)
	}
	if c.Passwort != "" {
		out = append(out, PasswortGesetzt{PasswortHash: c.PasswortHash})
	}
	return out, nil
}

func aendereProfil(a Anwender, c AendereProfil) ([]ereignis.DomainEvent, error) {
	if !a.Existiert {
		return nil, validierung.NichtGefunden
	}
	p := trimPerson(c.Person)
	p.OrganisationID = a.Person.OrganisationID // the organisation is not the user's to change
	var s validierung.Sammler
	name := strings.TrimSpace(c.Benutzername)
	s.Laenge("benutzername", name)
	s.Pflicht("benutzername", name)
	pruefePerson(&s, p, "", false)
	if c.Passwort != "" {
		pruefePasswortFeld(&s, c.Passwort, name, p.Email, a.Benutzername, a.Person.Email, p.Vorname, p.Name)
	}
	// a token alone must not take the account over: the sign-in data change only with the
	// current password
	if name != a.Benutzername || c.Passwort != "" || !strings.EqualFold(p.Email, a.Person.Email) {
		switch {
		case a.PasswortHash == "":
			s.Feld("aktuellesPasswort", MsgOhnePasswort)
		case c.AktuellesPasswort == KeinPasswortEingegeben:
			s.Feld("aktuellesPasswort", MsgAktuellesPasswortPflicht)
		case c.AktuellesPasswort != PasswortBestaetigt:
			s.Feld("aktuellesPasswort", MsgAktuellesPasswortFalsch)
		}
	}
	if err := s.Err(); err != nil {
		return nil, err
	}
	var out []ereignis.DomainEvent
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

// pruefePasswortFeld records the policy's message for the field passwort.
func pruefePasswortFeld(s *validierung.Sammler, pw string, persoenlich ...string) {
	if msg := passwortFehler(pw, persoenlich); msg != "" {
		s.Feld("passwort", msg)
	}
}

// persoenlich are the account's own words a password must not be built from.
func (a Anwender) persoenlich() []string {
	return []string{a.Benutzername, a.Person.Email, a.Person.Vorname, a.Person.Name}
}

// Decider is the account aggregate for the generic command handler.
var Decider = ereignis.Decider[Anwender, Befehl]{
	StreamType: StreamType,
	Initial:    func() Anwender { return Anwender{} },
	Evolve:     Evolve,
	Decide:     Decide,
	Decode:     Decode,
}

// AbmeldungNoetig tells whether a profile change ends the session (user name, password or
// e-mail changed).
func AbmeldungNoetig(events []ereignis.DomainEvent, vorher Anwender) bool {
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
