package httpapi

import (
	"net/http"

	"github.com/eabwasser/eabwasser/domain/berechtigung"
	"github.com/eabwasser/eabwasser/domain/validierung"
	"github.com/eabwasser/eabwasser/projections/aufgaben"
)

// aufgabeRouten: the Aufgaben view (issue 14) — the caller's tasks and the number of the open
// ones (the header's badge), read-your-writes with minPosition like the worklists (a count
// fresh then, else from the worklists' two-second count cache). Who sees
// which task the service decides (internal/anwendung/aufgaben).
func (a *api) aufgabeRouten() []route {
	lesen := a.nurDarf(berechtigung.AufgabenLesen)
	return []route{
		{http.MethodGet, "/aufgabe", lesen, a.aufgaben},
		{http.MethodGet, "/aufgabe/count", lesen, a.aufgabenAnzahl},
	}
}

func (a *api) aufgaben(w http.ResponseWriter, r *http.Request) {
	if err := a.mitMinPosition(w, r, aufgaben.Name); err != nil {
		a.writeError(w, r, err)
		return
	}
	var s validierung.Sammler
	page, size := seitenwahl(r.URL.Query(), &s, arbeitslisteStandardGroesse, arbeitslisteMaxGroesse)
	if err := s.Err(); err != nil {
		a.writeError(w, r, err)
		return
	}
	out, err := a.deps.Aufgaben.Liste(r.Context(), nutzer(r), page, size, r.URL.Query().Get("minPosition") != "")
	antworte(a, w, r, out, err)
}

func (a *api) aufgabenAnzahl(w http.ResponseWriter, r *http.Request) {
	if err := a.mitMinPosition(w, r, aufgaben.Name); err != nil {
		a.writeError(w, r, err)
		return
	}
	n, err := a.deps.Aufgaben.Anzahl(r.Context(), nutzer(r), r.URL.Query().Get("minPosition") != "")
	antworte(a, w, r, map[string]int64{"count": n}, err)
}
