package httpapi

import (
	"io"
	"net/http"

	"github.com/go-chi/chi/v5"

	"github.com/eabwasser/eabwasser/domain/berechtigung"
	"github.com/eabwasser/eabwasser/domain/validierung"
	"github.com/eabwasser/eabwasser/internal/auswertung"
)

func (a *api) auswertungRoutes(r chi.Router) {
	r.Group(func(r chi.Router) {
		r.Use(a.darf(berechtigung.AuswertungExportieren))
		r.Get("/abfragen", func(w http.ResponseWriter, r *http.Request) { writeJSON(w, http.StatusOK, auswertung.Abfragen) })
		r.Get("/abfragen/abfrage/{id}", a.abfrageExport)
	})
}

func (a *api) abfrageExport(w http.ResponseWriter, r *http.Request) {
	id, err := pfadID(r)
	if err != nil {
		a.writeError(w, r, err)
		return
	}
	abfrage, ok := auswertung.Nach(id)
	if !ok {
		a.writeError(w, r, validierung.NichtGefunden)
		return
	}
	a.xlsx(w, r, abfrage.Dateiname+".xlsx", func(out io.Writer) error {
		return auswertung.Exportiere(r.Context(), a.deps.Pool, abfrage, out)
	})
}
