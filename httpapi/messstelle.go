package httpapi

import (
	"context"
	"net/http"
	"strconv"
	"strings"

	"github.com/go-chi/chi/v5"

	"github.com/eabwasser/eabwasser/domain/berechtigung"
	"github.com/eabwasser/eabwasser/domain/historie"
	"github.com/eabwasser/eabwasser/domain/messstelle"
	"github.com/eabwasser/eabwasser/domain/validierung"
	"github.com/eabwasser/eabwasser/eventstore"
	messstelledienst "github.com/eabwasser/eabwasser/internal/anwendung/messstelle"
)

// Texts of the measuring point screens (spec 000 §8).
const (
	textMessstelleAngelegt    = "Die Messstelle wurde erfolgreich angelegt."
	textMessstelleGespeichert = "Die Messstelle wurde erfolgreich gespeichert."
	textMessstelleFreigegeben = "Die Messstelle wurde erfolgreich freigegeben."
	textMessstelleAbgewiesen  = "Die Messstelle wurde erfolgreich zurückgewiesen."
)

// messstelleRouten are the measuring point area (issue 29).
func (a *api) messstelleRouten() []route {
	d := a.deps.Messstelle
	if d == nil {
		return nil
	}
	anlegen, verlauf := a.anDarf(berechtigung.MessstelleAnlegen), a.anDarf(berechtigung.BetriebVerlaufLesen)
	return []route{
		{http.MethodPost, "/anlage/{id}/messstelle", anlegen, befehl(a, http.StatusCreated, textMessstelleAngelegt, a.messstelleAnlegen)},
		{http.MethodGet, "/anlage/messstellenAnlagen/{nummer}", a.an(), a.messstellenAnlagen},
		{http.MethodGet, "/betrieb/{id}/messstelle", a.an(), standAbfrage(a, d.ProBetrieb, d.ProBetriebZum)},
		{http.MethodGet, "/messstelle/uebersicht/{id}", a.an(), betriebAbfrage(a, d.Uebersicht)},
		{http.MethodGet, "/messstelle/check-id", anlegen, a.messstelleNummerPruefen},
		{http.MethodGet, "/messstelle/new-id", anlegen, a.messstelleNeueNummer},
		{http.MethodGet, "/messstelle/{id}", a.an(), standAbfrage(a, d.Ansicht, d.StandZum)},
		{http.MethodGet, "/messstelle/{id}/historie", a.an(), betriebAbfrage(a, d.Historie)},
		{http.MethodGet, "/messstelle/{id}/verlauf", verlauf, betriebAbfrage(a, a.messstelleVerlauf)},
		{http.MethodGet, "/messstelle/{id}/stand/{version}", verlauf, versionsStand(a, d.Stand)},
		{http.MethodPut, "/messstelle/{id}", a.anDarf(berechtigung.MessstelleBearbeiten), befehl(a, http.StatusOK, textMessstelleGespeichert, a.messstelleSpeichern)},
		{http.MethodPost, "/messstelle/{id}/freigabe", a.anDarf(berechtigung.MessstelleFreigeben), a.messstelleFreigabe},
	}
}

func (a *api) messstelleAnlegen(r *http.Request, anlageID int64, f messstelledienst.Formular) (int64, eventstore.Appended, error) {
	return a.deps.Messstelle.Anlegen(r.Context(), nutzer(r), anlageID, f, Metadaten(r))
}

func (a *api) messstellenAnlagen(w http.ResponseWriter, r *http.Request) {
	out, err := a.deps.Messstelle.MessstellenAnlagen(r.Context(), nutzer(r), chi.URLParam(r, "nummer"))
	a.antworte(w, r, out, err)
}

func (a *api) messstelleNummerPruefen(w http.ResponseWriter, r *http.Request) {
	out, err := a.deps.Messstelle.PruefeNummer(r.Context(), nutzer(r), r.URL.Query().Get("id"))
	a.antworte(w, r, out, err)
}

func (a *api) messstelleSpeichern(r *http.Request, id int64, f messstelledienst.Formular) (int64, eventstore.Appended, error) {
	out, err := a.deps.Messstelle.Speichern(r.Context(), nutzer(r), id, f, Metadaten(r))
	return id, out, mitAenderungen(r.Context(), err, func(ctx context.Context) ([]historie.Verlaufsschritt, error) {
		return a.messstelleVerlauf(ctx, nutzer(r), id)
	})
}

// messstelleFreigabe: POST /messstelle/{id}/freigabe {kommentar, neuerStatus, version} decides
// the Freigabe; the text says which way.
func (a *api) messstelleFreigabe(w http.ResponseWriter, r *http.Request) {
	id, err := pfadID(r)
	if err != nil {
		a.writeError(w, r, err)
		return
	}
	var in messstelledienst.Entscheidung
	if err := decodeJSON(r, &in); err != nil {
		a.writeError(w, r, err)
		return
	}
	out, err := a.deps.Messstelle.EntscheideFreigabe(r.Context(), nutzer(r), id, in, Metadaten(r))
	if err != nil {
		a.writeError(w, r, err)
		return
	}
	text := textMessstelleAbgewiesen
	if in.NeuerStatus == messstelle.Freigegeben {
		text = textMessstelleFreigegeben
	}
	writeCommandResult(w, http.StatusOK, out, map[string]any{"id": id, "message": text, "version": out.Version})
}

// messstelleVerlauf is the measuring point's Verlauf once the audit trail names who did what.
func (a *api) messstelleVerlauf(ctx context.Context, n messstelledienst.Nutzer, id int64) ([]historie.Verlaufsschritt, error) {
	a.warteAufProtokoll(ctx, eventstore.StreamID(messstelle.StreamType, id))
	return a.deps.Messstelle.Verlauf(ctx, n, id)
}

// messstelleNeueNummer: GET /messstelle/new-id?hochwert&rechtswert&typ proposes the first free
// number (the prefix from the municipality the point lies in); 204 when every combination of
// the prefix is taken ('Kombinationen Messtellen-Nr ausgeschöpft!' on the client).
func (a *api) messstelleNeueNummer(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	var s validierung.Sammler
	zahl := func(name string) float64 {
		v, err := strconv.ParseFloat(strings.TrimSpace(q.Get(name)), 64)
		if err != nil {
			s.Feld(name, textZahlUngueltig)
		}
		return v
	}
	hochwert, rechtswert := zahl("hochwert"), zahl("rechtswert")
	if err := s.Err(); err != nil {
		a.writeError(w, r, err)
		return
	}
	out, ok, err := a.deps.Messstelle.NeueNummer(r.Context(), nutzer(r), rechtswert, hochwert, q.Get("typ"))
	switch {
	case err != nil:
		a.writeError(w, r, err)
	case !ok:
		w.WriteHeader(http.StatusNoContent)
	default:
		writeJSON(w, http.StatusOK, out)
	}
}
