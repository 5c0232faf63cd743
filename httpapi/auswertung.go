package httpapi

import (
	"io"
	"net/http"

	"github.com/eabwasser/eabwasser/domain/berechtigung"
	"github.com/eabwasser/eabwasser/internal/anwendung/auswertung"
	betriebe "github.com/eabwasser/eabwasser/internal/dokumente/betrieb"
)

// auswertungRouten are the predefined queries (Auswertungen) and their exports.
func (a *api) auswertungRouten() []route {
	exportieren := a.nurDarf(berechtigung.AuswertungExportieren)
	return []route{
		{http.MethodGet, "/abfragen", exportieren, a.abfragen},
		{http.MethodGet, "/abfragen/abfrage/{id}", exportieren, a.abfrageExport},
	}
}

// abfragen answers the queries the caller's roles may run.
func (a *api) abfragen(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, auswertung.Erlaubte(nutzer(r).Rollen))
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
