package httpapi

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// protokollTB records the errors of a check instead of failing the test.
type protokollTB struct {
	testing.TB
	fehler []string
}

func (p *protokollTB) Helper() {}
func (p *protokollTB) Errorf(format string, args ...any) {
	p.fehler = append(p.fehler, fmt.Sprintf(format, args...))
}
func (p *protokollTB) Fatalf(format string, args ...any) {
	p.fehler = append(p.fehler, fmt.Sprintf(format, args...))
}

// The contract check itself: it fails an answer the document does not name (status, media type,
// body) and a request the document forbids that the server accepted; it lets a refused bad
// request and a path the document does not have pass.
func TestVertrag_TheCheckFailsWhatTheDocumentDoesNotAllow(t *testing.T) {
	antwort := func(status int, typ, body string) *httptest.ResponseRecorder {
		rec := httptest.NewRecorder()
		rec.Header().Set("Content-Type", typ)
		rec.WriteHeader(status)
		_, _ = rec.WriteString(body)
		return rec
	}
	json := "application/json; charset=utf-8"
	for _, c := range []struct {
		name, methode, ziel, body string
		rec                       *httptest.ResponseRecorder
		fehler                    string // part of the error; "" for none
	}{
		{"undocumented status", "GET", "/api/health", "", antwort(http.StatusTeapot, json, `{}`), "status is not supported"},
		{"undocumented media type", "GET", "/api/health", "", antwort(200, "text/html", `<p>`), "which the document does not name"},
		{"body not as documented", "GET", "/api/nachricht/count", "", antwort(200, json, `"drei"`), "not as documented"},
		{"forbidden request accepted", "GET", "/api/betrieb/search?sortDirection=foo", "", antwort(200, json, `{"content":[],"page":0,"size":10,"totalElements":0}`), "the document forbids the request"},
		{"forbidden request refused", "GET", "/api/betrieb/search?sortDirection=foo", "", antwort(400, json, `{"message":"x","traceId":"y"}`), ""},
		{"unknown path", "GET", "/api/test/echo", "", antwort(http.StatusTeapot, "text/plain", "x"), ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := &protokollTB{TB: t}
			req := httptest.NewRequest(c.methode, c.ziel, strings.NewReader(c.body))
			pruefeVertrag(p, req, []byte(c.body), c.rec)
			switch {
			case c.fehler == "" && len(p.fehler) > 0:
				t.Errorf("want no error, got %v", p.fehler)
			case c.fehler != "" && (len(p.fehler) != 1 || !strings.Contains(p.fehler[0], c.fehler)):
				t.Errorf("want one error with %q, got %v", c.fehler, p.fehler)
			}
		})
	}
}
