package konto

import "github.com/eabwasser/eabwasser/domain/validierung"

// personFelder are the rules of the person fields (spec 002 §5) under prefix ("person."):
// names, e-mail and telephone required everywhere, the Anrede only in the registration
// (condition registrierung).
func personFelder(prefix string) []validierung.Feldregel {
	return []validierung.Feldregel{
		{Feld: prefix + "anrede", Pflicht: true, Wenn: "registrierung", Werteliste: "anrede"},
		{Feld: prefix + "titel", Werteliste: "titel"},
		{Feld: prefix + "name", Pflicht: true},
		{Feld: prefix + "vorname", Pflicht: true},
		{Feld: prefix + "email", Pflicht: true, Format: validierung.FormatEmail},
		{Feld: prefix + "telefon", Pflicht: true, Format: validierung.FormatTelefon},
		{Feld: prefix + "mobil", Format: validierung.FormatTelefon},
	}
}

// personFormular is the person part, as pruefePerson checks it.
var personFormular = validierung.Formular{Name: "person", Felder: personFelder("")}

// RegistrierungFormular is the rule table of the registration (spec 002 §5, Registriere).
var RegistrierungFormular = validierung.Formular{
	Name:    "registrierung",
	Befehle: []string{"Registriere"},
	Felder: append([]validierung.Feldregel{
		{Feld: "organisation", Pflicht: true, Eigen: true},
		{Feld: "funktionaleRolle", Pflicht: true, Meldung: MsgFunktion, Eigen: true},
	}, append(personFelder(""), validierung.Feldregel{Feld: "dsgvo", Pflicht: true, Meldung: MsgDsgvo, Eigen: true})...),
}

// ProfilFormular is the rule table of the own profile (spec 002 §5, AendereProfil).
var ProfilFormular = validierung.Formular{
	Name:    "profil",
	Befehle: []string{"AendereProfil"},
	Felder:  append([]validierung.Feldregel{{Feld: "benutzername", Pflicht: true}}, personFelder("")...),
}

// BenutzerFormular is the rule table of the user form of the administration (spec 002 §5,
// LegeAn, AendereAlsAdmin): the organisation for a user of an organisation's role, the
// DataScout id for any other; the password for a new user (condition neu).
var BenutzerFormular = validierung.Formular{
	Name:    "benutzer",
	Befehle: []string{"LegeAn", "AendereAlsAdmin"},
	Felder: append([]validierung.Feldregel{
		{Feld: "benutzername", Pflicht: true, Eigen: true},
		{Feld: "funktionaleRolle", Pflicht: true, Meldung: MsgFunktion, Eigen: true},
		{Feld: "person.organisation", Pflicht: true, Wenn: "organisationsrolle", Eigen: true},
		{Feld: "datascoutId", Pflicht: true, Wenn: "behoerdenrolle", Eigen: true},
		{Feld: "passwort", Pflicht: true, Wenn: "neu", Eigen: true},
	}, personFelder("person.")...),
}
