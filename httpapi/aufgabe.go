package httpapi

import (
	"net/http"

	"github.com/go-chi/chi/v5"

	"github.com/eabwasser/eabwasser/domain/berechtigung"
	"github.com/eabwasser/eabwasser/domain/validierung"
	"github.com/eabwasser/eabwasser/projections/aufgaben"
)

// aufgabeRoutes: the Aufgaben view (issue 14) — the caller's tasks and the number of the open
// ones (the header's badge), read-your-writes with minPosition like the worklists (a count
// fresh then, else from the worklists' two-second count cache). Who sees
// which task the service decides (internal/anwendung/aufgaben).
func (a *api) aufgabeRoutes(r chi.Router) {
	d := a.deps.Aufgaben
	r.With(a.darf(berechtigung.AufgabenLesen)).Group(func(r chi.Router) {
		r.Get("/aufgabe", func(w http.ResponseWriter, r *http.Request) {
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
			out, err := d.Liste(r.Context(), nutzer(r), page, size, r.URL.Query().Get("minPosition") != "")
			antworte(a, w, r, out, err)
		})
		r.Get("/aufgabe/count", func(w http.ResponseWriter, r *http.Request) {
			if err := a.mitMinPosition(w, r, aufgaben.Name); err != nil {
				a.writeError(w, r, err)
				return
			}
			n, err := d.Anzahl(r.Context(), nutzer(r), r.URL.Query().Get("minPosition") != "")
			antworte(a, w, r, map[string]int64{"count": n}, err)
		})
	})
}
