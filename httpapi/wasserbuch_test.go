package httpapi

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/eabwasser/eabwasser/internal/plattform/wasserbuch"
)

func wasserbuchServer(t *testing.T, h http.Handler, zeitlimit time.Duration) (*testServer, string) {
	t.Helper()
	register := httptest.NewServer(h)
	t.Cleanup(register.Close)
	r, err := wasserbuch.Neu(register.URL+"/digiwab", zeitlimit)
	if err != nil {
		t.Fatal(err)
	}
	return newTestServer(t, Deps{Wasserbuch: r}, nil), register.URL + "/digiwab"
}

// wasserbuchAttrappe is the stand-in register of the demo (wasserbuch.Attrappe) behind a test
// server, as `make run` configures it: the worlds of the API tests have their water book like
// the demo has, so a walk over every route reaches the register and not "nicht angebunden".
func wasserbuchAttrappe(t testing.TB) *wasserbuch.Register {
	t.Helper()
	m := http.NewServeMux()
	m.Handle("/digiwab/", http.StripPrefix("/digiwab", wasserbuch.Attrappe()))
	register := httptest.NewServer(m)
	t.Cleanup(register.Close)
	r, err := wasserbuch.Neu(register.URL+"/digiwab", 0)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func TestWasserbuch_LinkAndExistenceOfAWaterRight(t *testing.T) {
	m := http.NewServeMux()
	m.Handle("/digiwab/", http.StripPrefix("/digiwab", wasserbuch.Attrappe()))
	s, basis := wasserbuchServer(t, m, 0)
	auth := bearer(t, "BETREIBER")

	a := s.do(t, "GET", "/api/digiwab-url/", nil, "Authorization", auth)
	if a.Code != 200 || a.json(t)["url"] != basis {
		t.Fatalf("digiwab-url: %d %s", a.Code, a.Body.String())
	}
	// the link is built on the configuration, whatever the request names as its host
	a = s.do(t, "GET", "/api/digiwab/wasserrechtnr/WR-2350-001", nil, "Authorization", auth,
		"X-Forwarded-Host", "boese.example", "Host", "boese.example")
	if got := a.json(t); a.Code != 200 || got["url"] != basis+"/wasserrechte/WR-2350-001" || got["vorhanden"] != true {
		t.Fatalf("found: %d %s", a.Code, a.Body.String())
	}
	a = s.do(t, "GET", "/api/digiwab/wasserrechtnr/WR-9999-999", nil, "Authorization", auth)
	if got := a.json(t); a.Code != 200 || got["url"] != basis+"/wasserrechte/WR-9999-999" || got["vorhanden"] != false {
		t.Fatalf("not found: %d %s", a.Code, a.Body.String())
	}
	// the Bescheid screen asks with the value of the Bescheid's field bescheidId
	a = s.do(t, "GET", "/api/digiwab/WR-1110-017/", nil, "Authorization", auth)
	if got := a.json(t); a.Code != 200 || got["url"] != basis+"/wasserrechte/WR-1110-017" || got["vorhanden"] != true {
		t.Fatalf("bescheidId: %d %s", a.Code, a.Body.String())
	}
	a = s.do(t, "GET", "/api/digiwab/WR-4711", nil, "Authorization", auth)
	if got := a.json(t); a.Code != 200 || got["vorhanden"] != false {
		t.Fatalf("bescheidId not found: %d %s", a.Code, a.Body.String())
	}
	wantFehler(t, s.do(t, "GET", "/api/digiwab/..%2Fadmin", nil, "Authorization", auth), 400, wasserbuch.TextNummer)
	m2 := wantFehler(t, s.do(t, "GET", "/api/digiwab/wasserrechtnr/WR%201", nil, "Authorization", auth), 400, wasserbuch.TextNummer)
	if m2["validationErrors"].(map[string]any)["wasserrechtnr"] != wasserbuch.TextNummer {
		t.Errorf("validationErrors %v", m2)
	}
	wantFehler(t, s.do(t, "GET", "/api/digiwab/wasserrechtnr/WR-2350-001", nil), 401, textNichtAngemeldet)
	wantFehler(t, s.do(t, "GET", "/api/digiwab-url", nil), 401, textNichtAngemeldet)
	wantFehler(t, s.do(t, "GET", "/api/digiwab/WR-1110-017", nil), 401, textNichtAngemeldet)
}

func TestWasserbuch_SlowOrBrokenRegisterGetsAGermanMessage(t *testing.T) {
	halt := make(chan struct{})
	defer close(halt)
	langsam, _ := wasserbuchServer(t, http.HandlerFunc(func(_ http.ResponseWriter, r *http.Request) {
		select {
		case <-halt:
		case <-r.Context().Done():
		}
	}), 200*time.Millisecond)
	start := time.Now()
	wantFehler(t, langsam.do(t, "GET", "/api/digiwab/wasserrechtnr/WR-2350-001", nil, "Authorization", bearer(t, "ZUST_SBB")), 503,
		"Das Wasserbuch ist zurzeit nicht erreichbar. Bitte versuchen Sie es später erneut.")
	if d := time.Since(start); d > 3*time.Second {
		t.Errorf("answered after %s", d)
	}

	kaputt, _ := wasserbuchServer(t, http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		http.Error(w, "kaputt", http.StatusInternalServerError)
	}), 0)
	wantFehler(t, kaputt.do(t, "GET", "/api/digiwab/wasserrechtnr/WR-2350-001", nil, "Authorization", bearer(t, "ZUST_SBB")), 502,
		wasserbuch.TextFehler)
}

func TestWasserbuch_NotConfigured(t *testing.T) {
	s := newTestServer(t, Deps{}, nil)
	auth := bearer(t, "LESER_BEHOERDE")
	if a := s.do(t, "GET", "/api/digiwab-url", nil, "Authorization", auth); a.Code != 200 || a.json(t)["url"] != "" {
		t.Fatalf("digiwab-url: %d %s", a.Code, a.Body.String())
	}
	a := s.do(t, "GET", "/api/digiwab/wasserrechtnr/WR-2350-001", nil, "Authorization", auth)
	if got := a.json(t); a.Code != 200 || got["url"] != "" || got["vorhanden"] != false {
		t.Fatalf("wasserrechtnr: %d %s", a.Code, a.Body.String())
	}
}

// the water-register viewer (issue 33): the entry's page sanitised, its documents as download.pdf
func TestWasserbuch_ViewerShowsTheSanitisedPageAndStreamsItsDocuments(t *testing.T) {
	m := http.NewServeMux()
	m.Handle("/digiwab/", http.StripPrefix("/digiwab", wasserbuch.Attrappe()))
	s, _ := wasserbuchServer(t, m, 0)
	auth := bearer(t, "BETREIBER")

	a := s.do(t, "GET", "/api/digiwab-page/S0412346", nil, "Authorization", auth)
	seite := a.json(t)
	h, _ := seite["html"].(string)
	if a.Code != 200 || seite["wbbId"] != "S0412346" || !strings.Contains(h, `<td class="status3">Frist überschritten</td>`) ||
		!strings.Contains(h, `href="/api/digiwab-pdf/?entryId=WBB-S0412346&amp;dokId=erlaubnis-2025"`) ||
		strings.Contains(h, "script") || strings.Contains(h, "onclick") || strings.Contains(h, "<style") {
		t.Fatalf("page: %d %s", a.Code, a.Body.String())
	}
	if a.Header().Get("Cache-Control") != "no-store" {
		t.Errorf("Cache-Control %q", a.Header().Get("Cache-Control"))
	}

	for _, pfad := range []string{"/api/digiwab-pdf/?entryId=WBB-S0412346&dokId=erlaubnis-2025", "/api/digiwab-pdf?entryId=WBB-S0412346&dokId=lageplan"} {
		a = s.do(t, "GET", pfad, nil, "Authorization", bearer(t, "LESER_BEHOERDE"))
		if a.Code != 200 || a.Header().Get("Content-Type") != "application/pdf" ||
			a.Header().Get("Content-Disposition") != `attachment; filename="download.pdf"` || !strings.HasPrefix(a.Body.String(), "%PDF-1.4") ||
			!strings.HasSuffix(a.Body.String(), "%%EOF\n") {
			t.Fatalf("%s: %d %v %q", pfad, a.Code, a.Header(), a.Body.String())
		}
	}

	// unknown entry and document: 404 in German; ids of the wrong form: 400 on the field
	wantFehler(t, s.do(t, "GET", "/api/digiwab-page/S9999999", nil, "Authorization", auth), 404, wasserbuch.TextUnbekannt)
	wantFehler(t, s.do(t, "GET", "/api/digiwab-pdf/?entryId=WBB-S0412346&dokId=gibt-es-nicht", nil, "Authorization", auth), 404,
		wasserbuch.TextDokumentUnbekannt)
	wantFehler(t, s.do(t, "GET", "/api/digiwab-page/..%2Fadmin", nil, "Authorization", auth), 400, wasserbuch.TextNummer)
	for _, q := range []string{"", "?entryId=WBB-S0412346", "?entryId=..%2Fx&dokId=lageplan", "?entryId=WBB-S0412346&dokId=a%2Fb"} {
		f := wantFehler(t, s.do(t, "GET", "/api/digiwab-pdf/"+q, nil, "Authorization", auth), 400, wasserbuch.TextDokumentKennungen)
		if len(f["validationErrors"].(map[string]any)) == 0 {
			t.Errorf("%s: %v", q, f)
		}
	}
	// logged-in only
	wantFehler(t, s.do(t, "GET", "/api/digiwab-page/S0412346", nil), 401, textNichtAngemeldet)
	wantFehler(t, s.do(t, "GET", "/api/digiwab-pdf/?entryId=WBB-S0412346&dokId=lageplan", nil), 401, textNichtAngemeldet)
}

// a register that does not answer ends after the time limit with a German message, never a
// hang; a wrong answer is a 502; no register configured a 503
func TestWasserbuch_ViewerOnASlowBrokenOrMissingRegister(t *testing.T) {
	halt := make(chan struct{})
	defer close(halt)
	langsam, _ := wasserbuchServer(t, http.HandlerFunc(func(_ http.ResponseWriter, r *http.Request) {
		select {
		case <-halt:
		case <-r.Context().Done():
		}
	}), 200*time.Millisecond)
	auth := bearer(t, "ZUST_SBB")
	start := time.Now()
	wantFehler(t, langsam.do(t, "GET", "/api/digiwab-page/S0412346", nil, "Authorization", auth), 503, wasserbuch.TextNichtErreichbar)
	wantFehler(t, langsam.do(t, "GET", "/api/digiwab-pdf/?entryId=WBB-S0412346&dokId=lageplan", nil, "Authorization", auth), 503,
		wasserbuch.TextNichtErreichbar)
	if d := time.Since(start); d > 3*time.Second {
		t.Errorf("answered after %s", d)
	}

	kaputt, _ := wasserbuchServer(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasSuffix(r.URL.Path, ".pdf") {
			_, _ = w.Write([]byte("<html>Bitte melden Sie sich an</html>")) // a login page, no PDF
			return
		}
		http.Error(w, "kaputt", http.StatusInternalServerError)
	}), 0)
	wantFehler(t, kaputt.do(t, "GET", "/api/digiwab-page/S0412346", nil, "Authorization", auth), 502, wasserbuch.TextFehler)
	a := wantFehler(t, kaputt.do(t, "GET", "/api/digiwab-pdf/?entryId=WBB-S0412346&dokId=lageplan", nil, "Authorization", auth), 502, wasserbuch.TextFehler)
	if strings.Contains(fmt.Sprint(a), "Bitte melden") {
		t.Errorf("the register's answer reached the client: %v", a)
	}

	ohne := newTestServer(t, Deps{}, nil)
	wantFehler(t, ohne.do(t, "GET", "/api/digiwab-page/S0412346", nil, "Authorization", auth), 503, wasserbuch.TextNichtKonfiguriert)
}

// The wasserbuch area's rows of the list walk (TestListen_EveryListAndExportShowsOnlyRowsOfObjectsTheCallerSees).
var _ = listenDes("wasserbuch", map[string]listenRoute{
	// the water book: a link and whether it exists, no rows (issue 30)
	"GET /api/digiwab-url":               {art: artAnderes},
	"GET /api/digiwab/wasserrechtnr/{n}": {art: artAnderes},
	"GET /api/digiwab/{bescheidId}":      {art: artAnderes},
	// the water-register viewer (issue 33): the register's page and documents are not ours — no
	// object of eAbwasser, no rows, no visibility of ours applies; every logged-in user may read
	// the register (spec 002 §2), what it shows is the register's to decide
	"GET /api/digiwab-page/{wbbId}": {art: artAnderes},
	"GET /api/digiwab-pdf":          {art: artAnderes},
})

// The wasserbuch area's rows of the permission matrix (TestBerechtigung_EveryRouteTimesEveryRoleAndOrganisation).
var _ = regelnDes("wasserbuch", func() map[string]regel {
	return map[string]regel{
		// the water book: anyone logged in (issue 30)
		"GET /api/digiwab-url":               angemeldet,
		"GET /api/digiwab/wasserrechtnr/{n}": angemeldet,
		"GET /api/digiwab/{bescheidId}":      angemeldet,
		// the water-register viewer: logged-in (spec 002 §2, issue 33)
		"GET /api/digiwab-page/{wbbId}": angemeldet,
		"GET /api/digiwab-pdf":          angemeldet,
	}
})
