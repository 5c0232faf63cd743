package httpapi

import (
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/go-chi/chi/v5"

	"github.com/eabwasser/eabwasser/domain/validierung"
	anlagedienst "github.com/eabwasser/eabwasser/internal/anwendung/anlage"
	betriebdienst "github.com/eabwasser/eabwasser/internal/anwendung/betrieb"
	berichtdienst "github.com/eabwasser/eabwasser/internal/anwendung/jahresbericht"
	"github.com/eabwasser/eabwasser/projections/arbeitsliste"
)

// The worklists of the start page (plants, operations, measuring points, annual reports) share their HTTP
// side: GET /api/<area>/search answers a page (Seite) with read-your-writes (minPosition), POST
// /api/<area>/export streams the selected rows (body {"ids": [...]}) or the whole query as
// xlsx. Both read the same query: q or query (words in any order), page, size, sortProperty,
// sortDirection and the list's filters, each repeated or comma-separated. An area adds its list
// by declaring an arbeitsliste.Liste and mounting it here.

// The worklist's page sizes (the read model's own default and limit).
const (
	arbeitslisteStandardGroesse = 50
	arbeitslisteMaxGroesse      = 1000
)

// arbeitslistenRoutes mounts the four worklists (inside the authenticated group of the API).
func (a *api) arbeitslistenRoutes(r chi.Router) {
	r.Group(func(r chi.Router) {
		r.Use(a.angemeldet)
		arbeitslisteRouten(a, r, "/betrieb", "betriebe.xlsx", betriebdienst.Arbeitsliste)
		arbeitslisteRouten(a, r, "/anlage", "anlagen.xlsx", anlagedienst.Arbeitsliste)
		arbeitslisteRouten(a, r, "/messstelle", "messstellen.xlsx", arbeitsliste.MessstellenListe)
		arbeitslisteRouten(a, r, "/jahresbericht", "jahresberichte.xlsx", berichtdienst.Arbeitsliste)
	})
}

// arbeitslisteRouten mounts GET pfad/search and POST pfad/export of the list l.
func arbeitslisteRouten[T any](a *api, r chi.Router, pfad, datei string, l arbeitsliste.Liste[T]) {
	// anfrage reads the request of the query string (false: the error is answered)
	anfrage := func(w http.ResponseWriter, r *http.Request) (arbeitsliste.Anfrage, bool) {
		an, err := arbeitslisteAnfrage(r.URL.Query(), l.Filter)
		if err != nil {
			a.writeError(w, r, err)
		}
		return an, err == nil
	}
	r.Get(pfad+"/search", func(w http.ResponseWriter, r *http.Request) {
		if err := a.mitMinPosition(w, r, arbeitsliste.Name); err != nil {
			a.writeError(w, r, err)
			return
		}
		if an, ok := anfrage(w, r); ok {
			out, err := l.Suche(r.Context(), a.deps.Store.Pool(), nutzer(r), an)
			a.antworte(w, r, out, err)
		}
	})
	r.Post(pfad+"/export", func(w http.ResponseWriter, r *http.Request) {
		ids, err := exportAuswahl(r)
		if err != nil {
			a.writeError(w, r, err)
			return
		}
		an, ok := anfrage(w, r)
		if !ok {
			return
		}
		if ids != nil {
			an = an.Auswahl(ids)
		}
		a.xlsxStrom(w, r, datei, func(out io.Writer) error {
			return l.Exportieren(r.Context(), a.deps.Store.Pool(), nutzer(r), an, out)
		})
	})
}

// arbeitslisteAnfrage reads a worklist request from the query: q or query, page, size,
// sortProperty, sortDirection, minPosition (the count is fresh then) and the list's filters.
func arbeitslisteAnfrage(v url.Values, filter []arbeitsliste.Listenfilter) (arbeitsliste.Anfrage, error) {
	var s validierung.Sammler
	page, size := seitenwahl(v, &s, arbeitslisteStandardGroesse, arbeitslisteMaxGroesse)
	q := v.Get("q")
	if q == "" {
		q = v.Get("query")
	}
	werte := map[string][]string{}
	for _, f := range filter {
		w := mehrfach(v, f.Name)
		if f.Zahlen {
			for _, x := range w {
				if _, err := strconv.ParseInt(x, 10, 64); err != nil {
					s.Feld(f.Name, textZahlUngueltig)
					w = nil
					break
				}
			}
		}
		werte[f.Name] = w
	}
	absteigend := sortierrichtung(v, &s, false)
	return arbeitsliste.Anfrage{Q: q, Filter: werte, Page: page, Size: size, SortProperty: v.Get("sortProperty"),
		Absteigend: absteigend, Frisch: v.Get("minPosition") != ""}, s.Err()
}

// mehrfach reads a multi-valued filter parameter, repeated or comma-separated.
func mehrfach(v url.Values, name string) []string {
	var out []string
	for _, x := range v[name] {
		for _, t := range strings.Split(x, ",") {
			if t = strings.TrimSpace(t); t != "" {
				out = append(out, t)
			}
		}
	}
	return out
}

// exportAuswahl reads the selected rows of a worklist export (body {"ids": [...]}); nil when
// there is no body (the export of the query).
func exportAuswahl(r *http.Request) ([]int64, error) {
	var in struct {
		IDs []int64 `json:"ids"`
	}
	if r.ContentLength != 0 {
		if err := decodeJSON(r, &in); err != nil {
			return nil, err
		}
	}
	return in.IDs, nil
}
