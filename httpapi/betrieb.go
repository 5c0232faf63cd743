package httpapi

import (
	"context"
	"net/http"
	"strconv"

	"github.com/go-chi/chi/v5"

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

func (a *api) betriebRoutes(r chi.Router) {
	d := a.deps.Betriebsakte
	r.Group(func(r chi.Router) {
		r.Use(a.angemeldet)
		r.With(a.darf(berechtigung.SystemverwaltungOeffnen)).Get("/betriebkatalog", a.betriebkatalog)
		r.Post("/betrieb", befehl(a, http.StatusCreated, textBeantragt, func(r *http.Request, _ int64, f betriebdienst.Formular) (int64, eventstore.Appended, error) {
			return d.Beantragen(r.Context(), nutzer(r), r.URL.Query().Get("typ"), f, Metadaten(r))
		}))
		r.Post("/betrieb/freigabe", a.betriebFreigabe)
		r.Get("/betrieb/{id}", standAbfrage(a, d.Ansicht, d.StandZum))
		r.Put("/betrieb/{id}", befehl(a, http.StatusOK, textGespeichert, func(r *http.Request, id int64, f betriebdienst.Formular) (int64, eventstore.Appended, error) {
			out, err := d.SpeichernAlsAdmin(r.Context(), nutzer(r), id, f, Metadaten(r))
			return id, out, a.betriebKonflikt(r, id, err)
		}))
		r.Put("/betrieb/{id}/betriebsdaten", befehl(a, http.StatusOK, textGespeichert, func(r *http.Request, id int64, f betriebdienst.Formular) (int64, eventstore.Appended, error) {
			out, err := d.SpeichernAlsBetreiber(r.Context(), nutzer(r), id, f, Metadaten(r))
			return id, out, a.betriebKonflikt(r, id, err)
		}))
		r.Get("/betrieb/{id}/info", standAbfrage(a, d.Info, d.InfoZum))
		r.Get("/betrieb/{id}/historie", betriebAbfrage(a, d.Historie))
		verlauf := r.With(a.darf(berechtigung.BetriebVerlaufLesen))
		verlauf.Get("/betrieb/{id}/verlauf", betriebAbfrage(a, a.betriebVerlauf))
		verlauf.Get("/betrieb/{id}/stand/{version}", betriebAbfrage(a, func(ctx context.Context, n betriebdienst.Nutzer, id int64) (betriebdienst.Ansicht, error) {
			v, err := strconv.Atoi(chi.URLParamFromCtx(ctx, "version"))
			if err != nil {
				v = -1
			}
			return d.Stand(ctx, n, id, v)
		}))
		r.Get("/betrieb/{id}/isBetreiberAbwasserbeseitigungspflichtigerInAnlage", betriebAbfrage(a, d.BetreiberPflichtigInAnlagen))
		r.Get("/betrieb/{id}/abwasserbehandlungForStilllegung", betriebAbfrage(a, d.AbwasserbehandlungFuerStilllegung))
		r.Post("/betrieb/{id}/stammdaten", befehl(a, http.StatusCreated, textAntragEingereicht, func(r *http.Request, id int64, f betriebdienst.Antragsformular) (int64, eventstore.Appended, error) {
			out, err := d.AntragStellen(r.Context(), nutzer(r), id, f, Metadaten(r))
			return id, out, err
		}))
		r.Get("/betrieb/{id}/stammdaten-antrag", betriebAbfrage(a, func(ctx context.Context, n betriebdienst.Nutzer, id int64) (map[string]any, error) {
			antrag, err := d.Antrag(ctx, n, id)
			return map[string]any{"stammdaten": antrag}, err
		}))
		r.Post("/betrieb/{id}/stammdaten-antrag/uebernahme", befehl(a, http.StatusOK, textUebernommen, func(r *http.Request, id int64, e betriebdienst.Entscheidung) (int64, eventstore.Appended, error) {
			out, err := d.AntragUebernehmen(r.Context(), nutzer(r), id, e, Metadaten(r))
			return id, out, err
		}))
		// the reasons come as an optional body {begruendungen}; without them the answer names
		// each field that needs one
		r.Delete("/betrieb/{id}/stammdaten-antrag", befehlOhneEingabe(a, textAntragAbgelehnt, func(r *http.Request, id int64) (eventstore.Appended, error) {
			e, err := entscheidungImKoerper(r)
			if err != nil {
				return eventstore.Appended{}, err
			}
			return d.AntragAblehnen(r.Context(), nutzer(r), id, e.Begruendungen, Metadaten(r))
		}))
		r.Get("/person/lokaleRolle/{id}", betriebAbfrage(a, d.Personen))
		r.Get("/bearbeiter", func(w http.ResponseWriter, r *http.Request) {
			out, err := d.Bearbeiter(r.Context())
			if err != nil {
				a.writeError(w, r, err)
				return
			}
			writeJSON(w, http.StatusOK, out)
		})
	})
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
