package httpapi

import (
	"encoding/json"
	"errors"
	"net/http"
	"strconv"

	"github.com/eabwasser/eabwasser/domain/berechtigung"
	"github.com/eabwasser/eabwasser/domain/validierung"
	"github.com/eabwasser/eabwasser/domain/werteliste"
	pflege "github.com/eabwasser/eabwasser/internal/anwendung/wertelisten"
	"github.com/eabwasser/eabwasser/internal/dokumente/wertelisten"
)

// wertelisteRouten serve every value list and lookup at its own path (spec 002 §7
// "Value lists: GET/POST {listPath}, PUT/DELETE {listPath}{id}"; spec 000 §7 "Lookups"):
//
//	GET    /api/<liste>        any logged-in user; anrede and titel also anonymously
//	POST   /api/<liste>        SYSTEMADMIN (SystemverwaltungBearbeiten)
//	PUT    /api/<liste>/{id}   SYSTEMADMIN; and who holds a column's Pflege action, for that
//	                           column alone (anforderungsparameter: FACHADMIN, issue 43)
//	DELETE /api/<liste>/{id}   SYSTEMADMIN
//
// Fixed enumerations (betriebstyp, messstellentyp, …) are read-only. GET /api/wertelisten
// describes the lists for the Wertelisten screen.
func (a *api) wertelisteRouten() []route {
	out := []route{{http.MethodGet, "/wertelisten", a.an(), a.wertelistenKatalog}}
	schreiben := a.nurDarf(berechtigung.SystemverwaltungBearbeiten)
	for _, def := range werteliste.Listen {
		pfad := "/" + def.Name
		lesen := a.an()
		if def.Oeffentlich {
			lesen = nil
		}
		out = append(out, route{http.MethodGet, pfad, lesen, a.wertelisteLesen(def)})
		if def.Aufzaehlung() {
			continue
		}
		out = append(out,
			route{http.MethodPost, pfad, schreiben, a.wertelisteAnlegen(def)},
			route{http.MethodPut, pfad + "/{id}", a.nurDarf(append([]berechtigung.Aktion{berechtigung.SystemverwaltungBearbeiten},
				def.Pflegeaktionen()...)...), a.wertelisteAendern(def)},
			route{http.MethodDelete, pfad + "/{id}", schreiben, a.wertelisteLoeschen(def)})
	}
	return out
}

// wertelisteKatalogEintrag describes one list: path name, label, extra columns, filters.
type wertelisteKatalogEintrag struct {
	werteliste.Definition
	Bearbeitbar bool `json:"bearbeitbar"`
}

func (a *api) wertelistenKatalog(w http.ResponseWriter, r *http.Request) {
	out := make([]wertelisteKatalogEintrag, len(werteliste.Listen))
	for i, d := range werteliste.Listen {
		out[i] = wertelisteKatalogEintrag{Definition: d, Bearbeitbar: !d.Aufzaehlung()}
	}
	writeJSON(w, http.StatusOK, out)
}

// wertelisteLesen answers the entries in the list's order; ?q= searches id and value, the
// list's filter parameters (GET /api/bescheidart?bescheidQualitaet=…) narrow it.
func (a *api) wertelisteLesen(def werteliste.Definition) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		abfrage := wertelisten.Abfrage{Q: r.URL.Query().Get("q"), Filter: map[string]string{}}
		for param := range def.Filter {
			abfrage.Filter[param] = r.URL.Query().Get(param)
		}
		eintraege, err := wertelisten.Suche(r.Context(), a.deps.Pool, def.Name, abfrage)
		if err != nil {
			a.writeError(w, r, err)
			return
		}
		writeJSON(w, http.StatusOK, eintraege)
	}
}

// wertelisteEingabe reads {value, version?, …extra columns}. version is -1 when not sent.
func wertelisteEingabe(r *http.Request) (pflege.Eingabe, int, error) {
	var body map[string]json.RawMessage
	if err := decodeJSON(r, &body); err != nil {
		return pflege.Eingabe{}, 0, err
	}
	var in pflege.Eingabe
	version := -1
	if v, ok := body["value"]; ok && string(v) != "null" {
		if err := json.Unmarshal(v, &in.Wert); err != nil {
			return in, 0, &validierung.Fehler{Felder: map[string]string{"value": "Ungültiger Wert."}}
		}
	}
	if v, ok := body["version"]; ok && string(v) != "null" {
		if err := json.Unmarshal(v, &version); err != nil || version < 0 {
			return in, 0, ErrUngueltigeAnfrage
		}
	}
	for _, k := range []string{"id", "value", "version", "schluessel"} {
		delete(body, k)
	}
	in.Extras = body
	return in, version, nil
}

func (a *api) wertelisteAnlegen(def werteliste.Definition) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		in, _, err := wertelisteEingabe(r)
		if err != nil {
			a.writeError(w, r, err)
			return
		}
		e, app, err := pflege.Anlegen(r.Context(), a.deps.Store, def.Name, in, Metadaten(r))
		if err != nil {
			a.writeError(w, r, err)
			return
		}
		writeCommandResult(w, http.StatusCreated, app, e)
	}
}

func (a *api) wertelisteAendern(def werteliste.Definition) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		id, err := pfadID(r)
		if err != nil {
			a.writeError(w, r, err)
			return
		}
		in, version, err := wertelisteEingabe(r)
		if err != nil {
			a.writeError(w, r, err)
			return
		}
		b, _ := BenutzerAus(r.Context())
		var ok bool
		if in.NurSpalten, ok = def.AenderbareSpalten(b.FunktionaleRollen); !ok {
			a.writeError(w, r, validierung.NichtErlaubt)
			return
		}
		e, app, err := pflege.Aendern(r.Context(), a.deps.Store, def.Name, id, version, in, Metadaten(r))
		if err != nil {
			a.writeError(w, r, err)
			return
		}
		writeCommandResult(w, http.StatusOK, app, e)
	}
}

func (a *api) wertelisteLoeschen(def werteliste.Definition) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		id, err := pfadID(r)
		if err != nil {
			a.writeError(w, r, err)
			return
		}
		version := -1
		if v := r.URL.Query().Get("version"); v != "" {
			if version, err = strconv.Atoi(v); err != nil || version < 0 {
				a.writeError(w, r, ErrUngueltigeAnfrage)
				return
			}
		}
		app, err := pflege.Loeschen(r.Context(), a.deps.Store, def.Name, id, version, Metadaten(r))
		if errors.Is(err, werteliste.ErrReferenziert) {
			err = &Antwortfehler{Status: http.StatusConflict, Message: werteliste.TextReferenziert, Err: err}
		}
		if err != nil {
			a.writeError(w, r, err)
			return
		}
		writeCommandResult(w, http.StatusOK, app, map[string]string{"message": "Gelöscht"})
	}
}
