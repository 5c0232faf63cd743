package httpapi

import (
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"gopkg.in/yaml.v3"
)

// dokumentierteOperation is what this test reads of an operation in openapi.yaml.
type dokumentierteOperation struct {
	Security  *[]map[string][]string `yaml:"security"`
	Responses map[string]yaml.Node   `yaml:"responses"`
}

// TestOpenAPI_SecurityMatchesTheRouteGuards keeps the document's security in step with the
// route guards (angemeldet, darf): an operation documented with a bearer token answers 401
// without one and documents that answer; one documented as public (security: []) does not
// ask for a token; and a guard that refuses a caller without the role (403) is documented.
// Without a database the handlers behind the guards fail (500); only the guards' answers count.
func TestOpenAPI_SecurityMatchesTheRouteGuards(t *testing.T) {
	var doc struct {
		Paths map[string]map[string]yaml.Node `yaml:"paths"`
	}
	if err := yaml.Unmarshal(OpenAPI, &doc); err != nil {
		t.Fatalf("openapi.yaml: %v", err)
	}
	secret := []byte("test-secret-openapi-sicherheit")
	deps := alleBereiche()
	deps.JWTSecret, deps.Logger = secret, slog.New(slog.NewTextHandler(io.Discard, nil))
	mux := newAPI(deps).routes(nil)
	// a valid token of an account without any role: every darf() guard refuses it
	ohneRolle, err := SignToken(secret, Benutzer{ID: "1", FunktionaleRollen: []string{}}, time.Hour)
	if err != nil {
		t.Fatal(err)
	}
	rufe := func(method, pfad, token string) int {
		req := httptest.NewRequest(method, pfad, nil)
		if token != "" {
			req.Header.Set("Authorization", "Bearer "+token)
		}
		rec := httptest.NewRecorder()
		mux.ServeHTTP(rec, req)
		return rec.Code
	}
	parameter := regexp.MustCompile(`\{[^}]+\}`)
	methoden := []string{"get", "put", "post", "delete", "patch"}
	geprueft := 0
	for pfad, item := range doc.Paths {
		for methode, knoten := range item {
			if !slices.Contains(methoden, methode) {
				continue
			}
			var op dokumentierteOperation
			if err := knoten.Decode(&op); err != nil {
				t.Fatalf("%s %s: %v", methode, pfad, err)
			}
			name := methode + " " + pfad
			if op.Security == nil {
				t.Errorf("%s: no security (public routes say security: [])", name)
				continue
			}
			// a plant type is a path segment of its own (httpapi/anlage.go)
			url := "/api" + parameter.ReplaceAllString(strings.Replace(pfad, "/anlage/{typ}", "/anlage/entlastung", 1), "1")
			m := http.MethodGet
			switch methode {
			case "put":
				m = http.MethodPut
			case "post":
				m = http.MethodPost
			case "delete":
				m = http.MethodDelete
			case "patch":
				m = http.MethodPatch
			}
			oeffentlich := len(*op.Security) == 0
			ohne := rufe(m, url, "")
			switch {
			case oeffentlich && ohne == http.StatusUnauthorized:
				t.Errorf("%s: documented as public (security: []), but answers 401 without a token", name)
			case !oeffentlich && ohne != http.StatusUnauthorized:
				t.Errorf("%s: documented with a bearer token, but answers %d without one (want 401)", name, ohne)
			case !oeffentlich && op.Responses["401"].Kind == 0:
				t.Errorf("%s: answers 401 without a token; document '401'", name)
			}
			if !oeffentlich && rufe(m, url, ohneRolle) == http.StatusForbidden && op.Responses["403"].Kind == 0 {
				t.Errorf("%s: refuses a caller without the role (403); document '403'", name)
			}
			geprueft++
		}
	}
	if geprueft < 100 {
		t.Fatalf("only %d operations checked", geprueft)
	}
}
