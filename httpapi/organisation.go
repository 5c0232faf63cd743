package httpapi

import (
	"io"
	"net/http"

	"github.com/go-chi/chi/v5"

	"github.com/eabwasser/eabwasser/domain/berechtigung"
	"github.com/eabwasser/eabwasser/domain/organisation"
	"github.com/eabwasser/eabwasser/eventstore"
	"github.com/eabwasser/eabwasser/internal/anwendung/auswahl"
	"github.com/eabwasser/eabwasser/internal/anwendung/verwaltung"
	"github.com/eabwasser/eabwasser/internal/dokumente/konten"
)

// organisationRouten are the organisations: the pickers for any logged-in user (and the
// registration's, public), the administration for the system administration.
func (a *api) organisationRouten() []route {
	oeffnen, bearbeiten := a.nurDarf(berechtigung.SystemverwaltungOeffnen), a.nurDarf(berechtigung.SystemverwaltungBearbeiten)
	return []route{
		{http.MethodGet, "/organisation/auswahlRegistrierung", nil, a.organisationenRegistrierung},
		{http.MethodGet, "/organisation", a.an(), a.organisationen(organisationenNachStatus)},
		{http.MethodGet, "/organisation/betreiber", a.an(), a.organisationen(aktiveOrganisationen)},
		{http.MethodGet, "/organisation/betreiberPersonalisiert", a.an(), a.organisationen(personalisierteBetreiber)},
		{http.MethodGet, "/organisation/betreiberByBetriebstyp/{typ}", a.an(), a.organisationen(betreiberDesBetriebstyps)},
		{http.MethodGet, "/organisation/abwasserbeseitigungspflichtige", a.an(), a.organisationen(abwasserbeseitigungspflichtige)},
		{http.MethodGet, "/organisation/abwasserbeseitigungspflichtigeIncludeHistory", a.an(), a.organisationen(jemalsAbwasserbeseitigungspflichtige)},
		{http.MethodGet, "/organisation/{id}", a.an(), a.organisation},
		{http.MethodGet, "/organisation/{id}/historie", oeffnen, a.organisationHistorie},
		{http.MethodGet, "/organisation/{id}/verlauf", oeffnen, a.organisationVerlauf},
		{http.MethodPost, "/organisation/export", oeffnen, a.organisationenExport},
		{http.MethodPost, "/organisation", bearbeiten, speichern(a, http.StatusCreated, a.organisationAnlegen)},
		{http.MethodPost, "/organisation/merge", bearbeiten, a.organisationZusammenfuehren},
		{http.MethodPut, "/organisation/{id}", bearbeiten, speichern(a, http.StatusOK, a.organisationAendern)},
		{http.MethodDelete, "/organisation/{id}", bearbeiten, loeschen(a, a.organisationLoeschen)},
	}
}

// The filters of the organisation lists.
func organisationenNachStatus(r *http.Request) konten.OrganisationFilter {
	return konten.OrganisationFilter{Status: r.URL.Query().Get("status")}
}

func aktiveOrganisationen(*http.Request) konten.OrganisationFilter {
	return konten.OrganisationFilter{Status: "AKTIV"}
}

func personalisierteBetreiber(r *http.Request) konten.OrganisationFilter {
	return auswahl.BetreiberPersonalisiert(nutzer(r))
}

func betreiberDesBetriebstyps(r *http.Request) konten.OrganisationFilter {
	return auswahl.Betreiber(chi.URLParam(r, "typ"))
}

func abwasserbeseitigungspflichtige(*http.Request) konten.OrganisationFilter {
	return auswahl.Abwasserbeseitigungspflichtige
}

func jemalsAbwasserbeseitigungspflichtige(*http.Request) konten.OrganisationFilter {
	return konten.OrganisationFilter{NurAbwasserbeseitigungspflicht: true}
}

func (a *api) organisationAnlegen(r *http.Request, _ int64, in verwaltung.Organisationseingabe) (int64, eventstore.Appended, error) {
	return a.deps.Verwaltung.OrganisationAnlegen(r.Context(), in, Metadaten(r))
}

func (a *api) organisationAendern(r *http.Request, id int64, in verwaltung.Organisationseingabe) (int64, eventstore.Appended, error) {
	out, err := a.deps.Verwaltung.OrganisationAendern(r.Context(), id, in, Metadaten(r))
	return id, out, err
}

func (a *api) organisationLoeschen(r *http.Request, id int64) error {
	return a.deps.Verwaltung.OrganisationLoeschen(r.Context(), id, Metadaten(r))
}

func (a *api) organisationen(filter func(*http.Request) konten.OrganisationFilter) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		orgs, err := konten.Organisationen(r.Context(), a.deps.Pool, filter(r))
		if err != nil {
			a.writeError(w, r, err)
			return
		}
		if orgs == nil {
			orgs = []konten.OrganisationZeile{}
		}
		writeJSON(w, http.StatusOK, orgs)
	}
}

func (a *api) organisation(w http.ResponseWriter, r *http.Request) {
	id, err := pfadID(r)
	if err != nil {
		a.writeError(w, r, err)
		return
	}
	orgs, err := konten.Organisationen(r.Context(), a.deps.Pool, konten.OrganisationFilter{IDs: []int64{id}})
	einer(a, w, r, orgs, err)
}

func (a *api) organisationHistorie(w http.ResponseWriter, r *http.Request) {
	id, err := pfadID(r)
	if err != nil {
		a.writeError(w, r, err)
		return
	}
	h, err := a.deps.Verwaltung.OrganisationHistorie(r.Context(), id)
	if err != nil {
		a.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, h)
}

// organisationVerlauf: every event of the organisation with who, when and the changed fields.
func (a *api) organisationVerlauf(w http.ResponseWriter, r *http.Request) {
	id, err := pfadID(r)
	if err != nil {
		a.writeError(w, r, err)
		return
	}
	a.warteAufProtokoll(r.Context(), eventstore.StreamID(organisation.StreamType, id))
	v, err := a.deps.Verwaltung.OrganisationVerlauf(r.Context(), id)
	if err != nil {
		a.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, v)
}

func (a *api) organisationZusammenfuehren(w http.ResponseWriter, r *http.Request) {
	var in verwaltung.Zusammenfuehrung
	if err := decodeJSON(r, &in); err != nil {
		a.writeError(w, r, err)
		return
	}
	if err := a.deps.Verwaltung.Zusammenfuehren(r.Context(), in, Metadaten(r)); err != nil {
		a.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]string{"message": "Die Organisationen wurden erfolgreich zusammengeführt."})
}

func (a *api) organisationenExport(w http.ResponseWriter, r *http.Request) {
	var ids []int64
	if r.ContentLength != 0 {
		if err := decodeJSON(r, &ids); err != nil {
			a.writeError(w, r, err)
			return
		}
	}
	a.xlsx(w, r, "organisationen.xlsx", func(out io.Writer) error {
		return a.deps.Verwaltung.OrganisationenExportieren(r.Context(), out, ids)
	})
}
