package httpapi

import (
	"bytes"
	"io"
	"io/fs"
	"net/http"
	"path"
	"strings"

	"github.com/go-chi/chi/v5"
)

// frontendBasis is where the React app lives (its router's basename, Vite's base).
const frontendBasis = "/eAbwasser/"

const textNichtGebaut = `<!doctype html>
<html lang="de"><head><meta charset="utf-8"><title>eAbwasser</title></head>
<body><p>Die Oberfläche ist nicht gebaut. Bitte „make build“ ausführen.</p></body></html>
`

// frontendRoutes serves the built React app: hashed assets with long caching, every other
// path below /eAbwasser/ (deep links of the client-side router) as index.html.
func (a *api) frontendRoutes(m chi.Router) {
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
		m.MethodFunc(method, "/eAbwasser/assets/*", a.asset)
		m.MethodFunc(method, "/eAbwasser/*", a.spa)
	}
}

// asset serves a file of assets/. Vite names them by content hash, so they never change.
func (a *api) asset(w http.ResponseWriter, r *http.Request) {
	name := path.Clean("assets/" + chi.URLParam(r, "*"))
	if !strings.HasPrefix(name, "assets/") || !a.serveFile(w, r, name, "public, max-age=31536000, immutable") {
		http.Error(w, "Die Datei existiert nicht.", http.StatusNotFound)
	}
}

// spa serves a top-level file of the build (favicon, robots.txt) when it exists and
// index.html for every other path, so deep links work.
func (a *api) spa(w http.ResponseWriter, r *http.Request) {
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
func (a *api) serveFile(w http.ResponseWriter, r *http.Request, name, cacheControl string) bool {
	if a.deps.Frontend == nil {
		return false
	}
	name = path.Clean(name)
	if !fs.ValidPath(name) || strings.HasPrefix(name, "../") {
		return false
	}
	f, err := a.deps.Frontend.Open(name)
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
	// embed.FS has no modification times (zero): ServeContent then sends no Last-Modified.
	http.ServeContent(w, r, name, info.ModTime(), content)
	return true
}
