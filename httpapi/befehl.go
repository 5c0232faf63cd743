package httpapi

import (
	"bytes"
	"io"
	"net/http"
	"strings"

	"github.com/go-chi/chi/v5"

	"github.com/eabwasser/eabwasser/domain/antrag"
	"github.com/eabwasser/eabwasser/domain/validierung"
	"github.com/eabwasser/eabwasser/eventstore"
	"github.com/eabwasser/eabwasser/internal/plattform/tabelle"
)

// speichern is the handler of every create (POST /x, status 201) and save (PUT /x/{id},
// status 200) of the administration: id from the path (0 when there is none), the form from
// the body, the command's id and position in the answer with "Gespeichert".
func speichern[T any](a *api, status int, run func(r *http.Request, id int64, in T) (int64, eventstore.Appended, error)) http.HandlerFunc {
	return befehl(a, status, "Gespeichert", run)
}

// befehl is speichern with the success text of the area: the answer is {id, message,
// version, position}.
func befehl[T any](a *api, status int, text string, run func(r *http.Request, id int64, in T) (int64, eventstore.Appended, error)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		var id int64
		if chi.URLParam(r, "id") != "" {
			var err error
			if id, err = pfadID(r); err != nil {
				a.writeError(w, r, err)
				return
			}
		}
		var in T
		if err := decodeJSON(r, &in); err != nil {
			a.writeError(w, r, err)
			return
		}
		id, out, err := run(r, id, in)
		if err != nil {
			a.writeError(w, r, err)
			return
		}
		writeCommandResult(w, status, out, map[string]any{"id": id, "message": text, "version": out.Version})
	}
}

// befehlOhneEingabe is befehl for a command on the object of the path without a body
// (DELETE …/stammdaten-antrag, DELETE …/aenderungsantrag).
func befehlOhneEingabe(a *api, text string, run func(r *http.Request, id int64) (eventstore.Appended, error)) http.HandlerFunc {
	return befehlAmPfad(a, text, true, run)
}

// befehlAmPfad runs a command on the object {id} of the path and answers 200 with {id,
// message} and, mitVersion, the stream's new version.
func befehlAmPfad(a *api, text string, mitVersion bool, run func(r *http.Request, id int64) (eventstore.Appended, error)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		id, err := pfadID(r)
		var out eventstore.Appended
		if err == nil {
			out, err = run(r, id)
		}
		if err != nil {
			a.writeError(w, r, err)
			return
		}
		antwort := map[string]any{"id": id, "message": text}
		if mitVersion {
			antwort["version"] = out.Version
		}
		writeCommandResult(w, http.StatusOK, out, antwort)
	}
}

// entscheidungImKoerper is the optional body {begruendungen} of a DELETE that refuses an
// application (antrag.Entscheidung); none is a refusal without reasons, answered with the
// fields that need one.
func entscheidungImKoerper(r *http.Request) (antrag.Entscheidung, error) {
	var e antrag.Entscheidung
	if r.Body != nil && r.Body != http.NoBody && r.ContentLength != 0 {
		if err := decodeJSON(r, &e); err != nil {
			return e, err
		}
	}
	return e, nil
}

// loeschen is the handler of every DELETE /x/{id} of the administration.
func loeschen(a *api, run func(r *http.Request, id int64) error) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		id, err := pfadID(r)
		if err == nil {
			err = run(r, id)
		}
		if err != nil {
			a.writeError(w, r, err)
			return
		}
		writeJSON(w, http.StatusOK, map[string]string{"message": "Gelöscht"})
	}
}

// xlsx answers a spreadsheet download. It is written to memory first, so a failure can still
// be answered as a JSON error.
func (a *api) xlsx(w http.ResponseWriter, r *http.Request, dateiname string, schreibe func(io.Writer) error) {
	a.langeAntwort(w)
	var buf bytes.Buffer
	if err := schreibe(&buf); err != nil {
		a.writeError(w, r, err)
		return
	}
	w.Header().Set("Content-Type", tabelle.ContentType)
	w.Header().Set("Content-Disposition", `attachment; filename="`+dateiname+`"`)
	_, _ = w.Write(buf.Bytes())
}

// xlsxStrom answers a spreadsheet download written straight to the client, for exports too
// large to hold in memory. An error after the first bytes can only end the download (and is
// logged).
func (a *api) xlsxStrom(w http.ResponseWriter, r *http.Request, dateiname string, schreibe func(io.Writer) error) {
	a.langeAntwort(w)
	w.Header().Set("Content-Type", tabelle.ContentType)
	w.Header().Set("Content-Disposition", `attachment; filename="`+dateiname+`"`)
	zw := &zaehlenderSchreiber{w: w}
	if err := schreibe(zw); err != nil {
		if zw.n == 0 {
			w.Header().Del("Content-Disposition")
			a.writeError(w, r, err)
			return
		}
		a.log.Error("Export abgebrochen", "requestId", RequestID(r.Context()), "error", err)
	}
}

type zaehlenderSchreiber struct {
	w io.Writer
	n int64
}

func (z *zaehlenderSchreiber) Write(p []byte) (int, error) {
	n, err := z.w.Write(p)
	z.n += int64(n)
	return n, err
}

// einer answers the one row a lookup by id found, or 404.
func einer[T any](a *api, w http.ResponseWriter, r *http.Request, zeilen []T, err error) {
	if err == nil && len(zeilen) == 0 {
		err = validierung.NichtGefunden
	}
	if err != nil {
		a.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, zeilen[0])
}

// xlsxTeil is the Quelle of an import: the part file of the request's multipart form, an
// .xlsx file of at most hoechstens bytes (a larger one is refused). The import calls it once it
// has checked the caller's rights, so nothing of the body is read before.
func xlsxTeil(r *http.Request) tabelle.Quelle {
	return func(hoechstens int64) ([]byte, error) {
		form, err := r.MultipartReader()
		if err != nil {
			return nil, validierung.Regel(tabelle.MsgNurXlsx)
		}
		for {
			p, err := form.NextPart()
			if err != nil {
				return nil, lesefehler(r, tabelle.MsgNurXlsx)
			}
			if p.FormName() != "file" {
				continue
			}
			if !strings.HasSuffix(strings.ToLower(p.FileName()), ".xlsx") {
				return nil, validierung.Regel(tabelle.MsgNurXlsx)
			}
			var buf bytes.Buffer
			n, err := io.Copy(&buf, io.LimitReader(p, hoechstens+1))
			if err != nil {
				return nil, lesefehler(r, tabelle.MsgImportFehlgeschlagen)
			}
			if n > hoechstens {
				return nil, validierung.Regel(tabelle.MsgNurXlsx)
			}
			return buf.Bytes(), nil
		}
	}
}

// lesefehler is the answer to a body that could not be read: the request's end when the client
// went away, else the message.
func lesefehler(r *http.Request, message string) error {
	if err := r.Context().Err(); err != nil {
		return err
	}
	return validierung.Regel(message)
}
