package httpapi

import (
	"io"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"

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

// arbeitslistenRouten are the four worklists, for any logged-in user.
func (a *api) arbeitslistenRouten() []route {
	return slices.Concat(
		arbeitslisteRouten(a, "/betrieb", "betriebe.xlsx", betriebdienst.Arbeitsliste),
		arbeitslisteRouten(a, "/anlage", "anlagen.xlsx", anlagedienst.Arbeitsliste),
		arbeitslisteRouten(a, "/messstelle", "messstellen.xlsx", arbeitsliste.MessstellenListe),
		arbeitslisteRouten(a, "/jahresbericht", "jahresberichte.xlsx", berichtdienst.Arbeitsliste))
}

// arbeitslisteRouten are GET pfad/search and POST pfad/export of the list l.
func arbeitslisteRouten[T any](a *api, pfad, datei string, l arbeitsliste.Liste[T]) []route {
	w := arbeitslisteWeg[T]{a: a, datei: datei, l: l}
	return []route{
		{http.MethodGet, pfad + "/search", a.an(), w.suche},
		{http.MethodPost, pfad + "/export", a.an(), w.export},
	}
}

// arbeitslisteWeg serves one worklist: its page and its spreadsheet.
type arbeitslisteWeg[T any] struct {
	a     *api
	datei string
	l     arbeitsliste.Liste[T]
}

// anfrage reads the request of the query string (false: the error is answered).
func (l arbeitslisteWeg[T]) anfrage(w http.ResponseWriter, r *http.Request) (arbeitsliste.Anfrage, bool) {
	an, err := arbeitslisteAnfrage(r.URL.Query(), l.l.Filter)
	if err != nil {
		l.a.writeError(w, r, err)
	}
	return an, err == nil
}

func (l arbeitslisteWeg[T]) suche(w http.ResponseWriter, r *http.Request) {
	if err := l.a.mitMinPosition(w, r, arbeitsliste.Name); err != nil {
		l.a.writeError(w, r, err)
		return
	}
	if an, ok := l.anfrage(w, r); ok {
		out, err := l.l.Suche(r.Context(), l.a.deps.Store.Pool(), nutzer(r), an)
		l.a.antworte(w, r, out, err)
	}
}

func (l arbeitslisteWeg[T]) export(w http.ResponseWriter, r *http.Request) {
	ids, err := exportAuswahl(r)
	if err != nil {
		l.a.writeError(w, r, err)
		return
	}
	an, ok := l.anfrage(w, r)
	if !ok {
		return
	}
	if ids != nil {
		an = an.Auswahl(ids)
	}
	l.a.xlsxStrom(w, r, l.datei, func(out io.Writer) error {
		return l.l.Exportieren(r.Context(), l.a.deps.Store.Pool(), nutzer(r), an, out)
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
