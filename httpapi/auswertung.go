package httpapi

import (
	"io"
	"net/http"

	"github.com/go-chi/chi/v5"

	"github.com/eabwasser/eabwasser/domain/berechtigung"
	"github.com/eabwasser/eabwasser/internal/anwendung/auswertung"
	betriebe "github.com/eabwasser/eabwasser/internal/dokumente/betrieb"
)

func (a *api) auswertungRoutes(r chi.Router) {
	r.Group(func(r chi.Router) {
		r.Use(a.darf(berechtigung.AuswertungExportieren))
		r.Get("/abfragen", func(w http.ResponseWriter, r *http.Request) {
			writeJSON(w, http.StatusOK, auswertung.Erlaubte(nutzer(r).Rollen))
		})
		r.Get("/abfragen/abfrage/{id}", a.abfrageExport)
	})
}

// abfrageExport runs a stored query the caller may run (else 403, unknown 404) over what he may
// see and streams the result as xlsx.
func (a *api) abfrageExport(w http.ResponseWriter, r *http.Request) {
	id, err := pfadID(r)
	if err != nil {
		a.writeError(w, r, err)
		return
	}
	n := nutzer(r)
	abfrage, err := auswertung.Fuer(id, n.Rollen)
	if err != nil {
		a.writeError(w, r, err)
		return
	}
	var sicht betriebe.Sicht // without the operation file nobody sees an operation
	if a.deps.Betriebsakte != nil {
		if sicht, err = a.deps.Betriebsakte.Sicht(r.Context(), n); err != nil {
			a.writeError(w, r, err)
			return
		}
	}
	a.xlsxStrom(w, r, abfrage.Dateiname+".xlsx", func(out io.Writer) error {
		return auswertung.Exportiere(r.Context(), a.deps.Pool, abfrage, n, sicht, out)
	})
}
