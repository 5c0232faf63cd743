package httpapi

import (
	"context"
	"io"
	"net/http"
	"slices"
	"strconv"
	"strings"

	"github.com/go-chi/chi/v5"

	"github.com/eabwasser/eabwasser/domain/anlage"
	"github.com/eabwasser/eabwasser/domain/berechtigung"
	"github.com/eabwasser/eabwasser/domain/historie"
	"github.com/eabwasser/eabwasser/domain/validierung"
	"github.com/eabwasser/eabwasser/eventstore"
	anlagedienst "github.com/eabwasser/eabwasser/internal/anwendung/anlage"
	"github.com/eabwasser/eabwasser/internal/anwendung/auswahl"
)

// Texts of the plant screens (spec 000 §8).
const (
	textAnlageGespeichert = "Anlage erfolgreich gespeichert"
	textAnlageAngelegt    = "Anlage erfolgreich gespeichert"
)

// anlagentypPfad matches the type segment of the typed plant calls (spec 000 §7).
const anlagentypPfad = "{typ:abwasserbehandlung|entlastung|kanalnetz|kuehlwasser}"

// anlagentyp is the plant type named by the path (ENTLASTUNG for "entlastung").
func anlagentyp(r *http.Request) string { return strings.ToUpper(chi.URLParam(r, "typ")) }

// anlageRouten are the plant area: the plants, their exports and imports, pickers, Verlauf and
// change requests (spec 000 §2, §7).
func (a *api) anlageRouten() []route {
	d := a.deps.Anlage
	if d == nil {
		return nil
	}
	an, verlauf, waehlen := a.an(), a.anDarf(berechtigung.BetriebVerlaufLesen), a.anDarf(berechtigung.BearbeitungsmodusNutzen)
	return []route{
		{http.MethodGet, "/anlage", an, a.anlagen},
		{http.MethodGet, "/anlage/{id}", an, standAbfrage(a, d.Ansicht, d.StandZum)},
		{http.MethodGet, "/anlage/{id}/historie", an, anlageAbfrage(a, d.Historie)},
		{http.MethodGet, "/anlage/{id}/indirekteinleiter", an, anlageAbfrage(a, d.Indirekteinleiter)},
		{http.MethodGet, "/anlage/{id}/hasIndirektEinleiter", an, anlageAbfrage(a, d.HatIndirekteinleiter)},
		// the relief plants of an operation as a spreadsheet (spec 000 §2)
		{http.MethodGet, "/betrieb/{id}/export-entlastungsanlagen", an, a.entlastungsanlagenExport},
		{http.MethodPost, "/betrieb/{id}/import-entlastungsanlagen", a.anDarf(berechtigung.EntlastungsanlagenImportieren), a.entlastungsanlagenImport},
		// the disposal area of a treatment plant as a spreadsheet (spec 000 §7)
		{http.MethodGet, "/anlage/abwasserbehandlung/{id}/export", an, a.entsorgungsraumExport},
		{http.MethodPost, "/anlage/abwasserbehandlung/{id}/import", waehlen, a.entsorgungsraumImport},
		// the overviews of spec 000 §2: {id} is the operation, the parent plant
		{http.MethodGet, "/anlage/entlastung/uebersicht/{id}", an, betriebAbfrage(a, d.Entlastungsanlagen)},
		{http.MethodGet, "/anlage/kanalnetz/uebersicht/{id}", an, anlageAbfrage(a, d.Kanalnetze)},
		{http.MethodGet, "/anlage/{id}/verlauf", verlauf, anlageAbfrage(a, a.anlageVerlauf)},
		{http.MethodGet, "/anlage/{id}/stand/{version}", verlauf, versionsStand(a, d.Stand)},
		// the receiving-plant pickers of the forms (spec 000 §2, §7), for who edits plants
		{http.MethodGet, "/anlage/moeglicheAufnehmendeAnlagen", waehlen, a.netzanlagen(anlage.Abwasserbehandlung, true, false)},
		{http.MethodGet, "/anlage/abwasserbehandlung/alleVonAktivenBetriebenKommunalAbwasserbehandlungsanlagen", waehlen,
			a.netzanlagen(anlage.Abwasserbehandlung, false, false)},
		{http.MethodGet, "/anlage/entlastung/drosselablauf/{anlagenart}", waehlen, a.netzanlagen(anlage.Entlastung, false, false)},
		{http.MethodGet, "/anlage/entlastung/drosselablauf-betrieb/{betriebId}/{anlagenart}", waehlen, a.netzanlagen(anlage.Entlastung, true, true)},
		{http.MethodPost, "/anlage/" + anlagentypPfad, a.anDarf(berechtigung.AnlageAnlegen), a.anlageAnlegen},
		{http.MethodPut, "/anlage/" + anlagentypPfad + "/{id}", waehlen, befehl(a, http.StatusOK, textAnlageGespeichert, a.anlageSpeichern)},
		{http.MethodPost, "/anlage/" + anlagentypPfad + "/{id}/aenderungsantrag", a.anDarf(berechtigung.AenderungsantragStellen),
			befehl(a, http.StatusCreated, textAntragEingereicht, a.anlageAntragStellen)},
		{http.MethodGet, "/anlage/{id}/aenderungsantrag", an, anlageAbfrage(a, a.anlageAntrag)},
		{http.MethodPost, "/anlage/{id}/aenderungsantrag/uebernahme", an, befehl(a, http.StatusOK, textUebernommen, a.anlageAntragUebernehmen)},
		// the reasons come as a body {begruendungen}; without them the answer names each field
		// that needs one (as DELETE …/stammdaten-antrag)
		{http.MethodDelete, "/anlage/{id}/aenderungsantrag", an, befehlOhneEingabe(a, textAntragAbgelehnt, a.anlageAntragAblehnen)},
	}
}

// anlagen lists the plants (of ?betrieb), today or as of ?stand (the file's tree, issue 33).
func (a *api) anlagen(w http.ResponseWriter, r *http.Request) {
	var betriebID int64
	if v := r.URL.Query().Get("betrieb"); v != "" {
		var err error
		if betriebID, err = strconv.ParseInt(v, 10, 64); err != nil || betriebID <= 0 {
			a.writeError(w, r, validierung.Feld("betrieb", "Ungültige Betriebs-Nr."))
			return
		}
	}
	zeit, err := standZeit(r)
	if err != nil {
		a.writeError(w, r, err)
		return
	}
	if !zeit.IsZero() {
		out, err := a.deps.Anlage.ListeZum(r.Context(), nutzer(r), betriebID, zeit)
		a.antworte(w, r, out, err)
		return
	}
	out, err := a.deps.Anlage.Liste(r.Context(), nutzer(r), betriebID)
	a.antworte(w, r, out, err)
}

func (a *api) entlastungsanlagenExport(w http.ResponseWriter, r *http.Request) {
	a.anlageExport(w, r, "entlastungsanlagen.xlsx", a.deps.Anlage.ExportiereEntlastungsanlagen)
}

func (a *api) entsorgungsraumExport(w http.ResponseWriter, r *http.Request) {
	a.anlageExport(w, r, "entsorgungsraum.xlsx", a.deps.Anlage.ExportiereEntsorgungsraum)
}

// anlageExport streams the spreadsheet export of the object {id}; the service names the file
// (the operation's number) before it writes.
func (a *api) anlageExport(w http.ResponseWriter, r *http.Request, datei string,
	export func(ctx context.Context, n anlagedienst.Nutzer, id int64, name func(string), out io.Writer) error) {
	id, err := pfadID(r)
	if err != nil {
		a.writeError(w, r, err)
		return
	}
	a.xlsxStrom(w, r, datei, func(out io.Writer) error {
		return export(r.Context(), nutzer(r), id, func(name string) {
			w.Header().Set("Content-Disposition", anhang(name))
		}, out)
	})
}

func (a *api) anlageSpeichern(r *http.Request, id int64, f anlagedienst.Formular) (int64, eventstore.Appended, error) {
	out, err := a.deps.Anlage.Speichern(r.Context(), nutzer(r), anlagentyp(r), id, f, Metadaten(r))
	return id, out, mitAenderungen(r.Context(), err, func(ctx context.Context) ([]historie.Verlaufsschritt, error) {
		return a.anlageVerlauf(ctx, nutzer(r), id)
	})
}

func (a *api) anlageAntragStellen(r *http.Request, id int64, f anlagedienst.Antragsformular) (int64, eventstore.Appended, error) {
	out, err := a.deps.Anlage.AntragStellen(r.Context(), nutzer(r), anlagentyp(r), id, f, Metadaten(r))
	return id, out, err
}

func (a *api) anlageAntrag(ctx context.Context, n anlagedienst.Nutzer, id int64) (map[string]any, error) {
	antrag, err := a.deps.Anlage.Antrag(ctx, n, id)
	return map[string]any{"aenderungsantrag": antrag}, err
}

func (a *api) anlageAntragUebernehmen(r *http.Request, id int64, e anlagedienst.Entscheidung) (int64, eventstore.Appended, error) {
	out, err := a.deps.Anlage.AntragUebernehmen(r.Context(), nutzer(r), id, e, Metadaten(r))
	return id, out, err
}

func (a *api) anlageAntragAblehnen(r *http.Request, id int64) (eventstore.Appended, error) {
	e, err := entscheidungImKoerper(r)
	if err != nil {
		return eventstore.Appended{}, err
	}
	return a.deps.Anlage.AntragAblehnen(r.Context(), nutzer(r), id, e.Begruendungen, Metadaten(r))
}

// anlageAbfrage is the handler of every query of one plant.
func anlageAbfrage[T any](a *api, query func(ctx context.Context, n anlagedienst.Nutzer, id int64) (T, error)) http.HandlerFunc {
	return betriebAbfrage(a, query)
}

// netzanlagen answers the pickers of plants of type typ a plant may lead its wastewater into
// (auswahl.Netzanlagen): the operation from the path ({betriebId}, then nurBetrieb) or from
// ?betriebsId (required with desBetriebs), the Anlagenart from the path ({anlagenart}, one of the
// type's kinds), ?anlageId (the plant itself, left out), ?q (a part of a name). anlagetyp is read
// by the spec's client but narrows nothing: plants of every type discharge into treatment plants.
func (a *api) netzanlagen(typ string, desBetriebs, nurBetrieb bool) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		v := r.URL.Query()
		var s validierung.Sammler
		zahl := func(name, wert string) int64 {
			if wert == "" {
				return 0
			}
			id, err := strconv.ParseInt(wert, 10, 64)
			if err != nil || id <= 0 {
				s.Feld(name, textZahlUngueltig)
			}
			return id
		}
		f := auswahl.NetzFilter{Typ: typ, NurBetrieb: nurBetrieb, Ausser: zahl("anlageId", v.Get("anlageId")), Suche: v.Get("q"),
			Anlagenart: chi.URLParam(r, "anlagenart")}
		switch {
		case nurBetrieb:
			f.BetriebID = zahl("betriebId", chi.URLParam(r, "betriebId"))
		case desBetriebs:
			f.BetriebID = zahl("betriebsId", v.Get("betriebsId"))
			if v.Get("betriebsId") == "" {
				s.Feld("betriebsId", validierung.Pflichtfeld)
			}
		}
		if f.Anlagenart != "" && !slices.Contains(anlage.ArtenDesTyps(typ), f.Anlagenart) {
			s.Feld("anlagenart", anlage.MsgAnlagenart)
		}
		if err := s.Err(); err != nil {
			a.writeError(w, r, err)
			return
		}
		out, err := a.deps.Anlage.Netzanlagen(r.Context(), nutzer(r), f)
		a.antworte(w, r, out, err)
	}
}

// entlastungsanlagenImport reads the multipart form's part file (an xlsx file) and saves the
// operation's relief plants by its rows (all or nothing).
func (a *api) entlastungsanlagenImport(w http.ResponseWriter, r *http.Request) {
	id, err := pfadID(r)
	if err != nil {
		a.writeError(w, r, err)
		return
	}
	// the body is read once the service has checked the caller's rights
	n, err := a.deps.Anlage.ImportiereEntlastungsanlagen(r.Context(), nutzer(r), id, xlsxTeil(r), Metadaten(r))
	if err != nil {
		a.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"message": anlagedienst.MsgEntlastungImportiert, "geaendert": n})
}

// entsorgungsraumImport reads the multipart form's part file (an xlsx file) and saves the plant's
// disposal area by its rows at the query's version (the plant as the page loaded it).
func (a *api) entsorgungsraumImport(w http.ResponseWriter, r *http.Request) {
	id, err := pfadID(r)
	if err != nil {
		a.writeError(w, r, err)
		return
	}
	version, _ := strconv.Atoi(r.URL.Query().Get("version"))
	// the body is read once the service has checked the caller's rights
	out, err := a.deps.Anlage.ImportiereEntsorgungsraum(r.Context(), nutzer(r), id, version, xlsxTeil(r), Metadaten(r))
	if err != nil {
		a.writeError(w, r, mitAenderungen(r.Context(), err, func(ctx context.Context) ([]historie.Verlaufsschritt, error) {
			return a.anlageVerlauf(ctx, nutzer(r), id)
		}))
		return
	}
	writeCommandResult(w, http.StatusOK, out, map[string]any{"id": id, "message": anlagedienst.MsgEntsorgungsraumImportiert, "version": out.Version})
}

// antworte writes a query's answer or its error.
func (a *api) antworte(w http.ResponseWriter, r *http.Request, out any, err error) {
	if err != nil {
		a.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, out)
}

// anlageAnlegen: POST /anlage/{typ} creates a plant; absent fields keep the defaults of the
// type (anlage.Vorgaben: GEPLANT, RLP, Indirekteinleiter for relief plants and sewer networks).
func (a *api) anlageAnlegen(w http.ResponseWriter, r *http.Request) {
	typ := anlagentyp(r)
	in := anlagedienst.NeuesFormular(typ)
	if err := decodeJSON(r, &in); err != nil {
		a.writeError(w, r, err)
		return
	}
	id, out, err := a.deps.Anlage.Anlegen(r.Context(), nutzer(r), typ, in, Metadaten(r))
	if err != nil {
		a.writeError(w, r, err)
		return
	}
	writeCommandResult(w, http.StatusCreated, out, map[string]any{"id": id, "message": textAnlageAngelegt, "version": out.Version,
		"anlagentyp": typ})
}

// anlageVerlauf is the plant's Verlauf once the audit trail names who did what.
func (a *api) anlageVerlauf(ctx context.Context, n anlagedienst.Nutzer, id int64) ([]historie.Verlaufsschritt, error) {
	a.warteAufProtokoll(ctx, eventstore.StreamID(anlage.StreamType, id))
	return a.deps.Anlage.Verlauf(ctx, n, id)
}
