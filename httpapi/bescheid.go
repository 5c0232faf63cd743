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

func (a *api) bescheidRoutes(r chi.Router) {
	d := a.deps.Bescheid
	r.Group(func(r chi.Router) {
		r.Use(a.angemeldet)
		anlegen := func(antrag bool) func(r *http.Request, _ int64, f bescheiddienst.Formular) (int64, eventstore.Appended, error) {
			return func(r *http.Request, _ int64, f bescheiddienst.Formular) (int64, eventstore.Appended, error) {
				return d.Anlegen(r.Context(), nutzer(r), f, antrag, Metadaten(r))
			}
		}
		r.With(a.darf(berechtigung.BescheidAnlegen)).Post("/bescheid", befehl(a, http.StatusCreated, textBescheidErstellt, anlegen(false)))
		r.With(a.darf(berechtigung.BescheidsantragStellen)).Post("/bescheidsantrag", befehl(a, http.StatusCreated, textBescheidsantragErstellt, anlegen(true)))
		speichern := func(r *http.Request, id int64, f bescheiddienst.Formular) (int64, eventstore.Appended, error) {
			out, err := d.Speichern(r.Context(), nutzer(r), id, f, Metadaten(r))
			return id, out, mitAenderungen(r.Context(), err, func(ctx context.Context) ([]historie.Verlaufsschritt, error) {
				return a.bescheidVerlauf(ctx, nutzer(r), id)
			})
		}
		for _, pfad := range []string{"/bescheid/{id}", "/bescheidsantrag/{id}"} {
			text := textBescheidAktualisiert
			if pfad == "/bescheidsantrag/{id}" {
				text = textBescheidsantragAktualisiert
			}
			r.Get(pfad, standAbfrage(a, d.Ansicht, d.StandZum))
			r.Put(pfad, befehl(a, http.StatusOK, text, speichern))
			r.Delete(pfad, befehlOhneEingabe(a, textBescheidGeloescht, func(r *http.Request, id int64) (eventstore.Appended, error) {
				version, err := versionAusAnfrage(r)
				if err != nil {
					return eventstore.Appended{}, err
				}
				return d.Loeschen(r.Context(), nutzer(r), id, version, Metadaten(r))
			}))
		}
		r.Patch("/bescheid/{id}", a.bescheidAnforderungenSetzen)
		r.Get("/bescheid/{id}/messstelle/{mid}", func(w http.ResponseWriter, r *http.Request) {
			id, mid, err := zweiIDs(r)
			if err != nil {
				a.writeError(w, r, err)
				return
			}
			out, err := d.Messstelle(r.Context(), nutzer(r), id, mid)
			a.antworte(w, r, out, err)
		})
		r.Delete("/bescheid/{id}/messstelle/{mid}", func(w http.ResponseWriter, r *http.Request) {
			id, mid, err := zweiIDs(r)
			var version int
			if err == nil {
				version, err = versionAusAnfrage(r)
			}
			var out eventstore.Appended
			if err == nil {
				out, err = d.EntferneMessstelle(r.Context(), nutzer(r), id, mid, version, Metadaten(r))
				err = mitAenderungen(r.Context(), err, func(ctx context.Context) ([]historie.Verlaufsschritt, error) {
					return a.bescheidVerlauf(ctx, nutzer(r), id)
				})
			}
			if err != nil {
				a.writeError(w, r, err)
				return
			}
			writeCommandResult(w, http.StatusOK, out, map[string]any{"id": id, "message": textMessstelleEntfernt, "version": out.Version})
		})
		r.Get("/bescheid/{id}/anforderung", func(w http.ResponseWriter, r *http.Request) {
			id, err := pfadID(r)
			var mid int64
			if err == nil {
				mid, err = idAusAnfrage(r, "messstelle")
			}
			if err != nil {
				a.writeError(w, r, err)
				return
			}
			out, err := d.Anforderungen(r.Context(), nutzer(r), id, mid)
			a.antworte(w, r, out, err)
		})
		r.Post("/anforderung", func(w http.ResponseWriter, r *http.Request) {
			if bericht, err := fuerJahresbericht(r); err != nil || (bericht && a.deps.Jahresbericht != nil) {
				if err != nil {
					a.writeError(w, r, err)
				} else {
					a.berichtsparameter(w, r, true)
				}
				return
			}
			var f bescheiddienst.AnforderungFormular
			if err := decodeJSON(r, &f); err != nil {
				a.writeError(w, r, err)
				return
			}
			aid, out, err := d.LegeAnforderungAn(r.Context(), nutzer(r), f, Metadaten(r))
			err = mitAenderungen(r.Context(), err, func(ctx context.Context) ([]historie.Verlaufsschritt, error) {
				return a.bescheidVerlauf(ctx, nutzer(r), f.Bescheid)
			})
			if err != nil {
				a.writeError(w, r, err)
				return
			}
			writeCommandResult(w, http.StatusCreated, out, map[string]any{"id": f.Bescheid, "anforderungId": aid,
				"message": textAnforderungGespeichert, "version": out.Version})
		})
		r.Put("/anforderung", func(w http.ResponseWriter, r *http.Request) {
			if bericht, err := fuerJahresbericht(r); err != nil || (bericht && a.deps.Jahresbericht != nil) {
				if err != nil {
					a.writeError(w, r, err)
				} else {
					a.berichtsparameter(w, r, false)
				}
				return
			}
			var f bescheiddienst.AnforderungFormular
			if err := decodeJSON(r, &f); err != nil {
				a.writeError(w, r, err)
				return
			}
			out, err := d.AendereAnforderung(r.Context(), nutzer(r), f, Metadaten(r))
			err = mitAenderungen(r.Context(), err, func(ctx context.Context) ([]historie.Verlaufsschritt, error) {
				return a.bescheidVerlauf(ctx, nutzer(r), f.Bescheid)
			})
			if err != nil {
				a.writeError(w, r, err)
				return
			}
			writeCommandResult(w, http.StatusOK, out, map[string]any{"id": f.Bescheid, "anforderungId": f.AnforderungID,
				"message": textAnforderungGespeichert, "version": out.Version})
		})
		r.Delete("/anforderung/{id}", befehlOhneEingabe(a, textAnforderungGeloescht, func(r *http.Request, id int64) (eventstore.Appended, error) {
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
			return d.LoescheAnforderung(r.Context(), nutzer(r), id, version, Metadaten(r))
		}))
		r.Get("/betrieb/{id}/bescheid/vorbescheide", func(w http.ResponseWriter, r *http.Request) {
			id, err := pfadID(r)
			var ohne int64
			if err == nil && r.URL.Query().Get("bescheidId") != "" {
				ohne, err = idAusAnfrage(r, "bescheidId")
			}
			if err != nil {
				a.writeError(w, r, err)
				return
			}
			out, err := d.Vorbescheide(r.Context(), nutzer(r), id, ohne, r.URL.Query().Get("bescheidQualitaet"))
			a.antworte(w, r, out, err)
		})
		r.Get("/betrieb/{id}/bescheid/messstellen", func(w http.ResponseWriter, r *http.Request) {
			id, err := pfadID(r)
			if err != nil {
				a.writeError(w, r, err)
				return
			}
			out, err := d.Kandidaten(r.Context(), nutzer(r), id, r.URL.Query().Get("bescheidQualitaet"))
			a.antworte(w, r, out, err)
		})
		verlauf := r.With(a.darf(berechtigung.BetriebVerlaufLesen))
		verlauf.Get("/bescheid/{id}/verlauf", betriebAbfrage(a, a.bescheidVerlauf))
		verlauf.Get("/bescheid/{id}/stand/{version}", betriebAbfrage(a, func(ctx context.Context, n bescheiddienst.Nutzer, id int64) (bescheiddienst.Ansicht, error) {
			v, err := strconv.Atoi(chi.URLParamFromCtx(ctx, "version"))
			if err != nil {
				v = -1
			}
			return d.Stand(ctx, n, id, v)
		}))
	})
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
		err = mitAenderungen(r.Context(), err, func(ctx context.Context) ([]historie.Verlaufsschritt, error) {
			return a.bescheidVerlauf(ctx, nutzer(r), id)
		})
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
