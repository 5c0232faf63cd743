// Package formregeln lists the rule tables of every form (issue 43, item 5): each domain
// package declares the tables of its forms and checks its commands by them; this list is what
// frontend/src/lib/formregeln.ts is generated from (formregeln_test.go) and what the HTTP test
// of every form walks, so that client and server require the same fields.
package formregeln

import (
	"github.com/eabwasser/eabwasser/domain/anlage"
	"github.com/eabwasser/eabwasser/domain/bescheid"
	"github.com/eabwasser/eabwasser/domain/betrieb"
	"github.com/eabwasser/eabwasser/domain/datei"
	"github.com/eabwasser/eabwasser/domain/jahresbericht"
	"github.com/eabwasser/eabwasser/domain/konto"
	"github.com/eabwasser/eabwasser/domain/messstelle"
	"github.com/eabwasser/eabwasser/domain/organisation"
	"github.com/eabwasser/eabwasser/domain/validierung"
	"github.com/eabwasser/eabwasser/domain/wiedervorlage"
)

// Alle are the forms with rules, by name.
func Alle() []validierung.Formular {
	return []validierung.Formular{
		konto.RegistrierungFormular,
		konto.ProfilFormular,
		konto.BenutzerFormular,
		organisation.Formular,
		betrieb.Formular,
		betrieb.StammdatenantragFormular,
		anlage.Formular,
		anlage.AntragFormular,
		messstelle.Formular,
		bescheid.BescheidFormular,
		bescheid.AnforderungFormular,
		jahresbericht.MesswerteFormular,
		wiedervorlage.Formular,
		datei.Formular,
	}
}
