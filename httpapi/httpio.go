package httpapi

// Reading requests and writing answers, for every handler of the API: JSON in and out, the
// result of a command, numbers from the path and the query.

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"mime"
	"net/http"
	"reflect"
	"strconv"
	"strings"

	"github.com/go-chi/chi/v5"

	"github.com/eabwasser/eabwasser/domain/validierung"
	"github.com/eabwasser/eabwasser/eventstore"
)

// writeJSON answers v as JSON with the given status.
func writeJSON(w http.ResponseWriter, status int, v any) {
	b, err := json.Marshal(v)
	if err != nil {
		// Only a programming error gets here (an unmarshallable type); say so plainly.
		w.Header().Set("Content-Type", "application/json; charset=utf-8")
		w.WriteHeader(http.StatusInternalServerError)
		_, _ = w.Write([]byte(`{"message":"` + textInternerFehler + `"}`))
		return
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(status)
	_, _ = w.Write(append(b, '\n'))
}

// decodeJSON reads the request body into v. Unknown fields are ignored (the clients send
// more than a command needs); malformed JSON is ErrUngueltigeAnfrage (400), a string with a
// NUL byte or a body that is no valid UTF-8 a 400 too, a body above the limit an
// *http.MaxBytesError (413).
func decodeJSON(r *http.Request, v any) error {
	if ct := r.Header.Get("Content-Type"); ct != "" {
		if mt, _, err := mime.ParseMediaType(ct); err != nil || (mt != "application/json" && !strings.HasSuffix(mt, "+json")) {
			return errKeinJSON
		}
	}
	if r.Body == nil || r.Body == http.NoBody {
		return ErrUngueltigeAnfrage
	}
	body, err := leseJSON(r) // NUL bytes and invalid UTF-8 are a 400 (eingabe.go)
	if err != nil {
		return err
	}
	// a null body names nothing: no request body of the document is nullable (issue 43)
	if bytes.Equal(bytes.TrimSpace(body), []byte("null")) {
		return ErrUngueltigeAnfrage
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	if err := dec.Decode(v); err != nil {
		return errors.Join(ErrUngueltigeAnfrage, err)
	}
	// One value only: trailing garbage is as malformed as a broken value.
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return ErrUngueltigeAnfrage
	}
	// null where a list belongs is refused, not read as an empty list (nullliste.go)
	return nullStattListe(body, reflect.TypeOf(v))
}

// errKeinJSON: a body declared as something else than JSON (415).
var errKeinJSON = errors.New(textKeinJSON)

// writeCommandResult answers a successful command: header X-Event-Position and member
// "position" name the global position of its last event, so the client can ask a list for
// minPosition (read-your-writes). body must marshal to a JSON object or be nil.
func writeCommandResult(w http.ResponseWriter, status int, appended eventstore.Appended, body any) {
	members := map[string]json.RawMessage{}
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			panic("httpapi: writeCommandResult: " + err.Error())
		}
		if err := json.Unmarshal(b, &members); err != nil || members == nil {
			panic("httpapi: writeCommandResult: the body must be a JSON object")
		}
	}
	pos, _ := json.Marshal(appended.LastPosition)
	members["position"] = pos
	w.Header().Set("X-Event-Position", string(pos))
	writeJSON(w, status, members)
}

// pfadID reads the numeric {id} of the path; anything else names nothing (404).
func pfadID(r *http.Request) (int64, error) {
	id, err := strconv.ParseInt(chi.URLParam(r, "id"), 10, 64)
	if err != nil || id <= 0 {
		return 0, validierung.NichtGefunden
	}
	return id, nil
}

func parseInt64(s string) (int64, bool) {
	n, err := strconv.ParseInt(strings.TrimSpace(s), 10, 64)
	return n, err == nil
}
