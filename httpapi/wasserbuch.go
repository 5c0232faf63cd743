package httpapi

import (
	"errors"
	"io"
	"net/http"

	"github.com/go-chi/chi/v5"

	"github.com/eabwasser/eabwasser/internal/plattform/wasserbuch"
)

// wasserbuchRouten serve the water book (Wasserbuch, DigiWab; spec 001 §7), for every
// logged-in user:
//
//	GET /api/digiwab-url                  {url}: DIGIWAB_URL ("" when not configured)
//	GET /api/digiwab/wasserrechtnr/{n}    {url, vorhanden}: link to water right n, and whether
//	                                      the register knows it
//	GET /api/digiwab/{bescheidId}         the same for the value of a Bescheid's field bescheidId
//	                                      (its water-right number), as the Bescheid screen sends it
//
// and the water-register viewer (spec 002 §2, issue 33):
//
//	GET /api/digiwab-page/{wbbId}         {wbbId, html}: the entry's page, sanitised on the server
//	                                      (wasserbuch.Bereinige), its document links made
//	                                      /api/digiwab-pdf/?entryId&dokId references
//	GET /api/digiwab-pdf/?entryId&dokId   the document as application/pdf, saved as download.pdf
//
// Links are built on the configuration only, never on the request. A register that does not
// answer within its time limit (5 s) is a 503 with a German message, a wrong answer a 502;
// both are logged (writeError logs every 5xx).
func (a *api) wasserbuchRouten() []route {
	return []route{
		{http.MethodGet, "/digiwab-url", a.an(), a.digiwabURL},
		{http.MethodGet, "/digiwab/wasserrechtnr/{n}", a.an(), a.digiwabWasserrecht},
		{http.MethodGet, "/digiwab/{bescheidId}", a.an(), a.digiwabBescheid},
		{http.MethodGet, "/digiwab-page/{wbbId}", a.an(), a.digiwabSeite},
		{http.MethodGet, "/digiwab-pdf", a.an(), a.digiwabPDF},
	}
}

// digiwabSeite answers the register entry's page for the viewer, sanitised.
func (a *api) digiwabSeite(w http.ResponseWriter, r *http.Request) {
	seite, err := a.deps.Wasserbuch.Eintrag(r.Context(), chi.URLParam(r, "wbbId"), wasserbuch.PDFVerweis)
	if err != nil {
		a.writeError(w, r, wasserbuchFehler(err, wasserbuch.TextUnbekannt, "wbbId"))
		return
	}
	// the page is the register's, read anew on every call (it may change at any time)
	w.Header().Set("Cache-Control", "no-store")
	writeJSON(w, http.StatusOK, seite)
}

// digiwabPDF streams a document of the register. Its size is bounded (wasserbuch.MaxDokument)
// and its start checked (a PDF) before the first byte goes out; a document that grows past the
// bound while it streams ends the connection, so the browser never keeps half a file.
func (a *api) digiwabPDF(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	entryID, dokID := q.Get("entryId"), q.Get("dokId")
	if !wasserbuch.GueltigeNummer(entryID) || !wasserbuch.GueltigeNummer(dokID) {
		ve := map[string]string{}
		for feld, wert := range map[string]string{"entryId": entryID, "dokId": dokID} {
			if !wasserbuch.GueltigeNummer(wert) {
				ve[feld] = wasserbuch.TextDokumentKennungen
			}
		}
		a.writeError(w, r, &Antwortfehler{Status: http.StatusBadRequest, Message: wasserbuch.TextDokumentKennungen, ValidationErrors: ve})
		return
	}
	dok, err := a.deps.Wasserbuch.Dokument(r.Context(), entryID, dokID)
	if err != nil {
		a.writeError(w, r, wasserbuchFehler(err, wasserbuch.TextDokumentUnbekannt, "dokId"))
		return
	}
	defer dok.Close()
	a.langeAntwort(w)
	w.Header().Set("Content-Type", "application/pdf")
	w.Header().Set("Content-Disposition", `attachment; filename="download.pdf"`)
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	if _, err := io.Copy(w, dok); err != nil {
		a.log.Error("Dokument des Wasserbuchs abgebrochen", "requestId", RequestID(r.Context()), "entryId", entryID, "dokId", dokID, "error", err)
		panic(http.ErrAbortHandler) // the client sees a broken download, not a short file
	}
}

// wasserbuchFehler maps the register's errors to their answers: an id of the wrong form 400 on
// feld, unknown 404 (unbekannt), no register configured or not reachable 503, a wrong answer 502.
func wasserbuchFehler(err error, unbekannt, feld string) error {
	switch {
	case errors.Is(err, wasserbuch.ErrNummer):
		return &Antwortfehler{Status: http.StatusBadRequest, Message: wasserbuch.TextNummer,
			ValidationErrors: map[string]string{feld: wasserbuch.TextNummer}, Err: err}
	case errors.Is(err, wasserbuch.ErrUnbekannt):
		return &Antwortfehler{Status: http.StatusNotFound, Message: unbekannt, Err: err}
	case errors.Is(err, wasserbuch.ErrNichtKonfiguriert):
		return &Antwortfehler{Status: http.StatusServiceUnavailable, Message: wasserbuch.TextNichtKonfiguriert, Err: err}
	case errors.Is(err, wasserbuch.ErrNichtErreichbar):
		return &Antwortfehler{Status: http.StatusServiceUnavailable, Message: wasserbuch.TextNichtErreichbar, Err: err}
	case errors.Is(err, wasserbuch.ErrFehler):
		return &Antwortfehler{Status: http.StatusBadGateway, Message: wasserbuch.TextFehler, Err: err}
	}
	return err
}

func (a *api) digiwabURL(w http.ResponseWriter, _ *http.Request) {
	writeJSON(w, http.StatusOK, map[string]string{"url": a.deps.Wasserbuch.URL()})
}

func (a *api) digiwabWasserrecht(w http.ResponseWriter, r *http.Request) {
	a.wasserbuchAuskunft(w, r, chi.URLParam(r, "n"))
}

// digiwabBescheid answers for the water-right number a Bescheid carries (Daten.BescheidID):
// the path names the number itself, not the Bescheid, so nothing of the Bescheid is read.
func (a *api) digiwabBescheid(w http.ResponseWriter, r *http.Request) {
	a.wasserbuchAuskunft(w, r, chi.URLParam(r, "bescheidId"))
}

// wasserbuchAuskunft answers {url, vorhanden} for water right n. Without a number or a
// configured register the answer is {url: "", vorhanden: false}.
func (a *api) wasserbuchAuskunft(w http.ResponseWriter, r *http.Request, n string) {
	if n == "" {
		writeJSON(w, http.StatusOK, wasserbuch.Auskunft{})
		return
	}
	auskunft, err := a.deps.Wasserbuch.Frage(r.Context(), n)
	if err != nil {
		a.writeError(w, r, wasserbuchFehler(err, "", "wasserrechtnr"))
		return
	}
	writeJSON(w, http.StatusOK, auskunft)
}
