package httpapi

import (
	"context"
	"errors"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/golang-jwt/jwt/v5"

	"github.com/eabwasser/eabwasser/domain/validierung"
	"github.com/eabwasser/eabwasser/eventstore"
)

// Benutzer is the signed-in user as the token names it.
type Benutzer struct {
	ID                string   `json:"id"`
	Name              string   `json:"name,omitempty"`
	FunktionaleRollen []string `json:"funktionaleRollen"`
	Behoerde          string   `json:"behoerde,omitempty"`
	Organisation      string   `json:"organisation,omitempty"`
	// Sitzung is the account's session counter when the token was issued; a change of user
	// name, password or e-mail raises it and so ends every older session.
	Sitzung int `json:"sitzung"`
	// Angemeldet is when the token was issued (the login): versions of an object superseded
	// before it cannot have been loaded in this session (mitAenderungen).
	Angemeldet time.Time `json:"-"`
}

// HatRolle reports whether the user has at least one of the roles.
func (b Benutzer) HatRolle(rollen ...string) bool {
	for _, r := range rollen {
		if slices.Contains(b.FunktionaleRollen, r) {
			return true
		}
	}
	return false
}

// tokenClaims are the claims of our JWT: sub, name, funktionaleRollen, behoerde,
// organisation, iat, exp.
type tokenClaims struct {
	Name              string   `json:"name,omitempty"`
	FunktionaleRollen []string `json:"funktionaleRollen"`
	Behoerde          string   `json:"behoerde"`
	Organisation      string   `json:"organisation,omitempty"`
	Sitzung           int      `json:"sitzung"`
	jwt.RegisteredClaims
}

// SignToken issues the HS256 token of b, valid for ttl.
func SignToken(secret []byte, b Benutzer, ttl time.Duration) (string, error) {
	if len(secret) == 0 {
		return "", errors.New("httpapi: empty JWT secret")
	}
	now := time.Now()
	rollen := b.FunktionaleRollen
	if rollen == nil {
		rollen = []string{}
	}
	c := tokenClaims{
		Name:              b.Name,
		FunktionaleRollen: rollen,
		Behoerde:          b.Behoerde,
		Organisation:      b.Organisation,
		Sitzung:           b.Sitzung,
		RegisteredClaims: jwt.RegisteredClaims{
			Subject:   b.ID,
			IssuedAt:  jwt.NewNumericDate(now),
			ExpiresAt: jwt.NewNumericDate(now.Add(ttl)),
		},
	}
	return jwt.NewWithClaims(jwt.SigningMethodHS256, c).SignedString(secret)
}

// tokenParser accepts only HS256 tokens with an expiry.
var tokenParser = jwt.NewParser(
	jwt.WithValidMethods([]string{jwt.SigningMethodHS256.Alg()}),
	jwt.WithExpirationRequired(),
)

// parseToken checks signature, algorithm and expiry and returns the user of the token.
func parseToken(secret []byte, token string) (Benutzer, error) {
	if len(secret) == 0 {
		return Benutzer{}, errors.New("httpapi: empty JWT secret")
	}
	var c tokenClaims
	_, err := tokenParser.ParseWithClaims(token, &c, func(*jwt.Token) (any, error) { return secret, nil })
	if err != nil {
		return Benutzer{}, err
	}
	if c.Subject == "" {
		return Benutzer{}, errors.New("httpapi: token without sub")
	}
	b := Benutzer{ID: c.Subject, Name: c.Name, FunktionaleRollen: c.FunktionaleRollen,
		Behoerde: c.Behoerde, Organisation: c.Organisation, Sitzung: c.Sitzung}
	if c.IssuedAt != nil {
		b.Angemeldet = c.IssuedAt.Time
	}
	return b, nil
}

// anmeldung reads "Authorization: Bearer <token>" into the context. It rejects nothing itself:
// public routes (health, login) must work with a stale token; protected routes ask
// angemeldet or erlaubt.
func (a *api) anmeldung(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		auth := r.Header.Get("Authorization")
		scheme, token, ok := strings.Cut(auth, " ")
		if !ok || !strings.EqualFold(scheme, "Bearer") || strings.TrimSpace(token) == "" {
			next.ServeHTTP(w, r)
			return
		}
		b, err := parseToken(a.deps.JWTSecret, strings.TrimSpace(token))
		n := ausToken(b)
		if err == nil && a.deps.PruefeSitzung != nil {
			n, err = a.deps.PruefeSitzung(r.Context(), b, n)
			if err != nil && datenbankNichtErreichbar(err) {
				a.writeError(w, r, err) // 503: the session cannot be checked, not "logged out"
				return
			}
		}
		if err != nil {
			next.ServeHTTP(w, r)
			return
		}
		if p, ok := r.Context().Value(protokollKey).(*protokoll); ok {
			p.benutzerID = b.ID
		}
		ctx := WithBenutzer(r.Context(), b)
		if a.deps.Pool != nil {
			ctx = mitNutzer(ctx, n, a.deps.Pool)
		}
		next.ServeHTTP(w, r.WithContext(ctx))
	})
}

// WithBenutzer returns ctx carrying b (the auth middleware does it; tests of areas may too).
func WithBenutzer(ctx context.Context, b Benutzer) context.Context {
	return context.WithValue(ctx, benutzerKey, b)
}

// BenutzerAus returns the signed-in user of ctx.
func BenutzerAus(ctx context.Context) (Benutzer, bool) {
	b, ok := ctx.Value(benutzerKey).(Benutzer)
	return b, ok
}

// angemeldet guards routes that any signed-in user may call: no valid token → 401.
func (a *api) angemeldet(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if _, ok := BenutzerAus(r.Context()); !ok {
			a.writeError(w, r, ErrNichtAngemeldet)
			return
		}
		next.ServeHTTP(w, r)
	})
}

// erlaubt guards routes for some roles only: no valid token → 401, none of the roles → 403.
func (a *api) erlaubt(rollen ...string) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			b, ok := BenutzerAus(r.Context())
			if !ok {
				a.writeError(w, r, ErrNichtAngemeldet)
				return
			}
			if !b.HatRolle(rollen...) {
				a.writeError(w, r, validierung.NichtErlaubt)
				return
			}
			next.ServeHTTP(w, r)
		})
	}
}

// Metadaten builds the metadata of the events a command of this request appends: who (id,
// name, roles, organisation) and in which request. The correlation id is the client's
// X-Correlation-Id when it sends a sane one, otherwise the request id.
func Metadaten(r *http.Request) eventstore.Metadata {
	ctx := r.Context()
	md := eventstore.Metadata{RequestID: RequestID(ctx)}
	if b, ok := BenutzerAus(ctx); ok {
		md.ActorID, md.ActorName, md.Organisation = b.ID, b.Name, b.Organisation
		md.Roles = slices.Clone(b.FunktionaleRollen)
	}
	md.CorrelationID = md.RequestID
	if c := r.Header.Get("X-Correlation-Id"); saneRequestID.MatchString(c) {
		md.CorrelationID = c
	}
	return md
}
