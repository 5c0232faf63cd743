package httpapi

import (
	"net/http"
	"strconv"
	"time"

	"github.com/go-chi/chi/v5"

	"github.com/eabwasser/eabwasser/domain/berechtigung"
	"github.com/eabwasser/eabwasser/domain/validierung"
	"github.com/eabwasser/eabwasser/eventstore"
	"github.com/eabwasser/eabwasser/internal/anwendung/benachrichtigung"
	"github.com/eabwasser/eabwasser/projections/nachrichten"
)

// Texts of the start page's personal parts.
const (
	textNachrichtGeloescht          = "Die Nachricht wurde gelöscht."
	textNachrichtGelesen            = "Die Nachricht wurde als gelesen markiert."
	textPersonalisierungGespeichert = "Die Personalisierung wurde erfolgreich gespeichert."
)

func (a *api) nachrichtRoutes(r chi.Router) {
	d := a.deps.Benachrichtigung
	r.With(a.darf(berechtigung.NachrichtenLesen)).Group(func(r chi.Router) {
		r.Get("/nachricht", func(w http.ResponseWriter, r *http.Request) {
			if err := a.mitMinPosition(w, r, nachrichten.Name); err != nil {
				a.writeError(w, r, err)
				return
			}
			out, err := d.Nachrichten(r.Context(), nutzer(r))
			antworte(a, w, r, out, err)
		})
		r.Get("/nachricht/count", func(w http.ResponseWriter, r *http.Request) {
			if err := a.mitMinPosition(w, r, nachrichten.Name); err != nil {
				a.writeError(w, r, err)
				return
			}
			n, err := d.Ungelesen(r.Context(), nutzer(r))
			antworte(a, w, r, map[string]int{"count": n}, err)
		})
		r.Patch("/nachricht/{id}", a.postfachBefehl(textNachrichtGelesen, func(r *http.Request, id int64) (eventstore.Appended, error) {
			if r.URL.Query().Get("gelesen") != "true" {
				return eventstore.Appended{}, validierung.Feld("gelesen", "Eine Nachricht kann nur als gelesen markiert werden.")
			}
			return d.Lesen(r.Context(), nutzer(r).AnwenderID, id, Metadaten(r))
		}))
		r.Delete("/nachricht/{id}", a.postfachBefehl(textNachrichtGeloescht, func(r *http.Request, id int64) (eventstore.Appended, error) {
			return d.Loeschen(r.Context(), nutzer(r).AnwenderID, id, Metadaten(r))
		}))
	})
	r.With(a.darf(berechtigung.WiedervorlagenLesen)).Get("/wiedervorlage", func(w http.ResponseWriter, r *http.Request) {
		out, err := d.Wiedervorlagen(r.Context(), nutzer(r), time.Now())
		antworte(a, w, r, out, err)
	})
	r.Group(func(r chi.Router) {
		r.Use(a.angemeldet)
		r.Get("/personalisierung", func(w http.ResponseWriter, r *http.Request) {
			out, err := d.Personalisierung(r.Context(), nutzer(r).AnwenderID)
			antworte(a, w, r, out, err)
		})
		r.Get("/personalisierung/auswahl", func(w http.ResponseWriter, r *http.Request) {
			out, err := d.Auswahl(r.Context(), nutzer(r).AnwenderID)
			antworte(a, w, r, out, err)
		})
		r.Put("/personalisierung", befehl(a, http.StatusOK, textPersonalisierungGespeichert, func(r *http.Request, _ int64, in benachrichtigung.Einstellungen) (int64, eventstore.Appended, error) {
			n := nutzer(r)
			out, err := d.Speichern(r.Context(), n.AnwenderID, in, Metadaten(r))
			return n.AnwenderID, out, err
		}))
	})
}

// antworte writes a query's answer or its error.
func antworte[T any](a *api, w http.ResponseWriter, r *http.Request, out T, err error) {
	if err != nil {
		a.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, out)
}

// postfachBefehl is the handler of a user's action on one of his messages.
func (a *api) postfachBefehl(text string, run func(r *http.Request, id int64) (eventstore.Appended, error)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		id, err := pfadID(r)
		var out eventstore.Appended
		if err == nil {
			out, err = run(r, id)
		}
		if err != nil {
			a.writeError(w, r, err)
			return
		}
		writeCommandResult(w, http.StatusOK, out, map[string]any{"id": id, "message": text})
	}
}

// mitMinPosition waits, when the query names minPosition, until the projection has applied
// that event (warteAufProjektion); a malformed minPosition is a 400.
func (a *api) mitMinPosition(w http.ResponseWriter, r *http.Request, projektion string) error {
	v := r.URL.Query().Get("minPosition")
	if v == "" {
		return nil
	}
	pos, err := strconv.ParseInt(v, 10, 64)
	if err != nil {
		return validierung.Feld("minPosition", textZahlUngueltig)
	}
	return a.warteAufProjektion(w, r, projektion, pos)
}
