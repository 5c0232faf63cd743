// Package konto holds the user accounts (Anwender): registration with e-mail confirmation
// (double opt-in), activation by an administrator, password reset, profile changes and
// validity. Every account change is an event with its actor. Secrets never enter the domain:
// passwords arrive hashed and one-time tokens as their SHA-256, next to the plain password
// only for checking its rules.
package konto

import (
	"encoding/json"
	"fmt"
	"net/mail"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/eabwasser/eabwasser/domain/berechtigung"
	"github.com/eabwasser/eabwasser/domain/ereignis"
	"github.com/eabwasser/eabwasser/domain/validierung"
)

// StreamType of an account's stream ("anwender-<id>").
const StreamType = "anwender"

// Status of an account.
type Status string

// The statuses of spec 002 §3.
const (
	DoubleOptIn             Status = "DOUBLE_OPT_IN"
	DoubleOptInChangedEmail Status = "DOUBLE_OPT_IN_CHANGED_EMAIL"
	Bestaetigt              Status = "BESTAETIGT"
	Aktiv                   Status = "AKTIV"
	Inaktiv                 Status = "INAKTIV"
)

// Unbegrenzt is the validity of accounts without an organisation role (spec: until 3000).
var Unbegrenzt = time.Date(3000, 1, 1, 0, 0, 0, 0, time.UTC)

// Person are the personal fields of an account.
type Person struct {
	Anrede         string `json:"anrede"`
	Titel          string `json:"titel,omitempty"`
	Name           string `json:"name"`
	Vorname        string `json:"vorname"`
	Email          string `json:"email"`
	Telefon        string `json:"telefon"`
	Mobil          string `json:"mobil,omitempty"`
	OrganisationID int64  `json:"organisationId,omitempty"`
}

// Token is a one-time link secret, kept as its SHA-256 (hex) with its expiry.
type Token struct {
	Hash   string    `json:"hash"`
	Ablauf time.Time `json:"ablauf"`
}

func (t *Token) gilt(hash string, jetzt time.Time) bool {
	return t != nil && t.Hash != "" && t.Hash == hash && jetzt.Before(t.Ablauf)
}

// Anwender is the state of an account.
type Anwender struct {
	Existiert         bool
	Benutzername      string
	PasswortHash      string
	Status            Status
	StatusVorher      Status // while an e-mail change waits for confirmation
	Person            Person
	NeueEmail         string
	FunktionaleRollen []string
	LokaleRollen      []int64
	Behoerde          string
	DatascoutID       string
	AngelegtAm        time.Time
	GueltigBis        time.Time
	Bestaetigung      *Token
	Zuruecksetzen     *Token
	Geloescht         bool
	// Sitzung counts the changes that end every session (user name, password, e-mail,
	// organisation, roles, status, logout); tokens carry the value they were issued with.
	Sitzung int
	// FalscheEingaben counts wrong current passwords since the last new session.
	FalscheEingaben int
}

// HatOrganisationsrolle tells whether the account has a role of the organisation group.
func (a Anwender) HatOrganisationsrolle() bool { return hatOrganisationsrolle(a.FunktionaleRollen) }

func hatOrganisationsrolle(rollen []string) bool {
	for _, r := range rollen {
		if berechtigung.GlobaleRolle(berechtigung.Rolle(r)) == berechtigung.GlobalOrganisation {
			return true
		}
	}
	return false
}

// GlobaleRolle of the account: ADMIN before BEHOERDE before ORGANISATION.
func (a Anwender) GlobaleRolle() string { return globaleRolle(a.FunktionaleRollen) }

func globaleRolle(rollen []string) string {
	best := ""
	for _, r := range rollen {
		switch g := berechtigung.GlobaleRolle(berechtigung.Rolle(r)); {
		case g == berechtigung.GlobalAdmin:
			return g
		case g == berechtigung.GlobalBehoerde:
			best = g
		case g == berechtigung.GlobalOrganisation && best == "":
			best = g
		}
	}
	return best
}

// Gueltigkeit is the validity of an account created or activated at t: 12 months for
// accounts with an organisation role, otherwise until 3000-01-01.
func Gueltigkeit(rollen []string, t time.Time) time.Time {
	if hatOrganisationsrolle(rollen) {
		return t.AddDate(1, 0, 0)
	}
	return Unbegrenzt
}

// Anmeldbar tells why an account may not log in, or "" if it may.
func (a Anwender) Anmeldbar(jetzt time.Time) string {
	switch {
	case !a.Existiert || a.Geloescht:
		return "Benutzername oder Passwort ist falsch."
	case a.Status == DoubleOptIn || a.Status == DoubleOptInChangedEmail:
		return "Ihre E-Mail-Adresse ist noch nicht bestätigt. Bitte folgen Sie dem Link in der Bestätigungsmail."
	case a.Status == Bestaetigt:
		return "Ihr Zugang wurde noch nicht von einer Administratorin oder einem Administrator freigeschaltet."
	case a.Status == Inaktiv:
		return "Ihr Zugang ist deaktiviert. Bitte wenden Sie sich an die Administration."
	case !a.GueltigBis.IsZero() && !jetzt.Before(a.GueltigBis):
		return "Ihr Zugang ist abgelaufen. Bitte wenden Sie sich an die Administration."
	}
	return ""
}

var telefonMuster = regexp.MustCompile(`^[0-9]+(-[0-9]+)*$`)

// Messages of spec 000 §5 and 002 §5.
const (
	MsgEmail           = "Das Feld muss eine gültige E-Mail Adresse enthalten!"
	MsgTelefon         = validierung.MsgTelefon
	MsgFunktion        = "Es muss mindestens ein Element ausgewaehlt werden"
	MsgDsgvo           = "Bitte stimmen Sie der Verarbeitung Ihrer Daten zu."
	MsgPasswortRegel   = "Das Passwort muss mindestens 10 Zeichen lang sein und Buchstaben und Ziffern enthalten."
	MsgUngueltigerLink = "Ungültiger Link."
	MsgDienststelle    = "Ein Behoerdenanwender benoetigt mindestens eine lokale Rolle, welche die Dienststelle repraesentiert."
	// MsgSelbstDeaktivieren refuses deactivating one's own account (issue 14).
	MsgSelbstDeaktivieren = "Sie können Ihr eigenes Konto nicht deaktivieren."
)

// pruefePerson collects the field errors of the person fields. Only the registration requires
// the Anrede (spec 002 §5); the user form and the profile do not.
func pruefePerson(s *validierung.Sammler, p Person, prefix string, anredePflicht bool) {
	s.Laengen(prefix, p)
	var gilt []string
	if anredePflicht {
		gilt = append(gilt, "registrierung")
	}
	s.Pflichtfelder(prefix, personFormular, p, gilt...)
	if e := strings.TrimSpace(p.Email); e != "" && !gueltigeEmail(e) {
		s.Feld(prefix+"email", MsgEmail)
	}
	if t := strings.TrimSpace(p.Telefon); t != "" && !telefonMuster.MatchString(t) {
		s.Feld(prefix+"telefon", MsgTelefon)
	}
	if m := strings.TrimSpace(p.Mobil); m != "" && !telefonMuster.MatchString(m) {
		s.Feld(prefix+"mobil", MsgTelefon)
	}
}

func gueltigeEmail(e string) bool {
	a, err := mail.ParseAddress(e)
	return err == nil && a.Address == e && strings.Contains(e[strings.LastIndex(e, "@"):], ".")
}

func trimPerson(p Person) Person {
	p.Anrede, p.Titel = strings.TrimSpace(p.Anrede), strings.TrimSpace(p.Titel)
	p.Name, p.Vorname = strings.TrimSpace(p.Name), strings.TrimSpace(p.Vorname)
	p.Email, p.Telefon, p.Mobil = strings.TrimSpace(p.Email), strings.TrimSpace(p.Telefon), strings.TrimSpace(p.Mobil)
	return p
}

func pruefeRollen(s *validierung.Sammler, rollen []string) {
	if !s.Anzahl("funktionaleRolle", len(rollen)) {
		return
	}
	if len(rollen) == 0 {
		s.Feld("funktionaleRolle", MsgFunktion)
		return
	}
	for _, r := range rollen {
		s.Laenge("funktionaleRolle", r) // before the message that repeats the value
		if !slices.Contains(berechtigung.Alle, berechtigung.Rolle(r)) {
			s.Feld("funktionaleRolle", fmt.Sprintf("Unbekannte Rolle „%s“.", r))
		}
	}
}

// Decode reads a stored account event.
func Decode(eventType string, data json.RawMessage) (ereignis.DomainEvent, error) {
	return decode(eventType, data)
}
