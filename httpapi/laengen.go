package httpapi

import (
	"net/http"
	"sort"
	"unicode/utf8"

	"github.com/eabwasser/eabwasser/domain/validierung"
)

// suchparameterBegrenzt refuses a query parameter longer than validierung.Suchlaenge
// characters — a search text, a filter, a sort property — with a 400 naming the parameter,
// before any handler reads it. Bodies are bounded by the deciders' table of lengths.
func (a *api) suchparameterBegrenzt(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.RawQuery == "" {
			next.ServeHTTP(w, r)
			return
		}
		var s validierung.Sammler
		q := r.URL.Query()
		namen := make([]string, 0, len(q))
		for name := range q {
			namen = append(namen, name)
		}
		sort.Strings(namen)
		for _, name := range namen {
			if utf8.RuneCountInString(name) > validierung.Suchlaenge {
				s.Feld("query", validierung.ZuLang(validierung.Suchlaenge))
				continue
			}
			for _, wert := range q[name] {
				if utf8.RuneCountInString(wert) > validierung.Suchlaenge {
					s.Feld(name, validierung.ZuLang(validierung.Suchlaenge))
				}
			}
		}
		if err := s.Err(); err != nil {
			a.writeError(w, r, err)
			return
		}
		next.ServeHTTP(w, r)
	})
}
