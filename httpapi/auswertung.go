package httpapi

import (
	"bytes"
	"net/http"

	"github.com/go-chi/chi/v5"

	"github.com/eabwasser/eabwasser/domain/berechtigung"
	"github.com/eabwasser/eabwasser/internal/auswertung"
	"github.com/eabwasser/eabwasser/internal/tabelle"
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
	var buf bytes.Buffer
	abfrage, err := auswertung.Exportiere(r.Context(), a.deps.Pool, id, &buf)
	if err != nil {
		a.writeError(w, r, err)
		return
	}
	w.Header().Set("Content-Type", tabelle.ContentType)
	w.Header().Set("Content-Disposition", `attachment; filename="`+abfrage.Dateiname+`.xlsx"`)
	_, _ = w.Write(buf.Bytes())
}
