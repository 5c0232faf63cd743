package httpapi

import (
	"errors"
	"net/http"

	"github.com/go-chi/chi/v5"

	"github.com/eabwasser/eabwasser/internal/wasserbuch"
)

// wasserbuchRoutes serve the water book (Wasserbuch, DigiWab; spec 001 §7), for every
// logged-in user:
//
//	GET /api/digiwab-url                  {url}: DIGIWAB_URL ("" when not configured)
//	GET /api/digiwab/wasserrechtnr/{n}    {url, vorhanden}: link to water right n, and whether
//	                                      the register knows it
//	GET /api/digiwab/{bescheidId}         the same for the value of a Bescheid's field bescheidId
//	                                      (its water-right number), as the Bescheid screen sends it
//
// Links are built on the configuration only, never on the request. A register that does not
// answer within its time limit (5 s) is a 503 with a German message, a wrong answer a 502.
func (a *api) wasserbuchRoutes(r chi.Router) {
	r.With(a.angemeldet).Get("/digiwab-url", a.digiwabURL)
	r.With(a.angemeldet).Get("/digiwab/wasserrechtnr/{n}", a.digiwabWasserrecht)
	r.With(a.angemeldet).Get("/digiwab/{bescheidId}", a.digiwabBescheid)
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
	switch {
	case errors.Is(err, wasserbuch.ErrNummer):
		err = &Antwortfehler{Status: http.StatusBadRequest, Message: wasserbuch.TextNummer,
			ValidationErrors: map[string]string{"wasserrechtnr": wasserbuch.TextNummer}, Err: err}
	case errors.Is(err, wasserbuch.ErrNichtErreichbar):
		err = &Antwortfehler{Status: http.StatusServiceUnavailable, Message: wasserbuch.TextNichtErreichbar, Err: err}
	case errors.Is(err, wasserbuch.ErrFehler):
		err = &Antwortfehler{Status: http.StatusBadGateway, Message: wasserbuch.TextFehler, Err: err}
	}
	if err != nil {
		a.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, auskunft)
}
