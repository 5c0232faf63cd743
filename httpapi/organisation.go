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

func (a *api) organisationRoutes(r chi.Router) {
	r.Get("/organisation/auswahlRegistrierung", a.organisationenRegistrierung)
	r.Group(func(r chi.Router) {
		r.Use(a.angemeldet)
		r.Get("/organisation", a.organisationen(func(r *http.Request) konten.OrganisationFilter {
			return konten.OrganisationFilter{Status: r.URL.Query().Get("status")}
		}))
		aktiv := func(*http.Request) konten.OrganisationFilter { return konten.OrganisationFilter{Status: "AKTIV"} }
		r.Get("/organisation/betreiber", a.organisationen(aktiv))
		r.Get("/organisation/betreiberPersonalisiert", a.organisationen(func(r *http.Request) konten.OrganisationFilter {
			return auswahl.BetreiberPersonalisiert(nutzer(r))
		}))
		r.Get("/organisation/betreiberByBetriebstyp/{typ}", a.organisationen(func(r *http.Request) konten.OrganisationFilter {
			return auswahl.Betreiber(chi.URLParam(r, "typ"))
		}))
		r.Get("/organisation/abwasserbeseitigungspflichtige", a.organisationen(func(*http.Request) konten.OrganisationFilter {
			return auswahl.Abwasserbeseitigungspflichtige
		}))
		r.Get("/organisation/abwasserbeseitigungspflichtigeIncludeHistory", a.organisationen(func(*http.Request) konten.OrganisationFilter {
			return konten.OrganisationFilter{NurAbwasserbeseitigungspflicht: true}
		}))
		r.Get("/organisation/{id}", a.organisation)
	})
	r.With(a.darf(berechtigung.SystemverwaltungOeffnen)).Get("/organisation/{id}/historie", a.organisationHistorie)
	r.With(a.darf(berechtigung.SystemverwaltungOeffnen)).Get("/organisation/{id}/verlauf", a.organisationVerlauf)
	r.With(a.darf(berechtigung.SystemverwaltungOeffnen)).Post("/organisation/export", a.organisationenExport)
	r.Group(func(r chi.Router) {
		r.Use(a.darf(berechtigung.SystemverwaltungBearbeiten))
		r.Post("/organisation", speichern(a, http.StatusCreated, func(r *http.Request, _ int64, in verwaltung.Organisationseingabe) (int64, eventstore.Appended, error) {
			return a.deps.Verwaltung.OrganisationAnlegen(r.Context(), in, Metadaten(r))
		}))
		r.Post("/organisation/merge", a.organisationZusammenfuehren)
		r.Put("/organisation/{id}", speichern(a, http.StatusOK, func(r *http.Request, id int64, in verwaltung.Organisationseingabe) (int64, eventstore.Appended, error) {
			out, err := a.deps.Verwaltung.OrganisationAendern(r.Context(), id, in, Metadaten(r))
			return id, out, err
		}))
		r.Delete("/organisation/{id}", loeschen(a, func(r *http.Request, id int64) error {
			return a.deps.Verwaltung.OrganisationLoeschen(r.Context(), id, Metadaten(r))
		}))
	})
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
