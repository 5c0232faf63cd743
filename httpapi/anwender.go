package httpapi

import (
	"io"
	"net/http"

	"github.com/eabwasser/eabwasser/domain/berechtigung"
	"github.com/eabwasser/eabwasser/domain/validierung"
	"github.com/eabwasser/eabwasser/eventstore"
	"github.com/eabwasser/eabwasser/internal/anwendung/verwaltung"
	"github.com/eabwasser/eabwasser/internal/dokumente/konten"
)

// anwenderRouten are the system administration's users.
func (a *api) anwenderRouten() []route {
	oeffnen, bearbeiten := a.nurDarf(berechtigung.SystemverwaltungOeffnen), a.nurDarf(berechtigung.SystemverwaltungBearbeiten)
	return []route{
		{http.MethodGet, "/anwender", oeffnen, a.anwenderListe},
		{http.MethodGet, "/anwender/{id}", oeffnen, a.anwender},
		{http.MethodPost, "/anwender/export", oeffnen, a.anwenderExport},
		{http.MethodPost, "/anwender", bearbeiten, speichern(a, http.StatusCreated, a.anwenderAnlegen)},
		{http.MethodPut, "/anwender/{id}", bearbeiten, speichern(a, http.StatusOK, a.anwenderAendern)},
		{http.MethodDelete, "/anwender/{id}", bearbeiten, loeschen(a, a.anwenderLoeschen)},
	}
}

func (a *api) anwenderAnlegen(r *http.Request, _ int64, in verwaltung.AnwenderEingabe) (int64, eventstore.Appended, error) {
	return a.deps.Verwaltung.AnwenderAnlegen(r.Context(), in, Metadaten(r))
}

func (a *api) anwenderAendern(r *http.Request, id int64, in verwaltung.AnwenderEingabe) (int64, eventstore.Appended, error) {
	out, err := a.deps.Verwaltung.AnwenderAendern(r.Context(), id, in, Metadaten(r))
	return id, out, err
}

func (a *api) anwenderLoeschen(r *http.Request, id int64) error {
	return a.deps.Verwaltung.AnwenderLoeschen(r.Context(), id, Metadaten(r))
}

// anwenderFilter reads the list filter; absent flags count as set (the spec's defaults).
func anwenderFilter(r *http.Request) (konten.AnwenderFilter, error) {
	q := r.URL.Query()
	flag := func(name string) bool { return q.Get(name) != "false" }
	f := konten.AnwenderFilter{Vorname: q.Get("vorname"), Name: q.Get("name"), Organisation: q.Get("organisation"),
		StatusBeantragt: flag("statusBeantragt"), StatusBestaetigt: flag("statusBestaetigt"), StatusAktiv: flag("statusAktiv"),
		StatusInaktiv: flag("statusInaktiv"), RolleOrganisation: flag("rolleOrganisation"), RolleBehoerde: flag("rolleBehoerde"),
		RolleAdministration: flag("rolleAdministration"), SortProperty: q.Get("sortProperty"), Size: 10}
	var s validierung.Sammler
	f.Absteigend = sortierrichtung(q, &s, false)
	f.Page, f.Size = seitenwahl(q, &s, 10, 500)
	return f, s.Err()
}

func (a *api) anwenderListe(w http.ResponseWriter, r *http.Request) {
	f, err := anwenderFilter(r)
	if err != nil {
		a.writeError(w, r, err)
		return
	}
	zeilen, total, err := konten.AnwenderSuche(r.Context(), a.deps.Pool, f)
	if err != nil {
		a.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"content": zeilen, "page": f.Page, "size": f.Size, "totalElements": total})
}

func (a *api) anwender(w http.ResponseWriter, r *http.Request) {
	id, err := pfadID(r)
	if err != nil {
		a.writeError(w, r, err)
		return
	}
	f, _ := anwenderFilter(&http.Request{URL: r.URL})
	f.IDs, f.Page, f.Size = []int64{id}, 0, 1
	f.StatusBeantragt, f.StatusBestaetigt, f.StatusAktiv, f.StatusInaktiv = true, true, true, true
	f.RolleOrganisation, f.RolleBehoerde, f.RolleAdministration = true, true, true
	f.Vorname, f.Name, f.Organisation = "", "", ""
	zeilen, _, err := konten.AnwenderSuche(r.Context(), a.deps.Pool, f)
	einer(a, w, r, zeilen, err)
}

// anwenderExport exports the selected ids (body {"ids": [...]}) or, without ids, the list
// filter of the query string.
func (a *api) anwenderExport(w http.ResponseWriter, r *http.Request) {
	f, err := anwenderFilter(r)
	if err != nil {
		a.writeError(w, r, err)
		return
	}
	if r.ContentLength != 0 {
		var in struct{ IDs []int64 }
		if err := decodeJSON(r, &in); err != nil {
			a.writeError(w, r, err)
			return
		}
		f.IDs = in.IDs
	}
	a.xlsx(w, r, "anwender.xlsx", func(out io.Writer) error {
		return a.deps.Verwaltung.AnwenderExportieren(r.Context(), out, f)
	})
}
