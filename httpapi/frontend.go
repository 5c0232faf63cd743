package httpapi

import (
	"bytes"
	"compress/gzip"
	"io"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"strconv"
	"strings"
	"sync"

	"github.com/go-chi/chi/v5"
)

// frontendBasis is where the React app lives (its router's basename, Vite's base).
const frontendBasis = "/eAbwasser/"

const textNichtGebaut = `<!doctype html>
<html lang="de"><head><meta charset="utf-8"><title>eAbwasser</title></head>
<body><p>Die Oberfläche ist nicht gebaut. Bitte „make build“ ausführen.</p></body></html>
`

// frontendRoutes serves the built React app: hashed assets with long caching, every other
// path below /eAbwasser/ (deep links of the client-side router) as index.html; text files
// gzip-compressed for clients that accept it.
func (a *api) frontendRoutes(m chi.Router) {
	d := &auslieferung{dateien: a.deps.Frontend, gepackt: map[string][]byte{}}
	nachBasis := func(w http.ResponseWriter, r *http.Request) {
		ziel := frontendBasis
		if r.URL.RawQuery != "" {
			ziel += "?" + r.URL.RawQuery
		}
		http.Redirect(w, r, ziel, http.StatusFound)
	}
	for _, method := range []string{http.MethodGet, http.MethodHead} {
		m.MethodFunc(method, "/", nachBasis)
		m.MethodFunc(method, "/eAbwasser", nachBasis)
		m.MethodFunc(method, "/eAbwasser/assets/*", d.asset)
		m.MethodFunc(method, "/eAbwasser/*", d.spa)
	}
}

// auslieferung serves the files of the built app. The build never changes while the binary
// runs, so each text file is compressed once, on its first request, and kept in memory.
type auslieferung struct {
	dateien fs.FS
	mu      sync.Mutex
	gepackt map[string][]byte // name → gzip bytes; nil: compression does not pay
}

// asset serves a file of assets/. Vite names them by content hash, so they never change.
func (a *auslieferung) asset(w http.ResponseWriter, r *http.Request) {
	name := path.Clean("assets/" + chi.URLParam(r, "*"))
	if !strings.HasPrefix(name, "assets/") || !a.serveFile(w, r, name, "public, max-age=31536000, immutable") {
		http.Error(w, "Die Datei existiert nicht.", http.StatusNotFound)
	}
}

// spa serves a top-level file of the build (favicon, robots.txt) when it exists and
// index.html for every other path, so deep links work.
func (a *auslieferung) spa(w http.ResponseWriter, r *http.Request) {
	rest := chi.URLParam(r, "*")
	if rest != "" && rest != "index.html" && a.serveFile(w, r, rest, "no-cache") {
		return
	}
	if !a.serveFile(w, r, "index.html", "no-cache") {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Header().Set("Cache-Control", "no-store")
		w.WriteHeader(http.StatusServiceUnavailable)
		_, _ = io.WriteString(w, textNichtGebaut)
	}
}

// serveFile answers the regular file name of the frontend with cacheControl and reports
// false when there is no such file.
func (a *auslieferung) serveFile(w http.ResponseWriter, r *http.Request, name, cacheControl string) bool {
	if a.dateien == nil {
		return false
	}
	name = path.Clean(name)
	if !fs.ValidPath(name) || strings.HasPrefix(name, "../") {
		return false
	}
	f, err := a.dateien.Open(name)
	if err != nil {
		return false
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil || !info.Mode().IsRegular() {
		return false
	}
	content, ok := f.(io.ReadSeeker)
	if !ok {
		b, err := io.ReadAll(f)
		if err != nil {
			return false
		}
		content = bytes.NewReader(b)
	}
	w.Header().Set("Cache-Control", cacheControl)
	if typ, ok := komprimierbar[path.Ext(name)]; ok {
		w.Header().Add("Vary", "Accept-Encoding")
		if nimmtGzip(r) {
			if gz := a.gzip(name, content); gz != nil {
				// the type from the name: ServeContent would sniff the compressed bytes otherwise
				w.Header().Set("Content-Type", typ)
				w.Header().Set("Content-Encoding", "gzip")
				// whole answers only: a range of the compressed bytes helps no browser, and
				// so the length is known (ServeContent leaves it out for an encoded body)
				r.Header.Del("Range")
				w.Header().Set("Content-Length", strconv.Itoa(len(gz)))
				content = bytes.NewReader(gz)
			}
		}
	}
	// embed.FS has no modification times (zero): ServeContent then sends no Last-Modified.
	http.ServeContent(w, r, name, info.ModTime(), content)
	return true
}

// komprimierbar maps the extensions of the build's text files to their Content-Type; images
// (other than SVG) and fonts are compressed already.
var komprimierbar = func() map[string]string {
	m := map[string]string{}
	for _, ext := range []string{".js", ".mjs", ".css", ".html", ".svg", ".json", ".map", ".txt", ".xml", ".webmanifest"} {
		typ := mime.TypeByExtension(ext)
		if typ == "" {
			typ = "application/octet-stream"
		}
		m[ext] = typ
	}
	return m
}()

// gzipMindestens is the size below which compressing does not pay (the headers cost more).
const gzipMindestens = 1024

// gzip returns the compressed bytes of name (made once), or nil when they would not be
// smaller. content is read from the start; ServeContent seeks it again itself.
func (a *auslieferung) gzip(name string, content io.ReadSeeker) []byte {
	a.mu.Lock()
	defer a.mu.Unlock()
	if gz, ok := a.gepackt[name]; ok {
		return gz
	}
	var gz []byte
	if _, err := content.Seek(0, io.SeekStart); err != nil {
		return nil
	}
	if roh, err := io.ReadAll(content); err == nil && len(roh) >= gzipMindestens {
		var b bytes.Buffer
		zw, _ := gzip.NewWriterLevel(&b, gzip.BestCompression)
		if _, err := zw.Write(roh); err == nil && zw.Close() == nil && b.Len() < len(roh) {
			gz = b.Bytes()
		}
	}
	a.gepackt[name] = gz
	return gz
}

// nimmtGzip reports whether the request's Accept-Encoding allows gzip (not with q=0).
func nimmtGzip(r *http.Request) bool {
	for _, teil := range strings.Split(r.Header.Get("Accept-Encoding"), ",") {
		kodierung, param, _ := strings.Cut(strings.TrimSpace(teil), ";")
		if !strings.EqualFold(strings.TrimSpace(kodierung), "gzip") {
			continue
		}
		if name, wert, ok := strings.Cut(strings.TrimSpace(param), "="); ok && strings.TrimSpace(name) == "q" {
			if q, err := strconv.ParseFloat(strings.TrimSpace(wert), 64); err == nil && q == 0 {
				return false
			}
		}
		return true
	}
	return false
}
