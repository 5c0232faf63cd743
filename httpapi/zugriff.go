package httpapi

import (
	"context"
	"net/http"
	"strconv"
	"sync"

	"github.com/eabwasser/eabwasser/internal/zugriff"
)

// The caller as every service needs him (zugriff.Nutzer) is resolved once per request: the
// session check of the auth middleware reads the account's organisation and visibility with
// its state (one query) and puts the caller into the context; without a session check the
// first handler that asks resolves him, later asks reuse it.

type nutzerKey struct{}

type aufloesung struct {
	once sync.Once
	q    zugriff.Querier
	n    zugriff.Nutzer
	err  error
}

// mitNutzer returns ctx carrying the caller n, resolved already or on first need.
func mitNutzer(ctx context.Context, n zugriff.Nutzer, q zugriff.Querier) context.Context {
	return context.WithValue(ctx, nutzerKey{}, &aufloesung{q: q, n: n})
}

func ausToken(b Benutzer) zugriff.Nutzer {
	id, _ := strconv.ParseInt(b.ID, 10, 64)
	return zugriff.Nutzer{AnwenderID: id, Rollen: b.FunktionaleRollen}
}

// nutzer is the caller of r, resolved once per request. Without a resolution (a failed read,
// or a test that put only the Benutzer into the context) it is the caller of the token, and
// the services resolve him themselves.
func nutzer(r *http.Request) zugriff.Nutzer {
	h, ok := r.Context().Value(nutzerKey{}).(*aufloesung)
	if !ok {
		b, _ := BenutzerAus(r.Context())
		return ausToken(b)
	}
	h.once.Do(func() {
		var n zugriff.Nutzer
		if n, h.err = zugriff.Aufloesen(r.Context(), h.q, h.n); h.err == nil {
			h.n = n
		}
	})
	return h.n
}
