package httpapi

import (
	"net/http"

	"github.com/go-chi/chi/v5"

	"github.com/eabwasser/eabwasser/domain/berechtigung"
)

// route is one row of an area's route table: the method and pattern under /api, the middleware
// that runs before the handler (login, permission, limits; outermost first) and the handler, a
// named method of the area's file.
type route struct {
	methode string
	pfad    string
	vor     []func(http.Handler) http.Handler
	h       http.HandlerFunc
}

// bereich gives an area's route table; nil while the area's service is not configured.
type bereich func(*api) []route

// bereiche is the mount list: every area of /api, each with the table in its own file. It is
// the one place in httpapi a new area is added.
var bereiche = []bereich{
	(*api).systemRouten,
	(*api).auditRouten,
	(*api).kontoRouten,
	(*api).wertelisteRouten,
	(*api).organisationRouten,
	(*api).lokaleRolleRouten,
	(*api).anwenderRouten,
	(*api).auswertungRouten,
	(*api).betriebRouten,
	(*api).anlageRouten,
	(*api).messstelleRouten,
	(*api).bescheidRouten,
	(*api).jahresberichtRouten,
	(*api).arbeitslistenRouten,
	(*api).bescheidauswertungRouten,
	(*api).nachrichtRouten,
	(*api).ablageRouten,
	(*api).aufgabeRouten,
	(*api).geodatenRouten,
	(*api).wasserbuchRouten,
	(*api).druckRouten,
}

// montiere mounts every area's table on r (the /api router).
func (a *api) montiere(r chi.Router) {
	for _, b := range bereiche {
		for _, rt := range b(a) {
			r.With(rt.vor...).Method(rt.methode, rt.pfad, rt.h)
		}
	}
}

// mw is a middleware of a route row.
type mw = func(http.Handler) http.Handler

// an is a row's middleware for any logged-in user.
func (a *api) an() []mw { return []mw{a.angemeldet} }

// anDarf is a row's middleware for a logged-in user who may do one of the actions.
func (a *api) anDarf(aktionen ...berechtigung.Aktion) []mw {
	return []mw{a.angemeldet, a.darf(aktionen...)}
}

// nurDarf is a row's middleware for a user who may do one of the actions (darf answers 401
// without a login itself).
func (a *api) nurDarf(aktionen ...berechtigung.Aktion) []mw {
	return []mw{a.darf(aktionen...)}
}
