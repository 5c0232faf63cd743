package httpapi

import (
	"net/http"

	"github.com/go-chi/chi/v5"

	"github.com/eabwasser/eabwasser/domain/berechtigung"
	"github.com/eabwasser/eabwasser/eventstore"
	"github.com/eabwasser/eabwasser/internal/anwendung/verwaltung"
	"github.com/eabwasser/eabwasser/internal/dokumente/konten"
)

func (a *api) lokaleRolleRoutes(r chi.Router) {
	r.With(a.darf(berechtigung.SystemverwaltungOeffnen)).Get("/lokaleRolle", a.lokaleRollen)
	r.Group(func(r chi.Router) {
		r.Use(a.darf(berechtigung.SystemverwaltungBearbeiten))
		r.Post("/lokaleRolle", speichern(a, http.StatusCreated, func(r *http.Request, _ int64, in verwaltung.LokaleRolleEingabe) (int64, eventstore.Appended, error) {
			return a.deps.Verwaltung.LokaleRolleAnlegen(r.Context(), in, Metadaten(r))
		}))
		r.Put("/lokaleRolle/{id}", speichern(a, http.StatusOK, func(r *http.Request, id int64, in verwaltung.LokaleRolleEingabe) (int64, eventstore.Appended, error) {
			out, err := a.deps.Verwaltung.LokaleRolleAendern(r.Context(), id, in, Metadaten(r))
			return id, out, err
		}))
		r.Delete("/lokaleRolle/{id}", loeschen(a, func(r *http.Request, id int64) error {
			return a.deps.Verwaltung.LokaleRolleLoeschen(r.Context(), id, r.URL.Query().Get("ignoreWarning") == "true", Metadaten(r))
		}))
	})
}

func (a *api) lokaleRollen(w http.ResponseWriter, r *http.Request) {
	rollen, err := konten.LokaleRollen(r.Context(), a.deps.Pool, nil)
	if err != nil {
		a.writeError(w, r, err)
		return
	}
	if rollen == nil {
		rollen = []konten.LokaleRolleZeile{}
	}
	writeJSON(w, http.StatusOK, rollen)
}
