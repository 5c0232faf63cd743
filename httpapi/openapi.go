package httpapi

import (
	_ "embed"
	"net/http"
)

// OpenAPI is the OpenAPI document of the API; a test holds it and the router in step. It is the
// bundle of httpapi/openapi/*.yaml (one file per area; npm run bundle:api in frontend/), committed
// so the build needs no node.
//
//go:embed openapi.yaml
var OpenAPI []byte

func serveOpenAPI(w http.ResponseWriter, _ *http.Request) {
	w.Header().Set("Content-Type", "application/yaml; charset=utf-8")
	_, _ = w.Write(OpenAPI)
}
