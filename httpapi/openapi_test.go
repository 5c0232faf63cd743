package httpapi

import (
	"net/http"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/go-chi/chi/v5"
	"gopkg.in/yaml.v3"
)

// documentedOperations reads "METHOD /api/path" of every operation in openapi.yaml.
func documentedOperations(t testing.TB) []string {
	t.Helper()
	var doc struct {
		Servers []struct {
			URL string `yaml:"url"`
		} `yaml:"servers"`
		Paths map[string]map[string]yaml.Node `yaml:"paths"`
	}
	if err := yaml.Unmarshal(OpenAPI, &doc); err != nil {
		t.Fatalf("openapi.yaml: %v", err)
	}
	if len(doc.Servers) != 1 || doc.Servers[0].URL != "/api" {
		t.Fatalf("openapi.yaml: want the one server url /api, got %+v", doc.Servers)
	}
	methods := map[string]bool{"get": true, "put": true, "post": true, "delete": true, "patch": true, "head": true, "options": true}
	var out []string
	for path, item := range doc.Paths {
		for key := range item {
			if methods[key] {
				out = append(out, strings.ToUpper(key)+" /api"+path)
			}
		}
	}
	slices.Sort(out)
	return out
}

var regexParameter = regexp.MustCompile(`\{(\w+):[^}]*\}`)

// routedOperations reads "METHOD /api/path" of every route under /api.
func routedOperations(t testing.TB) []string {
	t.Helper()
	mux := newAPI(alleBereiche()).routes(nil)
	var out []string
	err := chi.Walk(mux, func(method, route string, _ http.Handler, _ ...func(http.Handler) http.Handler) error {
		if route == "/api" || strings.HasPrefix(route, "/api/") {
			// a parameter with a pattern ({typ:a|b}) is documented by its name and an enum
			route = regexParameter.ReplaceAllString(route, "{$1}")
			out = append(out, method+" "+strings.TrimSuffix(route, "/"))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(out)
	return slices.Compact(out)
}

func TestOpenAPI_EveryRoutedEndpointIsDocumentedAndEveryDocumentedOneRouted(t *testing.T) {
	documented, routed := documentedOperations(t), routedOperations(t)
	if len(routed) == 0 || len(documented) == 0 {
		t.Fatalf("nothing found: routed %v, documented %v", routed, documented)
	}
	for _, op := range routed {
		if !slices.Contains(documented, op) {
			t.Errorf("routed but not in openapi.yaml: %s", op)
		}
	}
	for _, op := range documented {
		if !slices.Contains(routed, op) {
			t.Errorf("in openapi.yaml but not routed: %s", op)
		}
	}
}
