package httpapi

import (
	"context"
	"io"
	"net/http"
	"strconv"
	"strings"

	"github.com/eabwasser/eabwasser/domain/datei"
	"github.com/eabwasser/eabwasser/domain/wiedervorlage"
	"github.com/eabwasser/eabwasser/eventstore"
	"github.com/eabwasser/eabwasser/internal/anwendung/ablage"
	dok "github.com/eabwasser/eabwasser/internal/dokumente/ablage"
)

// Texts of files and reminders (spec 000 §8).
const (
	textDateiHochgeladen       = "Die Datei wurde erfolgreich hochgeladen"
	textDateiGeloescht         = "Die Datei wurde erfolgreich gelöscht."
	textWiedervorlageAngelegt  = "Die Wiedervorlage wurde erfolgreich angelegt."
	textWiedervorlageGeloescht = "Die Wiedervorlage wurde erfolgreich gelöscht."
)

// UploadBodyLimit is the body limit of an upload: the largest file (100 MB) plus room for
// the multipart framing and the Bezeichnung.
const UploadBodyLimit = datei.MaxGroesse + 1<<20

// ablageRouten are the files and reminders of the objects of the operation file.
func (a *api) ablageRouten() []route {
	d := a.deps.Ablage
	if d == nil {
		return nil
	}
	var out []route
	for _, f := range datei.Fachobjekte {
		objekt, vorsilbe := datei.Route(f)
		out = append(out,
			route{http.MethodPost, "/" + objekt + "/{id}/" + vorsilbe + "upload-file", []mw{a.angemeldet, a.bodyBis(UploadBodyLimit), a.lang},
				a.dateiHochladen(f)},
			route{http.MethodGet, "/" + objekt + "/{id}/" + vorsilbe + "dateien", a.an(), betriebAbfrage(a, a.dateienDes(f))})
	}
	out = append(out,
		route{http.MethodGet, "/datei/{id}", a.an(), a.dateiHerunterladen},
		route{http.MethodDelete, "/datei/{id}", a.an(), ablageLoeschen(a, textDateiGeloescht, d.DateiLoeschen)},
		// the spec's path for the Externe Stoffe of a report (spec 001 §7); any file's id is
		// checked against its own object, as on /datei/{id}
		route{http.MethodDelete, "/jahresbericht/deleteDateiExterne/{id}", a.an(), ablageLoeschen(a, textDateiGeloescht, d.DateiLoeschen)})
	for _, f := range wiedervorlage.Fachobjekte {
		out = append(out,
			route{http.MethodGet, "/" + f + "/{id}/wiedervorlage", a.an(), betriebAbfrage(a, a.wiedervorlagenDes(f))},
			route{http.MethodPost, "/" + f + "/{id}/wiedervorlage", a.an(), befehl(a, http.StatusCreated, textWiedervorlageAngelegt,
				a.wiedervorlageAnlegen(f))})
	}
	return append(out, route{http.MethodDelete, "/wiedervorlage/{id}", a.an(), ablageLoeschen(a, textWiedervorlageGeloescht, d.WiedervorlageLoeschen)})
}

// dateienDes lists the files of an object of kind f.
func (a *api) dateienDes(f string) func(ctx context.Context, n ablage.Nutzer, id int64) ([]dok.Datei, error) {
	return func(ctx context.Context, n ablage.Nutzer, id int64) ([]dok.Datei, error) {
		return a.deps.Ablage.Dateien(ctx, n, f, id)
	}
}

// wiedervorlagenDes lists the reminders of an object of kind f.
func (a *api) wiedervorlagenDes(f string) func(ctx context.Context, n ablage.Nutzer, id int64) ([]ablage.Wiedervorlage, error) {
	return func(ctx context.Context, n ablage.Nutzer, id int64) ([]ablage.Wiedervorlage, error) {
		return a.deps.Ablage.Wiedervorlagen(ctx, n, f, id)
	}
}

// wiedervorlageAnlegen sets a reminder on an object of kind f.
func (a *api) wiedervorlageAnlegen(f string) func(r *http.Request, id int64, e ablage.WiedervorlageEingabe) (int64, eventstore.Appended, error) {
	return func(r *http.Request, id int64, e ablage.WiedervorlageEingabe) (int64, eventstore.Appended, error) {
		return a.deps.Ablage.WiedervorlageAnlegen(r.Context(), nutzer(r), f, id, e, Metadaten(r))
	}
}

// dateiHochladen streams the multipart form (file, bezeichnung) into the service; a request
// that is no multipart form is an upload without a file.
func (a *api) dateiHochladen(fachobjekt string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		id, err := pfadID(r)
		if err != nil {
			a.writeError(w, r, err)
			return
		}
		form, err := r.MultipartReader()
		if err != nil {
			form = nil
		}
		dateiID, out, err := a.deps.Ablage.Hochladen(r.Context(), nutzer(r), fachobjekt, id, form, Metadaten(r))
		if err != nil {
			a.writeError(w, r, err)
			return
		}
		writeCommandResult(w, http.StatusCreated, out, map[string]any{"id": dateiID, "message": textDateiHochgeladen})
	}
}

// dateiHerunterladen streams a file from the blob store with its type, length and name.
func (a *api) dateiHerunterladen(w http.ResponseWriter, r *http.Request) {
	id, err := pfadID(r)
	if err != nil {
		a.writeError(w, r, err)
		return
	}
	z, f, err := a.deps.Ablage.Datei(r.Context(), nutzer(r), id)
	if err != nil {
		a.writeError(w, r, err)
		return
	}
	defer f.Close()
	a.langeAntwort(w)
	h := w.Header()
	h.Set("Content-Type", z.Dateityp)
	h.Set("Content-Length", strconv.FormatInt(z.Dateigroesse, 10))
	h.Set("Content-Disposition", anhang(z.Dateiname))
	w.WriteHeader(http.StatusOK)
	_, _ = io.Copy(w, f) // a client that goes away mid-download needs no answer
}

// anhang is the Content-Disposition of a download: filename for old clients (ASCII, other
// characters as "_") and filename* with the original name in UTF-8 (RFC 6266, RFC 8187).
func anhang(name string) string {
	var ascii, utf strings.Builder
	for _, r := range name {
		switch {
		case r < 0x20 || r == 0x7f || r > 0x7e || r == '"' || r == '\\':
			ascii.WriteByte('_')
		default:
			ascii.WriteRune(r)
		}
	}
	for _, b := range []byte(name) {
		if 'A' <= b && b <= 'Z' || 'a' <= b && b <= 'z' || '0' <= b && b <= '9' || strings.IndexByte("!#$&+-.^_`|~", b) >= 0 {
			utf.WriteByte(b)
		} else {
			utf.WriteString("%" + strings.ToUpper(strconv.FormatUint(uint64(b)|0x100, 16)[1:]))
		}
	}
	return `attachment; filename="` + ascii.String() + `"; filename*=UTF-8''` + utf.String()
}

// ablageLoeschen is the handler of DELETE /datei/{id} and /wiedervorlage/{id}.
func ablageLoeschen(a *api, text string, run func(ctx context.Context, n ablage.Nutzer, id int64, m eventstore.Metadata) (eventstore.Appended, error)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		id, err := pfadID(r)
		var out eventstore.Appended
		if err == nil {
			out, err = run(r.Context(), nutzer(r), id, Metadaten(r))
		}
		if err != nil {
			a.writeError(w, r, err)
			return
		}
		writeCommandResult(w, http.StatusOK, out, map[string]any{"id": id, "message": text})
	}
}
