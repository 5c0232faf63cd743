package httpapi

import (
	"context"
	"net/http"
	"strconv"

	"github.com/go-chi/chi/v5"

	"github.com/eabwasser/eabwasser/domain/berechtigung"
	"github.com/eabwasser/eabwasser/domain/bescheid"
	"github.com/eabwasser/eabwasser/domain/historie"
	"github.com/eabwasser/eabwasser/domain/validierung"
	"github.com/eabwasser/eabwasser/eventstore"
	bescheiddienst "github.com/eabwasser/eabwasser/internal/anwendung/bescheid"
)

// Texts of the Bescheid screens (spec 001 §8).
const (
	textBescheidErstellt            = "Bescheid erfolgreich erstellt"
	textBescheidAktualisiert        = "Bescheid erfolgreich aktualisiert"
	textBescheidsantragErstellt     = "Bescheidsantrag erfolgreich erstellt"
	textBescheidsantragAktualisiert = "Bescheidsantrag erfolgreich aktualisiert"
	textBescheidGeloescht           = "Der Bescheid wurde erfolgreich gelöscht."
	textAnforderungenGespeichert    = "Die Anforderungen wurden erfolgreich gespeichert"
	textMessstelleEntfernt          = "Die Messstelle wurde erfolgreich aus dem Bescheid entfernt."
	textAnforderungGespeichert      = "Anforderung erfolgreich gespeichert"
	textAnforderungGeloescht        = "Anforderung erfolgreich gelöscht"
)

// bescheidRouten are the Bescheide, Bescheidsanträge and their Anforderungen (issue 30).
func (a *api) bescheidRouten() []route {
	d := a.deps.Bescheid
	if d == nil {
		return nil
	}
	an, verlauf := a.an(), a.anDarf(berechtigung.BetriebVerlaufLesen)
	out := []route{
		{http.MethodPost, "/bescheid", a.anDarf(berechtigung.BescheidAnlegen), befehl(a, http.StatusCreated, textBescheidErstellt, a.bescheidAnlegen)},
		{http.MethodPost, "/bescheidsantrag", a.anDarf(berechtigung.BescheidsantragStellen),
			befehl(a, http.StatusCreated, textBescheidsantragErstellt, a.bescheidsantragAnlegen)},
	}
	for _, p := range []struct{ pfad, text string }{{"/bescheid/{id}", textBescheidAktualisiert},
		{"/bescheidsantrag/{id}", textBescheidsantragAktualisiert}} {
		out = append(out,
			route{http.MethodGet, p.pfad, an, standAbfrage(a, d.Ansicht, d.StandZum)},
			route{http.MethodPut, p.pfad, an, befehl(a, http.StatusOK, p.text, a.bescheidSpeichern)},
			route{http.MethodDelete, p.pfad, an, befehlOhneEingabe(a, textBescheidGeloescht, a.bescheidLoeschen)})
	}
	return append(out,
		route{http.MethodPatch, "/bescheid/{id}", an, a.bescheidAnforderungenSetzen},
		route{http.MethodGet, "/bescheid/{id}/messstelle/{mid}", an, a.bescheidMessstelle},
		route{http.MethodDelete, "/bescheid/{id}/messstelle/{mid}", an, a.bescheidMessstelleEntfernen},
		route{http.MethodGet, "/bescheid/{id}/anforderung", an, a.bescheidAnforderungen},
		route{http.MethodPost, "/anforderung", an, a.anforderungAnlegen},
		route{http.MethodPut, "/anforderung", an, a.anforderungAendern},
		route{http.MethodDelete, "/anforderung/{id}", an, befehlOhneEingabe(a, textAnforderungGeloescht, a.anforderungLoeschen)},
		route{http.MethodGet, "/betrieb/{id}/bescheid/vorbescheide", an, a.vorbescheide},
		route{http.MethodGet, "/betrieb/{id}/bescheid/messstellen", an, a.bescheidKandidaten},
		route{http.MethodGet, "/bescheid/{id}/verlauf", verlauf, betriebAbfrage(a, a.bescheidVerlauf)},
		route{http.MethodGet, "/bescheid/{id}/stand/{version}", verlauf, versionsStand(a, d.Stand)})
}

func (a *api) bescheidAnlegen(r *http.Request, _ int64, f bescheiddienst.Formular) (int64, eventstore.Appended, error) {
	return a.deps.Bescheid.Anlegen(r.Context(), nutzer(r), f, false, Metadaten(r))
}

func (a *api) bescheidsantragAnlegen(r *http.Request, _ int64, f bescheiddienst.Formular) (int64, eventstore.Appended, error) {
	return a.deps.Bescheid.Anlegen(r.Context(), nutzer(r), f, true, Metadaten(r))
}

func (a *api) bescheidSpeichern(r *http.Request, id int64, f bescheiddienst.Formular) (int64, eventstore.Appended, error) {
	out, err := a.deps.Bescheid.Speichern(r.Context(), nutzer(r), id, f, Metadaten(r))
	return id, out, a.mitBescheidVerlauf(r, id, err)
}

func (a *api) bescheidLoeschen(r *http.Request, id int64) (eventstore.Appended, error) {
	version, err := versionAusAnfrage(r)
	if err != nil {
		return eventstore.Appended{}, err
	}
	return a.deps.Bescheid.Loeschen(r.Context(), nutzer(r), id, version, Metadaten(r))
}

// bescheidMessstelle: GET /bescheid/{id}/messstelle/{mid}, a measuring point of the Bescheid.
func (a *api) bescheidMessstelle(w http.ResponseWriter, r *http.Request) {
	id, mid, err := zweiIDs(r)
	if err != nil {
		a.writeError(w, r, err)
		return
	}
	out, err := a.deps.Bescheid.Messstelle(r.Context(), nutzer(r), id, mid)
	a.antworte(w, r, out, err)
}

// bescheidMessstelleEntfernen: DELETE /bescheid/{id}/messstelle/{mid}?version=N.
func (a *api) bescheidMessstelleEntfernen(w http.ResponseWriter, r *http.Request) {
	id, mid, err := zweiIDs(r)
	var version int
	if err == nil {
		version, err = versionAusAnfrage(r)
	}
	var out eventstore.Appended
	if err == nil {
		out, err = a.deps.Bescheid.EntferneMessstelle(r.Context(), nutzer(r), id, mid, version, Metadaten(r))
		err = a.mitBescheidVerlauf(r, id, err)
	}
	if err != nil {
		a.writeError(w, r, err)
		return
	}
	writeCommandResult(w, http.StatusOK, out, map[string]any{"id": id, "message": textMessstelleEntfernt, "version": out.Version})
}

// bescheidAnforderungen: GET /bescheid/{id}/anforderung?messstelle={mid}.
func (a *api) bescheidAnforderungen(w http.ResponseWriter, r *http.Request) {
	id, err := pfadID(r)
	var mid int64
	if err == nil {
		mid, err = idAusAnfrage(r, "messstelle")
	}
	if err != nil {
		a.writeError(w, r, err)
		return
	}
	out, err := a.deps.Bescheid.Anforderungen(r.Context(), nutzer(r), id, mid)
	a.antworte(w, r, out, err)
}

// anforderungAnlegen: POST /anforderung, an Anforderung of a Bescheid, or with ?jahresbericht a
// parameter of an annual report.
func (a *api) anforderungAnlegen(w http.ResponseWriter, r *http.Request) {
	if a.anforderungDesBerichts(w, r, true) {
		return
	}
	var f bescheiddienst.AnforderungFormular
	if err := decodeJSON(r, &f); err != nil {
		a.writeError(w, r, err)
		return
	}
	aid, out, err := a.deps.Bescheid.LegeAnforderungAn(r.Context(), nutzer(r), f, Metadaten(r))
	if err = a.mitBescheidVerlauf(r, f.Bescheid, err); err != nil {
		a.writeError(w, r, err)
		return
	}
	writeCommandResult(w, http.StatusCreated, out, map[string]any{"id": f.Bescheid, "anforderungId": aid,
		"message": textAnforderungGespeichert, "version": out.Version})
}

// anforderungAendern: PUT /anforderung, as anforderungAnlegen.
func (a *api) anforderungAendern(w http.ResponseWriter, r *http.Request) {
	if a.anforderungDesBerichts(w, r, false) {
		return
	}
	var f bescheiddienst.AnforderungFormular
	if err := decodeJSON(r, &f); err != nil {
		a.writeError(w, r, err)
		return
	}
	out, err := a.deps.Bescheid.AendereAnforderung(r.Context(), nutzer(r), f, Metadaten(r))
	if err = a.mitBescheidVerlauf(r, f.Bescheid, err); err != nil {
		a.writeError(w, r, err)
		return
	}
	writeCommandResult(w, http.StatusOK, out, map[string]any{"id": f.Bescheid, "anforderungId": f.AnforderungID,
		"message": textAnforderungGespeichert, "version": out.Version})
}

// anforderungDesBerichts answers a request on /anforderung that is an annual report's parameter
// (or malformed) and tells whether it did.
func (a *api) anforderungDesBerichts(w http.ResponseWriter, r *http.Request, neu bool) bool {
	bericht, err := fuerJahresbericht(r)
	switch {
	case err != nil:
		a.writeError(w, r, err)
	case bericht && a.deps.Jahresbericht != nil:
		a.berichtsparameter(w, r, neu)
	default:
		return false
	}
	return true
}

// anforderungLoeschen: DELETE /anforderung/{id}?version=N, an Anforderung or a report's parameter.
func (a *api) anforderungLoeschen(r *http.Request, id int64) (eventstore.Appended, error) {
	version, err := versionAusAnfrage(r)
	if err != nil {
		return eventstore.Appended{}, err
	}
	if b := a.deps.Jahresbericht; b != nil {
		if ja, err := b.IstParameter(r.Context(), id); err != nil || ja {
			if err != nil {
				return eventstore.Appended{}, err
			}
			bericht, out, err := b.LoescheParameter(r.Context(), nutzer(r), id, version, Metadaten(r))
			return out, a.berichtKonflikt(r, bericht, err)
		}
	}
	return a.deps.Bescheid.LoescheAnforderung(r.Context(), nutzer(r), id, version, Metadaten(r))
}

// vorbescheide: GET /betrieb/{id}/bescheid/vorbescheide?bescheidId=…&bescheidQualitaet=….
func (a *api) vorbescheide(w http.ResponseWriter, r *http.Request) {
	id, err := pfadID(r)
	var ohne int64
	if err == nil && r.URL.Query().Get("bescheidId") != "" {
		ohne, err = idAusAnfrage(r, "bescheidId")
	}
	if err != nil {
		a.writeError(w, r, err)
		return
	}
	out, err := a.deps.Bescheid.Vorbescheide(r.Context(), nutzer(r), id, ohne, r.URL.Query().Get("bescheidQualitaet"))
	a.antworte(w, r, out, err)
}

// bescheidKandidaten: GET /betrieb/{id}/bescheid/messstellen?bescheidQualitaet=….
func (a *api) bescheidKandidaten(w http.ResponseWriter, r *http.Request) {
	id, err := pfadID(r)
	if err != nil {
		a.writeError(w, r, err)
		return
	}
	out, err := a.deps.Bescheid.Kandidaten(r.Context(), nutzer(r), id, r.URL.Query().Get("bescheidQualitaet"))
	a.antworte(w, r, out, err)
}

// bescheidAnforderungenSetzen: PATCH /bescheid/{id}?messstelle={mid}&version=N with the whole
// set of Anforderungen of that measuring point.
func (a *api) bescheidAnforderungenSetzen(w http.ResponseWriter, r *http.Request) {
	id, err := pfadID(r)
	var mid int64
	var version int
	if err == nil {
		mid, err = idAusAnfrage(r, "messstelle")
	}
	if err == nil {
		version, err = versionAusAnfrage(r)
	}
	var in []bescheid.Anforderung
	if err == nil {
		err = decodeJSON(r, &in)
	}
	var out eventstore.Appended
	if err == nil {
		out, err = a.deps.Bescheid.SetzeAnforderungen(r.Context(), nutzer(r), id, mid, version, in, Metadaten(r))
		err = a.mitBescheidVerlauf(r, id, err)
	}
	if err != nil {
		a.writeError(w, r, err)
		return
	}
	writeCommandResult(w, http.StatusOK, out, map[string]any{"id": id, "message": textAnforderungenGespeichert, "version": out.Version})
}

// bescheidVerlauf is the Bescheid's Verlauf once the audit trail names who did what.
func (a *api) bescheidVerlauf(ctx context.Context, n bescheiddienst.Nutzer, id int64) ([]historie.Verlaufsschritt, error) {
	a.warteAufProtokoll(ctx, eventstore.StreamID(bescheid.StreamType, id))
	return a.deps.Bescheid.Verlauf(ctx, n, id)
}

// mitBescheidVerlauf is mitAenderungen with the Bescheid's Verlauf.
func (a *api) mitBescheidVerlauf(r *http.Request, id int64, err error) error {
	return mitAenderungen(r.Context(), err, func(ctx context.Context) ([]historie.Verlaufsschritt, error) {
		return a.bescheidVerlauf(ctx, nutzer(r), id)
	})
}

// zweiIDs reads {id} and {mid} of the path; anything else names nothing (404).
func zweiIDs(r *http.Request) (int64, int64, error) {
	id, err := pfadID(r)
	if err != nil {
		return 0, 0, err
	}
	mid, err := strconv.ParseInt(chi.URLParam(r, "mid"), 10, 64)
	if err != nil || mid <= 0 {
		return 0, 0, validierung.NichtGefunden
	}
	return id, mid, nil
}

// idAusAnfrage reads a positive id from query parameter name (400 otherwise).
func idAusAnfrage(r *http.Request, name string) (int64, error) {
	v, err := strconv.ParseInt(r.URL.Query().Get(name), 10, 64)
	if err != nil || v <= 0 {
		return 0, ErrUngueltigeAnfrage
	}
	return v, nil
}

// versionAusAnfrage reads the query parameter version the client loaded (400 without one).
func versionAusAnfrage(r *http.Request) (int, error) {
	v, err := strconv.Atoi(r.URL.Query().Get("version"))
	if err != nil || v <= 0 {
		return 0, ErrUngueltigeAnfrage
	}
	return v, nil
}
