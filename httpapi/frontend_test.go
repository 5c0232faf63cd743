package httpapi

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"
)

var gebautesFrontend = fstest.MapFS{
	"index.html":                {Data: []byte(`<!doctype html><html lang="de"><div id="root"></div><script type="module" src="/eAbwasser/assets/index-abc123.js"></script></html>`)},
	"favicon.svg":               {Data: []byte(`<svg xmlns="http://www.w3.org/2000/svg"/>`)},
	"assets/index-abc123.js":    {Data: []byte(`console.log("eAbwasser")`)},
	"assets/index-abc123.css":   {Data: []byte(`body{}`)},
	"assets/fonts/x-9f8e7.woff": {Data: []byte(`wOFF`)},
}

func TestFrontend_RootAndBaseRedirectToTheApp(t *testing.T) {
	s := newTestServer(t, Deps{Frontend: gebautesFrontend}, nil)
	for _, tt := range []struct{ path, ziel string }{
		{"/", "/eAbwasser/"},
		{"/eAbwasser", "/eAbwasser/"},
		{"/eAbwasser?modus=l", "/eAbwasser/?modus=l"},
	} {
		a := s.do(t, http.MethodGet, tt.path, nil)
		if a.Code != http.StatusFound || a.Header().Get("Location") != tt.ziel {
			t.Errorf("%s: %d → %q, want 302 → %q", tt.path, a.Code, a.Header().Get("Location"), tt.ziel)
		}
	}
}

func TestFrontend_DeepLinksGetIndexHTMLUncached(t *testing.T) {
	s := newTestServer(t, Deps{Frontend: gebautesFrontend}, nil)
	for _, p := range []string{"/eAbwasser/", "/eAbwasser/betrieb/17", "/eAbwasser/anlage/4711/historie/?modus=s", "/eAbwasser/index.html", "/eAbwasser/assets"} {
		t.Run(p, func(t *testing.T) {
			a := s.do(t, http.MethodGet, p, nil)
			if a.Code != 200 || !strings.Contains(a.Body.String(), `<div id="root">`) {
				t.Fatalf("status %d body %q", a.Code, a.Body.String())
			}
			if ct := a.Header().Get("Content-Type"); !strings.HasPrefix(ct, "text/html") {
				t.Errorf("Content-Type %q", ct)
			}
			if cc := a.Header().Get("Cache-Control"); cc != "no-cache" {
				t.Errorf("Cache-Control %q, want no-cache", cc)
			}
		})
	}
	if a := s.do(t, http.MethodHead, "/eAbwasser/betrieb/17", nil); a.Code != 200 {
		t.Errorf("HEAD deep link: %d", a.Code)
	}
}

func TestFrontend_AssetsAreServedImmutableAndUnknownOnesAre404(t *testing.T) {
	s := newTestServer(t, Deps{Frontend: gebautesFrontend}, nil)
	for _, tt := range []struct{ path, typ, inhalt string }{
		{"/eAbwasser/assets/index-abc123.js", "text/javascript", `console.log("eAbwasser")`},
		{"/eAbwasser/assets/index-abc123.css", "text/css", `body{}`},
		{"/eAbwasser/assets/fonts/x-9f8e7.woff", "font/woff", `wOFF`},
	} {
		a := s.do(t, http.MethodGet, tt.path, nil)
		if a.Code != 200 || a.Body.String() != tt.inhalt {
			t.Fatalf("%s: %d %q", tt.path, a.Code, a.Body.String())
		}
		if ct := a.Header().Get("Content-Type"); !strings.HasPrefix(ct, tt.typ) {
			t.Errorf("%s: Content-Type %q", tt.path, ct)
		}
		if cc := a.Header().Get("Cache-Control"); !strings.Contains(cc, "immutable") || !strings.Contains(cc, "max-age=31536000") {
			t.Errorf("%s: Cache-Control %q", tt.path, cc)
		}
	}
	for _, p := range []string{"/eAbwasser/assets/fehlt-000.js", "/eAbwasser/assets/", "/eAbwasser/assets/fonts", "/eAbwasser/assets/../index.html"} {
		if a := s.do(t, http.MethodGet, p, nil); a.Code != http.StatusNotFound {
			t.Errorf("%s: %d, want 404", p, a.Code)
		}
	}
	a := s.do(t, http.MethodGet, "/eAbwasser/favicon.svg", nil)
	if a.Code != 200 || !strings.HasPrefix(a.Header().Get("Content-Type"), "image/svg+xml") {
		t.Errorf("favicon: %d %q", a.Code, a.Header().Get("Content-Type"))
	}
}

func TestFrontend_WithoutIndexHTMLAnswers503(t *testing.T) {
	ohneIndex := fstest.MapFS{"assets/index-abc123.js": {Data: []byte(`x`)}}
	for name, s := range map[string]*testServer{
		"no index.html": newTestServer(t, Deps{Frontend: ohneIndex}, nil),
		"no frontend":   newTestServer(t, Deps{}, nil),
	} {
		t.Run(name, func(t *testing.T) {
			for _, p := range []string{"/eAbwasser/", "/eAbwasser/betrieb/1"} {
				a := s.do(t, http.MethodGet, p, nil)
				if a.Code != http.StatusServiceUnavailable || !strings.HasPrefix(a.Header().Get("Content-Type"), "text/html") ||
					!strings.Contains(a.Body.String(), "Die Oberfläche ist nicht gebaut. Bitte „make build“ ausführen.") {
					t.Errorf("%s: %d %q %q", p, a.Code, a.Header().Get("Content-Type"), a.Body.String())
				}
			}
		})
	}
}

func TestFrontend_TextFilesAreServedGzipWithTheirCacheLifetimes(t *testing.T) {
	skript := strings.Repeat(`export function zeige(){console.log("eAbwasser – Betriebe und Anlagen")}`+"\n", 200)
	seite := `<!doctype html><html lang="de"><div id="root"></div>` + strings.Repeat("<!-- Platz -->", 200) + `</html>`
	gebaut := fstest.MapFS{
		"index.html":              {Data: []byte(seite)},
		"assets/index-abc123.js":  {Data: []byte(skript)},
		"assets/klein-abc123.css": {Data: []byte(`body{}`)},
		"assets/logo-abc123.png":  {Data: bytes.Repeat([]byte{0x89, 'P', 'N', 'G'}, 1000)},
	}
	s := newTestServer(t, Deps{Frontend: gebaut}, nil)
	entpackt := func(t *testing.T, a antwort) string {
		t.Helper()
		zr, err := gzip.NewReader(a.Body)
		if err != nil {
			t.Fatalf("body is no gzip: %v", err)
		}
		b, err := io.ReadAll(zr)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	for _, tt := range []struct{ pfad, typ, inhalt, cache string }{
		{"/eAbwasser/assets/index-abc123.js", "text/javascript", skript, "public, max-age=31536000, immutable"},
		{"/eAbwasser/", "text/html", seite, "no-cache"},
		{"/eAbwasser/betrieb/17", "text/html", seite, "no-cache"},
	} {
		t.Run(tt.pfad, func(t *testing.T) {
			a := s.do(t, http.MethodGet, tt.pfad, nil, "Accept-Encoding", "br;q=1.0, gzip;q=0.8")
			if a.Code != 200 || a.Header().Get("Content-Encoding") != "gzip" {
				t.Fatalf("%d, Content-Encoding %q", a.Code, a.Header().Get("Content-Encoding"))
			}
			if got := a.Header().Get("Cache-Control"); got != tt.cache {
				t.Errorf("Cache-Control %q, want %q", got, tt.cache)
			}
			if ct := a.Header().Get("Content-Type"); !strings.HasPrefix(ct, tt.typ) {
				t.Errorf("Content-Type %q", ct)
			}
			if v := a.Header().Get("Vary"); v != "Accept-Encoding" {
				t.Errorf("Vary %q", v)
			}
			if n := a.Body.Len(); n >= len(tt.inhalt)/4 || a.Header().Get("Content-Length") != strconv.Itoa(n) {
				t.Errorf("%d bytes sent for %d (Content-Length %q): not compressed", n, len(tt.inhalt), a.Header().Get("Content-Length"))
			}
			if got := entpackt(t, a); got != tt.inhalt {
				t.Errorf("unpacked body differs (%d bytes, want %d)", len(got), len(tt.inhalt))
			}
			// the same again: from the cache of compressed files
			if b := s.do(t, http.MethodGet, tt.pfad, nil, "Accept-Encoding", "gzip"); entpackt(t, b) != tt.inhalt {
				t.Error("second answer differs")
			}
		})
	}
	// a range request gets the whole compressed file (ranges of gzip bytes help no browser)
	if a := s.do(t, http.MethodGet, "/eAbwasser/assets/index-abc123.js", nil, "Accept-Encoding", "gzip", "Range", "bytes=0-9"); a.Code != 200 || entpackt(t, a) != skript {
		t.Errorf("range with gzip: %d", a.Code)
	}
	// no gzip without Accept-Encoding, with q=0, for a tiny file, or for an image
	for _, tt := range []struct{ pfad, accept string }{
		{"/eAbwasser/assets/index-abc123.js", ""},
		{"/eAbwasser/assets/index-abc123.js", "gzip;q=0, identity"},
		{"/eAbwasser/assets/klein-abc123.css", "gzip"},
		{"/eAbwasser/assets/logo-abc123.png", "gzip"},
	} {
		a := s.do(t, http.MethodGet, tt.pfad, nil, "Accept-Encoding", tt.accept)
		if a.Code != 200 || a.Header().Get("Content-Encoding") != "" {
			t.Errorf("%s with %q: %d, Content-Encoding %q", tt.pfad, tt.accept, a.Code, a.Header().Get("Content-Encoding"))
		}
		if cc := a.Header().Get("Cache-Control"); cc != "public, max-age=31536000, immutable" {
			t.Errorf("%s: Cache-Control %q", tt.pfad, cc)
		}
	}
}
