package verwaltung

import (
	"context"
	"errors"
	"io"
	"strconv"
	"strings"
	"time"

	"golang.org/x/crypto/bcrypt"

	"github.com/eabwasser/eabwasser/domain/konto"
	"github.com/eabwasser/eabwasser/domain/validierung"
	"github.com/eabwasser/eabwasser/eventstore"
	"github.com/eabwasser/eabwasser/internal/anwendung/auswahl"
	"github.com/eabwasser/eabwasser/internal/dokumente/konten"
	"github.com/eabwasser/eabwasser/internal/plattform/kalender"
	"github.com/eabwasser/eabwasser/internal/plattform/tabelle"
)

// AnwenderEingabe is the user form of the administration.
type AnwenderEingabe struct {
	Benutzername     string   `json:"benutzername"`
	Passwort         string   `json:"passwort"`
	DatascoutID      string   `json:"datascoutId"`
	FunktionaleRolle []string `json:"funktionaleRolle"`
	LokaleRollen     []int64  `json:"lokaleRollen"`
	Behoerde         string   `json:"behoerde"`
	Person           struct {
		konto.Person
		Organisation *struct {
			ID int64 `json:"id"`
		} `json:"organisation"`
	} `json:"person"`
	Version int `json:"version"`
}

func (in AnwenderEingabe) person() konto.Person {
	p := in.Person.Person
	p.OrganisationID = 0
	if in.Person.Organisation != nil {
		p.OrganisationID = in.Person.Organisation.ID
	}
	return p
}

const msgNameVergeben = "Dieser Benutzername ist bereits vergeben."

func (d *Dienst) nameFrei(ctx context.Context, name string, id int64) error {
	k, err := konten.NachBenutzername(ctx, d.Store.Pool(), strings.TrimSpace(name))
	if err == nil && k.ID != id {
		return validierung.Feld("benutzername", msgNameVergeben)
	}
	if err != nil && !errors.Is(err, konten.ErrUnbekannt) {
		return err
	}
	return nil
}

func hash(pw string) (string, error) {
	if pw == "" {
		return "", nil
	}
	if len(pw) > konto.PasswortMaxBytes {
		return "", validierung.Feld("passwort", konto.MsgPasswortZuLang) // bcrypt would refuse it with a 500
	}
	h, err := bcrypt.GenerateFromPassword([]byte(pw), bcrypt.DefaultCost)
	return string(h), err
}

// organisationWaehlbar checks that the form's organisation is one the administrators'
// organisation picker offers (any organisation that exists), unless the account already
// belongs to it (bisher).
func (d *Dienst) organisationWaehlbar(ctx context.Context, in AnwenderEingabe, bisher int64) error {
	return auswahl.PruefeOrganisationen(ctx, d.Store.Pool(), "person.organisation", konten.OrganisationFilter{},
		[]int64{in.person().OrganisationID}, []int64{bisher})
}

// AnwenderAnlegen creates an active account (users created by an administrator are active).
func (d *Dienst) AnwenderAnlegen(ctx context.Context, in AnwenderEingabe, md eventstore.Metadata) (int64, eventstore.Appended, error) {
	if err := d.nameFrei(ctx, in.Benutzername, 0); err != nil {
		return 0, eventstore.Appended{}, err
	}
	if err := d.organisationWaehlbar(ctx, in, 0); err != nil {
		return 0, eventstore.Appended{}, err
	}
	if err := auswahl.PruefeListenwerte(ctx, d.Store.Pool(), auswahl.PersonListenwerte(in.Person.Anrede, in.Person.Titel), nil); err != nil {
		return 0, eventstore.Appended{}, err
	}
	dienststelle, err := konten.Dienststellenrolle(ctx, d.Store.Pool(), in.LokaleRollen)
	if err != nil {
		return 0, eventstore.Appended{}, err
	}
	h, err := hash(in.Passwort)
	if err != nil {
		return 0, eventstore.Appended{}, err
	}
	id, err := eventstore.NextID(ctx, d.Store, "anwender_id_seq")
	if err != nil {
		return 0, eventstore.Appended{}, err
	}
	out, err := eventstore.Befehle(d.Store, konto.Decider).HandleNeu(ctx, id, konto.LegeAn{Benutzername: in.Benutzername, Passwort: in.Passwort,
		PasswortHash: h, Person: in.person(), FunktionaleRollen: in.FunktionaleRolle, LokaleRollen: in.LokaleRollen,
		Dienststellenrolle: dienststelle, Behoerde: in.Behoerde, DatascoutID: in.DatascoutID, Jetzt: d.heute()}, md)
	return id, out, belegt(err)
}

// belegt turns the append failing on a user name or an address in use into the form's message.
func belegt(err error) error {
	if name, email := konten.Belegt(err); email {
		return validierung.Feld("person.email", konten.MsgEmailBelegt)
	} else if name {
		return validierung.Feld("benutzername", msgNameVergeben)
	}
	return err
}

// AnwenderAendern saves the user form for an existing account.
func (d *Dienst) AnwenderAendern(ctx context.Context, id int64, in AnwenderEingabe, md eventstore.Metadata) (eventstore.Appended, error) {
	if err := d.nameFrei(ctx, in.Benutzername, id); err != nil {
		return eventstore.Appended{}, err
	}
	k, err := konten.NachID(ctx, d.Store.Pool(), id)
	if err != nil && !errors.Is(err, konten.ErrUnbekannt) {
		return eventstore.Appended{}, err
	}
	if err := d.organisationWaehlbar(ctx, in, k.Person.OrganisationID); err != nil {
		return eventstore.Appended{}, err
	}
	if err := auswahl.PruefeListenwerte(ctx, d.Store.Pool(), auswahl.PersonListenwerte(in.Person.Anrede, in.Person.Titel),
		auswahl.PersonListenwerte(k.Person.Anrede, k.Person.Titel)); err != nil {
		return eventstore.Appended{}, err
	}
	dienststelle, err := konten.Dienststellenrolle(ctx, d.Store.Pool(), in.LokaleRollen)
	if err != nil {
		return eventstore.Appended{}, err
	}
	h, err := hash(in.Passwort)
	if err != nil {
		return eventstore.Appended{}, err
	}
	expected := -1
	if in.Version > 0 {
		expected = in.Version
	}
	out, err := eventstore.Befehle(d.Store, konto.Decider).Handle(ctx, id, expected, konto.AendereAlsAdmin{Benutzername: in.Benutzername,
		Passwort: in.Passwort, PasswortHash: h, Person: in.person(), FunktionaleRollen: in.FunktionaleRolle,
		LokaleRollen: in.LokaleRollen, Dienststellenrolle: dienststelle, Behoerde: in.Behoerde, DatascoutID: in.DatascoutID}, md)
	return out, belegt(err)
}

// AnwenderLoeschen deletes an account; nobody deletes their own.
func (d *Dienst) AnwenderLoeschen(ctx context.Context, id int64, md eventstore.Metadata) error {
	_, err := eventstore.Befehle(d.Store, konto.Decider).Handle(ctx, id, eventstore.VersionUnbekannt, konto.Loesche{Selbst: md.ActorID == strconv.FormatInt(id, 10)}, md)
	return err
}

// AnwenderExportieren writes the users of the filter (or the ids in it) as xlsx.
func (d *Dienst) AnwenderExportieren(ctx context.Context, w io.Writer, f konten.AnwenderFilter) error {
	f.Page, f.Size = 0, 1_000_000
	zeilen, _, err := konten.AnwenderSuche(ctx, d.Store.Pool(), f)
	if err != nil {
		return err
	}
	return tabelle.Schreibe(w, "Anwender", []string{"ID", "Benutzername", "Anrede", "Titel", "Name", "Vorname", "E-Mail",
		"Telefon", "Organisation", "Status", "Globale Rolle", "Funktionale Rollen", "Angelegt am", "Gültig bis"},
		func(zeile func(...any) error) error {
			for _, z := range zeilen {
				org := ""
				if z.Person.Organisation != nil {
					org = z.Person.Organisation.Bezeichnung
				}
				p := z.Person
				if err := zeile(z.ID, z.Benutzername, p.Anrede, p.Titel, p.Name, p.Vorname, p.Email, p.Telefon, org, z.Status,
					z.GlobaleRolle, strings.Join(z.FunktionaleRolle, ", "), tagZelle(z.AngelegtAm.In(kalender.Zone)), tagZelle(z.GueltigBis)); err != nil {
					return err
				}
			}
			return nil
		})
}

// tagZelle is the date cell of t's day (none for the zero time).
func tagZelle(t time.Time) any {
	if t.IsZero() {
		return nil
	}
	return tabelle.Datum(t.Format(time.DateOnly))
}
