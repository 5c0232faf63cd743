package konto

import (
	"slices"
	"time"

	"github.com/eabwasser/eabwasser/domain/ereignis"
)

// Events of an account.
type (
	// AnwenderRegistriert: someone registered; the e-mail address awaits confirmation.
	AnwenderRegistriert struct {
		Benutzername      string    `json:"benutzername"`
		Person            Person    `json:"person"`
		FunktionaleRollen []string  `json:"funktionaleRollen"`
		Dsgvo             bool      `json:"dsgvo"`
		AngelegtAm        time.Time `json:"angelegtAm"`
		GueltigBis        time.Time `json:"gueltigBis"`
		Bestaetigung      Token     `json:"bestaetigungToken"`
	}
	// AnwenderAngelegt: an administrator (or the demo seed) created an active account.
	AnwenderAngelegt struct {
		Benutzername      string    `json:"benutzername"`
		PasswortHash      string    `json:"passwortHash"`
		Person            Person    `json:"person"`
		FunktionaleRollen []string  `json:"funktionaleRollen"`
		LokaleRollen      []int64   `json:"lokaleRollen,omitempty"`
		Behoerde          string    `json:"behoerde,omitempty"`
		DatascoutID       string    `json:"datascoutId,omitempty"`
		AngelegtAm        time.Time `json:"angelegtAm"`
		GueltigBis        time.Time `json:"gueltigBis"`
	}
	// EmailBestaetigt: the link in the confirmation mail was followed.
	EmailBestaetigt struct {
		Email  string `json:"email"`
		Status Status `json:"status"`
	}
	// AnwenderAktiviert: an administrator activated the account.
	AnwenderAktiviert struct {
		GueltigBis time.Time `json:"gueltigBis"`
	}
	// AnwenderDeaktiviert: an administrator deactivated the account.
	AnwenderDeaktiviert struct{}
	// PasswortZuruecksetzenAngefordert: a reset mail was sent.
	PasswortZuruecksetzenAngefordert struct {
		Token Token `json:"token"`
	}
	// PasswortGesetzt: a new password (through the reset link or the profile).
	PasswortGesetzt struct {
		PasswortHash string `json:"passwortHash"`
	}
	// ProfilGeaendert: person fields or user name changed.
	ProfilGeaendert struct {
		Benutzername string `json:"benutzername"`
		Person       Person `json:"person"`
	}
	// AnwenderGeaendert: an administrator changed the account.
	AnwenderGeaendert struct {
		Benutzername      string   `json:"benutzername"`
		Person            Person   `json:"person"`
		FunktionaleRollen []string `json:"funktionaleRollen"`
		LokaleRollen      []int64  `json:"lokaleRollen"`
		Behoerde          string   `json:"behoerde,omitempty"`
		DatascoutID       string   `json:"datascoutId,omitempty"`
	}
	// AnwenderGeloescht: an administrator deleted the account.
	AnwenderGeloescht struct{}
	// LokaleRollenGeaendert: the account's local roles changed.
	LokaleRollenGeaendert struct {
		LokaleRollen []int64 `json:"lokaleRollen"`
	}
	// OrganisationGewechselt: the account moved to another organisation (merge).
	OrganisationGewechselt struct {
		OrganisationID int64 `json:"organisationId"`
	}
	// EmailAenderungAngefordert: a new e-mail address awaits confirmation.
	EmailAenderungAngefordert struct {
		Email        string `json:"email"`
		Bestaetigung Token  `json:"bestaetigungToken"`
	}
	// FalschesPasswortEingegeben: a profile save came with a wrong current password; the
	// MaxFalscheEingaben-th in a row ends every session.
	FalschesPasswortEingegeben struct{}
	// AnwenderAbgemeldet: the user logged out; every session of the account ended.
	AnwenderAbgemeldet struct{}
)

func (AnwenderRegistriert) EventType() string              { return "AnwenderRegistriert" }
func (AnwenderAngelegt) EventType() string                 { return "AnwenderAngelegt" }
func (EmailBestaetigt) EventType() string                  { return "EmailBestaetigt" }
func (AnwenderAktiviert) EventType() string                { return "AnwenderAktiviert" }
func (AnwenderDeaktiviert) EventType() string              { return "AnwenderDeaktiviert" }
func (PasswortZuruecksetzenAngefordert) EventType() string { return "PasswortZuruecksetzenAngefordert" }
func (PasswortGesetzt) EventType() string                  { return "PasswortGesetzt" }
func (ProfilGeaendert) EventType() string                  { return "ProfilGeaendert" }
func (EmailAenderungAngefordert) EventType() string        { return "EmailAenderungAngefordert" }
func (OrganisationGewechselt) EventType() string           { return "OrganisationGewechselt" }
func (LokaleRollenGeaendert) EventType() string            { return "LokaleRollenGeaendert" }
func (AnwenderGeaendert) EventType() string                { return "AnwenderGeaendert" }
func (AnwenderGeloescht) EventType() string                { return "AnwenderGeloescht" }
func (FalschesPasswortEingegeben) EventType() string       { return "FalschesPasswortEingegeben" }
func (AnwenderAbgemeldet) EventType() string               { return "AnwenderAbgemeldet" }

// decode reads a stored account event; each type is named once, by its EventType.
var ereignisse = ereignis.Katalog(
	ereignis.Art[AnwenderRegistriert](),
	ereignis.Art[AnwenderAngelegt](),
	ereignis.Art[EmailBestaetigt](),
	ereignis.Art[AnwenderAktiviert](),
	ereignis.Art[AnwenderDeaktiviert](),
	ereignis.Art[PasswortZuruecksetzenAngefordert](),
	ereignis.Art[PasswortGesetzt](),
	ereignis.Art[ProfilGeaendert](),
	ereignis.Art[EmailAenderungAngefordert](),
	ereignis.Art[OrganisationGewechselt](),
	ereignis.Art[LokaleRollenGeaendert](),
	ereignis.Art[AnwenderGeaendert](),
	ereignis.Art[AnwenderGeloescht](),
	ereignis.Art[FalschesPasswortEingegeben](),
	ereignis.Art[AnwenderAbgemeldet](),
)

var decode = ereignisse.Decode

// Evolve applies an event to the account.
func Evolve(a Anwender, e ereignis.DomainEvent) Anwender {
	switch v := e.(type) {
	case AnwenderRegistriert:
		a = Anwender{Existiert: true, Benutzername: v.Benutzername, Status: DoubleOptIn, Person: v.Person,
			FunktionaleRollen: v.FunktionaleRollen, AngelegtAm: v.AngelegtAm, GueltigBis: v.GueltigBis}
		t := v.Bestaetigung
		a.Bestaetigung = &t
	case AnwenderAngelegt:
		a = Anwender{Existiert: true, Benutzername: v.Benutzername, PasswortHash: v.PasswortHash, Status: Aktiv,
			Person: v.Person, FunktionaleRollen: v.FunktionaleRollen, LokaleRollen: v.LokaleRollen, Behoerde: v.Behoerde, DatascoutID: v.DatascoutID,
			AngelegtAm: v.AngelegtAm, GueltigBis: v.GueltigBis}
	case EmailBestaetigt:
		a.Status, a.Bestaetigung, a.StatusVorher = v.Status, nil, ""
		if v.Email != "" {
			a.Person.Email, a.NeueEmail = v.Email, ""
		}
	case AnwenderAktiviert:
		a.Status, a.GueltigBis = Aktiv, v.GueltigBis
		a = a.neueSitzung() // a change of status ends the sessions, whichever way
	case AnwenderDeaktiviert:
		a.Status = Inaktiv
		a = a.neueSitzung()
	case PasswortZuruecksetzenAngefordert:
		t := v.Token
		a.Zuruecksetzen = &t
	case PasswortGesetzt:
		a.PasswortHash, a.Zuruecksetzen = v.PasswortHash, nil
		a = a.neueSitzung()
	case ProfilGeaendert:
		email := a.Person.Email
		if v.Benutzername != a.Benutzername {
			a = a.neueSitzung()
		}
		a.Benutzername, a.Person = v.Benutzername, v.Person
		a.Person.Email = email // the address changes only once confirmed
	case OrganisationGewechselt:
		a.Person.OrganisationID = v.OrganisationID
		a = a.neueSitzung() // the token carries the organisation
	case LokaleRollenGeaendert:
		a.LokaleRollen = v.LokaleRollen
	case AnwenderGeaendert:
		if v.Benutzername != a.Benutzername || !slices.Equal(v.FunktionaleRollen, a.FunktionaleRollen) ||
			v.Person.OrganisationID != a.Person.OrganisationID || v.Behoerde != a.Behoerde ||
			!slices.Equal(v.LokaleRollen, a.LokaleRollen) {
			a = a.neueSitzung() // the token carries name, roles, organisation and authority
		}
		a.Benutzername, a.Person, a.FunktionaleRollen, a.LokaleRollen = v.Benutzername, v.Person, v.FunktionaleRollen, v.LokaleRollen
		a.Behoerde, a.DatascoutID = v.Behoerde, v.DatascoutID
	case AnwenderGeloescht:
		a.Geloescht = true
		a = a.neueSitzung()
	case EmailAenderungAngefordert:
		if a.Status != DoubleOptInChangedEmail {
			a.StatusVorher = a.Status
		}
		a.Status, a.NeueEmail = DoubleOptInChangedEmail, v.Email
		a = a.neueSitzung()
		t := v.Bestaetigung
		a.Bestaetigung = &t
	case FalschesPasswortEingegeben:
		a.FalscheEingaben++
		if a.FalscheEingaben >= MaxFalscheEingaben {
			a = a.neueSitzung()
		}
	case AnwenderAbgemeldet:
		a = a.neueSitzung()
	}
	return a
}

// neueSitzung ends every session of the account: tokens issued before carry a lower counter.
func (a Anwender) neueSitzung() Anwender {
	a.Sitzung++
	a.FalscheEingaben = 0
	return a
}

// Ereignisarten are the account's event types (domain/katalog).
func Ereignisarten() []string { return ereignisse.Arten() }
