package httpapi

import (
	"net/http"

	"github.com/eabwasser/eabwasser/internal/plattform/config"
)

// Oberflaeche is what the UI takes from the server's configuration: the header's support
// address (SUPPORT_MAIL) and help link (HELP_URL), the map window's background layers
// (MAP_LAYERS). Empty fields are left out; the UI then shows no such link, the map only the
// shipped vector layers.
type Oberflaeche struct {
	SupportMail  string               `json:"supportMail,omitempty"`
	HilfeURL     string               `json:"hilfeUrl,omitempty"`
	Kartenebenen []config.Kartenebene `json:"kartenebenen,omitempty"`
}

// konfiguration answers GET /api/konfiguration, public: the header shows its links before
// login too. The values come from the configuration only, never from the request.
func (a *api) konfiguration(w http.ResponseWriter, _ *http.Request) {
	writeJSON(w, http.StatusOK, a.deps.Oberflaeche)
}
