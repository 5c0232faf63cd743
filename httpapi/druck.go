package httpapi

import (
	"io"
	"net/http"

	"github.com/eabwasser/eabwasser/internal/anwendung/druckausgabe"
)

// druckRouten are the Druckausgabe (spec 001 §2.10, §7; issue 33): the print of an
// operation file's selection and of an annual report, each one PDF. Who may print is who may
// read: the areas' services show only what the caller sees.
func (a *api) druckRouten() []route {
	if a.druck() == nil {
		return nil
	}
	return []route{
		{http.MethodPost, "/betrieb/{id}/print", a.an(), a.betriebsakteDrucken},
		{http.MethodGet, "/jahresbericht/{id}/print", a.an(), a.jahresberichtDrucken},
	}
}

// druck is the Druckausgabe on the areas' services; nil while one of them is not configured.
func (a *api) druck() *druckausgabe.Dienst {
	if a.deps.Betriebsakte == nil || a.deps.Anlage == nil || a.deps.Messstelle == nil || a.deps.Bescheid == nil || a.deps.Jahresbericht == nil {
		return nil
	}
	return &druckausgabe.Dienst{Betriebsakte: a.deps.Betriebsakte, Anlage: a.deps.Anlage, Messstelle: a.deps.Messstelle,
		Bescheid: a.deps.Bescheid, Jahresbericht: a.deps.Jahresbericht}
}

func (a *api) betriebsakteDrucken(w http.ResponseWriter, r *http.Request) {
	id, err := pfadID(r)
	if err != nil {
		a.writeError(w, r, err)
		return
	}
	var in druckausgabe.Auswahl
	if err := decodeJSON(r, &in); err != nil {
		a.writeError(w, r, err)
		return
	}
	a.langeAntwort(w)
	a.pdf(w, r, func(datei func(string), w io.Writer) error {
		return a.druck().DruckeBetriebsakte(r.Context(), nutzer(r), id, in, datei, w)
	})
}

func (a *api) jahresberichtDrucken(w http.ResponseWriter, r *http.Request) {
	id, err := pfadID(r)
	if err != nil {
		a.writeError(w, r, err)
		return
	}
	a.langeAntwort(w)
	a.pdf(w, r, func(datei func(string), w io.Writer) error {
		return a.druck().DruckeJahresbericht(r.Context(), nutzer(r), id, datei, w)
	})
}

// pdf answers the PDF drucke writes to w, as a download: the headers are set when drucke
// names the file, after every check and the layout (fpdf holds the document until its
// output); a refusal before that answers the JSON error, a failure while writing only ends
// the answer (the client sees a broken download).
func (a *api) pdf(w http.ResponseWriter, r *http.Request, drucke func(datei func(string), w io.Writer) error) {
	begonnen := false
	err := drucke(func(n string) {
		begonnen = true
		w.Header().Set("Content-Type", "application/pdf")
		w.Header().Set("Content-Disposition", anhang(n))
	}, w)
	switch {
	case err != nil && !begonnen:
		a.writeError(w, r, err)
	case err != nil:
		a.log.WarnContext(r.Context(), "Druckausgabe abgebrochen", "error", err)
	}
}
