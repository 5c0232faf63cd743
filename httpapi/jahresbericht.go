package httpapi

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strconv"

	"github.com/go-chi/chi/v5"

	"github.com/eabwasser/eabwasser/domain/berechtigung"
	"github.com/eabwasser/eabwasser/domain/historie"
	"github.com/eabwasser/eabwasser/domain/jahresbericht"
	"github.com/eabwasser/eabwasser/domain/validierung"
	"github.com/eabwasser/eabwasser/eventstore"
	berichtdienst "github.com/eabwasser/eabwasser/internal/anwendung/jahresbericht"
	"github.com/eabwasser/eabwasser/internal/plattform/tabelle"
	"github.com/eabwasser/eabwasser/projections/ueberschreitung"
)

// Texts of the annual report screens (spec 001 §8; the submission's is ours).
const (
	textBerichtGespeichert     = "Bericht erfolgreich gespeichert"
	textBerichtGeloescht       = "Bericht erfolgreich gelöscht"
	textBerichtEingereicht     = "Der Jahresbericht wurde erfolgreich eingereicht."
	textBerichtFreigegeben     = "Der Jahresbericht wurde erfolgreich freigegeben."
	textBerichtZurueckgewiesen = "Der Jahresbericht wurde erfolgreich zurückgewiesen."
	textParameterGespeichert   = "Parameter erfolgreich gespeichert"
	// ours: spec 001 §8 names an import success message without its text
	textMesswerteImportiert = "Die Messwerte wurden erfolgreich importiert."
)

func (a *api) jahresberichtRoutes(r chi.Router) {
	d := a.deps.Jahresbericht
	r.Group(func(r chi.Router) {
		r.Use(a.angemeldet)
		r.Get("/jahresbericht/suevoaEnabled", func(w http.ResponseWriter, r *http.Request) {
			writeJSON(w, http.StatusOK, d.Suevoa)
		})
		anlegen := func(r *http.Request, quelle int64, f berichtdienst.Formular) (int64, eventstore.Appended, error) {
			return d.Anlegen(r.Context(), nutzer(r), f, quelle, Metadaten(r))
		}
		neu := r.With(a.darf(berechtigung.JahresberichtAnlegen))
		neu.Post("/jahresbericht", befehl(a, http.StatusCreated, textBerichtGespeichert, anlegen))
		neu.Post("/jahresbericht/uebernahme/{id}", befehl(a, http.StatusCreated, textBerichtGespeichert, anlegen))
		r.Put("/jahresbericht", befehl(a, http.StatusOK, textBerichtGespeichert, func(r *http.Request, _ int64, f berichtdienst.Formular) (int64, eventstore.Appended, error) {
			out, err := d.Speichern(r.Context(), nutzer(r), f, Metadaten(r))
			return f.ID, out, a.berichtKonflikt(r, f.ID, err)
		}))
		r.Put("/jahresbericht/einreichen", befehl(a, http.StatusOK, textBerichtEingereicht, func(r *http.Request, _ int64, f berichtdienst.Formular) (int64, eventstore.Appended, error) {
			out, err := d.Einreichen(r.Context(), nutzer(r), f, Metadaten(r))
			return f.ID, out, a.berichtKonflikt(r, f.ID, err)
		}))
		r.Put("/jahresbericht/{id}/freigabe", func(w http.ResponseWriter, r *http.Request) {
			id, err := pfadID(r)
			var f berichtdienst.Freigabe
			if err == nil {
				err = decodeJSON(r, &f)
			}
			var out eventstore.Appended
			if err == nil {
				out, err = d.Entscheiden(r.Context(), nutzer(r), id, f, Metadaten(r))
				err = a.berichtKonflikt(r, id, err)
			}
			if err != nil {
				a.writeError(w, r, err)
				return
			}
			text := textBerichtFreigegeben
			if f.NeuerStatus == jahresbericht.InBearbeitung {
				text = textBerichtZurueckgewiesen
			}
			writeCommandResult(w, http.StatusOK, out, map[string]any{"id": id, "message": text, "version": out.Version})
		})
		r.Delete("/jahresbericht/{id}", befehlOhneEingabe(a, textBerichtGeloescht, func(r *http.Request, id int64) (eventstore.Appended, error) {
			version, err := versionAusAnfrage(r)
			if err != nil {
				return eventstore.Appended{}, err
			}
			return d.Loeschen(r.Context(), nutzer(r), id, version, Metadaten(r))
		}))
		r.Get("/jahresbericht/id/{id}", betriebAbfrage(a, d.Ansicht))
		r.Get("/jahresbericht/{id}", func(w http.ResponseWriter, r *http.Request) {
			id, err := pfadID(r)
			var anlage int64
			if err == nil && r.URL.Query().Get("anlage") != "" {
				anlage, err = idAusAnfrage(r, "anlage")
			}
			if err != nil {
				a.writeError(w, r, err)
				return
			}
			out, err := d.DesBetriebs(r.Context(), nutzer(r), id, anlage)
			a.antworte(w, r, out, err)
		})
		r.Get("/jahresbericht/betrieb/{id}/parameter-messwert", betriebAbfrage(a, d.MesswerteDesBetriebs))
		// the limit-value checks (beyond the spec, issue 31): an operation's exceedances, and the
		// start page's operations with exceedances in a year
		r.Get("/betrieb/{id}/ueberschreitungen", func(w http.ResponseWriter, r *http.Request) {
			id, err := pfadID(r)
			var s validierung.Sammler
			jahr := berichtsjahr(r, &s, false)
			if err == nil {
				err = s.Err()
			}
			var out berichtdienst.Ueberschreitungen
			if err == nil {
				out, err = d.UeberschreitungenDesBetriebs(r.Context(), nutzer(r), id, jahr)
			}
			a.antworte(w, r, out, err)
		})
		r.Get("/ueberschreitung/betriebe", func(w http.ResponseWriter, r *http.Request) {
			var s validierung.Sammler
			page, size := seitenwahl(r.URL.Query(), &s, 20, 100)
			jahr := berichtsjahr(r, &s, true)
			err := s.Err()
			var out ueberschreitung.Seite
			if err == nil {
				out, err = d.UeberschreitungenJeBetrieb(r.Context(), nutzer(r), jahr, page, size)
			}
			a.antworte(w, r, out, err)
		})
		r.Get("/jahresbericht/{id}/messstelle/{mid}/parameter-messwert", func(w http.ResponseWriter, r *http.Request) {
			id, mid, err := zweiIDs(r)
			if err != nil {
				a.writeError(w, r, err)
				return
			}
			out, err := d.Parameter(r.Context(), nutzer(r), id, mid)
			a.antworte(w, r, out, err)
		})
		r.Get("/jahresbericht/{id}/messstelle/{mid}/parameter-messwert/{pid}", func(w http.ResponseWriter, r *http.Request) {
			id, mid, pid, err := dreiIDs(r)
			if err != nil {
				a.writeError(w, r, err)
				return
			}
			out, err := d.Messwerte(r.Context(), nutzer(r), id, mid, pid)
			a.antworte(w, r, out, err)
		})
		r.Put("/jahresbericht/{id}/messstelle/{mid}/parameter-messwert/{pid}", func(w http.ResponseWriter, r *http.Request) {
			id, mid, pid, err := dreiIDs(r)
			var f berichtdienst.MesswertFormular
			if err == nil {
				err = decodeJSON(r, &f)
			}
			var out eventstore.Appended
			if err == nil {
				out, err = d.SpeichereMesswerte(r.Context(), nutzer(r), id, mid, pid, f, Metadaten(r))
				err = a.berichtKonflikt(r, id, err)
			}
			if err != nil {
				a.writeError(w, r, err)
				return
			}
			writeCommandResult(w, http.StatusOK, out, map[string]any{"id": id, "parameterId": pid, "message": textParameterGespeichert,
				"version": out.Version})
		})
		r.Get("/messwert/jahresbericht/{id}/parameter/{pid}/export-messwerte", a.messwerteExport(false))
		r.Get("/messwert/jahresbericht/{id}/parameter/{pid}/export-vorlage", a.messwerteExport(true))
		r.With(a.darf(berechtigung.MesswerteImportieren)).Post("/messwert/{pid}/import-messwerte", a.messwerteImport)
		r.Get("/anlage/abwasserbehandlung/getJahresberichtAnlagenForBetrieb/{id}", betriebAbfrage(a, d.Anlagen))
		r.Get("/anlage/abwasserbehandlung/getJahresberichtJahreForAnlage/{id}", betriebAbfrage(a, d.Jahre))
		r.Get("/anlage/kanalnetz/selbstueberwachungspflichtForAnlage/{id}", betriebAbfrage(a, d.Selbstueberwachungspflicht))
		verlauf := r.With(a.darf(berechtigung.BetriebVerlaufLesen))
		verlauf.Get("/jahresbericht/{id}/verlauf", betriebAbfrage(a, a.berichtVerlauf))
		verlauf.Get("/jahresbericht/{id}/stand/{version}", betriebAbfrage(a, func(ctx context.Context, n berichtdienst.Nutzer, id int64) (berichtdienst.Ansicht, error) {
			v, err := strconv.Atoi(chi.URLParamFromCtx(ctx, "version"))
			if err != nil {
				v = -1
			}
			return d.Stand(ctx, n, id, v)
		}))
	})
}

// berichtKonflikt adds to a conflict of a save of report id what changed meanwhile.
func (a *api) berichtKonflikt(r *http.Request, id int64, err error) error {
	return mitAenderungen(r.Context(), err, func(ctx context.Context) ([]historie.Verlaufsschritt, error) {
		return a.berichtVerlauf(ctx, nutzer(r), id)
	})
}

// berichtVerlauf is the report's Verlauf once the audit trail names who did what.
func (a *api) berichtVerlauf(ctx context.Context, n berichtdienst.Nutzer, id int64) ([]historie.Verlaufsschritt, error) {
	a.warteAufProtokoll(ctx, eventstore.StreamID(jahresbericht.StreamType, id))
	return a.deps.Jahresbericht.Verlauf(ctx, n, id)
}

// dreiIDs reads {id}, {mid} and {pid} of the path; anything else names nothing (404).
func dreiIDs(r *http.Request) (int64, int64, int64, error) {
	id, mid, err := zweiIDs(r)
	if err != nil {
		return 0, 0, 0, err
	}
	pid, err := strconv.ParseInt(chi.URLParam(r, "pid"), 10, 64)
	if err != nil || pid <= 0 {
		return 0, 0, 0, validierung.NichtGefunden
	}
	return id, mid, pid, nil
}

// fuerJahresbericht tells whether the body of POST or PUT /anforderung names a report — a
// supplementary parameter of an annual report (spec 001 §3.3) — and leaves the body to be read
// again.
func fuerJahresbericht(r *http.Request) (bool, error) {
	b, err := io.ReadAll(r.Body)
	if err != nil {
		return false, err
	}
	r.Body = io.NopCloser(bytes.NewReader(b))
	var x struct {
		Jahresbericht json.RawMessage `json:"jahresbericht"`
	}
	_ = json.Unmarshal(b, &x)
	return len(x.Jahresbericht) > 0 && string(x.Jahresbericht) != "null" && string(x.Jahresbericht) != "0", nil
}

// berichtsparameter handles POST (neu) and PUT /anforderung for a report's supplementary
// parameter.
func (a *api) berichtsparameter(w http.ResponseWriter, r *http.Request, neu bool) {
	var f berichtdienst.ParameterFormular
	if err := decodeJSON(r, &f); err != nil {
		a.writeError(w, r, err)
		return
	}
	d, status, pid := a.deps.Jahresbericht, http.StatusOK, f.ParameterID
	var out eventstore.Appended
	var err error
	if neu {
		status = http.StatusCreated
		pid, out, err = d.LegeParameterAn(r.Context(), nutzer(r), f, Metadaten(r))
	} else {
		out, err = d.AendereParameter(r.Context(), nutzer(r), f, Metadaten(r))
	}
	if err = a.berichtKonflikt(r, f.Jahresbericht, err); err != nil {
		a.writeError(w, r, err)
		return
	}
	writeCommandResult(w, status, out, map[string]any{"id": f.Jahresbericht, "jahresbericht": f.Jahresbericht, "anforderungId": pid,
		"parameterId": pid, "message": textAnforderungGespeichert, "version": out.Version})
}

// messwerteExport answers the values of a parameter (vorlage: the import template) as xlsx.
func (a *api) messwerteExport(vorlage bool) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		id, err := pfadID(r)
		pid, ok := parseInt64(chi.URLParam(r, "pid"))
		if err != nil || !ok || pid <= 0 {
			a.writeError(w, r, validierung.NichtGefunden)
			return
		}
		var buf bytes.Buffer
		var datei string
		if err := a.deps.Jahresbericht.ExportiereMesswerte(r.Context(), nutzer(r), id, pid, vorlage, func(n string) { datei = n }, &buf); err != nil {
			a.writeError(w, r, err)
			return
		}
		w.Header().Set("Content-Type", tabelle.ContentType)
		w.Header().Set("Content-Disposition", anhang(datei))
		_, _ = w.Write(buf.Bytes())
	}
}

// messwerteImport reads the multipart form's part file (an xlsx file) and replaces the
// parameter's values by its rows; the query's version is the report's as the page loaded it.
func (a *api) messwerteImport(w http.ResponseWriter, r *http.Request) {
	pid, ok := parseInt64(chi.URLParam(r, "pid"))
	if !ok || pid <= 0 {
		a.writeError(w, r, validierung.NichtGefunden)
		return
	}
	version, _ := strconv.Atoi(r.URL.Query().Get("version"))
	// the body is read once the service has checked the caller's rights
	id, out, err := a.deps.Jahresbericht.ImportiereMesswerte(r.Context(), nutzer(r), pid, version, xlsxTeil(r), Metadaten(r))
	if err != nil {
		a.writeError(w, r, a.berichtKonflikt(r, id, err))
		return
	}
	writeCommandResult(w, http.StatusOK, out, map[string]any{"id": id, "parameterId": pid, "message": textMesswerteImportiert,
		"version": out.Version})
}

// textJahrUngueltig is ours: the year of a list of exceedances.
const textJahrUngueltig = "Das Jahr muss eine Zahl von 2000 bis 9999 sein."

// berichtsjahr reads the query parameter jahr into s's errors (absent: 0, unless noetig).
func berichtsjahr(r *http.Request, s *validierung.Sammler, noetig bool) int {
	v := r.URL.Query().Get("jahr")
	if v == "" && !noetig {
		return 0
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 2000 || n > 9999 {
		s.Feld("jahr", textJahrUngueltig)
		return 0
	}
	return n
}
