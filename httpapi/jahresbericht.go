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

// jahresberichtRouten are the annual reports, their parameters and measured values (issue 31).
func (a *api) jahresberichtRouten() []route {
	d := a.deps.Jahresbericht
	if d == nil {
		return nil
	}
	an, neu, verlauf := a.an(), a.anDarf(berechtigung.JahresberichtAnlegen), a.anDarf(berechtigung.BetriebVerlaufLesen)
	return []route{
		{http.MethodGet, "/jahresbericht/suevoaEnabled", an, a.suevoa},
		{http.MethodPost, "/jahresbericht", neu, befehl(a, http.StatusCreated, textBerichtGespeichert, a.berichtAnlegen)},
		{http.MethodPost, "/jahresbericht/uebernahme/{id}", neu, befehl(a, http.StatusCreated, textBerichtGespeichert, a.berichtAnlegen)},
		{http.MethodPut, "/jahresbericht", an, befehl(a, http.StatusOK, textBerichtGespeichert, a.berichtSpeichern)},
		{http.MethodPut, "/jahresbericht/einreichen", an, befehl(a, http.StatusOK, textBerichtEingereicht, a.berichtEinreichen)},
		{http.MethodPut, "/jahresbericht/{id}/freigabe", an, a.berichtEntscheiden},
		{http.MethodDelete, "/jahresbericht/{id}", an, befehlOhneEingabe(a, textBerichtGeloescht, a.berichtLoeschen)},
		{http.MethodGet, "/jahresbericht/id/{id}", an, betriebAbfrage(a, d.Ansicht)},
		{http.MethodGet, "/jahresbericht/{id}", an, a.berichteDesBetriebs},
		{http.MethodGet, "/jahresbericht/betrieb/{id}/parameter-messwert", an, betriebAbfrage(a, d.MesswerteDesBetriebs)},
		// the limit-value checks (beyond the spec, issue 31): an operation's exceedances, and the
		// start page's operations with exceedances in a year
		{http.MethodGet, "/betrieb/{id}/ueberschreitungen", an, a.ueberschreitungenDesBetriebs},
		{http.MethodGet, "/ueberschreitung/betriebe", an, a.ueberschreitungenJeBetrieb},
		{http.MethodGet, "/jahresbericht/{id}/messstelle/{mid}/parameter-messwert", an, a.berichtsparameterListe},
		{http.MethodGet, "/jahresbericht/{id}/messstelle/{mid}/parameter-messwert/{pid}", an, a.messwerte},
		{http.MethodPut, "/jahresbericht/{id}/messstelle/{mid}/parameter-messwert/{pid}", an, a.messwerteSpeichern},
		{http.MethodGet, "/messwert/jahresbericht/{id}/parameter/{pid}/export-messwerte", an, a.messwerteExport(false)},
		{http.MethodGet, "/messwert/jahresbericht/{id}/parameter/{pid}/export-vorlage", an, a.messwerteExport(true)},
		{http.MethodPost, "/messwert/{pid}/import-messwerte", a.anDarf(berechtigung.MesswerteImportieren), a.messwerteImport},
		{http.MethodGet, "/anlage/abwasserbehandlung/getJahresberichtAnlagenForBetrieb/{id}", an, betriebAbfrage(a, d.Anlagen)},
		{http.MethodGet, "/anlage/abwasserbehandlung/getJahresberichtJahreForAnlage/{id}", an, betriebAbfrage(a, d.Jahre)},
		{http.MethodGet, "/anlage/kanalnetz/selbstueberwachungspflichtForAnlage/{id}", an, betriebAbfrage(a, d.Selbstueberwachungspflicht)},
		{http.MethodGet, "/jahresbericht/{id}/verlauf", verlauf, betriebAbfrage(a, a.berichtVerlauf)},
		{http.MethodGet, "/jahresbericht/{id}/stand/{version}", verlauf, versionsStand(a, d.Stand)},
	}
}

// berichtKonflikt adds to a conflict of a save of report id what changed meanwhile.
// suevoa tells whether the SüVOA's reports are enabled.
func (a *api) suevoa(w http.ResponseWriter, _ *http.Request) {
	writeJSON(w, http.StatusOK, a.deps.Jahresbericht.Suevoa)
}

// berichtAnlegen creates a report, of ?{id} (uebernahme) the report it takes over.
func (a *api) berichtAnlegen(r *http.Request, quelle int64, f berichtdienst.Formular) (int64, eventstore.Appended, error) {
	return a.deps.Jahresbericht.Anlegen(r.Context(), nutzer(r), f, quelle, Metadaten(r))
}

func (a *api) berichtSpeichern(r *http.Request, _ int64, f berichtdienst.Formular) (int64, eventstore.Appended, error) {
	out, err := a.deps.Jahresbericht.Speichern(r.Context(), nutzer(r), f, Metadaten(r))
	return f.ID, out, a.berichtKonflikt(r, f.ID, err)
}

func (a *api) berichtEinreichen(r *http.Request, _ int64, f berichtdienst.Formular) (int64, eventstore.Appended, error) {
	out, err := a.deps.Jahresbericht.Einreichen(r.Context(), nutzer(r), f, Metadaten(r))
	return f.ID, out, a.berichtKonflikt(r, f.ID, err)
}

// berichtEntscheiden: PUT /jahresbericht/{id}/freigabe, released or sent back.
func (a *api) berichtEntscheiden(w http.ResponseWriter, r *http.Request) {
	id, err := pfadID(r)
	var f berichtdienst.Freigabe
	if err == nil {
		err = decodeJSON(r, &f)
	}
	var out eventstore.Appended
	if err == nil {
		out, err = a.deps.Jahresbericht.Entscheiden(r.Context(), nutzer(r), id, f, Metadaten(r))
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
}

func (a *api) berichtLoeschen(r *http.Request, id int64) (eventstore.Appended, error) {
	version, err := versionAusAnfrage(r)
	if err != nil {
		return eventstore.Appended{}, err
	}
	return a.deps.Jahresbericht.Loeschen(r.Context(), nutzer(r), id, version, Metadaten(r))
}

// berichteDesBetriebs: GET /jahresbericht/{id}?anlage=…, the reports of an operation.
func (a *api) berichteDesBetriebs(w http.ResponseWriter, r *http.Request) {
	id, err := pfadID(r)
	var anlage int64
	if err == nil && r.URL.Query().Get("anlage") != "" {
		anlage, err = idAusAnfrage(r, "anlage")
	}
	if err != nil {
		a.writeError(w, r, err)
		return
	}
	out, err := a.deps.Jahresbericht.DesBetriebs(r.Context(), nutzer(r), id, anlage)
	a.antworte(w, r, out, err)
}

// ueberschreitungenDesBetriebs: GET /betrieb/{id}/ueberschreitungen?jahr=….
func (a *api) ueberschreitungenDesBetriebs(w http.ResponseWriter, r *http.Request) {
	id, err := pfadID(r)
	var s validierung.Sammler
	jahr := berichtsjahr(r, &s, false)
	if err == nil {
		err = s.Err()
	}
	var out berichtdienst.Ueberschreitungen
	if err == nil {
		out, err = a.deps.Jahresbericht.UeberschreitungenDesBetriebs(r.Context(), nutzer(r), id, jahr)
	}
	a.antworte(w, r, out, err)
}

// ueberschreitungenJeBetrieb: GET /ueberschreitung/betriebe?jahr=…&page=…&size=….
func (a *api) ueberschreitungenJeBetrieb(w http.ResponseWriter, r *http.Request) {
	var s validierung.Sammler
	page, size := seitenwahl(r.URL.Query(), &s, 20, 100)
	jahr := berichtsjahr(r, &s, true)
	err := s.Err()
	var out ueberschreitung.Seite
	if err == nil {
		out, err = a.deps.Jahresbericht.UeberschreitungenJeBetrieb(r.Context(), nutzer(r), jahr, page, size)
	}
	a.antworte(w, r, out, err)
}

// berichtsparameterListe: GET /jahresbericht/{id}/messstelle/{mid}/parameter-messwert.
func (a *api) berichtsparameterListe(w http.ResponseWriter, r *http.Request) {
	id, mid, err := zweiIDs(r)
	if err != nil {
		a.writeError(w, r, err)
		return
	}
	out, err := a.deps.Jahresbericht.Parameter(r.Context(), nutzer(r), id, mid)
	a.antworte(w, r, out, err)
}

// messwerte: GET /jahresbericht/{id}/messstelle/{mid}/parameter-messwert/{pid}.
func (a *api) messwerte(w http.ResponseWriter, r *http.Request) {
	id, mid, pid, err := dreiIDs(r)
	if err != nil {
		a.writeError(w, r, err)
		return
	}
	out, err := a.deps.Jahresbericht.Messwerte(r.Context(), nutzer(r), id, mid, pid)
	a.antworte(w, r, out, err)
}

// messwerteSpeichern: PUT /jahresbericht/{id}/messstelle/{mid}/parameter-messwert/{pid}.
func (a *api) messwerteSpeichern(w http.ResponseWriter, r *http.Request) {
	id, mid, pid, err := dreiIDs(r)
	var f berichtdienst.MesswertFormular
	if err == nil {
		err = decodeJSON(r, &f)
	}
	var out eventstore.Appended
	if err == nil {
		out, err = a.deps.Jahresbericht.SpeichereMesswerte(r.Context(), nutzer(r), id, mid, pid, f, Metadaten(r))
		err = a.berichtKonflikt(r, id, err)
	}
	if err != nil {
		a.writeError(w, r, err)
		return
	}
	writeCommandResult(w, http.StatusOK, out, map[string]any{"id": id, "parameterId": pid, "message": textParameterGespeichert,
		"version": out.Version})
}

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
