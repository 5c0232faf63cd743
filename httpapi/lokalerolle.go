package httpapi

import (
	"net/http"

	"github.com/eabwasser/eabwasser/domain/berechtigung"
	"github.com/eabwasser/eabwasser/eventstore"
	"github.com/eabwasser/eabwasser/internal/anwendung/verwaltung"
	"github.com/eabwasser/eabwasser/internal/dokumente/konten"
)

// lokaleRolleRouten are the system administration's local roles.
func (a *api) lokaleRolleRouten() []route {
	bearbeiten := a.nurDarf(berechtigung.SystemverwaltungBearbeiten)
	return []route{
		{http.MethodGet, "/lokaleRolle", a.nurDarf(berechtigung.SystemverwaltungOeffnen), a.lokaleRollen},
		{http.MethodPost, "/lokaleRolle", bearbeiten, speichern(a, http.StatusCreated, a.lokaleRolleAnlegen)},
		{http.MethodPut, "/lokaleRolle/{id}", bearbeiten, speichern(a, http.StatusOK, a.lokaleRolleAendern)},
		{http.MethodDelete, "/lokaleRolle/{id}", bearbeiten, loeschen(a, a.lokaleRolleLoeschen)},
	}
}

func (a *api) lokaleRolleAnlegen(r *http.Request, _ int64, in verwaltung.LokaleRolleEingabe) (int64, eventstore.Appended, error) {
	return a.deps.Verwaltung.LokaleRolleAnlegen(r.Context(), in, Metadaten(r))
}

func (a *api) lokaleRolleAendern(r *http.Request, id int64, in verwaltung.LokaleRolleEingabe) (int64, eventstore.Appended, error) {
	out, err := a.deps.Verwaltung.LokaleRolleAendern(r.Context(), id, in, Metadaten(r))
	return id, out, err
}

func (a *api) lokaleRolleLoeschen(r *http.Request, id int64) error {
	return a.deps.Verwaltung.LokaleRolleLoeschen(r.Context(), id, r.URL.Query().Get("ignoreWarning") == "true", Metadaten(r))
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
