package httpapi

import (
	"net/http"
	"strings"
	"testing"

	"github.com/eabwasser/eabwasser/internal/plattform/config"
)

// TestKonfiguration_SupportAndHelpComeFromTheConfigurationNotTheRequest: the header's links are
// what the operator configured (SUPPORT_MAIL, HELP_URL), public, whatever the request says.
func TestKonfiguration_SupportAndHelpComeFromTheConfigurationNotTheRequest(t *testing.T) {
	s := newTestServer(t, Deps{Oberflaeche: Oberflaeche{SupportMail: "hilfe@rlp.example", HilfeURL: "https://wiki.rlp.example/eabwasser"}}, nil)
	a := s.do(t, http.MethodGet, "/api/konfiguration", nil, "Host", "boese.example", "X-Forwarded-Host", "boese.example",
		"Referer", "https://boese.example/")
	if a.Code != 200 {
		t.Fatalf("status %d: %s", a.Code, a.Body.String())
	}
	if k := a.json(t); k["supportMail"] != "hilfe@rlp.example" || k["hilfeUrl"] != "https://wiki.rlp.example/eabwasser" || len(k) != 2 {
		t.Fatalf("answer: %v", k)
	}
	// nothing configured: no links
	if k := newTestServer(t, Deps{}, nil).do(t, http.MethodGet, "/api/konfiguration", nil).json(t); len(k) != 0 {
		t.Fatalf("unconfigured: %v", k)
	}
}

// TestKonfiguration_MapLayersReachTheClientAsConfigured: the map window's background layers
// are MAP_LAYERS as the server read it, the only source of their URLs.
func TestKonfiguration_MapLayersReachTheClientAsConfigured(t *testing.T) {
	ebenen, err := config.Config{MapLayers: `[{"typ":"wms","url":"https://geo.rlp.example/wms","layers":"DOP20","titel":"Luftbild"}]`}.Kartenebenen()
	if err != nil {
		t.Fatal(err)
	}
	k := newTestServer(t, Deps{Oberflaeche: Oberflaeche{Kartenebenen: ebenen}}, nil).do(t, http.MethodGet, "/api/konfiguration", nil).json(t)
	liste, _ := k["kartenebenen"].([]any)
	if len(liste) != 1 {
		t.Fatalf("answer: %v", k)
	}
	if e := liste[0].(map[string]any); e["typ"] != "wms" || e["url"] != "https://geo.rlp.example/wms" || e["layers"] != "DOP20" || e["titel"] != "Luftbild" {
		t.Fatalf("layer: %v", e)
	}
}

// TestKonfiguration_MapLayerOriginsAndOnlyThoseJoinTheCSP: the browser may load tiles and a
// WMTS service's capabilities from the configured layers' origins, from no other.
func TestKonfiguration_MapLayerOriginsAndOnlyThoseJoinTheCSP(t *testing.T) {
	if csp := contentSecurityPolicy(nil); !strings.Contains(csp, "img-src 'self' data:;") || !strings.Contains(csp, "connect-src 'self';") {
		t.Fatalf("without layers: %q", csp)
	}
	ebenen := []config.Kartenebene{
		{Typ: "wms", URL: "https://geo.rlp.example/wms?x=1", Layers: "a", Titel: "A"},
		{Typ: "wmts", URL: "https://geo.rlp.example:8443/wmts", Layers: "b", Titel: "B"},
		{Typ: "wms", URL: "https://geo.rlp.example/andere", Layers: "c", Titel: "C"},
	}
	s := newTestServer(t, Deps{Oberflaeche: Oberflaeche{Kartenebenen: ebenen}}, nil)
	csp := s.do(t, http.MethodGet, "/eAbwasser/karte", nil).Header().Get("Content-Security-Policy")
	for _, d := range []string{
		"img-src 'self' data: https://geo.rlp.example https://geo.rlp.example:8443;",
		"connect-src 'self' https://geo.rlp.example https://geo.rlp.example:8443;",
		"default-src 'self';", "frame-ancestors 'none'",
	} {
		if !strings.Contains(csp, d) {
			t.Errorf("CSP %q lacks %q", csp, d)
		}
	}
}
