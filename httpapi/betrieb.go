package httpapi

import (
	"context"
	"net/http"

	"github.com/eabwasser/eabwasser/domain/berechtigung"
	"github.com/eabwasser/eabwasser/domain/betrieb"
	"github.com/eabwasser/eabwasser/domain/historie"
	"github.com/eabwasser/eabwasser/eventstore"
	betriebdienst "github.com/eabwasser/eabwasser/internal/anwendung/betrieb"
	"github.com/eabwasser/eabwasser/projections/audit"
)

// Texts of the operation file (spec 000 §8).
const (
	textBeantragt         = "Betrieb erfolgreich beantragt"
	textGespeichert       = "Betrieb erfolgreich gespeichert"
	textFreigegeben       = "Betrieb freigegeben"
	textAbgelehnt         = "Betrieb abgelehnt"
	textAntragEingereicht = "Änderungsantrag erfolgreich eingereicht."
	textUebernommen       = "Daten wurden übernommen und der Antrag gelöscht"
	textAntragAbgelehnt   = "Daten wurden abgelehnt und der Antrag gelöscht"
)

// betriebRouten are the operation file: operations, their Freigabe, Verlauf and change
// requests.
func (a *api) betriebRouten() []route {
	d := a.deps.Betriebsakte
	if d == nil {
		return nil
	}
	verlauf := a.anDarf(berechtigung.BetriebVerlaufLesen)
	return []route{
		{http.MethodGet, "/betriebkatalog", a.anDarf(berechtigung.SystemverwaltungOeffnen), a.betriebkatalog},
		{http.MethodPost, "/betrieb", a.an(), befehl(a, http.StatusCreated, textBeantragt, a.betriebBeantragen)},
		{http.MethodPost, "/betrieb/freigabe", a.an(), a.betriebFreigabe},
		{http.MethodGet, "/betrieb/{id}", a.an(), standAbfrage(a, d.Ansicht, d.StandZum)},
		{http.MethodPut, "/betrieb/{id}", a.an(), befehl(a, http.StatusOK, textGespeichert, a.betriebSpeichernAlsAdmin)},
		{http.MethodPut, "/betrieb/{id}/betriebsdaten", a.an(), befehl(a, http.StatusOK, textGespeichert, a.betriebSpeichernAlsBetreiber)},
		{http.MethodGet, "/betrieb/{id}/info", a.an(), standAbfrage(a, d.Info, d.InfoZum)},
		{http.MethodGet, "/betrieb/{id}/historie", a.an(), betriebAbfrage(a, d.Historie)},
		{http.MethodGet, "/betrieb/{id}/verlauf", verlauf, betriebAbfrage(a, a.betriebVerlauf)},
		{http.MethodGet, "/betrieb/{id}/stand/{version}", verlauf, versionsStand(a, d.Stand)},
		{http.MethodGet, "/betrieb/{id}/isBetreiberAbwasserbeseitigungspflichtigerInAnlage", a.an(), betriebAbfrage(a, d.BetreiberPflichtigInAnlagen)},
		{http.MethodGet, "/betrieb/{id}/abwasserbehandlungForStilllegung", a.an(), betriebAbfrage(a, d.AbwasserbehandlungFuerStilllegung)},
		{http.MethodPost, "/betrieb/{id}/stammdaten", a.an(), befehl(a, http.StatusCreated, textAntragEingereicht, a.betriebAntragStellen)},
		{http.MethodGet, "/betrieb/{id}/stammdaten-antrag", a.an(), betriebAbfrage(a, a.betriebAntrag)},
		{http.MethodPost, "/betrieb/{id}/stammdaten-antrag/uebernahme", a.an(), befehl(a, http.StatusOK, textUebernommen, a.betriebAntragUebernehmen)},
		// the reasons come as an optional body {begruendungen}; without them the answer names
		// each field that needs one
		{http.MethodDelete, "/betrieb/{id}/stammdaten-antrag", a.an(), befehlOhneEingabe(a, textAntragAbgelehnt, a.betriebAntragAblehnen)},
		{http.MethodGet, "/person/lokaleRolle/{id}", a.an(), betriebAbfrage(a, d.Personen)},
		{http.MethodGet, "/bearbeiter", a.an(), a.bearbeiter},
	}
}

func (a *api) betriebBeantragen(r *http.Request, _ int64, f betriebdienst.Formular) (int64, eventstore.Appended, error) {
	return a.deps.Betriebsakte.Beantragen(r.Context(), nutzer(r), r.URL.Query().Get("typ"), f, Metadaten(r))
}

func (a *api) betriebSpeichernAlsAdmin(r *http.Request, id int64, f betriebdienst.Formular) (int64, eventstore.Appended, error) {
	out, err := a.deps.Betriebsakte.SpeichernAlsAdmin(r.Context(), nutzer(r), id, f, Metadaten(r))
	return id, out, a.betriebKonflikt(r, id, err)
}

func (a *api) betriebSpeichernAlsBetreiber(r *http.Request, id int64, f betriebdienst.Formular) (int64, eventstore.Appended, error) {
	out, err := a.deps.Betriebsakte.SpeichernAlsBetreiber(r.Context(), nutzer(r), id, f, Metadaten(r))
	return id, out, a.betriebKonflikt(r, id, err)
}

func (a *api) betriebAntragStellen(r *http.Request, id int64, f betriebdienst.Antragsformular) (int64, eventstore.Appended, error) {
	out, err := a.deps.Betriebsakte.AntragStellen(r.Context(), nutzer(r), id, f, Metadaten(r))
	return id, out, err
}

func (a *api) betriebAntrag(ctx context.Context, n betriebdienst.Nutzer, id int64) (map[string]any, error) {
	antrag, err := a.deps.Betriebsakte.Antrag(ctx, n, id)
	return map[string]any{"stammdaten": antrag}, err
}

func (a *api) betriebAntragUebernehmen(r *http.Request, id int64, e betriebdienst.Entscheidung) (int64, eventstore.Appended, error) {
	out, err := a.deps.Betriebsakte.AntragUebernehmen(r.Context(), nutzer(r), id, e, Metadaten(r))
	return id, out, err
}

func (a *api) betriebAntragAblehnen(r *http.Request, id int64) (eventstore.Appended, error) {
	e, err := entscheidungImKoerper(r)
	if err != nil {
		return eventstore.Appended{}, err
	}
	return a.deps.Betriebsakte.AntragAblehnen(r.Context(), nutzer(r), id, e.Begruendungen, Metadaten(r))
}

// bearbeiter lists the staff who may be named as an operation's Bearbeiter.
func (a *api) bearbeiter(w http.ResponseWriter, r *http.Request) {
	out, err := a.deps.Betriebsakte.Bearbeiter(r.Context())
	if err != nil {
		a.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, out)
}

// betriebAbfrage is the handler of every query of one operation.
func betriebAbfrage[T any](a *api, query func(ctx context.Context, n betriebdienst.Nutzer, id int64) (T, error)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		id, err := pfadID(r)
		if err != nil {
			a.writeError(w, r, err)
			return
		}
		out, err := query(r.Context(), nutzer(r), id)
		if err != nil {
			a.writeError(w, r, err)
			return
		}
		writeJSON(w, http.StatusOK, out)
	}
}

func (a *api) betriebFreigabe(w http.ResponseWriter, r *http.Request) {
	var in struct {
		BetriebID   int64  `json:"betriebId"`
		Kommentar   string `json:"kommentar"`
		NeuerStatus string `json:"neuerStatus"`
	}
	if err := decodeJSON(r, &in); err != nil {
		a.writeError(w, r, err)
		return
	}
	out, err := a.deps.Betriebsakte.Freigabe(r.Context(), nutzer(r), in.BetriebID, in.NeuerStatus, in.Kommentar, Metadaten(r))
	if err != nil {
		a.writeError(w, r, err)
		return
	}
	text := textFreigegeben
	if in.NeuerStatus == betrieb.Abgewiesen {
		text = textAbgelehnt
	}
	writeCommandResult(w, http.StatusOK, out, map[string]any{"id": in.BetriebID, "message": text, "version": out.Version})
}

// betriebVerlauf is the operation's Verlauf once the audit trail names who did what.
func (a *api) betriebVerlauf(ctx context.Context, n betriebdienst.Nutzer, id int64) ([]betriebdienst.Schritt, error) {
	a.warteAufProtokoll(ctx, eventstore.StreamID(betrieb.StreamType, id))
	return a.deps.Betriebsakte.Verlauf(ctx, n, id)
}

// betriebKonflikt is a save's error, a version conflict with what changed since (mitAenderungen).
func (a *api) betriebKonflikt(r *http.Request, id int64, err error) error {
	return mitAenderungen(r.Context(), err, func(ctx context.Context) ([]historie.Verlaufsschritt, error) {
		return a.betriebVerlauf(ctx, nutzer(r), id)
	})
}

// warteAufProtokoll waits (briefly) until the audit trail has the stream's latest event, so a
// Verlauf names who did what.
func (a *api) warteAufProtokoll(ctx context.Context, streamID string) {
	if a.deps.WaitForProjection == nil {
		return
	}
	pos, _ := a.deps.Store.StreamHead(ctx, streamID)
	wctx, cancel := context.WithTimeout(ctx, readYourWritesTimeout)
	defer cancel()
	_ = a.deps.WaitForProjection(wctx, audit.Name, pos)
}
