package httpapi

import (
	"net/http"
	"strconv"
	"time"

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

// nachrichtRouten are the start page's messages, the reminders tab and the personal settings.
func (a *api) nachrichtRouten() []route {
	if a.deps.Benachrichtigung == nil {
		return nil
	}
	lesen := a.nurDarf(berechtigung.NachrichtenLesen)
	return []route{
		{http.MethodGet, "/nachricht", lesen, a.nachrichten},
		{http.MethodGet, "/nachricht/count", lesen, a.nachrichtenAnzahl},
		{http.MethodPatch, "/nachricht/{id}", lesen, a.postfachBefehl(textNachrichtGelesen, a.nachrichtLesen)},
		{http.MethodDelete, "/nachricht/{id}", lesen, a.postfachBefehl(textNachrichtGeloescht, a.nachrichtLoeschen)},
		{http.MethodGet, "/wiedervorlage", a.nurDarf(berechtigung.WiedervorlagenLesen), a.faelligeWiedervorlagen},
		{http.MethodGet, "/personalisierung", a.an(), a.personalisierung},
		{http.MethodGet, "/personalisierung/auswahl", a.an(), a.personalisierungAuswahl},
		{http.MethodPut, "/personalisierung", a.an(), befehl(a, http.StatusOK, textPersonalisierungGespeichert, a.personalisierungSpeichern)},
	}
}

func (a *api) nachrichten(w http.ResponseWriter, r *http.Request) {
	if err := a.mitMinPosition(w, r, nachrichten.Name); err != nil {
		a.writeError(w, r, err)
		return
	}
	out, err := a.deps.Benachrichtigung.Nachrichten(r.Context(), nutzer(r))
	antworte(a, w, r, out, err)
}

func (a *api) nachrichtenAnzahl(w http.ResponseWriter, r *http.Request) {
	if err := a.mitMinPosition(w, r, nachrichten.Name); err != nil {
		a.writeError(w, r, err)
		return
	}
	n, err := a.deps.Benachrichtigung.Ungelesen(r.Context(), nutzer(r))
	antworte(a, w, r, map[string]int{"count": n}, err)
}

func (a *api) nachrichtLesen(r *http.Request, id int64) (eventstore.Appended, error) {
	if r.URL.Query().Get("gelesen") != "true" {
		return eventstore.Appended{}, validierung.Feld("gelesen", "Eine Nachricht kann nur als gelesen markiert werden.")
	}
	return a.deps.Benachrichtigung.Lesen(r.Context(), nutzer(r).AnwenderID, id, Metadaten(r))
}

func (a *api) nachrichtLoeschen(r *http.Request, id int64) (eventstore.Appended, error) {
	return a.deps.Benachrichtigung.Loeschen(r.Context(), nutzer(r).AnwenderID, id, Metadaten(r))
}

// faelligeWiedervorlagen is the start page's reminders tab.
func (a *api) faelligeWiedervorlagen(w http.ResponseWriter, r *http.Request) {
	out, err := a.deps.Benachrichtigung.Wiedervorlagen(r.Context(), nutzer(r), time.Now())
	antworte(a, w, r, out, err)
}

func (a *api) personalisierung(w http.ResponseWriter, r *http.Request) {
	out, err := a.deps.Benachrichtigung.Personalisierung(r.Context(), nutzer(r).AnwenderID)
	antworte(a, w, r, out, err)
}

func (a *api) personalisierungAuswahl(w http.ResponseWriter, r *http.Request) {
	out, err := a.deps.Benachrichtigung.Auswahl(r.Context(), nutzer(r).AnwenderID)
	antworte(a, w, r, out, err)
}

func (a *api) personalisierungSpeichern(r *http.Request, _ int64, in benachrichtigung.Einstellungen) (int64, eventstore.Appended, error) {
	n := nutzer(r)
	out, err := a.deps.Benachrichtigung.Speichern(r.Context(), n.AnwenderID, in, Metadaten(r))
	return n.AnwenderID, out, err
}

// antworte writes a query's answer or its error.
func antworte[T any](a *api, w http.ResponseWriter, r *http.Request, out T, err error) {
	if err != nil {
		a.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, out)
}

// postfachBefehl is the handler of a user's action on one of his messages (its answer names no
// version: the mailbox is the user's, not an object's).
func (a *api) postfachBefehl(text string, run func(r *http.Request, id int64) (eventstore.Appended, error)) http.HandlerFunc {
	return befehlAmPfad(a, text, false, run)
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
