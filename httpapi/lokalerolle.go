package httpapi

import (
	"net/http"

	"github.com/go-chi/chi/v5"

	"github.com/eabwasser/eabwasser/domain/berechtigung"
	"github.com/eabwasser/eabwasser/internal/verwaltung"
	"github.com/eabwasser/eabwasser/projections/konten"
)

func (a *api) lokaleRolleRoutes(r chi.Router) {
	r.With(a.darf(berechtigung.SystemverwaltungOeffnen)).Get("/lokaleRolle", a.lokaleRollen)
	r.Group(func(r chi.Router) {
		r.Use(a.darf(berechtigung.SystemverwaltungBearbeiten))
		r.Post("/lokaleRolle", a.lokaleRolleAnlegen)
		r.Put("/lokaleRolle/{id}", a.lokaleRolleAendern)
		r.Delete("/lokaleRolle/{id}", a.lokaleRolleLoeschen)
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

func (a *api) lokaleRolleAnlegen(w http.ResponseWriter, r *http.Request) {
	var in verwaltung.LokaleRolleEingabe
	if err := decodeJSON(r, &in); err != nil {
		a.writeError(w, r, err)
		return
	}
	id, out, err := a.deps.Verwaltung.LokaleRolleAnlegen(r.Context(), in, Metadaten(r))
	if err != nil {
		a.writeError(w, r, err)
		return
	}
	writeCommandResult(w, http.StatusCreated, out, map[string]any{"id": id, "message": "Gespeichert"})
}

func (a *api) lokaleRolleAendern(w http.ResponseWriter, r *http.Request) {
	id, err := pfadID(r)
	if err != nil {
		a.writeError(w, r, err)
		return
	}
	var in verwaltung.LokaleRolleEingabe
	if err := decodeJSON(r, &in); err != nil {
		a.writeError(w, r, err)
		return
	}
	out, err := a.deps.Verwaltung.LokaleRolleAendern(r.Context(), id, in, Metadaten(r))
	if err != nil {
		a.writeError(w, r, err)
		return
	}
	writeCommandResult(w, http.StatusOK, out, map[string]any{"id": id, "message": "Gespeichert"})
}

func (a *api) lokaleRolleLoeschen(w http.ResponseWriter, r *http.Request) {
	id, err := pfadID(r)
	if err != nil {
		a.writeError(w, r, err)
		return
	}
	bestaetigt := r.URL.Query().Get("ignoreWarning") == "true"
	if err := a.deps.Verwaltung.LokaleRolleLoeschen(r.Context(), id, bestaetigt, Metadaten(r)); err != nil {
		a.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]string{"message": "Gelöscht"})
}
