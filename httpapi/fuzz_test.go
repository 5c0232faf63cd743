package httpapi

import (
	"bytes"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/go-chi/chi/v5"

	"github.com/eabwasser/eabwasser/internal/anwendung/ablage"
	"github.com/eabwasser/eabwasser/internal/anwendung/benachrichtigung"
	"github.com/eabwasser/eabwasser/internal/werkzeug/seed"
)

// schreibRouten lists every POST, PUT and PATCH route of the router with its path parameters
// filled in (id: an operation of the demo; everything else: 1).
func schreibRouten(t testing.TB, w *kontoWelt, id int64) [][2]string {
	var out [][2]string
	mux := newAPI(Deps{Betriebsakte: w.akte, Anlage: w.anlage, Ablage: &ablage.Dienst{}, Benachrichtigung: &benachrichtigung.Dienst{}}).routes(nil)
	_ = chi.Walk(mux, func(method, route string, _ http.Handler, _ ...func(http.Handler) http.Handler) error {
		if method != http.MethodPost && method != http.MethodPut && method != http.MethodPatch || strings.Contains(route, "upload-file") {
			return nil
		}
		if strings.HasPrefix(route, "/api/logout") {
			return nil // takes no body; it would end the caller's session for every later route
		}
		p := strings.TrimSuffix(route, "/")
		p = strings.ReplaceAll(p, "{id}", fmt.Sprint(id))
		for strings.Contains(p, "{") {
			i, j := strings.Index(p, "{"), strings.Index(p, "}")
			p = p[:i] + "1" + p[j+1:]
		}
		out = append(out, [2]string{method, p})
		return nil
	})
	return out
}

// FuzzBefehle sends arbitrary bodies to every command route as an administrator: the answer
// is never a 5xx (malformed JSON and broken rules are 4xx with a German message).
func FuzzBefehle(f *testing.F) {
	for _, s := range []string{`{}`, `[]`, `null`, `{"bezeichnung":`, `{"version":-1,"betreiber":{"id":"x"}}`,
		`{"lage":{"hochwert":"1,5"}}`, `{"auditInfo":{"gueltigAb":"31.12.2026"}}`, `{"mergeDate":"2026-13-45"}`,
		`{"felder":["bezeichnung","../../etc/passwd"]}`, `{"betriebId":1,"neuerStatus":"FREIGEGEBEN"}`, "\"\xff\xfe\"",
		strings.Repeat("[", 5000)} {
		f.Add([]byte(s))
	}
	w := newKontoWelt(f, "")
	admin := w.login(f, "systemadmin", seed.DemoPasswort)
	routen := schreibRouten(f, w, 1)
	if len(routen) < 20 {
		f.Fatalf("only %d command routes found", len(routen))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		for _, r := range routen {
			a := w.do(t, r[0], r[1], bytes.NewReader(body), "Content-Type", "application/json", "Authorization", "Bearer "+admin)
			if a.Code >= 500 {
				t.Fatalf("%s %s with %q: %d %s", r[0], r[1], body, a.Code, a.Body.String())
			}
		}
	})
}

// FuzzHochladen sends arbitrary multipart bodies to the upload: never a 5xx, and nothing is
// left in the blob store but the files of successful uploads.
func FuzzHochladen(f *testing.F) {
	gut := "--X\r\nContent-Disposition: form-data; name=\"bezeichnung\"\r\n\r\nBericht\r\n" +
		"--X\r\nContent-Disposition: form-data; name=\"file\"; filename=\"bericht.pdf\"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\r\n--X--\r\n"
	for _, s := range []string{gut, strings.Replace(gut, "bericht.pdf", "../../../etc/passwd", 1), strings.Replace(gut, "bericht.pdf", "a\x00b\r\nc.txt", 1),
		"--X\r\n", "--X--\r\n", "", "kein multipart", gut[:len(gut)/2], strings.Replace(gut, "name=\"file\"", "name=\"file\"; filename*=UTF-8''%FF%FE", 1)} {
		f.Add([]byte(s))
	}
	w := newKontoWelt(f, "")
	betreiber := w.login(f, "betreiber", seed.DemoPasswort)
	id := beantragen(f, w, betreiber, "Fuzz-Werk")
	d, ok := ablagen.Load(f)
	if !ok {
		f.Fatal("no files service")
	}
	dir := d.(*ablage.Dienst).Blobs.Verzeichnis
	f.Fuzz(func(t *testing.T, body []byte) {
		a := w.do(t, "POST", fmt.Sprintf("/api/betrieb/%d/upload-file", id), bytes.NewReader(body),
			"Content-Type", "multipart/form-data; boundary=X", "Authorization", "Bearer "+betreiber)
		if a.Code >= 500 {
			t.Fatalf("%q: %d %s", body, a.Code, a.Body.String())
		}
		var n int
		_ = w.dienst.Store.Pool().QueryRow(t.Context(), `SELECT count(*) FROM datei`).Scan(&n)
		files, _ := filepath.Glob(filepath.Join(dir, "*"))
		var blobs int
		for _, p := range files {
			if st, err := os.Stat(p); err == nil && !st.IsDir() {
				blobs++
			}
		}
		if blobs != n {
			t.Fatalf("%d files on disk for %d recorded uploads", blobs, n)
		}
	})
}
