package wasserbuch

import (
	"fmt"
	"html"
	"net/http"
	"slices"
)

// DemoNummern are the water rights the stand-in register knows: the demo's Bescheide carry
// them (Bescheid field bescheidId).
var DemoNummern = []string{"WR-2350-001", "WR-1110-017", "WR-3210-042"}

// Attrappe is a stand-in for the water book, for tests and the demo (`eabwasser wasserbuch`):
// GET /wasserrechte/{n} answers a small page for the numbers given (none: DemoNummern), 404
// for any other.
func Attrappe(nummern ...string) http.Handler {
	if len(nummern) == 0 {
		nummern = DemoNummern
	}
	m := http.NewServeMux()
	m.HandleFunc("GET /wasserrechte/{n}", func(w http.ResponseWriter, r *http.Request) {
		n := r.PathValue("n")
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Header().Set("Content-Security-Policy", "default-src 'none'")
		if !slices.Contains(nummern, n) {
			w.WriteHeader(http.StatusNotFound)
			fmt.Fprintf(w, "<!doctype html><title>Wasserbuch</title><p>Das Wasserrecht %s ist nicht eingetragen.</p>", html.EscapeString(n))
			return
		}
		fmt.Fprintf(w, "<!doctype html><html lang=\"de\"><title>Wasserbuch – %[1]s</title><h1>Wasserbuch</h1>"+
			"<p>Wasserrecht <strong>%[1]s</strong> (Demo-Eintrag des Wasserbuchs)</p>", html.EscapeString(n))
	})
	return m
}
