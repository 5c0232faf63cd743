package httpapi

import (
	"net/http"
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
