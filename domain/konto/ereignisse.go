package konto

import (
	"encoding/json"
	"fmt"
	"slices"
	"time"

	"github.com/eabwasser/eabwasser/eventstore"
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

var neu = map[string]func() eventstore.DomainEvent{
	"AnwenderRegistriert":              func() eventstore.DomainEvent { return &AnwenderRegistriert{} },
	"AnwenderAngelegt":                 func() eventstore.DomainEvent { return &AnwenderAngelegt{} },
	"EmailBestaetigt":                  func() eventstore.DomainEvent { return &EmailBestaetigt{} },
	"AnwenderAktiviert":                func() eventstore.DomainEvent { return &AnwenderAktiviert{} },
	"AnwenderDeaktiviert":              func() eventstore.DomainEvent { return &AnwenderDeaktiviert{} },
	"PasswortZuruecksetzenAngefordert": func() eventstore.DomainEvent { return &PasswortZuruecksetzenAngefordert{} },
	"PasswortGesetzt":                  func() eventstore.DomainEvent { return &PasswortGesetzt{} },
	"ProfilGeaendert":                  func() eventstore.DomainEvent { return &ProfilGeaendert{} },
	"EmailAenderungAngefordert":        func() eventstore.DomainEvent { return &EmailAenderungAngefordert{} },
	"OrganisationGewechselt":           func() eventstore.DomainEvent { return &OrganisationGewechselt{} },
	"LokaleRollenGeaendert":            func() eventstore.DomainEvent { return &LokaleRollenGeaendert{} },
	"AnwenderGeaendert":                func() eventstore.DomainEvent { return &AnwenderGeaendert{} },
	"AnwenderGeloescht":                func() eventstore.DomainEvent { return &AnwenderGeloescht{} },
}

func decode(eventType string, data []byte) (eventstore.DomainEvent, error) {
	mk, ok := neu[eventType]
	if !ok {
		return nil, fmt.Errorf("konto: unknown event %s", eventType)
	}
	p := mk()
	if err := json.Unmarshal(data, p); err != nil {
		return nil, err
	}
	return deref(p), nil
}

// deref turns the decoded pointer back into the value type the deciders use.
func deref(e eventstore.DomainEvent) eventstore.DomainEvent {
	switch v := e.(type) {
	case *AnwenderRegistriert:
		return *v
	case *AnwenderAngelegt:
		return *v
	case *EmailBestaetigt:
		return *v
	case *AnwenderAktiviert:
		return *v
	case *AnwenderDeaktiviert:
		return *v
	case *PasswortZuruecksetzenAngefordert:
		return *v
	case *PasswortGesetzt:
		return *v
	case *ProfilGeaendert:
		return *v
	case *EmailAenderungAngefordert:
		return *v
	case *OrganisationGewechselt:
		return *v
	case *LokaleRollenGeaendert:
		return *v
	case *AnwenderGeaendert:
		return *v
	case *AnwenderGeloescht:
		return *v
	}
	return e
}

// Evolve applies an event to the account.
func Evolve(a Anwender, e eventstore.DomainEvent) Anwender {
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
	case AnwenderDeaktiviert:
		a.Status = Inaktiv
		a.Sitzung++
	case PasswortZuruecksetzenAngefordert:
		t := v.Token
		a.Zuruecksetzen = &t
	case PasswortGesetzt:
		a.PasswortHash, a.Zuruecksetzen = v.PasswortHash, nil
		a.Sitzung++
	case ProfilGeaendert:
		email := a.Person.Email
		if v.Benutzername != a.Benutzername {
			a.Sitzung++
		}
		a.Benutzername, a.Person = v.Benutzername, v.Person
		a.Person.Email = email // the address changes only once confirmed
	case OrganisationGewechselt:
		a.Person.OrganisationID = v.OrganisationID
	case LokaleRollenGeaendert:
		a.LokaleRollen = v.LokaleRollen
	case AnwenderGeaendert:
		if v.Benutzername != a.Benutzername || !slices.Equal(v.FunktionaleRollen, a.FunktionaleRollen) {
			a.Sitzung++ // the token carries name and roles
		}
		a.Benutzername, a.Person, a.FunktionaleRollen, a.LokaleRollen = v.Benutzername, v.Person, v.FunktionaleRollen, v.LokaleRollen
		a.Behoerde, a.DatascoutID = v.Behoerde, v.DatascoutID
	case AnwenderGeloescht:
		a.Geloescht = true
		a.Sitzung++
	case EmailAenderungAngefordert:
		if a.Status != DoubleOptInChangedEmail {
			a.StatusVorher = a.Status
		}
		a.Status, a.NeueEmail = DoubleOptInChangedEmail, v.Email
		a.Sitzung++
		t := v.Bestaetigung
		a.Bestaetigung = &t
	}
	return a
}
