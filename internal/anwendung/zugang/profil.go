package zugang

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"strings"

	"github.com/eabwasser/eabwasser/domain/ereignis"
	"github.com/eabwasser/eabwasser/domain/konto"
	"github.com/eabwasser/eabwasser/domain/validierung"
	"github.com/eabwasser/eabwasser/eventstore"
	"github.com/eabwasser/eabwasser/internal/anwendung/auswahl"
	"github.com/eabwasser/eabwasser/internal/dokumente/konten"
	"github.com/eabwasser/eabwasser/internal/plattform/mail"
)

// Profil is what the profile screen shows and saves. AktuellesPasswort is needed to change
// user name, e-mail address or password; it never comes back.
type Profil struct {
	Benutzername      string       `json:"benutzername"`
	Passwort          string       `json:"passwort,omitempty"`
	AktuellesPasswort string       `json:"aktuellesPasswort,omitempty"`
	Email             string       `json:"email"`
	Person            ProfilPerson `json:"person"`
	Version           int          `json:"version"`
}

// ProfilPerson are the person fields of the profile.
type ProfilPerson struct {
	Anrede       string               `json:"anrede"`
	Titel        string               `json:"titel"`
	Name         string               `json:"name"`
	Vorname      string               `json:"vorname"`
	Email        string               `json:"email"`
	Telefon      string               `json:"telefon"`
	Mobil        string               `json:"mobil"`
	Organisation *OrganisationVerweis `json:"organisation"`
}

// OrganisationVerweis names an organisation.
type OrganisationVerweis struct {
	ID          int64  `json:"id"`
	Bezeichnung string `json:"bezeichnung"`
}

// ProfilVon reads the profile of an account.
func (d *Dienst) ProfilVon(ctx context.Context, id int64) (Profil, error) {
	k, err := konten.NachID(ctx, d.Store.Pool(), id)
	if errors.Is(err, konten.ErrUnbekannt) {
		return Profil{}, validierung.NichtGefunden
	}
	if err != nil {
		return Profil{}, err
	}
	p := k.Person
	out := Profil{Benutzername: k.Benutzername, Email: p.Email, Version: k.Version, Person: ProfilPerson{
		Anrede: p.Anrede, Titel: p.Titel, Name: p.Name, Vorname: p.Vorname, Email: p.Email, Telefon: p.Telefon, Mobil: p.Mobil}}
	if p.OrganisationID != 0 {
		out.Person.Organisation = &OrganisationVerweis{ID: p.OrganisationID, Bezeichnung: k.Organisation}
	}
	return out, nil
}

// ProfilSpeichern saves the profile and reports whether the session has ended. A changed
// e-mail address gets a confirmation mail; it counts once confirmed.
func (d *Dienst) ProfilSpeichern(ctx context.Context, id int64, p Profil, basis string, md eventstore.Metadata) (abgemeldet bool, err error) {
	vorher, _, err := eventstore.Befehle(d.Store, konto.Decider).Load(ctx, id)
	if err != nil {
		return false, err
	}
	if !vorher.Existiert {
		return false, validierung.NichtGefunden
	}
	email := strings.TrimSpace(p.Person.Email)
	if email == "" {
		email = strings.TrimSpace(p.Email)
	}
	if name := strings.TrimSpace(p.Benutzername); !strings.EqualFold(name, vorher.Benutzername) {
		if _, err := konten.NachBenutzername(ctx, d.Store.Pool(), name); err == nil {
			return false, validierung.Feld("benutzername", "Dieser Benutzername ist bereits vergeben.")
		}
	}
	if err := auswahl.PruefeListenwerte(ctx, d.Store.Pool(), auswahl.PersonListenwerte(p.Person.Anrede, p.Person.Titel),
		auswahl.PersonListenwerte(vorher.Person.Anrede, vorher.Person.Titel)); err != nil {
		return false, err
	}
	cmd := konto.AendereProfil{Benutzername: p.Benutzername, Passwort: p.Passwort, Person: konto.Person{
		Anrede: p.Person.Anrede, Titel: p.Person.Titel, Name: p.Person.Name, Vorname: p.Person.Vorname,
		Email: email, Telefon: p.Person.Telefon, Mobil: p.Person.Mobil}}
	switch {
	case p.AktuellesPasswort == "":
		cmd.AktuellesPasswort = konto.KeinPasswortEingegeben
	case PasswortPasst(vorher.PasswortHash, p.AktuellesPasswort):
		cmd.AktuellesPasswort = konto.PasswortBestaetigt
	default:
		cmd.AktuellesPasswort = konto.FalschesPasswort
	}
	if p.Passwort != "" && len(p.Passwort) <= konto.PasswortMaxBytes { // longer: the decider says so
		if cmd.PasswortHash, err = Hash(p.Passwort); err != nil {
			return false, err
		}
	}
	token, t := d.neuesToken(BestaetigungGueltig)
	cmd.Bestaetigung = t
	expected := -1
	if p.Version > 0 {
		expected = p.Version
	}
	out, err := eventstore.Befehle(d.Store, konto.Decider).Handle(ctx, id, expected, cmd, md)
	if name, adresse := konten.Belegt(err); adresse {
		return false, validierung.Feld("email", konten.MsgEmailBelegt)
	} else if name {
		return false, validierung.Feld("benutzername", "Dieser Benutzername ist bereits vergeben.")
	}
	var f *validierung.Fehler
	if errors.As(err, &f) && f.Felder["aktuellesPasswort"] == konto.MsgAktuellesPasswortFalsch {
		// counted, so that a stolen token cannot guess the password: the third wrong one in a
		// row ends every session
		if _, e := eventstore.Befehle(d.Store, konto.Decider).Handle(ctx, id, eventstore.VersionUnbekannt, konto.VermerkeFalschesPasswort{}, md); e != nil {
			return false, e
		}
	}
	if err != nil {
		return false, err
	}
	var decided []ereignis.DomainEvent
	for _, e := range out.Events {
		de, err := konto.Decode(e.Type, e.Data)
		if err != nil {
			return false, err
		}
		decided = append(decided, de)
		if _, ok := de.(konto.EmailAenderungAngefordert); ok {
			err := d.Mail.Senden(ctx, mail.Nachricht{An: email, Betreff: "eAbwasser: Bitte bestätigen Sie Ihre neue E-Mail-Adresse",
				Text: fmt.Sprintf("%s\n\nbitte bestätigen Sie Ihre neue E-Mail-Adresse für eAbwasser über diesen Link (gültig %d Stunden):\n\n%s\n\nBis dahin ist keine Anmeldung möglich.\n\nMit freundlichen Grüßen\nIhr eAbwasser-Team\n",
					gruss(p.Person.Anrede, p.Person.Name), int(BestaetigungGueltig.Hours()), d.link(basis, "doubleoptin", url.Values{"t": {token}}))})
			if err != nil {
				return true, err
			}
		}
	}
	return konto.AbmeldungNoetig(decided, vorher), nil
}

// Abmelden ends every session of the account (POST /api/logout): its tokens answer 401 from
// now on.
func (d *Dienst) Abmelden(ctx context.Context, id int64, md eventstore.Metadata) error {
	_, err := eventstore.Befehle(d.Store, konto.Decider).Handle(ctx, id, eventstore.VersionUnbekannt, konto.MeldeAb{}, md)
	return err
}
