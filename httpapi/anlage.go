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

func (a *api) anlageRoutes(r chi.Router) {
	d := a.deps.Anlage
	r.Group(func(r chi.Router) {
		r.Use(a.angemeldet)
		r.Get("/anlage", func(w http.ResponseWriter, r *http.Request) {
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
			if !zeit.IsZero() { // the file's tree as of a date (issue 33)
				out, err := d.ListeZum(r.Context(), nutzer(r), betriebID, zeit)
				a.antworte(w, r, out, err)
				return
			}
			out, err := d.Liste(r.Context(), nutzer(r), betriebID)
			a.antworte(w, r, out, err)
		})
		r.Get("/anlage/{id}", standAbfrage(a, d.Ansicht, d.StandZum))
		r.Get("/anlage/{id}/historie", anlageAbfrage(a, d.Historie))
		r.Get("/anlage/{id}/indirekteinleiter", anlageAbfrage(a, d.Indirekteinleiter))
		r.Get("/anlage/{id}/hasIndirektEinleiter", anlageAbfrage(a, d.HatIndirekteinleiter))
		// the relief plants of an operation as a spreadsheet (spec 000 §2)
		r.Get("/betrieb/{id}/export-entlastungsanlagen", func(w http.ResponseWriter, r *http.Request) {
			id, err := pfadID(r)
			if err != nil {
				a.writeError(w, r, err)
				return
			}
			// the service names the file (the operation's number) before it writes
			a.xlsxStrom(w, r, "entlastungsanlagen.xlsx", func(out io.Writer) error {
				return d.ExportiereEntlastungsanlagen(r.Context(), nutzer(r), id, func(name string) {
					w.Header().Set("Content-Disposition", anhang(name))
				}, out)
			})
		})
		r.With(a.darf(berechtigung.EntlastungsanlagenImportieren)).Post("/betrieb/{id}/import-entlastungsanlagen", a.entlastungsanlagenImport)
		// the disposal area of a treatment plant as a spreadsheet (spec 000 §7)
		r.Get("/anlage/abwasserbehandlung/{id}/export", func(w http.ResponseWriter, r *http.Request) {
			id, err := pfadID(r)
			if err != nil {
				a.writeError(w, r, err)
				return
			}
			a.xlsxStrom(w, r, "entsorgungsraum.xlsx", func(out io.Writer) error {
				return d.ExportiereEntsorgungsraum(r.Context(), nutzer(r), id, func(name string) {
					w.Header().Set("Content-Disposition", anhang(name))
				}, out)
			})
		})
		r.With(a.darf(berechtigung.BearbeitungsmodusNutzen)).Post("/anlage/abwasserbehandlung/{id}/import", a.entsorgungsraumImport)
		// the overviews of spec 000 §2: {id} is the operation, the parent plant
		r.Get("/anlage/entlastung/uebersicht/{id}", betriebAbfrage(a, d.Entlastungsanlagen))
		r.Get("/anlage/kanalnetz/uebersicht/{id}", anlageAbfrage(a, d.Kanalnetze))
		verlauf := r.With(a.darf(berechtigung.BetriebVerlaufLesen))
		verlauf.Get("/anlage/{id}/verlauf", anlageAbfrage(a, a.anlageVerlauf))
		verlauf.Get("/anlage/{id}/stand/{version}", anlageAbfrage(a, func(ctx context.Context, n anlagedienst.Nutzer, id int64) (anlagedienst.Ansicht, error) {
			v, err := strconv.Atoi(chi.URLParamFromCtx(ctx, "version"))
			if err != nil {
				v = -1
			}
			return d.Stand(ctx, n, id, v)
		}))
		// the receiving-plant pickers of the forms (spec 000 §2, §7), for who edits plants
		waehlen := r.With(a.darf(berechtigung.BearbeitungsmodusNutzen))
		waehlen.Get("/anlage/moeglicheAufnehmendeAnlagen", a.netzanlagen(anlage.Abwasserbehandlung, true, false))
		waehlen.Get("/anlage/abwasserbehandlung/alleVonAktivenBetriebenKommunalAbwasserbehandlungsanlagen", a.netzanlagen(anlage.Abwasserbehandlung, false, false))
		waehlen.Get("/anlage/entlastung/drosselablauf/{anlagenart}", a.netzanlagen(anlage.Entlastung, false, false))
		waehlen.Get("/anlage/entlastung/drosselablauf-betrieb/{betriebId}/{anlagenart}", a.netzanlagen(anlage.Entlastung, true, true))
		r.With(a.darf(berechtigung.AnlageAnlegen)).Post("/anlage/"+anlagentypPfad, a.anlageAnlegen)
		r.With(a.darf(berechtigung.BearbeitungsmodusNutzen)).Put("/anlage/"+anlagentypPfad+"/{id}", befehl(a, http.StatusOK, textAnlageGespeichert, func(r *http.Request, id int64, f anlagedienst.Formular) (int64, eventstore.Appended, error) {
			out, err := d.Speichern(r.Context(), nutzer(r), anlagentyp(r), id, f, Metadaten(r))
			return id, out, mitAenderungen(r.Context(), err, func(ctx context.Context) ([]historie.Verlaufsschritt, error) {
				return a.anlageVerlauf(ctx, nutzer(r), id)
			})
		}))
		r.With(a.darf(berechtigung.AenderungsantragStellen)).Post("/anlage/"+anlagentypPfad+"/{id}/aenderungsantrag", befehl(a, http.StatusCreated, textAntragEingereicht, func(r *http.Request, id int64, f anlagedienst.Antragsformular) (int64, eventstore.Appended, error) {
			out, err := d.AntragStellen(r.Context(), nutzer(r), anlagentyp(r), id, f, Metadaten(r))
			return id, out, err
		}))
		r.Get("/anlage/{id}/aenderungsantrag", anlageAbfrage(a, func(ctx context.Context, n anlagedienst.Nutzer, id int64) (map[string]any, error) {
			antrag, err := d.Antrag(ctx, n, id)
			return map[string]any{"aenderungsantrag": antrag}, err
		}))
		r.Post("/anlage/{id}/aenderungsantrag/uebernahme", befehl(a, http.StatusOK, textUebernommen, func(r *http.Request, id int64, e anlagedienst.Entscheidung) (int64, eventstore.Appended, error) {
			out, err := d.AntragUebernehmen(r.Context(), nutzer(r), id, e, Metadaten(r))
			return id, out, err
		}))
		// the reasons come as a body {begruendungen}; without them the answer names each field
		// that needs one (as DELETE …/stammdaten-antrag)
		r.Delete("/anlage/{id}/aenderungsantrag", befehlOhneEingabe(a, textAntragAbgelehnt, func(r *http.Request, id int64) (eventstore.Appended, error) {
			e, err := entscheidungImKoerper(r)
			if err != nil {
				return eventstore.Appended{}, err
			}
			return d.AntragAblehnen(r.Context(), nutzer(r), id, e.Begruendungen, Metadaten(r))
		}))
	})
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
