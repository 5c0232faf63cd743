package httpapi

import (
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/eabwasser/eabwasser/domain/validierung"
	"github.com/eabwasser/eabwasser/internal/anwendung/bescheidauswertung"
)

// The Bescheide's searches and evaluation (issue 30, spec 001 §2.4, §2.5): an operation's
// Bescheid search, the evaluation of the Anforderungen per operation and across what the caller
// sees, the Auflagen, the operation's parameters, the Anforderungen valid for a measuring point
// on a day and the evaluation's export. Pages as the worklists answer them ({content,
// totalElements, page, size}; size 10 by default, at most 50); dates in the query as yyyyMMdd
// or yyyy-MM-dd. Everybody who sees the operation reads them; another operation is not found.

const (
	bescheidlisteStandardGroesse = 10
	bescheidlisteMaxGroesse      = 50
	textAuswertungUngueltig      = "Erlaubt sind alle, zeitraum und stichtag."
)

// bescheidauswertungRouten are the Bescheide's searches and evaluation, for any logged-in user
// (the queries check what the caller sees).
func (a *api) bescheidauswertungRouten() []route {
	an := a.an()
	return []route{
		{http.MethodGet, "/betrieb/{id}/bescheid/search", an, a.bescheidSuche},
		{http.MethodGet, "/betrieb/{id}/anforderung/auswertung", an, a.anforderungsauswertung(true)},
		{http.MethodGet, "/anforderung/auswertung", an, a.anforderungsauswertung(false)},
		// the evaluation across the authority as xlsx: the filter of the query string, or of it the
		// selected rows (body {"ids": [anforderungId…]})
		{http.MethodPost, "/anforderung/export", an, a.anforderungsexport},
		{http.MethodGet, "/betrieb/{id}/auflage/search", an, a.auflagenSuche},
		{http.MethodGet, "/betrieb/{id}/anforderungsparameter", an, a.bescheidParameter},
		{http.MethodGet, "/messstelle/{id}/anforderung", an, a.messstelleAnforderungen},
		{http.MethodPost, "/betrieb/{id}/export/{endpoint}", an, a.betriebsexport},
	}
}

// pool is the store's pool the evaluations read.
func (a *api) pool() *pgxpool.Pool { return a.deps.Store.Pool() }

// bescheidSuche: GET /betrieb/{id}/bescheid/search, the operation's Bescheide, today or as of
// ?stand.
func (a *api) bescheidSuche(w http.ResponseWriter, r *http.Request) {
	id, err := pfadID(r)
	if err != nil {
		a.writeError(w, r, err)
		return
	}
	v := r.URL.Query()
	var s validierung.Sammler
	f := bescheidauswertung.BescheidFilter{BescheidQualitaet: v.Get("bescheidQualitaet"), Bescheidart: v.Get("bescheidart"),
		Von: datumAus(v, "von", &s), Bis: datumAus(v, "bis", &s), Liste: listeAus(v, &s)}
	if err := s.Err(); err != nil {
		a.writeError(w, r, err)
		return
	}
	zeit, err := standZeit(r)
	if err != nil {
		a.writeError(w, r, err)
		return
	}
	out, err := bescheidauswertung.Bescheide(r.Context(), a.pool(), nutzer(r), id, f)
	if err == nil && !zeit.IsZero() && a.deps.Bescheid != nil {
		// the file's tree as of a date (issue 33): the page's rows as they were then
		out.Content, err = a.deps.Bescheid.TrefferZum(r.Context(), out.Content, zeit)
	}
	a.antworte(w, r, out, err)
}

// anforderungsauswertung evaluates the Anforderungen of the operation {id} (proBetrieb) or
// across what the caller sees.
func (a *api) anforderungsauswertung(proBetrieb bool) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		var id int64
		if proBetrieb {
			var err error
			if id, err = pfadID(r); err != nil {
				a.writeError(w, r, err)
				return
			}
		}
		f, err := anforderungFilterAus(r.URL.Query(), !proBetrieb)
		if err != nil {
			a.writeError(w, r, err)
			return
		}
		out, err := bescheidauswertung.Auswertung(r.Context(), a.pool(), nutzer(r), id, f, time.Now())
		a.antworte(w, r, out, err)
	}
}

func (a *api) anforderungsexport(w http.ResponseWriter, r *http.Request) {
	ids, err := exportAuswahl(r)
	if err != nil {
		a.writeError(w, r, err)
		return
	}
	f, err := anforderungFilterAus(r.URL.Query(), true)
	if err != nil {
		a.writeError(w, r, err)
		return
	}
	a.xlsxStrom(w, r, "anforderungen.xlsx", func(out io.Writer) error {
		return bescheidauswertung.AuswertungExportieren(r.Context(), a.pool(), nutzer(r), f, ids, time.Now(), out)
	})
}

// auflagenSuche: GET /betrieb/{id}/auflage/search.
func (a *api) auflagenSuche(w http.ResponseWriter, r *http.Request) {
	id, err := pfadID(r)
	if err != nil {
		a.writeError(w, r, err)
		return
	}
	v := r.URL.Query()
	var s validierung.Sammler
	f := bescheidauswertung.AuflagenFilter{Abwasseranlage: zahlAus(v, "abwasseranlage", &s), Art: v.Get("art"), Liste: listeAus(v, &s)}
	if err := s.Err(); err != nil {
		a.writeError(w, r, err)
		return
	}
	out, err := bescheidauswertung.Auflagen(r.Context(), a.pool(), nutzer(r), id, f)
	a.antworte(w, r, out, err)
}

// messstelleAnforderungen: GET /messstelle/{id}/anforderung?datum=…&excludeBescheid=…, the
// Anforderungen valid for the measuring point on a day.
func (a *api) messstelleAnforderungen(w http.ResponseWriter, r *http.Request) {
	id, err := pfadID(r)
	if err != nil {
		a.writeError(w, r, err)
		return
	}
	v := r.URL.Query()
	var s validierung.Sammler
	datum := datumAus(v, "datum", &s)
	var ohne []int64
	for _, x := range mehrfach(v, "excludeBescheid") {
		n, ok := parseInt64(x)
		if !ok {
			s.Feld("excludeBescheid", textZahlUngueltig)
			break
		}
		ohne = append(ohne, n)
	}
	if err := s.Err(); err != nil {
		a.writeError(w, r, err)
		return
	}
	out, err := bescheidauswertung.MessstelleAnforderungen(r.Context(), a.pool(), nutzer(r), id, datum, ohne, time.Now())
	a.antworte(w, r, out, err)
}

// betriebsexport: POST /betrieb/{id}/export/{endpoint} with {"ids": […]}, the selected rows of
// one of the operation's lists as xlsx.
func (a *api) betriebsexport(w http.ResponseWriter, r *http.Request) {
	id, err := pfadID(r)
	if err != nil {
		a.writeError(w, r, err)
		return
	}
	var in struct {
		IDs []json.RawMessage `json:"ids"`
	}
	if err := decodeJSON(r, &in); err != nil {
		a.writeError(w, r, err)
		return
	}
	ids := make([]any, 0, len(in.IDs))
	for _, x := range in.IDs {
		var v any
		if err := json.Unmarshal(x, &v); err != nil {
			a.writeError(w, r, validierung.Feld("ids", "Die Auswahl enthält ungültige Einträge."))
			return
		}
		ids = append(ids, v)
	}
	e, err := bescheidauswertung.Exportvorbereiten(r.Context(), a.pool(), nutzer(r), id, chi.URLParam(r, "endpoint"), ids)
	if err != nil {
		a.writeError(w, r, err)
		return
	}
	a.xlsxStrom(w, r, e.Dateiname(), func(out io.Writer) error { return e.Schreiben(r.Context(), a.pool(), out) })
}

// bescheidParameter: GET /betrieb/{id}/anforderungsparameter/ — the parameters the operation's
// Anforderungen use.
func (a *api) bescheidParameter(w http.ResponseWriter, r *http.Request) {
	id, err := pfadID(r)
	if err != nil {
		a.writeError(w, r, err)
		return
	}
	out, err := bescheidauswertung.Parameterliste(r.Context(), a.deps.Store.Pool(), nutzer(r), id)
	a.antworte(w, r, out, err)
}

// anforderungFilterAus reads the evaluation's filters; mitBetrieb: the filter betrieb (the
// evaluation across the authority).
func anforderungFilterAus(v url.Values, mitBetrieb bool) (bescheidauswertung.AnforderungFilter, error) {
	var s validierung.Sammler
	f := bescheidauswertung.AnforderungFilter{AnforderungArt: v.Get("anforderungArt"), Abwasseranlage: zahlAus(v, "abwasseranlage", &s),
		Messstelle: zahlAus(v, "messstelle", &s), Parameter: v.Get("parameter"), Auswertung: v.Get("auswertung"),
		Stichtag: datumAus(v, "stichtag", &s), GueltigAb: datumAus(v, "gueltigAb", &s), GueltigBis: datumAus(v, "gueltigBis", &s),
		Liste: listeAus(v, &s)}
	if mitBetrieb {
		f.Betrieb = zahlAus(v, "betrieb", &s)
	}
	switch f.Auswertung {
	case "", bescheidauswertung.Alle, bescheidauswertung.Zeitraum, bescheidauswertung.Stichtag:
	default:
		s.Feld("auswertung", textAuswertungUngueltig)
	}
	return f, s.Err()
}

// listeAus reads page, size (10 by default, at most 50), sortProperty and sortDirection.
func listeAus(v url.Values, s *validierung.Sammler) bescheidauswertung.Liste {
	page, size := seitenwahl(v, s, bescheidlisteStandardGroesse, bescheidlisteMaxGroesse)
	return bescheidauswertung.Liste{Page: page, Size: size, SortProperty: v.Get("sortProperty"),
		Absteigend: sortierrichtung(v, s, false)}
}

// datumAus reads a date parameter given as yyyyMMdd or yyyy-MM-dd, as yyyy-MM-dd ("" when absent).
func datumAus(v url.Values, name string, s *validierung.Sammler) string {
	x := strings.TrimSpace(v.Get(name))
	if x == "" {
		return ""
	}
	for _, format := range []string{"20060102", time.DateOnly} {
		if t, err := time.Parse(format, x); err == nil {
			return t.Format(time.DateOnly)
		}
	}
	s.Feld(name, textDatumUngueltig)
	return ""
}

// zahlAus reads an id parameter (0 when absent).
func zahlAus(v url.Values, name string, s *validierung.Sammler) int64 {
	x := v.Get(name)
	if x == "" {
		return 0
	}
	n, ok := parseInt64(x)
	if !ok || n < 0 {
		s.Feld(name, textZahlUngueltig)
		return 0
	}
	return n
}
