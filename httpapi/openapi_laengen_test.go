package httpapi

import (
	"fmt"
	"sort"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"

	"github.com/eabwasser/eabwasser/domain/validierung"
)

// keinText are strings of requests that are no text a user types into a field: secrets and
// one-time tickets (bounded by the body limit and never stored as sent).
var keinText = map[string]bool{"password": true, "passwort": true, "aktuellesPasswort": true, "token": true, "ticket": true}

// keineListe are arrays of requests that no command stores: the rows selected for an export
// (bounded by the body limit, answered only within the caller's visibility) and the objects
// selected for a print (at most druckausgabe.HoechstObjekte together).
var keineListe = map[string]bool{"ids": true, "anlagenIds": true, "messstellenIds": true, "bescheidIds": true}

// TestOpenAPI_EveryTextAndListOfARequestDocumentsTheServersMaxLengthAndMaxItems walks the request
// bodies and query parameters of openapi.yaml: every string a client sends (no choice from an
// enum, no date, not read-only) carries the maxLength the server enforces, every named list the
// maxItems (validierung.Hoechstanzahlen), so generated clients know them too.
func TestOpenAPI_EveryTextAndListOfARequestDocumentsTheServersMaxLengthAndMaxItems(t *testing.T) {
	var doc map[string]any
	if err := yaml.Unmarshal(OpenAPI, &doc); err != nil {
		t.Fatal(err)
	}
	schemas := doc["components"].(map[string]any)["schemas"].(map[string]any)
	parameter := doc["components"].(map[string]any)["parameters"].(map[string]any)
	var fehler []string
	var pruefe func(wo string, s map[string]any, name string, tiefe int)
	pruefe = func(wo string, s map[string]any, name string, tiefe int) {
		if s["readOnly"] == true {
			return
		}
		if ref, ok := s["$ref"].(string); ok {
			if tiefe > 10 {
				return
			}
			wo += " (" + ref + ")"
			s = schemas[strings.TrimPrefix(ref, "#/components/schemas/")].(map[string]any)
		}
		if s["readOnly"] == true {
			return
		}
		for _, teil := range []string{"allOf", "oneOf", "anyOf"} {
			if l, ok := s[teil].([]any); ok {
				for _, x := range l {
					pruefe(wo, x.(map[string]any), name, tiefe+1)
				}
			}
		}
		switch s["type"] {
		case "object":
			props, _ := s["properties"].(map[string]any)
			for n, p := range props {
				pruefe(wo+"."+n, p.(map[string]any), n, tiefe+1)
			}
		case "array":
			if want := validierung.Hoechstanzahl(name); name != "" && !keineListe[name] && s["maxItems"] != want {
				fehler = append(fehler, fmt.Sprintf("%s: maxItems %v, want %d", wo, s["maxItems"], want))
			}
			if items, ok := s["items"].(map[string]any); ok {
				pruefe(wo+"[]", items, name, tiefe+1)
			}
		case "string":
			if s["enum"] != nil || s["format"] != nil || keinText[name] || name == "" {
				// name "": a bare string body (the link token of /doubleoptin/confirm)
				return
			}
			if want := validierung.Hoechstlaenge(name); s["maxLength"] != want {
				fehler = append(fehler, fmt.Sprintf("%s: maxLength %v, want %d", wo, s["maxLength"], want))
			}
		}
	}
	for pfad, item := range doc["paths"].(map[string]any) {
		for methode, op := range item.(map[string]any) {
			o, ok := op.(map[string]any)
			if !ok {
				continue
			}
			wo := strings.ToUpper(methode) + " " + pfad
			params, _ := o["parameters"].([]any)
			if gemeinsam, ok := item.(map[string]any)["parameters"].([]any); ok {
				params = append(params, gemeinsam...)
			}
			for _, p := range params {
				pm := p.(map[string]any)
				if ref, ok := pm["$ref"].(string); ok {
					pm = parameter[strings.TrimPrefix(ref, "#/components/parameters/")].(map[string]any)
				}
				if pm["in"] != "query" {
					continue
				}
				if s, _ := pm["schema"].(map[string]any); s["type"] == "string" && s["enum"] == nil && s["maxLength"] != validierung.Suchlaenge {
					fehler = append(fehler, fmt.Sprintf("%s ?%s: maxLength %v, want %d", wo, pm["name"], s["maxLength"], validierung.Suchlaenge))
				}
			}
			body, _ := o["requestBody"].(map[string]any)
			content, _ := body["content"].(map[string]any)
			for _, c := range content {
				if s, ok := c.(map[string]any)["schema"].(map[string]any); ok {
					pruefe(wo, s, "", 0)
				}
			}
		}
	}
	sort.Strings(fehler)
	for _, f := range fehler {
		t.Error(f)
	}
}
